"""``companion solo hex ...``: the Meadow's hexes as they are on the table, told to her game."""

from __future__ import annotations

import argparse

from companion.cli.common import Verb, add_verbs, arg
from companion.cli.solo_show import ZONES, place, run, shared
from companion.core.i18n import tr


def register_hex(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    hexes = sub.add_parser("hex", help=tr("meadow updates: add, sites, chase, destroy-nymph, defeat-centipede ..."))
    hsub = hexes.add_subparsers(dest="hex_command", metavar=tr("CHANGE"), required=True)
    number = arg("number", type=int, metavar=tr("NUMBER"), help=tr("the hex's number"))
    centipede = arg("--centipede", action="store_true", help=tr("a centipede is on it"))
    place = arg("where", metavar=tr("PLACE"), help=tr("hex number, or 'tunnel'"))
    add_verbs(hsub, (
        Verb("add", tr("a hex on the table (setup, or an ant's Explore)"), _hex_add, (
            number, arg("--zone", choices=ZONES, default="outer", help=tr("the Inner or the Outer Meadow")),
            arg("--sites", metavar=tr("NUMBER"), type=int, default=0, help=tr("its free collection sites")),
            arg("--nymphs", metavar=tr("NUMBER"), type=int, default=0, help=tr("nymphs on it")), centipede,
            arg("--centipede-hex", action="store_true", help=tr("it shows the centipede icon")),
            arg("--nest", action="store_true", help=tr("it is the Nest of Centipedes: she arises")))),
        Verb("sites", tr("how many collection sites of a hex are free now"), _hex_sites, (
            number, arg("sites", type=int, metavar=tr("SITES"), help=tr("its free collection sites")))),
        Verb("correct", tr("fix the app's record of a hex"), _hex_correct, (
            number, arg("--zone", choices=ZONES, required=True, help=tr("the Inner or the Outer Meadow")),
            arg("--sites", metavar=tr("NUMBER"), type=int, required=True, help=tr("its free collection sites")),
            arg("--nymphs", metavar=tr("NUMBER"), type=int, required=True, help=tr("nymphs on it")), centipede)),
        Verb("chase", tr("an ant chases a nymph"), _hex_simple, (place,)),
        Verb("destroy-nymph", tr("a nymph is destroyed"), _hex_simple, (place,)),
        Verb("defeat-centipede", tr("a centipede is defeated (its hex's nymphs die)"), _hex_simple, (place,)),
        Verb("place-nymph", tr("put a nymph (correction or her choice)"), _hex_simple, (place,)),
        Verb("moult", tr("a nymph moults (correction or her choice)"), _hex_simple, (place,)),
    ), first=shared(), described=True)


def _hex_add(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import AddHex

    return run(args, AddHex(args.number, args.zone, args.sites, args.nymphs, args.centipede, args.centipede_hex,
                             args.nest))


def _hex_sites(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import SetSites

    return run(args, SetSites(args.number, args.sites))


def _hex_correct(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import CorrectHex

    return run(args, CorrectHex(args.number, args.zone, args.sites, args.nymphs, args.centipede))


def _hex_simple(args: argparse.Namespace) -> int:
    from companion.core.broodmother import meadow_commands as mc

    kinds = {"chase": mc.ChaseNymph, "destroy-nymph": mc.DestroyNymph, "defeat-centipede": mc.DefeatCentipede,
             "place-nymph": mc.PlaceNymph, "moult": mc.MoultNymph}
    return run(args, kinds[args.hex_command](place(args.where)))

