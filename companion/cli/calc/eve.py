"""``companion calc eve``: Eve of the Antperium's Slumber points (Minions of the Meadow > Slumber and Scoring)."""

from __future__ import annotations

import argparse

from companion.cli.common import CliError, print_json
from companion.cli.pairs import parse_pairs
from companion.core.i18n import tr, trf


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("eve", help=tr("Eve of the Antperium's points at Slumber"))
    p.add_argument("--enclave", metavar="NAME", help=tr("who controls the Enclave of the Empress"))
    p.add_argument("--adjacent", action="append", default=[], metavar="NAME=COUNT",
                   help=tr("controlled hexes next to the Enclave; repeat per player"))
    p.add_argument("--other", action="append", default=[], metavar="NAME=COUNT",
                   help=tr("any other controlled hexes; repeat per player"))
    p.add_argument("--player", action="append", default=[], metavar="NAME",
                   help=tr("the players (optional: then any other name is refused)"))
    p.add_argument("--json", action="store_true", help=tr('print {"points": {NAME: CP, ...}}'))
    p.set_defaults(handler=_eve)


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
