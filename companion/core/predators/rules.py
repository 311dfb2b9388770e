"""Minions of the Meadow's predator arithmetic, as pure functions: Health, tiers, spores, battles.

>>> starting_health(3), tier_of(9), spores_for("cordyceps-fungus", 9)
(9, 3, 4)
>>> tier_of(7), spores_for("cordyceps-fungus", 7)
(2, 3)
>>> casualties(2, 1)
(2, 0)
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.commands.base import require_int
from companion.core.i18n import Msg, msg, nmsg
from companion.core.predators.content import predator_info, predators_content
from companion.core.schema import strict

CORDYCEPS = "cordyceps-fungus"
MANTIS = "praying-mantis"
LADYBUG = "ladybug"
MAX_ROUND = 5
MAX_FEROCITY = 20


@strict
class TypedTier(TypedDict):
    """A tier's row as a player typed it from the card: its text, and the numbers the battle needs."""

    text: Annotated[str, MinLen(1), MaxLen(300)]
    cards: Annotated[int, Ge(0), Le(MAX_FEROCITY)] | None     # cards it discards from the deck for its Army Strength
    strength: Annotated[int, Ge(0), Le(MAX_FEROCITY)] | None  # added to its Army Strength


TypedTiers = dict[str, list[TypedTier | None]]


def check_round(round_number: object) -> int:
    return require_int(round_number, "The round", 1, MAX_ROUND)


def starting_health(round_number: int) -> int:
    """Three times the round it is summoned in (Minions of the Meadow > Health Track)."""
    return predators_content()["health_per_round"] * check_round(round_number)


def check_health(health: object, what: str = "Health") -> int:
    return require_int(health, what, 0, predators_content()["max_health"])


def tier_of(health: int) -> int:
    """1 for Health 1-4, 2 for 5-8, 3 for 9 and more; 0 for a Predator at 0 Health."""
    check_health(health)
    if health == 0:
        return 0
    for band in predators_content()["tiers"]:
        if band["low"] <= health <= band["high"]:
            return band["tier"]
    return predators_content()["tiers"][-1]["tier"]  # above the printed bands (interpretation above-tier-3)


def band_text(tier: int) -> Msg:
    for band in predators_content()["tiers"]:
        if band["tier"] == tier:
            return msg("Health {low}-{high}", low=band["low"], high=band["high"])
    return msg("Health 0")


def spores_for(predator_id: str, health: int) -> int | None:
    """Spore tokens the Cordyceps places at this Health (None for the other Predators)."""
    info = predator_info(predator_id)
    if not any(t["spores"] for t in info["tiers"]):
        return None
    tier = tier_of(health)
    return next((t["spores"] for t in info["tiers"] if t["tier"] == tier), 0)


class TierRow(TypedDict):
    """A tier's row of a predator's abilities: printed, typed from the card, or still missing."""

    tier: int
    text: Msg | str
    typed: bool
    missing: bool
    superseded: bool


def abilities(predator_id: str, health: int, typed: TypedTiers) -> list[TierRow]:
    """Its tier's row and every lower one, printed (the Cordyceps) or as typed; a missing one says so."""
    info, tier = predator_info(predator_id), tier_of(health)
    rows: list[TierRow] = []
    for t in range(1, tier + 1):
        printed = next((p for p in info["tiers"] if p["tier"] == t), None)
        mine = (typed.get(predator_id) or [None, None, None])[t - 1]
        if printed is not None:  # a lower printed spore count gives way to the higher one (tier-numbers)
            rows.append({"tier": t, "text": printed["text"], "typed": False, "missing": False,
                         "superseded": t < tier and bool(printed["spores"])})
        elif mine is not None:
            rows.append({"tier": t, "text": mine["text"], "typed": True, "missing": False, "superseded": False})
        else:
            rows.append({"tier": t, "text": msg("Tier {tier}: type this row from the card once.", tier=t),
                         "typed": False, "missing": True, "superseded": False})
    return rows


def typed_number(predator_id: str, health: int, typed: TypedTiers, key: Literal["cards", "strength"]) -> int | None:
    """The number of the highest tier reached that gives one (interpretation tier-numbers)."""
    rows = typed.get(predator_id) or []
    for t in range(tier_of(health), 0, -1):
        row = rows[t - 1] if len(rows) >= t else None
        if row is not None and (number := row.get(key)) is not None:
            return int(number)
    return None


def battle_cards(predator_id: str, health: int, spores_in_hex: int, typed: TypedTiers) -> int | None:
    """Cards it discards for its Army Strength: the Cordyceps 1 per spore in its hex; the others as typed."""
    info = predator_info(predator_id)
    if "cards_per_spore" in info:
        return info["cards_per_spore"] * spores_in_hex + (typed_number(predator_id, health, typed, "cards") or 0)
    return typed_number(predator_id, health, typed, "cards")


def commit_step(cards: int, revealed: int) -> Msg:
    """When the players choose their Ferocity card (Minions of the Meadow > Battling Predators)."""
    if cards == 0 and revealed == 0:
        return msg("It discards no card: each player chooses now whether to play a Ferocity card.")
    if cards == 1 and revealed == 0:
        return msg("It discards only 1 card: each player chooses now whether to play a Ferocity card, before it "
                   "discards.")
    if revealed == 0:
        return msg("Discard its first card from the deck and enter its Ferocity; players choose their Ferocity card "
                   "after it.")
    if revealed == 1 and cards > 1:
        return nmsg("Each player chooses now whether to play a Ferocity card; then discard its next card (1 left).",
                    "Each player chooses now whether to play a Ferocity card; then discard its next card ({n} left).",
                    cards - 1)
    if revealed < cards:
        return nmsg("Discard its next card (1 left).", "Discard its next card ({n} left).", cards - revealed)
    return msg("Every card is out: enter the player's Army Strength (ants, evolutions and Ferocity card).")


def casualties(winner_strength: int, loser_strength: int) -> tuple[int, int]:
    """(casualties the loser takes, casualties the winner takes): the winner's Army Strength, half the loser's."""
    return winner_strength, loser_strength // 2
