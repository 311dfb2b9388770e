"""``companion calc predator``: a Predator's Health, Power Tier and (the Cordyceps) spores.

``--round R`` gives the Health it is summoned with (3 x R); ``--health H`` reads the tier of a
Health on its track. ``--name`` names the Predator (for its tier's abilities and spores).
"""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.common import CliError, print_json
from companion.core.i18n import render, tr, trf, trn


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("predator", help=tr("a Predator's Health, Power Tier and spores (Minions of the "
                                                  "Meadow > Predators)"))
    p.add_argument("--round", type=int, metavar="R", help=tr("the round it is summoned in (1-5): Health 3 x R"))
    p.add_argument("--health", type=int, metavar="H", help=tr("its Health now (0-15)"))
    p.add_argument("--name", metavar="NAME", help=tr("which Predator (id or name, e.g. cordyceps)"))
    p.add_argument("--json", action="store_true", help=tr('print {"health": H, "tier": T, ...}'))
    p.set_defaults(handler=_predator)


def _predator(args: argparse.Namespace) -> int:
    from companion.core.predators import find_predator, spores_for, starting_health, tier_of
    from companion.core.predators.content import predator_info
    from companion.core.predators.rules import CORDYCEPS, abilities, band_text, check_health

    if (args.round is None) == (args.health is None):
        raise CliError(tr("give either --round R (a summon) or --health H (its Health now)"))
    health = starting_health(args.round) if args.round is not None else check_health(args.health)
    tier = tier_of(health)
    out: dict[str, Any] = {"health": health, "tier": tier}
    if args.round is not None:
        out["round"] = args.round
    pid = find_predator(args.name) if args.name else None
    if pid is not None:
        out["name"] = predator_info(pid)["name"]
        rows = abilities(pid, health, {})
        out["abilities"] = [str(row["text"]) for row in rows if not row["missing"] and not row["superseded"]]
    if pid == CORDYCEPS:
        out["spores"] = spores_for(CORDYCEPS, health)
    if args.json:
        print_json(out)
        return 0
    band = render(band_text(tier))
    name = tr(out["name"]) if "name" in out else None
    if not tier:
        print(trf("{name} at 0 Health has left the game for good.", name=name) if name else
              tr("A Predator at 0 Health has left the game for good."))
    elif args.round is not None:
        print(trf("{name} summoned in round {round}: Health {health}, Tier {tier} ({band}).", name=name,
                  round=args.round, health=health, tier=tier, band=band) if name else
              trf("A Predator summoned in round {round}: Health {health}, Tier {tier} ({band}).", round=args.round,
                  health=health, tier=tier, band=band))
    else:
        print(trf("{name} now: Health {health}, Tier {tier} ({band}).", name=name, health=health, tier=tier,
                  band=band) if name else
              trf("A Predator now: Health {health}, Tier {tier} ({band}).", health=health, tier=tier, band=band))
    if "spores" in out and tier:
        print(trn("It places 1 spore token in its hex.", "It places {n} spore tokens in its hex.", out["spores"]))
    for text in out.get("abilities", []):
        print(f"  {text}")
    return 0
