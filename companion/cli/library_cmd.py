"""``companion library``: the cards players typed, kept for every new game (list, export, import, forget)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from companion.cli.common import CliError, Verb, add_actions, add_verbs, arg, db_option, open_store, print_json
from companion.core.i18n import N_, tr, trn

if TYPE_CHECKING:
    from companion.core.library import Entry

HELP = N_("the cards you typed, filled into every new game")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = add_actions(subparsers, "library", tr(HELP), "library_command",
                      metavar=tr("ACTION"), args=(db_option(),))
    add_verbs(sub, (
        Verb("list", tr("every card kept"), _list, (arg("--json", action="store_true", help=tr("print JSON")),)),
        Verb("export", tr("write the cards to a new JSON file (for another device)"), _export, (
            arg("file", metavar=tr("FILE"), help=tr("the new file")),
            arg("--force", action="store_true", help=tr("replace FILE if it exists (a regular file only)")))),
        Verb("import", tr("add the cards of an exported file (a card typed again replaces the old)"), _import,
             (arg("file", metavar=tr("FILE"), help=tr("the exported file")),)),
        Verb("forget", tr("forget every card (asks for --yes); saved games keep theirs"), _forget,
             (arg("--yes", action="store_true", help=tr("confirm")),)),
    ), last=(db_option(),))


def _describe(entry: Entry) -> str:
    fields = ", ".join(f"{k}={v}" for k, v in entry.items() if k != "type" and v not in ("", None))
    return f"{entry['type']}: {fields}"


def _list(args: argparse.Namespace) -> int:
    entries = open_store(args).library.entries()
    if args.json:
        print_json(entries)
        return 0
    if not entries:
        print(tr("No cards typed yet: cards you type in a game (a Predator's tier, a chamber card...) are kept here."))
    for entry in entries:
        print(_describe(entry))
    return 0


def _export(args: argparse.Namespace) -> int:
    from companion.store.atomic import os_problem, write_atomically
    from companion.store.transfer import check_export_target

    store = open_store(args)
    path = Path(args.file)
    check_export_target(store, path, args.force)
    try:
        write_atomically(path, store.library.export_bytes())
    except OSError as exc:
        raise os_problem(exc, path, "write") from None
    print(trn("Exported 1 card to {path}", "Exported {n} cards to {path}", len(store.library.entries()), path=path))
    return 0


def _import(args: argparse.Namespace) -> int:
    from companion.store.library import read_library_file

    store = open_store(args)
    entries = read_library_file(Path(args.file))
    total = store.library.add_all(entries)
    print(trn("Imported 1 card; {total} kept in all", "Imported {n} cards; {total} kept in all", len(entries),
              total=total))
    return 0


def _forget(args: argparse.Namespace) -> int:
    if not args.yes:
        raise CliError(tr("forgetting every card you typed cannot be undone; add --yes to confirm"))
    open_store(args).library.clear()
    print(tr("Forgot every card you typed; saved games keep theirs"))
    return 0
