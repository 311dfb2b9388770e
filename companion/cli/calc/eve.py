"""``companion calc eve``: Eve of the Antperium's Slumber points (Minions of the Meadow > Slumber and Scoring)."""

from __future__ import annotations

import argparse

from companion.cli.common import CliError, Verb, add_verbs, arg, print_json
from companion.cli.pairs import parse_pairs
from companion.core.i18n import tr, trf


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("eve", tr("Eve of the Antperium's points at Slumber"), _eve, (
        arg("--enclave", metavar="NAME", help=tr("who controls the Enclave of the Empress")),
        arg("--adjacent", action="append", default=[], metavar="NAME=COUNT",
            help=tr("controlled hexes next to the Enclave; repeat per player")),
        arg("--other", action="append", default=[], metavar="NAME=COUNT",
            help=tr("any other controlled hexes; repeat per player")),
        arg("--player", action="append", default=[], metavar="NAME",
            help=tr("the players (optional: then any other name is refused)")),
        arg("--json", action="store_true", help=tr('print {"points": {NAME: CP, ...}}')))),))


def _eve(args: argparse.Namespace) -> int:
    from companion.core.eve import eve_points, points_sum

    adjacent, other = parse_pairs(args.adjacent, "count"), parse_pairs(args.other, "count")
    players = list(dict.fromkeys(args.player)) or list(dict.fromkeys(
        [*([args.enclave] if args.enclave else []), *adjacent, *other]))
    if not players:
        raise CliError(tr("say who controls what: --enclave NAME, --adjacent NAME=COUNT or --other NAME=COUNT"))
    points = eve_points(players, args.enclave, adjacent, other)
    if args.json:
        print_json({"points": points})
        return 0
    for who in players:
        print(trf("{name}: {sum}", name=who, sum=points_sum(who, args.enclave, adjacent, other)))
    return 0
