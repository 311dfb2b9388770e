"""``companion calc predator``: a Predator's Health, Power Tier and (the Cordyceps) spores.

``--round R`` gives the Health it is summoned with (3 x R); ``--health H`` reads the tier of a
Health on its track. ``--name`` names the Predator (for its tier's abilities and spores).
"""

from __future__ import annotations

import argparse
from typing import NotRequired, TypedDict, cast

from companion.cli.common import CliError, Verb, add_verbs, arg, print_json
from companion.core.i18n import render, tr, trf, trn


class Reading(TypedDict):
    """What ``calc predator`` reads of a Predator: its ``--json`` output, and what its text is made from."""

    health: int
    tier: int
    round: NotRequired[int]
    name: NotRequired[str]
    abilities: NotRequired[list[str]]
    spores: NotRequired[int]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("predator", tr("a Predator's Health, Power Tier and spores (Minions of the "
                                               "Meadow > Predators)"), _predator, (
        arg("--round", type=int, metavar="R", help=tr("the round it is summoned in (1-5): Health 3 x R")),
        arg("--health", type=int, metavar="H", help=tr("its Health now (0-15)")),
        arg("--name", metavar="NAME", help=tr("which Predator (id or name, e.g. cordyceps)")),
        arg("--json", action="store_true", help=tr('print {"health": H, "tier": T, ...}')))),))


def _predator(args: argparse.Namespace) -> int:
    if (args.round is None) == (args.health is None):
        raise CliError(tr("give either --round R (a summon) or --health H (its Health now)"))
    out = _reading(args)
    if args.json:
        print_json(out)
        return 0
    print(_summary(out))
    if "spores" in out and out["tier"]:
        print(trn("It places 1 spore token in its hex.", "It places {n} spore tokens in its hex.", out["spores"]))
    for text in out.get("abilities", []):
        print(f"  {text}")
    return 0


def _reading(args: argparse.Namespace) -> Reading:
    """Health, tier and (with a name) its abilities and spores: the JSON the text is made from."""
    from companion.core.predators import find_predator, spores_for, starting_health, tier_of
    from companion.core.predators.content import predator_info
    from companion.core.predators.rules import CORDYCEPS, abilities, check_health

    health = starting_health(args.round) if args.round is not None else check_health(args.health)
    out: Reading = {"health": health, "tier": tier_of(health)}
    if args.round is not None:
        out["round"] = args.round
    pid = find_predator(args.name) if args.name else None
    if pid is not None:
        out["name"] = predator_info(pid)["name"]
        rows = abilities(pid, health, {})
        out["abilities"] = [str(row["text"]) for row in rows if not row["missing"] and not row["superseded"]]
    if pid == CORDYCEPS:
        out["spores"] = cast(int, spores_for(CORDYCEPS, health))  # the Cordyceps has spores at every Health
    return out


def _summary(out: Reading) -> str:
    """The first line: gone for good, summoned in a round, or its Health now; named when a name was given."""
    from companion.core.predators.rules import band_text

    health, tier = out["health"], out["tier"]
    band = render(band_text(tier))
    name = tr(out["name"]) if "name" in out else None
    if not tier:
        return (trf("{name} at 0 Health has left the game for good.", name=name) if name else
                tr("A Predator at 0 Health has left the game for good."))
    if "round" in out:
        return (trf("{name} summoned in round {round}: Health {health}, Tier {tier} ({band}).", name=name,
                    round=out["round"], health=health, tier=tier, band=band) if name else
                trf("A Predator summoned in round {round}: Health {health}, Tier {tier} ({band}).", round=out["round"],
                    health=health, tier=tier, band=band))
    return (trf("{name} now: Health {health}, Tier {tier} ({band}).", name=name, health=health, tier=tier,
                band=band) if name else
            trf("A Predator now: Health {health}, Tier {tier} ({band}).", health=health, tier=tier, band=band))
