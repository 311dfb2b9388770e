"""The game screen: round and phase with Next, colony points, module panels, the log, Undo/Redo.

Everything shown comes from ``companion.core.views.game_view``; every tap sends a core
command through the shared session. Whether Next, Next round or Finish is possible is
the core's answer (``session.can``), not the screen's. The screen lays the parts out and answers a tap in two
passes; each part is drawn by its own class in ``companion.ui.game_parts`` (round bar, standings, panels, log).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion import platform, spans
from companion.core.broodmother.model import has_broodmother
from companion.core.i18n import language
from companion.core.schema import JsonObject
from companion.core.session import Session
from companion.core.views import GameView
from companion.table.guest import MirrorSession
from companion.ui import draw_cue, kept, theme, widgets
from companion.ui.dialog_stack import PageDialogs
from companion.ui.game_parts.follow import Follow
from companion.ui.game_parts.game_log import GameLog
from companion.ui.game_parts.her_moment import asking, now_box
from companion.ui.game_parts.panel_parts import PanelParts
from companion.ui.game_parts.round_bar import RoundBar
from companion.ui.game_parts.standings import MOMENT_SPAN, Standings
from companion.ui.game_parts.top_first import TopFirst, rest_after
from companion.ui.headings import Headings
from companion.ui.i18n import render, tr, trf
from companion.ui.kept import GameReader
from companion.ui.page_size import page_width
from companion.ui.panel_folds import Folds, jump_bar
from companion.ui.panels import PanelServices, TabValue
from companion.ui.screen import GAP, Screen
from companion.ui.scroll import Place
from companion.ui.share_view import open_share_dialog
from companion.ui.slots import Reused
from companion.ui.table_view import banner_inputs, leave_action, open_phone_share, table_banner

if TYPE_CHECKING:
    from companion.ui.app import PageApp

ROUTE = "/game/:id"
WIDE = theme.WIDE  # px: from here on, two columns
MOMENT_COLUMNS: ft.ResponsiveNumber = {"xs": 12, "md": MOMENT_SPAN}
PANEL_COLUMNS: ft.ResponsiveNumber = {"xs": 12, "md": 12 - MOMENT_SPAN}


class GameScreen(Screen):
    """One game: its parts in slots (``Screen``), redrawn from the saved game after every change."""

    title = "Game"
    identifier = "game"
    changes_game = True
    kept_beneath = True  # Back to the game shows it again as it is, drawing only what changed (``Routes``)

    def __init__(self, app: PageApp, route: str, params: dict[str, str]) -> None:
        super().__init__(app, route, params)
        self.game_id = self.params["id"]
        self.scroll.place = Place(app.places, f"game/{self.game_id}")  # opened again, the game shows where it was left
        self.folds = Folds()  # panels folded on this device, read once shown
        self._services: PanelServices | None = None
        self._answering: str | None = None  # while a tap is answered first: the part it was made in
        self._answered: int | None = None  # the revision an answer's first pass drew, until its second pass
        self._rest_waiting = False  # the second pass of an answer is on its way
        self.jump_chips = Reused()  # the jump bar's chips, kept from one drawing to the next
        self.headings = Headings()  # the headings of the standings, the round bar and the log, kept while the same
        self.round_bar = RoundBar(self)  # the screen's parts, each drawn by its own
        self.standings = Standings(self)
        self.panels = PanelParts(self)
        self.log = GameLog(self)
        self.slots.scrolled_to = True  # what changed is scrolled to by its slot (``Follow.the_change``)
        self.follow = Follow(self)
        self.top_first = TopFirst(self)  # shown again, a phone's first frame draws the top alone
        self._sketching = False  # the opening's first pass: the panels left for the next (headings, on a tablet)
        self.changes_elsewhere = 0  # changes made by other devices since the screen opened (the bars' Undo, Redo)
        self._bar_keys: dict[str, str] = {}  # the key each of Undo and Redo was last drawn under (``bottom``)
        self._filling = False  # the opening's second pass is on its way

    # -- opening the screen --------------------------------------------------------------------
    def build_view(self) -> ft.View:
        """Opening the game (Start game, a game from Home) answers in two passes, as a tap does: the round bar, her
        moment and the standings first (on a tablet the jump bar and each panel's heading too), the jump bar, the
        panels and the log a moment later (on a phone they are below the fold; drawn empty, their slots take no room
        meanwhile). Sent at once, the whole screen took 0.7-2.4 s on the served app; on a phone at 4x the jump bar's
        39 chips took ~100-150 ms of the first frame's CPU (developing.md, the resume)."""
        if not callable(getattr(self.app.page, "run_task", None)):
            return super().build_view()  # drawn in a test, with no page to send a second pass
        self._sketching = self._filling = True
        try:
            view = super().build_view()
        finally:
            self._sketching = False
        self.app.page.run_task(self._fill_in, spans.later())  # a measured opening goes on in the second pass
        return view

    @property
    def sketching(self) -> bool:
        """In the opening's first pass: a panel is left empty on a phone, drawn as its heading on a tablet
        (``PanelParts``)."""
        return self._sketching

    async def _fill_in(self, measured: spans.Tap | None) -> None:
        """The opening's second pass: every panel drawn whole, then the place a route names scrolled to, now that
        the panels above it have their height. ``measured``: the opening's own measure (a tap answered meanwhile has
        its own)."""
        await asyncio.sleep(rest_after(self))  # the first pass goes out, and on a phone is painted, first
        self._filling = False
        with spans.resumed(measured):
            if self.app.screen is self and self.view is not None:
                self.app.answers.guard(self.refresh)
                self.follow.the_place_named()

    def shown_again(self) -> ft.View:
        """Back on top as it was kept (``Routes``): on a phone its top alone in the first frame, the panels and the
        log a moment later (``TopFirst``)."""
        view = super().shown_again()
        self.top_first.hide_the_rest()
        return view

    # -- answering a tap ---------------------------------------------------------------------
    def refresh(self, touched: ft.Control | None = None) -> None:
        """Draw the screen again; after this tab's own tap (``touched``), answer where it was made first.

        The round bar, her moment, the standings, the jump bar, the log, the bars and the panel tapped are drawn
        and sent at once; the other panels follow in a second pass once that answer is on its way, each left as
        drawn meanwhile (on a phone they are below the fold; with every module in play Next answered in ~75 ms
        instead of ~110 in one pass). Anything else - another tab's change, a fold, a form - is drawn in one pass.
        """
        self.follow.the_end()
        settled = set(self.folds.settled)
        asked = self.follow.asked
        try:
            self._refresh(touched)
        finally:
            self.follow.a_settled_panel(settled, touched)
            self.follow.her_answer(asked)
            self.follow.the_table()

    def _refresh(self, touched: ft.Control | None) -> None:
        first = self._slot_of(touched) if touched is not None else None
        if first is None or not callable(getattr(self.app.page, "run_task", None)):
            self._answered = None  # everything drawn: no second pass needed
            super().refresh()
            return
        self._answering = first
        # sent first, before the bars: at 4x a phone painted after the first message or two, and her report (tapped
        # from her moment) came third, after the Undo bar and the round bar, a frame late. A table's other pages keep
        # the order, the Undo bar first.
        placed = self.slots.placed.get(first)
        self.sent_first = placed.holder if placed is not None else None
        try:
            super().refresh()
        finally:
            self._answering = None
            self.sent_first = None
        self._answered = self.session.revision
        if not self._rest_waiting:
            self._rest_waiting = True
            self.app.page.run_task(self._draw_the_rest, spans.later())  # a measured tap goes on in that pass

    async def _draw_the_rest(self, measured: spans.Tap | None) -> None:
        """The second pass of an answer: the panels, as saved now (those nothing changed for are kept). The rest
        of the screen was drawn by the first pass from the same revision, so it is left as it is. ``measured``: the
        tap that asked for this pass (one asked meanwhile is answered by it too, its measure ending with its first)."""
        await asyncio.sleep(rest_after(self))  # the first pass goes out, and on a phone is painted, first
        self._rest_waiting = False
        answered, self._answered = self._answered, None
        with spans.resumed(measured):
            if answered is None or self.app.screen is not self or self.view is None:
                return
            self.panels_only = answered == self.session.revision
            try:
                self.app.answers.guard(super().refresh)
            finally:
                self.panels_only = False

    def _part(self, name: str, draw: Callable[[], ft.Control | None], inputs: object = None) -> ft.Control:
        """The part ``name`` of the screen drawn by ``draw``; left as it is on the page in an answer's second pass,
        or when it was drawn from equal ``inputs`` (all it is drawn from; the tests draw it again to check)."""
        if self.panels_only and self.slots.holds(name):
            return self.slots.keep(name)
        keep = self.slots.same_inputs(name, inputs)
        if keep and not kept.CHECK:
            return self.slots.keep(name)
        place = self.slots.part(name, draw(), inputs)
        if keep:  # the tests draw it all the same: it must come out as it is
            kept.same_drawing(name, self.slots.unchanged(name))
        return place

    def _slot_of(self, control: ft.Control) -> str:
        """The part of the screen a control is in ("" outside every part: the app bar or the bottom bar)."""
        holders = {id(placed.holder): name for name, placed in self.slots.placed.items()}
        node: ft.BaseControl | None = control
        while node is not None and id(node) not in holders:
            node = node.parent
        return holders[id(node)] if node is not None else ""

    @property
    def session(self) -> Session:
        return self.app.changes.session(self.game_id)

    def view_data(self) -> GameView:
        session = self.session
        self.app.changes.note_shown(session)  # the revision this screen shows, for two devices' taps
        return GameReader(session).view_now()

    def heading(self) -> str:
        return str(self.session.doc["name"])

    def leading(self) -> ft.Control | None:
        return None if self.app.guest else super().leading()

    def after_show(self) -> None:
        """Back from the rules a "?" opened: scroll to the section it was on (``?at=...``)."""
        self.follow.shown()
        self.app.page.run_task(self.folds.load, self)
        if has_broodmother(self.session.state):
            draw_cue.prepare(self.app)  # the cue on her card needs its service on the page before her draw
        if not self._filling and not self.top_first.hidden:  # else once the panels are back
            self.follow.the_place_named()

    def actions(self) -> list[ft.Control]:
        if self.app.guest or isinstance(self.session, MirrorSession):  # a guest: the host's game, not its own
            rules = self.app.answers.handler(lambda: self.app.routes.go("/rules"))
            shown = [widgets.icon_action(tr("Rules"), ft.Icons.MENU_BOOK, rules, identifier="open-rules")]
            return [*shown, leave_action(self.app)] if isinstance(self.session, MirrorSession) else shown
        if self.app.ctx.linker is not None:  # the phone build: shared with other phones, no server
            share = widgets.icon_action(tr("Share this table"), ft.Icons.SHARE,
                                        self.app.answers.handler(lambda: open_phone_share(self.app, self.game_id)),
                                        identifier="share-table")
        elif platform.IS_BROWSER:  # the phone build has no server to share from: one line says where it works
            say = self.app.answers.show_info
            share = widgets.icon_action(tr("Sharing the table"), ft.Icons.SHARE, self.app.answers.handler(
                lambda: say(tr("To share the table, start the app on a computer and choose to share it "
                               "there; the other phones join it from that screen. Here the game stays "
                               "on this phone."))),
                identifier="share-elsewhere")
        else:
            share = widgets.icon_action(tr("Share this table"), ft.Icons.SHARE,
                                        self.app.answers.handler(lambda: open_share_dialog(self.app, self.game_id)),
                                        identifier="share-table")
        return [share, widgets.icon_action(tr("Delete this game"), ft.Icons.DELETE_OUTLINE,
                                           self.app.answers.handler(self._delete), identifier="delete-game")]

    # -- body ----------------------------------------------------------------------------
    def body(self) -> list[ft.Control]:
        """The moment first: the round bar, what her turn asks, the standings; then the panels.

        At tablet width (``WIDE`` px and more) the moment and the standings sit on the left and the
        panels on the right; on a phone it is one column in that order.
        """
        view = self.view_data()
        part = self._part  # each part is sent again only when its drawing changed
        ended = view["ended"]
        over = trf("Game over: {reason}", reason=render(ended["reason"])) if ended else None
        reading = render(view["ended_reading"]) if view["ended_reading"] else None
        moment: list[ft.Control] = [
            part("table", lambda: table_banner(self.app), banner_inputs(self.app)),
            part("game-over", lambda: widgets.banner(over, self.sizes, identifier="game-over") if over else None),
            part("game-over-reading", lambda: widgets.message_text(reading, self.sizes, muted=True,
                                                                   identifier="early-reading") if reading else None)]
        panels, nows = self.panels.draw(view)
        first = self.panels.first_panels
        moment += panels[:first]  # panels of order 0 (a finished game's summary) come before the round bar
        tab = self.tab_value()
        compact = bool(nows) and asking(self.session)
        round_inputs = None if self.panels_only else self.round_bar.inputs(view, compact, tab)  # kept in that pass
        moment.append(part("round-bar", lambda: self.round_bar.draw(view, compact), round_inputs))
        moment.append(part("now", lambda: now_box(nows) if nows else None, (tab, tuple(map(id, nows)))))
        standings = (tab, page_width(self.app), view["game"], view["terms"], view["players"], view["rivals"],
                     view["round"], view["ended"] is None)  # all a standing is drawn from
        moment.append(part("scores", lambda: self.standings.draw(view), standings))
        rest: list[ft.Control] = []
        jumps = self.panels.jumps[self.panels.first_jumps:]
        later = self._sketching and not self.layout()  # a phone's opening: below the fold, drawn by the next pass
        rest.append(part("jump-bar", lambda: jump_bar(self, jumps, wrap=self.layout())
                         if len(jumps) > 1 and not later else None, (tab, tuple(jumps), later)))
        rest += panels[first:]
        rest.append(part("log", lambda: None if self._sketching else self.log.draw(view)))  # at the foot: next pass
        if not self.layout():
            return moment + rest
        return [ft.ResponsiveRow([
            ft.Column(moment, spacing=0, col=MOMENT_COLUMNS, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            ft.Column(rest, spacing=0, col=PANEL_COLUMNS, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        ], spacing=GAP, run_spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)]  # each part has its gap

    def layout(self) -> bool:
        return (self.app.page.width or 0) >= WIDE

    # -- what every panel is drawn with ----------------------------------------------------
    def tab_value(self) -> TabValue:
        """What of this tab every panel is drawn with: language, text size, layout, the right to play, the game as
        read (a game read again from disk gets handlers of its own) and the tiles open here."""
        return TabValue(language(), self.sizes, self.layout(), self.app.guests.can_play, self.app.guest,
                        id(self.session), frozenset(self.app.opened_tiles))

    def panel_services(self) -> PanelServices:
        """The parts of this tab the panels use, by name (made once: the tab's parts live as long as the tab)."""
        if self._services is None:
            app = self.app
            self._services = PanelServices(
                answers=app.answers, dialogs=PageDialogs(app.page), execute=app.changes.execute,
                redraw=lambda: app.answers.guard(app.routes.refresh),
                reveal=lambda key: app.screen.scroll.reveal(key) if app.screen is not None else None,
                typed_cards=app.changes.typed_cards, cue=lambda: draw_cue.play(app), opened_tiles=app.opened_tiles,
                owner=app)
        return self._services

    # -- bottom bar ----------------------------------------------------------------------
    def bottom(self) -> ft.Control:
        session = self.session
        undo, redo = session.undo_label, session.redo_label
        width = widgets.bar_button_width(page_width(self.app), 2)

        def key(pile: str, step: str | None) -> str:
            if step or pile not in self._bar_keys:
                self._bar_keys[pile] = f"{pile}-{self.changes_elsewhere}"
            return self._bar_keys[pile]

        # Drawn anew when another device's change arrives (their key counts those changes), so a tap made on the
        # button read before it names the old one and is judged against the game its player read, however late it
        # arrives (``flet_events``): never taking back the newer step. This tab's own taps update them in place, and
        # a button with nothing to take back keeps the key it had (it cannot be tapped, so no tap names it): Redo
        # emptied by a tap and filled by Undo is updated in place, not sent as five new controls each time.
        buttons = [
            widgets.bar_button(tr("Undo"), undo or tr("Nothing to undo"), ft.Icons.UNDO,
                               self.app.answers.handler(lambda: self.app.changes.undo(self.session)) if undo else None,
                               identifier="undo", sizes=self.sizes, width=width, key=key("undo", undo)),
            widgets.bar_button(tr("Redo"), redo or tr("Nothing to redo"), ft.Icons.REDO,
                               self.app.answers.handler(lambda: self.app.changes.redo(self.session)) if redo else None,
                               identifier="redo", sizes=self.sizes, width=width, key=key("redo", redo)),
        ]
        return ft.Row(buttons, spacing=widgets.BAR_PADDING, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    # -- actions -------------------------------------------------------------------------
    def _delete(self) -> None:
        name = str(self.session.doc["name"])
        self.app.changes.delete_game(self.game_id, name, after=lambda: self.app.routes.go("/"))

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") != "game" or message.get("id") != self.game_id:
            return
        if message.get("deleted"):
            self.app.answers.show_info(tr("This game was deleted on another screen."))
            if self.app.guest:
                return
            self.app.routes.go("/")
            return
        self.changed_elsewhere()

    def changed_elsewhere(self) -> None:
        """Another tab or another phone at the table changed the game: draw it, and bring what changed into view
        (her moment when her question closed, else the first part drawn differently)."""
        asked = self.follow.asked
        self.changes_elsewhere += 1
        self.refresh()
        if not (asked and not self.follow.asked):  # else her moment, where her answer is said, is scrolled to
            self.follow.the_change()


SCREEN = GameScreen
