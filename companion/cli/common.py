"""Shared CLI plumbing: one-line errors, JSON output, opening the saves."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, NoReturn


class CliError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is a single line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{self.prog}: {message} (see --help)")


def add_db_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="the saved-games database (default: $COMPANION_DB, else the user data folder)",
    )


def print_json(value: Any) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


_OPEN_STORES: list[Any] = []


def open_store(args: argparse.Namespace) -> Any:
    """Open the saves named by ``--db`` (or the default); say so if a damaged file was set aside.

    Games opened through it stay locked until ``close_stores`` (the end of the command).
    """
    from companion.store import GameStore

    store = GameStore(getattr(args, "db", None), hold_locks=True)
    _OPEN_STORES.append(store)
    if store.notice:
        print(f"companion: {store.notice}", file=sys.stderr)
    return store


def close_stores() -> None:
    """Release the locks of every store the command opened."""
    while _OPEN_STORES:
        _OPEN_STORES.pop().close()
