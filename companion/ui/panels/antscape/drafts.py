"""What one tab is doing on the scorer but has not saved: the selected cell and the "brush".

The brush is who a tapped cell goes to (a player, nobody, or just select it); the selected
cell gets the points and queen-territory controls. Nothing here is part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

SELECT = "select"  # the brush that only selects
NOBODY = "nobody"


@dataclass
class ScorerDraft:
    brush: str = SELECT  # SELECT, NOBODY or a player id
    selected: tuple[int, int] | None = None

    def owner_for_brush(self) -> str | None:
        return None if self.brush == NOBODY else self.brush


_BY_TAB: WeakKeyDictionary[object, dict[str, ScorerDraft]] = WeakKeyDictionary()


def draft_for(tab: object, game_id: str) -> ScorerDraft:
    games = _BY_TAB.setdefault(tab, {})
    return games.setdefault(game_id, ScorerDraft())
