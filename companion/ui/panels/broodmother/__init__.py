"""The Broodmother on the game screen: a solo or co-op table runs her entirely from the app.

One panel per tracker, each with its own "?" into the rules: her turn (the one tap after
each player's turn), the meadow, her standing, the machinations track, her deck, the
Nest, battles, Slumber, the end, the setup checklist and the asymmetric variant. Every
panel renders ``broodmother_view`` and sends the core's commands; none holds a rule.
"""

from __future__ import annotations

from companion.core.broodmother.model import has_broodmother, is_asymmetric
from companion.core.state import State
from companion.ui.i18n import tr
from companion.ui.panels import PanelContext, PanelFamily
from companion.ui.panels.broodmother import asymmetric, battle, meadow, setup, tracks, turn
from companion.ui.panels.broodmother.controls import drafts


def in_game(state: State) -> bool:
    return has_broodmother(state)


def asymmetric_game(state: State) -> bool:
    return has_broodmother(state) and is_asymmetric(state)


def drafted(ctx: PanelContext) -> str:
    """This tab's half-filled forms as they are now, every field written out (compared, not kept as a copy: asked
    by each of her panels at every drawing): part of what the panels are drawn from."""
    return repr(drafts(ctx))


TAB = PanelFamily(applies=in_game, reads=drafted)
PANELS = [
    TAB.panel("bm-turn", lambda ctx: tr("Her instructions"), turn.build, "broodmother.turn", 10, now=turn.now),
    TAB.panel("bm-asymmetric", lambda ctx: tr("The Broodmother player"), asymmetric.build, "broodmother.asymmetric",
              11, applies=asymmetric_game),
    TAB.panel("bm-meadow", lambda ctx: tr("The meadow"), meadow.build, "broodmother.meadow", 12),
    TAB.panel("bm-setup", setup.title, setup.build, "broodmother.setup", 13, settled=setup.settled,
              settled_title=lambda ctx: tr("Setup done")),
    TAB.panel("bm-status", lambda ctx: tr("Against the Broodmother"), tracks.status, "broodmother.difficulty", 14),
    TAB.panel("bm-machinations", lambda ctx: tr("Machinations"), tracks.machinations, "broodmother.machinations", 15),
    TAB.panel("bm-deck", lambda ctx: tr("Her deck"), tracks.deck, "broodmother.deck", 16),
    TAB.panel("bm-battle", lambda ctx: tr("Battles"), battle.battle, "broodmother.battle", 17),
    TAB.panel("bm-nest", lambda ctx: tr("The Nest of Centipedes"), battle.nest, "broodmother.nest", 18),
    TAB.panel("bm-slumber", lambda ctx: tr("Her Slumber"), battle.slumber, "broodmother.slumber", 19),
    TAB.panel("bm-end", lambda ctx: tr("The end"), battle.end, "broodmother.end", 20),
]
