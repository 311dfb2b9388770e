"""The Queen's Decree's part of the game state, one TypedDict shape for hints and the saved-game check::

    {"decree": None | {"id", "name", "measure", "criterion"},   # "custom" id: typed from the card
     "measures": [{"p1": 3, "p2": 1}, {}, {}, {}],              # per round, each colony's measure
     "applied": [1],                                            # rounds whose decree is in the scores
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.decrees.content import Decree
from companion.core.decrees.scoring import MAX_MEASURE
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot
from companion.core.schema import Player, strict
from companion.core.state import State, ant_players

KEY = "queens-decrees"
STATE_VERSION = 1
CUSTOM = "custom"


@strict
class DecreesState(TypedDict):
    decree: Decree | None
    measures: list[dict[str, Annotated[int, Ge(0), Le(MAX_MEASURE)]]]
    applied: list[Annotated[int, Ge(1), Le(5)]]
    ticked: list[str]


def empty(state: State) -> DecreesState:
    return {"decree": None, "measures": [{} for _ in range(state["rounds"])], "applied": [], "ticked": []}


SLOT = ModuleSlot(KEY, DecreesState, empty, msg("This game does not use the Queen's Decrees."))
active, init, adopt, decrees = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def colonies(state: State) -> list[Player]:
    """Who competes for a decree: the ant colonies (the Broodmother player does not)."""
    return ant_players(state)


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    if len(checked["measures"]) != state["rounds"]:
        raise InvalidModuleState(f"measures: one entry per round ({state['rounds']}), got {len(checked['measures'])}")
    ids = {p["id"] for p in colonies(state)}
    for i, row in enumerate(checked["measures"]):
        if unknown := set(row) - ids:
            raise InvalidModuleState(f"measures.{i}: no colony {sorted(unknown)[0]!r} in this game")
