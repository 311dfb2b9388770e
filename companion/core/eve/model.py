"""Eve of the Antperium's part of the game state, one TypedDict shape for hints and the saved-game check::

    {"enclave": "p1" | None,       # who controls the Enclave of the Empress now
     "adjacent": {"p2": 2},        # controlled hexes next to the Enclave, per player
     "other": {"p3": 1},           # any other controlled hexes (Homelands not counted)
     "applied": [1], "ticked": ["1:slumber:eve:evolution"]}
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.eve.scoring import check_board
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot
from companion.core.schema import strict
from companion.core.state import State, ant_players

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


def empty(state: State | None = None) -> EveState:
    return {"enclave": None, "adjacent": {}, "other": {}, "applied": [], "ticked": []}


SLOT = ModuleSlot(KEY, EveState, empty, msg("This game does not use Eve of the Antperium."))
active, init, adopt, eve = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def player_ids(state: State) -> list[str]:
    return [p["id"] for p in ant_players(state)]


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    try:
        check_board(player_ids(state), checked["enclave"], checked["adjacent"], checked["other"])
    except CommandError as exc:
        raise InvalidModuleState(str(exc)) from None
