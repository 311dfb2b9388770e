"""The scorer's words, read from ``data/antscape/scorer.json`` and checked by its schema on load.

The bonus cards' names and summaries, the three ways the game ends, the turn reminder and
the interpretations are data (in the project's own words); the arithmetic is in ``scoring``.
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.antscape.scoring import BONUS_IDS, BonusId
from companion.core.datafiles import Interpretation
from companion.core.errors import ContentError
from companion.core.schema import SchemaError, check, strict
from companion.core.units import DataFile

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
class BonusInterpretation(Interpretation):
    bonuses: list[BonusId]  # the cards it matters for; empty: always


@strict
class ScorerContent(TypedDict):
    bonus_cards: list[BonusCard]
    end_ways: list[EndWay]
    turn: list[Entry]
    interpretations: list[BonusInterpretation]



def parse_content(raw: object) -> ScorerContent:
    try:
        content = check(ScorerContent, raw)
    except SchemaError as exc:
        raise ContentError(f"{FILE}: {exc}") from None
    _cards_and_ends(content)
    return content


def _cards_and_ends(content: ScorerContent) -> None:
    """What the shape cannot say: the six Bonus Cards once each, the three ways to end in order."""
    ids = [card["id"] for card in content["bonus_cards"]]
    if sorted(ids) != sorted(BONUS_IDS):
        raise ContentError(f"{FILE}: bonus_cards must be the six cards {', '.join(BONUS_IDS)} once each")
    if [w["id"] for w in content["end_ways"]] != list(END_WAYS):
        raise ContentError(f"{FILE}: end_ways must be {', '.join(END_WAYS)} in this order")


SCORER = DataFile(ScorerContent, "antscape", "scorer.json", also=_cards_and_ends)
scorer_content = SCORER.of


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


def catalogue_texts() -> list[str]:
    """The Bonus Cards' and the ends' names and summaries, the turn and the interpretations."""
    c = scorer_content()
    texts = [t for card in c["bonus_cards"] for t in (card["name"], card["text"])]
    texts += [t for way in c["end_ways"] for t in (way["name"], way["text"])]
    return texts + [t["text"] for t in c["turn"]] + [i["text"] for i in c["interpretations"]]
