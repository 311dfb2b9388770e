"""The scorer's words, read from ``data/antscape/scorer.json`` and checked by its schema on load.

The bonus cards' names and summaries, the three ways the game ends, the turn reminder and
the interpretations are data (in the project's own words); the arithmetic is in ``scoring``.
"""

from __future__ import annotations

from functools import cache

from typing_extensions import TypedDict

from companion.core.antscape.scoring import BONUS_IDS, BonusId
from companion.core.content import load_json
from companion.core.errors import ContentError
from companion.core.schema import SchemaError, check, strict

FILE = "antscape/scorer.json"
END_WAYS = ("all-claimed", "queens-open", "everyone-passed")



@strict
class BonusCard(TypedDict):
    id: BonusId
    name: str
    text: str


@strict
class Entry(TypedDict):
    id: str
    text: str


@strict
class EndWay(TypedDict):
    id: str
    name: str
    text: str


@strict
class Interpretation(TypedDict):
    id: str
    bonuses: list[BonusId]  # the cards it matters for; empty: always
    text: str


@strict
class ScorerContent(TypedDict):
    bonus_cards: list[BonusCard]
    end_ways: list[EndWay]
    turn: list[Entry]
    interpretations: list[Interpretation]



def parse_content(raw: object) -> ScorerContent:
    try:
        content = check(ScorerContent, raw)
    except SchemaError as exc:
        raise ContentError(f"{FILE}: {exc}") from None
    ids = [card["id"] for card in content["bonus_cards"]]
    if sorted(ids) != sorted(BONUS_IDS):
        raise ContentError(f"{FILE}: bonus_cards must be the six cards {', '.join(BONUS_IDS)} once each")
    if [w["id"] for w in content["end_ways"]] != list(END_WAYS):
        raise ContentError(f"{FILE}: end_ways must be {', '.join(END_WAYS)} in this order")
    return content


@cache
def scorer_content() -> ScorerContent:
    return parse_content(load_json(FILE))


def bonus_name(bonus_id: str) -> str:
    return next(c["name"] for c in scorer_content()["bonus_cards"] if c["id"] == bonus_id)


def interpretations_for(bonus_id: str | None) -> list[str]:
    """The readings that matter with this Bonus Card in play (and those that always do); all of them
    while no card is chosen."""
    if bonus_id is None:
        return all_interpretations()
    return [i["text"] for i in scorer_content()["interpretations"]
            if not i["bonuses"] or bonus_id in i["bonuses"]]


def all_interpretations() -> list[str]:
    return [i["text"] for i in scorer_content()["interpretations"]]
