"""``companion history ...``: the play records from a terminal - the list, the figures, CSV and JSON.

``companion history`` lists the finished games recorded (``--json`` prints them, ``--csv FILE`` writes one
row per player per game); ``history stats`` prints the figures the Records screen shows (``--json``: the
same data); ``versus``, ``merge``, ``unmerge`` and ``forget`` are the screen's other actions.

The readers (the list as JSON, ``stats``, ``versus``) read history.json without opening the store when it reads
as it is (``companion.store.history.read_beside``), and load the game content only to name games in words.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from companion.cli.common import Arg, OneOf, Verb, add_verbs, arg, db_option, open_store, print_json
from companion.core.i18n import N_, tr, trf, trn

if TYPE_CHECKING:
    from companion.core.content import Content
    from companion.core.history import PlayRecord
    from companion.store import GameStore

HELP = N_("the play records: finished games, wins and figures")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    history = subparsers.add_parser("history", help=tr(HELP))
    top_args: tuple[Arg | OneOf, ...] = (db_option(), *_filters(), OneOf((
            arg("--json", action="store_true", help=tr("print the records as JSON")),
            arg("--csv", metavar=tr("FILE"), help=tr("write one row per player per game to a new CSV file")))),
            arg("--force", action="store_true", help=tr("replace FILE if it exists (a regular file only)")))
    for one in top_args:
        one.add_to(history)
    history.set_defaults(handler=_list)
    sub = history.add_subparsers(dest="history_command", metavar=tr("ACTION"))
    as_json = arg("--json", action="store_true", help=tr("print JSON"))
    add_verbs(sub, (
        Verb("stats", tr("the figures: against the Broodmother, competitive, Antscape"), _stats,
             (*_filters(), as_json)),
        Verb("versus", tr("two players head to head in competitive games"), _versus, (
            arg("first", metavar=tr("NAME"), help=tr("a player's name")),
            arg("second", metavar=tr("OTHER"), help=tr("another player's name")), *_filters(), as_json)),
        Verb("merge", tr("count one player's name as another's (typed differently)"), _merge, (
            arg("name", metavar=tr("NAME"), help=tr("the name to merge")),
            arg("into", metavar=tr("INTO"), help=tr("the name it counts as")))),
        Verb("unmerge", tr("count a merged name on its own again"), _unmerge,
             (arg("name", metavar=tr("NAME"), help=tr("the merged name")),)),
        Verb("forget", tr("take one game out of the records (asks for --yes)"), _forget, (
            arg("id", metavar="ID", help=tr("the game id (companion history)")),
            arg("--yes", action="store_true", help=tr("confirm")))),
    ), first=(db_option(),))


def _filters() -> tuple[Arg, ...]:
    return (
        arg("--game", metavar=tr("TEXT"), help=tr("only this game: mota, evolved or antscape")),
        arg("--edition", metavar=tr("TEXT"), help=tr("only this edition (as the records name it)")),
        arg("--expansion", metavar=tr("TEXT"), help=tr("only games with this expansion id")),
        arg("--since", metavar=tr("DATE"), help=tr("only games finished on or after DATE (2025-01-31)")),
        arg("--until", metavar=tr("DATE"), help=tr("only games finished on or before DATE")),
    )



def _read(args: argparse.Namespace) -> tuple[list[PlayRecord], dict[str, str]]:
    """The records and merges: history.json as it is when it reads, else through the store (which rebuilds a
    missing file, sets a damaged one aside and says so)."""
    from companion.store.history import database_path, read_beside

    data = read_beside(database_path(getattr(args, "db", None)))
    if data is not None:
        return list(data["records"].values()), dict(data["merges"])
    store = open_store(args)
    return store.history.records(), store.history.merges()


def _content() -> Content:
    from companion.core.content import load_content

    return load_content()


def _chosen(args: argparse.Namespace, records: list[PlayRecord]) -> list[PlayRecord]:
    from companion.core.records import filtered, in_order

    return in_order(filtered(records, game=getattr(args, "game", None),
                             edition=getattr(args, "edition", None), expansion=getattr(args, "expansion", None),
                             since=getattr(args, "since", None), until=getattr(args, "until", None)))


def _list(args: argparse.Namespace) -> int:
    if args.csv:
        store = open_store(args)
        return _write_csv(store, _chosen(args, store.history.records()), args)
    found, merges = _read(args)
    records = _chosen(args, found)
    if args.json:
        from companion.core.history import HISTORY_FORMAT

        print_json({"format": HISTORY_FORMAT, "records": records, "merges": merges})
        return 0
    if not records:
        print(tr("No finished games in the records yet."))
        return 0
    from companion.cli.history_text import record_line

    content = _content()
    for r in records:
        print(record_line(r, content))
    return 0


def _write_csv(store: GameStore, records: list[PlayRecord], args: argparse.Namespace) -> int:
    from pathlib import Path

    from companion.core.records import csv_rows, plays_csv
    from companion.store.atomic import os_problem, write_atomically
    from companion.store.transfer import check_export_target

    path = Path(args.csv)
    check_export_target(store, path, args.force)
    content = _content()
    text = plays_csv(records, content)
    rows = len(csv_rows(records, content))
    try:
        write_atomically(path, text)
    except OSError as exc:
        raise os_problem(exc, path, "write") from None
    print(trn("Wrote {n} row to {path}.", "Wrote {n} rows to {path}.", rows, path=str(path)))
    return 0


def _stats(args: argparse.Namespace) -> int:
    from companion.core.records import figures

    records, merges = _read(args)
    result = figures(_chosen(args, records), merges)
    if args.json:
        print_json(result)
        return 0
    from companion.cli.history_text import stats_lines

    print("\n".join(stats_lines(result, _content())))
    return 0


def _versus(args: argparse.Namespace) -> int:
    from companion.core.records import head_to_head

    records, merges = _read(args)
    _must_be_players(records, merges, args.first, args.second)
    result = head_to_head(_chosen(args, records), merges, args.first, args.second)
    if args.json:
        print_json(result)
        return 0
    print(trn("{first} and {second}: {n} competitive game together. {first} won {a}, {second} won {b}, "
              "tied {ties}, neither won {neither}.",
              "{first} and {second}: {n} competitive games together. {first} won {a}, {second} won {b}, "
              "tied {ties}, neither won {neither}.", result["games"], first=args.first, second=args.second,
              a=result["first_wins"], b=result["second_wins"], ties=result["ties"], neither=result["neither"]))
    return 0


def _must_be_players(records: list[PlayRecord], merges: dict[str, str], *names: str) -> None:
    """Refuse a name the records hold no player by (or only as the asymmetric Broodmother), in plain words."""
    from companion.core.errors import GameError
    from companion.core.records import name_problem

    for name in names:
        if (problem := name_problem(records, merges, name)) is not None:
            raise GameError(problem)


def _merge(args: argparse.Namespace) -> int:
    open_store(args).history.merge(args.name, args.into)
    print(trf("{name} now counts as {into} in the records.", name=args.name, into=args.into))
    return 0


def _unmerge(args: argparse.Namespace) -> int:
    open_store(args).history.unmerge(args.name)
    print(trf("{name} counts on its own again.", name=args.name))
    return 0


def _forget(args: argparse.Namespace) -> int:
    from companion.cli.common import CliError

    if not args.yes:
        raise CliError(tr("forgetting a game changes the records for good: add --yes to confirm"))
    open_store(args).history.forget(args.id)
    print(trf("Game {id} is no longer in the records.", id=args.id))
    return 0
