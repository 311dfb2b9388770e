"""``companion`` / ``companion app``: start the Flet app (the only place Flet is imported)."""

from __future__ import annotations

import argparse

from companion.cli.common import Verb, add_verbs, arg, db_option
from companion.core.i18n import N_, tr

HELP = N_("start the app (the default with no subcommand)")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("app", tr(HELP), _app, (
        arg("--host", metavar=tr("TEXT"), default="127.0.0.1",
            help=tr("loopback address to serve on (default 127.0.0.1)")),
        arg("--share", action="store_true",
            help=tr("share the last played game with the players' devices on this network (they join with a code)")),
        arg("--share-address", metavar=tr("ADDRESS"),
            help=tr("the address to share on (default: this computer's address on the local network)")),
        arg("--port", metavar=tr("NUMBER"), type=int, default=8550,
            help=tr("port (default 8550; the next free one if taken)")),
        arg("--no-browser", action="store_true", help=tr("do not open the system browser")),
        arg("--desktop", action="store_true", help=tr("a native window (Flet fetches its client once, online)")),
        db_option())),))


def _app(args: argparse.Namespace) -> int:
    from companion.cli import chosen_language
    from companion.ui.launch import launch

    # --lang sets the language of devices that have not chosen one; without it, each browser's own.
    return launch(host=args.host, port=args.port, open_browser=not args.no_browser,
                  desktop=args.desktop, db=args.db, share=args.share, share_address=args.share_address,
                  language=chosen_language)
