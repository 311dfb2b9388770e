"""The game screen drawn with Flet's declarative components: a prototype measured against the slots (issue 26).

Switched on by ``COMPANION_DECLARATIVE=1`` (off by default: the app draws the game screen with ``ui/slots.py`` and
``ui/kept.py``). A root component (``GameBody``) draws the screen from the saved game on every change; each panel, the
standings and the jump bar are components that ``ft.memo`` skips when their arguments are equal to the last
drawing's, and Flet's own diff sends what a drawn part changed. Nothing is declared by hand: a panel's arguments are
the values of the parts of the game it read when last drawn (noted by ``kept.PanelSession`` as for the slots), so a
change that left them equal leaves the panel as drawn. ``scripts/bench_taps.py --declarative`` measures it; the
decision and the numbers are in docs/ARCHITECTURE.md "Redraw".
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import flet as ft
from flet.components.component import Component, Renderer

from companion.core.session import Session
from companion.core.views import GameView
from companion.ui import widgets
from companion.ui.i18n import render, trf
from companion.ui.kept import DOCUMENT, MODULES, PanelSession, ReadView
from companion.ui.panel_folds import fold_button, jump_bar
from companion.ui.panels import Panel, PanelContext, panels_for
from companion.ui.screen import CACHE_EXTENT, GAP, Screen
from companion.ui.screens.game import MOMENT_COLUMNS, PANEL_COLUMNS, GameScreen
from companion.ui.share_view import share_banner

if TYPE_CHECKING:
    from companion.ui.app import PageApp

# ``COMPANION_DECLARATIVE=2``: a tap is answered in two passes, as the slots answer it: the panels held as drawn
# (their last arguments, so ``ft.memo`` skips them) in the first, drawn in a second a moment later.
TWO_PASSES = os.environ.get("COMPANION_DECLARATIVE") == "2"
F = TypeVar("F", bound=Callable[..., ft.Control])


def memo(fn: F) -> F:
    """A component that Flet skips while its arguments equal the last drawing's (``ft.memo``, typed)."""
    return cast(F, ft.memo(ft.component(fn)))


def parts_read(session: Session, reads: frozenset[str] | None) -> tuple[object, ...] | None:
    """The values of the parts of the game a panel read when last drawn: what it is memoized on (the revision for one
    that read the document - the log, the Undo labels - which every change touches)."""
    if reads is None:
        return None
    state = cast("dict[str, object]", session.state)
    modules = cast("dict[str, object]", state.get(MODULES) or {})
    return tuple((part, session.revision if part == DOCUMENT else
                  modules.get(part.split(".", 1)[1]) if part.startswith(MODULES + ".") else state.get(part))
                 for part in sorted(reads))


def item(control: ft.Control | None, key: str | None = None) -> ft.Control:
    """One item of the screen's list: the part with the gap under it, hidden while the part is away. The part is
    shown or hidden inside the item, which never changes: a list item's ``visible`` makes the client build the whole
    list again (~0.5 s on this machine with every module in play)."""
    inner = ft.Container(control, visible=control is not None, padding=ft.Padding.only(bottom=GAP))
    return ft.Container(inner, key=key)


@memo
def PanelPart(screen: DeclarativeGameScreen, ident: str, panel: Panel, module_id: str | None,
              tab: tuple[object, ...], title: str, folded: bool, extra: object, parts: object,
              key: str | None = None) -> ft.Control:
    """One panel, drawn by its own ``build``; ``parts`` (what it read) and the tab's inputs are its memo key."""
    asking = PanelSession(screen.session)
    noting = ReadView(cast("dict[str, Any]", screen.view_data()), asking.reads)
    ctx = PanelContext(screen.app, asking, cast(GameView, noting), module_id)
    try:
        body = [] if folded else panel.build(ctx)
    except Exception as exc:  # one broken panel must not take the game screen down
        asking.reads.add(DOCUMENT)  # drawn afresh after the next change
        body = [widgets.banner(trf("This panel could not be shown: {problem}", problem=str(exc)), screen.sizes,
                               identifier=f"{ident}-error", error=True)]
    screen.reads[ident] = frozenset(asking.reads)
    return widgets.section(title, body, screen.sizes, help_topic=panel.help_topic or module_id, identifier=ident,
                           anchor=True, actions=[fold_button(screen, ident, title)])


@memo
def Standings(screen: DeclarativeGameScreen, inputs: tuple[object, ...], key: str | None = None) -> ft.Control:
    """The players' standings, memoized on all they are drawn from."""
    return screen._players(screen.view_data())


@memo
def Jumps(screen: DeclarativeGameScreen, tab: tuple[object, ...], jumps: tuple[tuple[str, str], ...],
          key: str | None = None) -> ft.Control:
    """The jump bar to the panels (none for a single panel)."""
    return jump_bar(screen, list(jumps), wrap=screen._wide()) if len(jumps) > 1 else ft.Container(visible=False)


@ft.component
def GameBody(screen: DeclarativeGameScreen) -> ft.Control:
    """The whole scrolling body, drawn from the game as saved now; memoized parts are skipped by Flet."""
    view = screen.view_data()
    first, rest, nows = screen.panel_parts(view)
    ended = view["ended"]
    over = widgets.banner(trf("Game over: {reason}", reason=render(ended["reason"])), screen.sizes,
                          identifier="game-over") if ended else None
    standings = (screen._tab(), screen._page_width(), view["game"], view["terms"], view["players"], view["rivals"],
                 view["round"], view["ended"] is None)
    moment = [item(over, "game-over"), *first,
              item(screen._round_bar(view, compact=bool(nows) and screen._asking()), "round-bar"),
              item(screen._now(nows) if nows else None, "now"),
              item(Standings(screen, standings, key="scores"), "scores")]
    jumps = tuple(screen._jumps[screen._first_jumps:])
    others = [item(Jumps(screen, screen._tab(), jumps, key="jump-bar"), "jump-bar"), *rest,
              item(screen._log(view), "log")]
    controls = moment + others
    if screen._wide():
        controls = [ft.ResponsiveRow([
            ft.Column(moment, spacing=0, col=MOMENT_COLUMNS, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            ft.Column(others, spacing=0, col=PANEL_COLUMNS, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        ], spacing=GAP, run_spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)]
    if (shared := share_banner(screen.app)) is not None:
        controls.insert(0, item(shared, "shared"))
    return ft.ListView(controls, expand=True, spacing=0, padding=screen._padding(), build_controls_on_demand=False,
                       cache_extent=CACHE_EXTENT, disabled=screen.changes_game and not screen.app.can_play)


class DeclarativeGameScreen(GameScreen):
    """The game screen with its body drawn by ``GameBody``: no slots, no kept drawings, one pass per change."""

    def __init__(self, app: PageApp, route: str, params: dict[str, str]) -> None:
        super().__init__(app, route, params)
        self.root: Component | None = None
        self.reads: dict[str, frozenset[str]] = {}  # what each panel read when last drawn
        self.held: dict[str, tuple[object, ...]] = {}  # each panel's last arguments (``TWO_PASSES``)
        self.holding = False  # in an answer's first pass: the panels are given their last arguments

    def panel_parts(self, view: GameView) -> tuple[list[ft.Control], list[ft.Control], list[ft.Control]]:
        """The panels above the round bar, the others, and what their ``now`` parts ask."""
        first: list[ft.Control] = []
        rest: list[ft.Control] = []
        nows: list[ft.Control] = []
        self._jumps = []
        self._first_jumps = 0  # the jumps to panels above the round bar (not in the jump bar)
        self.folds.settled = set()
        tab = self._tab()
        for ident, order, entry in self._places(panels_for(self.session.state)):
            place = first if order <= 0 else rest
            if entry is None:  # not in this game now: hidden in its place, so no other item moves
                place.append(item(None, ident))
                continue
            panel, module_id = entry
            ctx = PanelContext(self.app, PanelSession(self.session), view, module_id)
            try:
                title, folded = self._panel_heading(ident, panel, ctx)
                asks = panel.now(ctx) if panel.now is not None else []
                extra = panel.reads(ctx) if panel.reads is not None else None
            except Exception:  # drawn with its error by PanelPart
                asks, title, folded, extra = [], panel.title_for(ctx), False, None
            nows += asks
            self._jumps.append((ident, title))
            self._first_jumps += order <= 0
            args: tuple[object, ...] = (self, ident, panel, module_id, tab, title, folded, extra,
                                        parts_read(self.session, self.reads.get(ident)))
            if self.holding and ident in self.held:
                args = self.held[ident]
            self.held[ident] = args
            place.append(item(PanelPart(*args, key=ident), ident))  # type: ignore[arg-type, misc]
        return first, rest, nows

    def _refresh(self, touched: ft.Control | None) -> None:
        """The bars (as every screen sends them), then the body from the root down; the memoized parts are skipped by
        Flet. Under ``TWO_PASSES`` this tab's tap holds the panels in a first pass and draws them in a second."""
        Screen.refresh(self)
        if self.root is None or not self.root._state.mounted:
            return
        self.holding = TWO_PASSES and touched is not None and callable(getattr(self.app.page, "run_task", None))
        try:
            self.root.update()
        finally:
            if self.holding:
                self.app.page.run_task(self._draw_the_panels)
            self.holding = False

    async def _draw_the_panels(self) -> None:
        await asyncio.sleep(0)  # the first pass's patch goes out first
        if self.root is not None and self.app.screen is self:
            self.app.guard(self.root.update)

    def _fill_body(self) -> tuple[bool, list[ft.Control]]:
        """The body is the root component: put on the page once (then drawn by Flet), redrawn by ``_refresh``."""
        assert self.view is not None
        holder = cast(ft.Semantics, self.view.controls[0])
        if self.root is not None and holder.content is self.root:
            return False, []
        self.root = cast(Component, Renderer().render(lambda: GameBody(self)))
        holder.content = cast(ft.Control, self.root)
        return True, []

    def _live_list(self) -> ft.ListView | None:
        body = self.root._b if self.root is not None else None
        return body if isinstance(body, ft.ListView) else None

    async def scroll_to(self, key: str) -> None:
        if (live := self._live_list()) is not None:
            await live.scroll_to(scroll_key=key, duration=0)

    async def scroll_to_top(self) -> None:
        if (live := self._live_list()) is not None:
            await live.scroll_to(offset=0, duration=0)

    def resized(self) -> None:
        self.refresh()
