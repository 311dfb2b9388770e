"""The Broodmother on the game screen: a solo or co-op table runs her entirely from the app.

One panel per tracker, each with its own "?" into the rules: her turn (the one tap after
each player's turn), the meadow, her standing, the machinations track, her deck, the
Nest, battles, Slumber, the end, the setup checklist and the asymmetric variant. Every
panel renders ``broodmother_view`` and sends the core's commands; none holds a rule.
"""

from __future__ import annotations

import copy

from companion.core.broodmother.model import has_broodmother, is_asymmetric
from companion.core.state import State
from companion.ui.i18n import tr
from companion.ui.panels import Panel, PanelContext, register
from companion.ui.panels.broodmother import asymmetric, battle, meadow, setup, tracks, turn
from companion.ui.panels.broodmother.controls import drafts
from companion.ui.panels.broodmother.drafts import Drafts


def in_game(state: State) -> bool:
    return has_broodmother(state)


def asymmetric_game(state: State) -> bool:
    return has_broodmother(state) and is_asymmetric(state)


def drafted(ctx: PanelContext) -> Drafts:
    """This tab's half-filled forms as they are now (a copy): part of what the panels are drawn from."""
    return copy.deepcopy(drafts(ctx))


PANELS = [
    Panel(id="bm-turn", title=lambda ctx: tr("Her instructions"), applies=in_game, build=turn.build,
          help_topic="broodmother.turn", order=10, now=turn.now, reads=drafted),
    Panel(id="bm-asymmetric", title=lambda ctx: tr("The Broodmother player"), applies=asymmetric_game,
          build=asymmetric.build, help_topic="broodmother.asymmetric", order=11, reads=drafted),
    Panel(id="bm-meadow", title=lambda ctx: tr("The meadow"), applies=in_game, build=meadow.build,
          help_topic="broodmother.meadow", order=12, reads=drafted),
    Panel(id="bm-setup", title=setup.title, applies=in_game, build=setup.build, help_topic="broodmother.setup",
          order=13, settled=setup.settled, settled_title=lambda ctx: tr("Setup done"), reads=drafted),
    Panel(id="bm-status", title=lambda ctx: tr("Against the Broodmother"), applies=in_game, build=tracks.status,
          help_topic="broodmother.difficulty", order=14, reads=drafted),
    Panel(id="bm-machinations", title=lambda ctx: tr("Machinations"), applies=in_game, build=tracks.machinations,
          help_topic="broodmother.machinations", order=15, reads=drafted),
    Panel(id="bm-deck", title=lambda ctx: tr("Her deck"), applies=in_game, build=tracks.deck,
          help_topic="broodmother.deck", order=16, reads=drafted),
    Panel(id="bm-battle", title=lambda ctx: tr("Battles"), applies=in_game, build=battle.battle,
          help_topic="broodmother.battle", order=17, reads=drafted),
    Panel(id="bm-nest", title=lambda ctx: tr("The Nest of Centipedes"), applies=in_game, build=battle.nest,
          help_topic="broodmother.nest", order=18, reads=drafted),
    Panel(id="bm-slumber", title=lambda ctx: tr("Her Slumber"), applies=in_game, build=battle.slumber,
          help_topic="broodmother.slumber", order=19, reads=drafted),
    Panel(id="bm-end", title=lambda ctx: tr("The end"), applies=in_game, build=battle.end,
          help_topic="broodmother.end", order=20, reads=drafted),
]
for _panel in PANELS:
    register(_panel)
