"""Eve of the Antperium's part of the game state, one TypedDict shape for hints and the saved-game check::

    {"enclave": "p1" | None,       # who controls the Enclave of the Empress now
     "adjacent": {"p2": 2},        # controlled hexes next to the Enclave, per player
     "other": {"p3": 1},           # any other controlled hexes (Homelands not counted)
     "applied": [1], "ticked": ["1:slumber:eve:evolution"]}
"""

from __future__ import annotations

from typing import Annotated, cast

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.eve.scoring import check_board
from companion.core.hooks import InvalidModuleState, ModuleState
from companion.core.i18n import msg
from companion.core.schema import Shape, strict
from companion.core.state import State, ant_players, has

KEY = "eve-of-the-antperium"
STATE_VERSION = 1
Count = Annotated[int, Ge(0), Le(99)]


@strict
class EveState(TypedDict):
    enclave: str | None
    adjacent: dict[str, Count]
    other: dict[str, Count]
    applied: list[Annotated[int, Ge(1), Le(5)]]
    ticked: list[str]


SHAPE = Shape(EveState)


def active(state: State) -> bool:
    return has(state, KEY)


def empty() -> ModuleState:
    return {"enclave": None, "adjacent": {}, "other": {}, "applied": [], "ticked": []}


def init(state: State, options: object, content: Content) -> None:
    state["modules_state"][KEY] = empty()


def adopt(state: State, content: Content) -> ModuleState:
    """A game saved before the app scored Eve: nobody controls anything yet."""
    return empty()


def eve(state: State) -> EveState:
    if not active(state) or KEY not in state.get("modules_state", {}):
        raise CommandError(msg("This game does not use Eve of the Antperium."))
    return cast(EveState, state["modules_state"][KEY])


def player_ids(state: State) -> list[str]:
    return [p["id"] for p in ant_players(state)]


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SHAPE.check(module_state, InvalidModuleState)
    try:
        check_board(player_ids(state), checked["enclave"], checked["adjacent"], checked["other"])
    except CommandError as exc:
        raise InvalidModuleState(str(exc)) from None
