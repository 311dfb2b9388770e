"""The Seasons variant in the game state::

    {"cards": [{"id": "e1", "stage": "early", "name": "Early Season 1", "effect": ""}, ...],  # as entered
     "deck": ["e3", "e1", "l2", "l4"],   # the Seasons deck, top first (empty until built)
     "revealed": ["e3"],                 # one per round, in order: the last one is in force
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import Content, catalogue_said
from companion.core.datafiles import ContentFile
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot, by_id
from companion.core.schema import Shape, strict
from companion.core.state import State
from companion.core.units import DataFile

KEY = "seasons"
STATE_VERSION = 1
CardId = Annotated[str, MinLen(1), MaxLen(8)]


@strict
class SeasonCard(TypedDict):
    id: CardId
    stage: Literal["early", "late"]
    name: Annotated[str, MinLen(1), MaxLen(40)]
    effect: Annotated[str, MaxLen(300)]


@strict
class SeasonsContent(ContentFile):
    early: Annotated[int, Ge(1), Le(4)]
    late: Annotated[int, Ge(1), Le(4)]
    cards: Annotated[list[SeasonCard], MinLen(2), MaxLen(20)]
    reminders: list[str]


@strict
class SeasonsState(TypedDict):
    cards: Annotated[list[SeasonCard], MaxLen(20)]
    deck: Annotated[list[CardId], MaxLen(8)]
    revealed: Annotated[list[CardId], MaxLen(8)]
    ticked: list[str]


FILE = DataFile(SeasonsContent, "seasons", "seasons.json")
seasons_content = FILE.of
CARD = Shape(SeasonCard)


def empty(state: State | None = None) -> SeasonsState:
    return {"cards": [c.copy() for c in seasons_content()["cards"]], "deck": [], "revealed": [], "ticked": []}


SLOT = ModuleSlot(KEY, SeasonsState, empty, msg("This game does not use the Seasons."))
active, init, adopt, seasons = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def card(s: SeasonsState, card_id: str) -> SeasonCard:
    return by_id(s["cards"], card_id, lambda cards: msg("No Season card {id}; the cards are {ids}.", id=repr(card_id),
                                                        ids=", ".join(c["id"] for c in cards)))


def catalogue_texts() -> list[str]:
    """The file's texts a player reads: the made-up card names ("Early Season 1"), reminders, interpretations."""
    c = seasons_content()
    texts = [card["name"] for card in c["cards"]] + [card["effect"] for card in c["cards"] if card["effect"]]
    return texts + list(c["reminders"]) + [i["text"] for i in c["interpretations"]]


said = catalogue_said(catalogue_texts)


def in_force(s: SeasonsState) -> SeasonCard | None:
    return card(s, s["revealed"][-1]) if s["revealed"] else None


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    ids = {c["id"] for c in checked["cards"]}
    for field in ("deck", "revealed"):
        if unknown := set(checked[field]) - ids:
            raise InvalidModuleState(f"{field}: no Season card {sorted(unknown)[0]!r}")
    if checked["revealed"] != checked["deck"][:len(checked["revealed"])]:
        raise InvalidModuleState("revealed: not the top of the Seasons deck, in order")
