"""Where the Antscape scorer keeps its part of a game: ``state["modules_state"]["antscape"]``.

One schema (``ScorerState``) gives the type hints and the check of whatever was read from
a file or an old save::

    {"size": 5,                                   # 4 for 2 players, else 5
     "cells": [[{"owner": "p1" | None, "points": 2, "queen_territory": False}, ...], ...],
     "bonus": None | "land-baron" | ...,          # the active Bonus Card
     "queens": ["p1"],                            # players whose queen sits on a claimed territory
     "cards_left": {"p1": 7},                     # colony cards left, entered for a tie-break
     "passed": False}                             # everyone passed one after another
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.antscape.scoring import (
    MAX_CARDS,
    MAX_POINTS,
    Board,
    BonusId,
    Cell,
    grid_size,
    queen_territory_limit,
)
from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.hooks import ModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot
from companion.core.schema import SchemaError, check, strict
from companion.core.state import State

KEY = "antscape"
STATE_VERSION = 1


@strict
class CellState(TypedDict):
    owner: str | None
    points: int
    queen_territory: bool


@strict
class ScorerState(TypedDict):
    size: int
    cells: list[list[CellState]]
    bonus: BonusId | None
    queens: list[str]
    cards_left: dict[str, int]
    passed: bool


class InvalidScorerState(GameError):
    """The saved scorer does not have the shape this version writes."""


def fresh(players: int) -> ScorerState:
    size = grid_size(players)
    return {"size": size,
            "cells": [[{"owner": None, "points": 0, "queen_territory": False} for _ in range(size)]
                      for _ in range(size)],
            "bonus": None, "queens": [], "cards_left": {}, "passed": False}


def _empty(state: State) -> ScorerState:
    """An Antscape game (or one saved before the scorer existed) starts with an empty grid."""
    return fresh(len(state["players"]))


def _is_antscape(state: State) -> bool:
    return bool(state.get("game") == KEY)


SLOT = ModuleSlot(KEY, ScorerState, _empty, msg("This game has no Antscape scorer: start an Antscape game."),
                  when=_is_antscape)
active, init, adopt, scorer = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def validate_state(module_state: ModuleState, state: State, content: Content) -> None:
    """The schema first, then what it cannot say: sizes, players, limits."""
    try:
        data = check(ScorerState, module_state)
    except SchemaError as exc:
        raise InvalidScorerState(str(exc)) from None
    ids = [p["id"] for p in state["players"]]
    size = grid_size(len(ids))
    _expect(data["size"] == size and len(data["cells"]) == size
            and all(len(row) == size for row in data["cells"]), f"the grid must be {size}x{size}")
    for r, row in enumerate(data["cells"], start=1):
        for c, cell in enumerate(row, start=1):
            _expect(cell["owner"] is None or cell["owner"] in ids, f"row {r}, column {c}: unknown owner")
            _expect(0 <= cell["points"] <= MAX_POINTS, f"row {r}, column {c}: points out of range")
    marked = sum(cell["queen_territory"] for row in data["cells"] for cell in row)
    _expect(marked <= queen_territory_limit(len(ids)), "too many queen territories")
    _expect(all(q in ids for q in data["queens"]) and len(set(data["queens"])) == len(data["queens"]),
            "queens: unknown or repeated player")
    _expect(all(p in ids and 0 <= n <= MAX_CARDS for p, n in data["cards_left"].items()),
            "cards_left: unknown player or count out of range")


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidScorerState(message)


def board_of(state: State) -> Board:
    """The scorer's grid as a board to score, with player ids as the players."""
    kept = scorer(state)
    grid = tuple(tuple(Cell(c["owner"], c["points"]) for c in row) for row in kept["cells"])
    marked = frozenset((r, c) for r, row in enumerate(kept["cells"], start=1)
                       for c, cell in enumerate(row, start=1) if cell["queen_territory"])
    owners = {c.owner for row in grid for c in row}
    return Board(players=tuple(p["id"] for p in state["players"]), grid=grid, bonus=kept["bonus"],
                 queens=frozenset(q for q in kept["queens"] if q in owners), cards_left=dict(kept["cards_left"]),
                 queen_territories=marked)
