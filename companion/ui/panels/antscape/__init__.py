"""Antscape on the game screen: the end-game scorer on the territory grid, the end, the turn.

Three sections, each with its own "?": the turn reminder, the three ways the game ends
(two ticked from the grid, one by the table), and the scorer - the grid of tappable
cells, colonies in their player's colour, the Bonus Card, queens, totals, the winner and
"apply to scores". Every number comes from ``antscape_view``; every tap is a core command.
"""

from __future__ import annotations

import copy

from companion.core.antscape.model import KEY
from companion.core.state import State
from companion.ui.i18n import tr
from companion.ui.panels import PanelContext, PanelFamily
from companion.ui.panels.antscape import grid, play
from companion.ui.panels.antscape.drafts import ScorerDraft, draft_for


def in_game(state: State) -> bool:
    return state.get("game") == KEY and state.get("modules_state", {}).get(KEY) is not None


def draft(ctx: PanelContext) -> ScorerDraft:
    """This tab's scorer draft as it is now (a copy): part of what the panels are drawn from."""
    return copy.deepcopy(draft_for(ctx.services.owner, ctx.game_id))


TAB = PanelFamily(applies=in_game, reads=draft)
PANELS = [
    TAB.panel("as-scorer", lambda ctx: tr("Final scoring"), grid.build, "antscape", 10),
    TAB.panel("as-end", lambda ctx: tr("How the game ends"), play.end, "antscape.end", 11),
    TAB.panel("as-turn", lambda ctx: tr("A turn"), play.turn, "antscape.turn", 12),
]
