"""The Queen's Decree's part of the game state, one TypedDict shape for hints and the saved-game check::

    {"decree": None | {"id", "name", "measure", "criterion"},   # "custom" id: typed from the card
     "measures": [{"p1": 3, "p2": 1}, {}, {}, {}],              # per round, each colony's measure
     "applied": [1],                                            # rounds whose decree is in the scores
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated, cast

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.decrees.content import Decree
from companion.core.decrees.scoring import MAX_MEASURE
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, ModuleState
from companion.core.i18n import msg
from companion.core.schema import Player, Shape, strict
from companion.core.state import State, ant_players, has

KEY = "queens-decrees"
STATE_VERSION = 1
CUSTOM = "custom"


@strict
class DecreesState(TypedDict):
    decree: Decree | None
    measures: list[dict[str, Annotated[int, Ge(0), Le(MAX_MEASURE)]]]
    applied: list[Annotated[int, Ge(1), Le(5)]]
    ticked: list[str]


SHAPE = Shape(DecreesState)


def active(state: State) -> bool:
    return has(state, KEY)


def empty(state: State) -> ModuleState:
    return {"decree": None, "measures": [{} for _ in range(state["rounds"])], "applied": [], "ticked": []}


def init(state: State, options: object, content: Content) -> None:
    state["modules_state"][KEY] = empty(state)


def adopt(state: State, content: Content) -> ModuleState:
    """A game saved before the app scored decrees: no decree chosen yet, nothing measured."""
    return empty(state)


def decrees(state: State) -> DecreesState:
    if not active(state) or KEY not in state.get("modules_state", {}):
        raise CommandError(msg("This game does not use the Queen's Decrees."))
    return cast(DecreesState, state["modules_state"][KEY])


def colonies(state: State) -> list[Player]:
    """Who competes for a decree: the ant colonies (the Broodmother player does not)."""
    return ant_players(state)


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SHAPE.check(module_state, InvalidModuleState)
    if len(checked["measures"]) != state["rounds"]:
        raise InvalidModuleState(f"measures: one entry per round ({state['rounds']}), got {len(checked['measures'])}")
    ids = {p["id"] for p in colonies(state)}
    for i, row in enumerate(checked["measures"]):
        if unknown := set(row) - ids:
            raise InvalidModuleState(f"measures.{i}: no colony {sorted(unknown)[0]!r} in this game")
