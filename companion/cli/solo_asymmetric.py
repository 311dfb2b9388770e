"""The asymmetric variant's verbs of ``companion solo``: the Broodmother is a player, spending eggs and nymphs."""

from __future__ import annotations

import argparse

from companion.cli.common import Verb, arg
from companion.cli.solo_show import place, run
from companion.core.i18n import tr, trf


def asymmetric_verbs() -> tuple[Verb, ...]:
    """The asymmetric variant: the Broodmother is a player, spending eggs and nymphs."""
    from companion.core.broodmother.content import brood_content

    bc = brood_content()
    power = arg("power", choices=list(bc.powers), metavar=tr("POWER"),
                help=trf("the power: {powers}", powers=", ".join(bc.powers)))
    return (
        Verb("egg", tr("asymmetric: her reaction, gain an egg"), _egg),
        Verb("move-nymph", trf("asymmetric: her reaction, move a nymph up to {steps} steps", steps=bc.nymph_move_steps),
             _move_nymph, (arg("source", metavar=tr("FROM"), help=tr("hex number, or 'tunnel'")),
                           arg("target", metavar=tr("TO"), help=tr("hex number, or 'tunnel'")))),
        Verb("unlock", tr("asymmetric: unlock a power in the Queen Phase"), _unlock, (power,)),
        Verb("power", trf("asymmetric: pay {eggs} eggs to use an unlocked power", eggs=bc.power_cost), _power,
             (power,)),
        Verb("redraw", trf("asymmetric: spend {nymphs} nymphs to replace the card just revealed",
                           nymphs=bc.redraw_cost), _redraw, (
                 arg("first", metavar=tr("FIRST"), help=tr("where the first nymph is: hex number, or 'tunnel'")),
                 arg("second", metavar=tr("SECOND"), help=tr("where the second nymph is: hex number, or 'tunnel'")))),
    )


def _egg(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import GainEgg

    return run(args, GainEgg())


def _move_nymph(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import MoveNymph

    return run(args, MoveNymph(place(args.source), place(args.target)))


def _unlock(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import UnlockPower

    return run(args, UnlockPower(args.power))


def _power(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import UsePower

    return run(args, UsePower(args.power))


def _redraw(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import Redraw

    return run(args, Redraw(place(args.first), place(args.second)))

