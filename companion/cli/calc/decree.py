"""``companion calc decree``: a Queen's Decree at one Slumber (Empires of the Earth > Queen's Decrees)."""

from __future__ import annotations

import argparse

from companion.cli.common import Verb, add_verbs, arg, print_json
from companion.cli.pairs import parse_pairs
from companion.core.i18n import tr, trf


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("decree", tr("who scores a Queen's Decree this Slumber, and how much"), _decree, (
        arg("--round", type=int, required=True, metavar="R",
            help=tr("the round (1-4): the best colony gains R")),
        arg("measures", nargs="+", metavar="NAME=MEASURE",
            help=tr("each colony's measure (for Adaptive Colony: its Evolutions)")),
        arg("--json", action="store_true", help=tr('print {"points": {NAME: CP, ...}}')))),))


def _decree(args: argparse.Namespace) -> int:
    from companion.core.decrees import decree_points, outcome_text
    from companion.core.decrees.content import interpretation

    points = decree_points(args.round, parse_pairs(args.measures, "measure"))
    if args.json:
        print_json({"points": points})
        return 0
    print(trf("Round {round}: {result}", round=args.round, result=outcome_text(points)))
    if not any(points.values()):
        print(tr(interpretation("decree-all-zero")))
    return 0
