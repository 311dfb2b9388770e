"""The scorer's moves a table makes: territories claimed, freed, valued and marked as a queen's, queens
played on a territory their player claimed, the Bonus Card, the cards left and the totals written in.

A queen played needs a territory its player claims, and a free territory is found by looking at the grid:
built here from the grid as it stands, the scorer's moves fit. Examples, not a promise: the caller asks
``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.antscape import commands as c
from companion.core.antscape.model import scorer
from companion.core.antscape.scoring import BONUS_IDS, MAX_POINTS
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.state import State

#: Territories of each kind (free, claimed) the moves are about: a few, the first found in reading order.
CELLS = 3


def antscape_moves(state: State, content: Content) -> Iterator[Command]:
    """A few free and claimed territories' changes, each player's queen and cards, the Bonus Card, the totals."""
    kept = scorer(state)
    players = [p["id"] for p in state["players"]]
    cells = [(r + 1, k + 1, cell) for r, row in enumerate(kept["cells"]) for k, cell in enumerate(row)]
    free = [x for x in cells if x[2]["owner"] is None][:CELLS]
    claimed = [x for x in cells if x[2]["owner"] is not None][:CELLS]
    for row, col, cell in free:
        yield c.SetCellOwner(row=row, col=col, owner=players[(row + col) % len(players)])
        yield c.SetQueenTerritory(row=row, col=col, on=not cell["queen_territory"])
    for row, col, cell in claimed:
        yield c.SetCellOwner(row=row, col=col, owner=None)
        yield c.SetCellPoints(row=row, col=col, points=cell["points"] % MAX_POINTS + 1)
        yield c.SetQueenTerritory(row=row, col=col, on=not cell["queen_territory"])
    for pid in players:
        yield c.SetQueen(player_id=pid, played=pid not in kept["queens"])
        yield c.SetCardsLeft(player_id=pid, count=(kept["cards_left"].get(pid, 0) + 3) % 10)
    yield c.SetBonus(bonus=BONUS_IDS[state["round"] % len(BONUS_IDS)] if kept["bonus"] is None else None)
    for bonus in BONUS_IDS[:2]:
        yield c.SetBonus(bonus=bonus)
    yield c.SetEveryonePassed(passed=not kept["passed"])
    yield c.ApplyScores()
