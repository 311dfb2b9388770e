"""The game screen's panels: each in its slot, drawn again only when what it read of the game changed.

While a panel is drawn it reads the game through a ``GameReader``, which notes what of the game it read
(``companion.ui.kept``); a panel none of whose parts a change touched, and whose tab inputs are the same, is left on
the page. In the first pass of an answer to a tap, every panel but the one tapped is left as drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.core.views import GameView
from companion.ui import kept, widgets
from companion.ui.fingerprints import fingerprint
from companion.ui.headings import Headings
from companion.ui.i18n import trf
from companion.ui.kept import GameReader
from companion.ui.panel_folds import fold_button
from companion.ui.panels import Panel, PanelContext, TabValue, all_panels, panels_for
from companion.ui.pieces import Pieces

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen

Place = tuple[str, int, tuple[Panel, str | None] | None]


class PanelParts:
    """Draws the panels of one game screen, and keeps what each was drawn from."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.jumps: list[tuple[str, str]] = []  # (identifier, title) of each panel in the game now, in order
        self.first_panels = 0  # the places above the round bar (order 0: a finished game's summary)
        self.first_jumps = 0  # the panels above the round bar (not in the jump bar)
        self.drawn: dict[str, kept.Drawn] = {}  # what each panel on the page was drawn from
        self.nows: dict[str, list[ft.Control]] = {}  # what each panel's ``now`` part asked when last drawn
        self.pieces: dict[str, Pieces] = {}  # the parts of each panel kept as drawn (``companion.ui.pieces``)
        self.heads = Headings()  # each panel's heading on the page, and its inputs

    def draw(self, view: GameView) -> tuple[list[ft.Control], list[ft.Control]]:
        """The panels as sections (folded ones as their heading), and what their ``now`` parts ask."""
        out: list[ft.Control] = []
        nows: list[ft.Control] = []
        self.jumps = []
        places = self._places(panels_for(self.screen.session.state))
        self.first_panels = sum(order <= 0 for _, order, _ in places)
        self.first_jumps = sum(order <= 0 and entry is not None for _, order, entry in places)
        self.screen.folds.settled = set()
        tab = self.screen.tab_value()
        for ident, _, entry in places:
            if entry is None:  # not in this game now: an empty slot keeps the page's outline
                out.append(self.screen.slots.part(ident, None))
                self.drawn.pop(ident, None)  # drawn afresh when it comes back
                self.nows.pop(ident, None)
                self.pieces.pop(ident, None)
                self.heads.drop(ident)
                continue
            part, title, asks = self._panel(ident, *entry, view, tab)
            nows += asks
            self.jumps.append((ident, title))
            out.append(part)
        return out, nows

    def _panel(self, ident: str, panel: Panel, module_id: str | None, view: GameView, tab: TabValue
               ) -> tuple[ft.Control, str, list[ft.Control]]:
        """One panel in its slot, its title (for the jump bar) and what its ``now`` part asks; left as it is on the
        page when none of the parts of the game it read were touched since it was drawn (``companion.ui.kept``)."""
        asking = GameReader(self.screen.session)  # notes what of the game the panel reads
        ctx = PanelContext(asking.view(), tab, self.screen.panel_services(), asking, self.screen.session,
                           module_id, self.pieces.setdefault(ident, Pieces(ident)))
        inputs: object = None
        keep = False
        try:
            title, folded = self._panel_heading(ident, panel, ctx)
            if self._drawn_later(ident, panel):  # nothing more asked of it in this pass
                return self.screen.slots.keep(ident), title, []
            inputs = (tab, folded, title, panel.reads(ctx) if panel.reads is not None else None)
            drawn = self.drawn.get(ident)
            keep = drawn is not None and self.screen.slots.holds(ident) and drawn.still(inputs, self.screen.session)
            asks = self._asks(ident, panel, ctx, keep)
            later = self.screen._answering not in (None, ident) and self.screen.slots.holds(ident)
            if later or (keep and not kept.CHECK):  # drawn in the answer's second pass, or as it was
                return self.screen.slots.keep(ident), title, asks
            if self._sketched(panel) and not self.screen.layout():  # a phone: below the fold, drawn next pass
                return self._left_for_later(ident), title, asks
            if self._sketched(panel) and not folded:
                inputs = None  # a heading for now: drawn whole by the opening's second pass
            body = self._body(ident, panel, ctx, folded)
        except kept.StaleDrawing:
            raise
        except Exception as exc:  # one broken panel must not take the game screen down
            asks, keep, inputs, title = [], False, None, panel.title_for(ctx)
            body = [self._broken(ident, exc)]
        head = self._head(ident, title, panel.help_topic or module_id, ctx.tab)
        part = self.screen.slots.part(ident, widgets.section(title, body, self.screen.sizes, identifier=ident,
                                                             anchor=True, head=head))
        if inputs is None:
            self.drawn.pop(ident, None)
        else:
            self.drawn[ident] = kept.Drawn(inputs, asking, self.screen.session)
        if keep:
            kept.same_drawing(ident, self.screen.slots.unchanged(ident))
        return part, title, asks

    def _body(self, ident: str, panel: Panel, ctx: PanelContext, folded: bool) -> list[ft.Control]:
        """The panel's controls: none while it is folded or left for the opening's second pass, its kept parts let
        go as they leave the page (``companion.ui.pieces``: drawn afresh when they come back)."""
        if folded or self._sketched(panel):
            self.pieces.pop(ident, None)
            return []
        ctx.pieces.starting()
        body = panel.build(ctx)
        ctx.pieces.let_go_unasked()
        return body

    def _head(self, ident: str, title: str, topic: str | None, tab: TabValue) -> ft.Control:
        """A panel's heading (its title, fold button and "?"): the one on the page while they are the same - a panel
        drawn again for a change in its body hands Flet back its heading, which the diff skips, rather than a dozen
        controls drawn and compared again (``companion.ui.headings``)."""
        return self.heads.get(ident, (title, self.screen.folds.is_folded(ident), topic, tab),
                              lambda: widgets.section_head(title, self.screen.sizes, help_topic=topic, identifier=ident,
                                                           actions=[fold_button(self.screen, ident, title)]))

    def _broken(self, ident: str, exc: Exception) -> ft.Control:
        self.pieces.pop(ident, None)
        return widgets.banner(trf("This panel could not be shown: {problem}", problem=str(exc)), self.screen.sizes,
                              identifier=f"{ident}-error", error=True)

    def _sketched(self, panel: Panel) -> bool:
        """Whether the opening's first pass leaves the panel for its second: every panel below the round bar. One above
        it (order 0: a finished game's summary) is the top of the screen and drawn at once; left for later, it came a
        moment after and pushed the round bar and everything under it down the screen."""
        return self.screen.sketching and panel.order > 0

    def _drawn_later(self, ident: str, panel: Panel) -> bool:
        """Whether the panel is left as it is on the page in the first pass of an answer to a tap made elsewhere, and
        has no ``now`` part to ask (whether it is still drawn as the game is now is worked out once, in the second
        pass: asked in both passes, that took ~2 ms of Next's answer with every module in play)."""
        screen = self.screen
        return panel.now is None and screen._answering not in (None, ident) and screen.slots.holds(ident)

    def _left_for_later(self, ident: str) -> ft.Control:
        """A panel's slot left empty by the opening's first pass on a phone (it is below the fold): the second pass
        draws it whole, never keeps it."""
        self.drawn.pop(ident, None)
        self.pieces.pop(ident, None)
        self.heads.drop(ident)
        return self.screen.slots.part(ident, None)

    def _asks(self, ident: str, panel: Panel, ctx: PanelContext, still: bool) -> list[ft.Control]:
        """What a panel's ``now`` part asks: drawn from what the panel is drawn from, so while the panel is kept the
        controls drawn last (the same objects, which the "now" part keeps and Flet's diff skips)."""
        if panel.now is None or self.screen.panels_only:
            return []
        last = self.nows.get(ident)
        if still and last is not None and not kept.CHECK:
            return last
        asks = self.nows[ident] = panel.now(ctx)
        if still and last is not None:  # the tests draw it all the same: it must come out as it is
            kept.same_drawing(f"{ident} (now)", fingerprint(asks) == fingerprint(last))
        return asks

    def _panel_heading(self, ident: str, panel: Panel, ctx: PanelContext) -> tuple[str, bool]:
        """A panel's title and whether it is folded (worked out at each drawing: they are short)."""
        settled = panel.settled is not None and panel.settled(ctx)
        if settled:
            self.screen.folds.settled.add(ident)
        folded = self.screen.folds.is_folded(ident)
        title = panel.title_for(ctx)
        if folded and settled and panel.settled_title is not None:
            title = panel.settled_title(ctx)  # "Setup done", one line with its Show
        return title, folded

    def _places(self, chosen: list[tuple[Panel, str | None]]) -> list[tuple[str, int, tuple[Panel, str | None] | None]]:
        """Every panel the game could show in its place: (identifier, order, the panel and its module, or None for
        one that does not apply now, such as the setup checklist once setup is over or the chart before any point).

        An empty place costs an invisible control; in exchange a panel that comes or goes is sent as that one
        slot, and every other control on the page keeps its id, so a tap already on its way still lands.
        """
        now = {f"panel-{module_id or panel.id}": (panel, module_id) for panel, module_id in chosen}
        places: dict[str, tuple[str, int, tuple[Panel, str | None] | None]] = {}
        for panel, module_id in [*all_panels(self.screen.session.state), *chosen]:
            ident = f"panel-{module_id or panel.id}"  # a module's own panel and its generic one share a place
            places.setdefault(ident, (ident, panel.order, now.get(ident)))
        return list(places.values())

