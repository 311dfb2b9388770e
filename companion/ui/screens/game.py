"""The game screen: round and phase with Next, colony points, module panels, the log, Undo/Redo.

Everything shown comes from ``companion.core.views.game_view``; every tap sends a core
command through the shared session. Whether Next, Next round or Finish is possible is
the core's answer (``session.can``), not the screen's.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from companion import platform, spans
from companion.core.broodmother import broodmother_view
from companion.core.broodmother.model import has_broodmother
from companion.core.broodmother.view import HerStanding
from companion.core.checklist import next_warning
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import EndEarly, FinishGame, NextPhase, NextRound
from companion.core.i18n import language
from companion.core.schema import JsonObject, LogEntry
from companion.core.session import Session, log_text
from companion.core.views import GameView, PhaseStep, PlayerStanding, RivalStanding, game_view
from companion.table.guest import MirrorSession
from companion.ui import draw_cue, kept, theme, widgets
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.kept import PanelSession, asked
from companion.ui.measure import fitting, text_width, widest_word
from companion.ui.models import round_label, signed
from companion.ui.panel_folds import Folds, fold_button, jump_bar
from companion.ui.panels import Panel, PanelContext, all_panels, panels_for
from companion.ui.return_path import Origin
from companion.ui.score_dialog import ask_total
from companion.ui.screen import GAP, Screen
from companion.ui.share_view import open_share_dialog
from companion.ui.slots import Reused, fingerprint
from companion.ui.table_view import open_phone_share, table_banner
from companion.ui.theme import MIN_TOUCH

if TYPE_CHECKING:
    from companion.ui.app import PageApp

ROUTE = "/game/:id"
DOT = 32  # px: a standing's colour disc
ROW_SPACING = 6  # px between a standing's pieces
NBSP = "\u00a0"  # inside one round's text, so a line never breaks it
HISTORY_GAP = "   "
LOG_LINES = 30
LOG_TEXTS_KEPT = 500  # log lines kept as read (a screen shows LOG_LINES; an undo or another language adds some)
WIDE = theme.WIDE  # px: from here on, two columns
MOMENT_SPAN = 5  # twelfths of the width the moment and the standings take at tablet width
MOMENT_COLUMNS: ft.ResponsiveNumber = {"xs": 12, "md": MOMENT_SPAN}
PANEL_COLUMNS: ft.ResponsiveNumber = {"xs": 12, "md": 12 - MOMENT_SPAN}


class GameScreen(Screen):
    title = "Game"
    identifier = "game"
    changes_game = True

    def __init__(self, app: PageApp, route: str, params: dict[str, str]) -> None:
        super().__init__(app, route, params)
        self.game_id = self.params["id"]
        self._first_panels = 0
        self._first_jumps = 0
        self.folds = Folds()  # panels folded on this device, read once shown
        self._answering: str | None = None  # while a tap is answered first: the part it was made in
        self._answered: int | None = None  # the revision an answer's first pass drew, until its second pass
        self._rest_waiting = False  # the second pass of an answer is on its way
        self._measured: spans.Tap | None = None  # the measured tap (``companion.spans``) its second pass belongs to
        self._panels_only = False  # in an answer's second pass: only the panels are drawn
        self.log_lines = Reused()  # the log's lines, and the jump bar's chips, kept from one drawing to the next
        self.jump_chips = Reused()
        self.player_rows = Reused()  # the standings' rows, each kept while drawn from the same
        self._log_texts: dict[tuple[str, str], str] = {}  # the log's lines as read (``_log_line``)
        self._shown_ended: bool | None = None  # whether the game was over when this screen last drew it
        self._drawn: dict[str, kept.Drawn] = {}  # what each panel on the page was drawn from
        self._nows: dict[str, list[ft.Control]] = {}  # what each panel's ``now`` part asked when last drawn

    # -- answering a tap ---------------------------------------------------------------------
    def refresh(self, touched: ft.Control | None = None) -> None:
        """Draw the screen again; after this tab's own tap (``touched``), answer where it was made first.

        The round bar, her moment, the standings, the jump bar, the log, the bars and the panel tapped are drawn
        and sent at once; the other panels follow in a second pass once that answer is on its way, each left as
        drawn meanwhile (on a phone they are below the fold; with every module in play Next answered in ~75 ms
        instead of ~110 in one pass). Anything else - another tab's change, a fold, a form - is drawn in one pass.
        """
        self._show_the_end()
        settled = set(self.folds.settled)
        try:
            self._refresh(touched)
        finally:
            self._follow_a_settled_panel(settled, touched)

    def _follow_a_settled_panel(self, before: set[str], touched: ft.Control | None) -> None:
        """A panel that this tab's tap just finished (its setup done) folds itself to one line under the player's
        finger: scroll to it, so the screen shows what changed rather than whatever slid up into its place."""
        if touched is None or not callable(getattr(self.app.page, "run_task", None)):
            return
        new = [ident for ident, _ in getattr(self, "_jumps", []) if ident in self.folds.settled - before
               and self.folds.is_folded(ident)]
        if new:
            self.app.page.run_task(self.scroll_to, new[0])

    def _refresh(self, touched: ft.Control | None) -> None:
        first = self._slot_of(touched) if touched is not None else None
        if first is None or not callable(getattr(self.app.page, "run_task", None)):
            self._answered = None  # everything drawn: no second pass needed
            super().refresh()
            return
        self._answering = first
        try:
            super().refresh()
        finally:
            self._answering = None
        self._answered = self.session.revision
        if not self._rest_waiting:
            self._rest_waiting = True
            self._measured = spans.later()  # a measured tap goes on in the second pass
            self.app.page.run_task(self._draw_the_rest)

    def _show_the_end(self) -> None:
        """When the game has just ended (her win, the ants' win, the last round), scroll to the top, where the
        result and the summary are: the player was looking at the panel tapped, and the end is news."""
        ended = self.session.state["ended"] is not None
        just_ended = ended and self._shown_ended is False
        self._shown_ended = ended
        if just_ended and callable(getattr(self.app.page, "run_task", None)):
            self.app.page.run_task(self.scroll_to_top)

    async def _draw_the_rest(self) -> None:
        """The second pass of an answer: the panels, as saved now (those nothing changed for are kept). The rest
        of the screen was drawn by the first pass from the same revision, so it is left as it is."""
        await asyncio.sleep(0)  # the first pass's patches go out first
        self._rest_waiting = False
        answered, self._answered = self._answered, None
        with spans.resumed(self._measured):
            if answered is None or self.app.screen is not self or self.view is None:
                return
            self._panels_only = answered == self.session.revision
            try:
                self.app.guard(super().refresh)
            finally:
                self._panels_only = False

    def _part(self, name: str, draw: Callable[[], ft.Control | None], inputs: object = None) -> ft.Control:
        """The part ``name`` of the screen drawn by ``draw``; left as it is on the page in an answer's second pass,
        or when it was drawn from equal ``inputs`` (all it is drawn from; the tests draw it again to check)."""
        if self._panels_only and self.slots.holds(name):
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
        return self.app.session(self.game_id)

    def view_data(self) -> GameView:
        session = self.session
        self.app.note_shown(session)  # the revision this screen shows, for two devices' taps
        return PanelSession(session).answer("game_view", lambda _: game_view(session))[0]

    def heading(self) -> str:
        return str(self.session.doc["name"])

    def leading(self) -> ft.Control | None:
        return None if self.app.guest else super().leading()

    def after_show(self) -> None:
        """Back from the rules a "?" opened: scroll to the section it was on (``?at=...``)."""
        self._shown_ended = self.session.state["ended"] is not None
        self.app.page.run_task(self.folds.load, self)
        if has_broodmother(self.session.state):
            draw_cue.prepare(self.app)  # the cue on her card needs its service on the page before her draw
        at = Origin.of(self.params).at
        if at:
            self.app.page.run_task(self.scroll_to, at)

    def actions(self) -> list[ft.Control]:
        if self.app.guest or isinstance(self.session, MirrorSession):  # a guest: the host's game, not its own
            rules = self.app.handler(lambda: self.app.go("/rules"))
            return [widgets.icon_action(tr("Rules"), ft.Icons.MENU_BOOK, rules, identifier="open-rules")]
        if self.app.ctx.linker is not None:  # the phone build: shared with other phones, no server
            share = widgets.icon_action(tr("Share this table"), ft.Icons.SHARE,
                                        self.app.handler(lambda: open_phone_share(self.app, self.game_id)),
                                        identifier="share-table")
        elif platform.IS_BROWSER:  # the phone build has no server to share from: one line says where it works
            share = widgets.icon_action(tr("Sharing the table"), ft.Icons.SHARE, self.app.handler(
                lambda: self.app.show_info(tr("To share the table, start the app on a computer and choose to share it "
                                              "there; the other phones join it from that screen. Here the game stays "
                                              "on this phone."))),
                identifier="share-elsewhere")
        else:
            share = widgets.icon_action(tr("Share this table"), ft.Icons.SHARE,
                                        self.app.handler(lambda: open_share_dialog(self.app, self.game_id)),
                                        identifier="share-table")
        return [share, widgets.icon_action(tr("Delete this game"), ft.Icons.DELETE_OUTLINE,
                                           self.app.handler(self._delete), identifier="delete-game")]

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
        moment: list[ft.Control] = [
            part("table", lambda: table_banner(self.app), self._table_said()),
            part("game-over", lambda: widgets.banner(over, self.sizes, identifier="game-over") if over else None)]
        panels, nows = self._panels(view)
        first = self._first_panels
        moment += panels[:first]  # panels of order 0 (a finished game's summary) come before the round bar
        tab = self._tab()
        compact = bool(nows) and self._asking()
        round_inputs = None if self._panels_only else self._round_inputs(view, compact, tab)  # kept in that pass
        moment.append(part("round-bar", lambda: self._round_bar(view, compact), round_inputs))
        moment.append(part("now", lambda: self._now(nows) if nows else None, (tab, tuple(map(id, nows)))))
        standings = (tab, self._page_width(), view["game"], view["terms"], view["players"], view["rivals"],
                     view["round"], view["ended"] is None)  # all a standing is drawn from
        moment.append(part("scores", lambda: self._players(view), standings))
        rest: list[ft.Control] = []
        jumps = self._jumps[self._first_jumps:]
        rest.append(part("jump-bar", lambda: jump_bar(self, jumps, wrap=self._wide()) if len(jumps) > 1 else None,
                         (tab, tuple(jumps))))
        rest += panels[first:]
        rest.append(part("log", lambda: self._log(view)))
        if not self._wide():
            return moment + rest
        return [ft.ResponsiveRow([
            ft.Column(moment, spacing=0, col=MOMENT_COLUMNS, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
            ft.Column(rest, spacing=0, col=PANEL_COLUMNS, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        ], spacing=GAP, run_spacing=0, vertical_alignment=ft.CrossAxisAlignment.START)]  # each part has its gap

    def _table_said(self) -> object:
        """All the table's banner is drawn from: on a guest's phone, the link's state and its role."""
        guest = self.app.ctx.table_guest
        return (language(), self.sizes.scale, guest.status if guest else None, guest.role if guest else None)

    def _now(self, controls: list[ft.Control]) -> ft.Control:
        """What this moment asks (her card, her question and its answers, the token), framed, without a heading."""
        box = ft.Container(ft.Column(controls, spacing=6), padding=ft.Padding.symmetric(horizontal=10, vertical=8),
                           border_radius=14, border=ft.Border.all(2, ft.Colors.PRIMARY))
        key = ft.ScrollKey("now")  # type: ignore[call-arg]
        return ft.Semantics(identifier="now", container=True, label=tr("Her turn"), content=box, key=key)

    def _asking(self) -> bool:
        """Her moment holds the top of the screen, so the round bar is one line: her question is open (the moment is
        its answer; Next waits for it), or her card was just drawn and its instructions are under it, all on the
        first phone screen."""
        session = PanelSession(self.session)
        if not has_broodmother(session.state):
            return False
        view = asked(session, "broodmother_view", lambda state: broodmother_view(state, session.content))
        turn = view["turn"]
        return bool(view["question"]) or bool(view["report_draw"] and turn and not turn["cancelled"])

    def layout(self) -> bool:
        return self._wide()

    def _wide(self) -> bool:
        return (self.app.page.width or 0) >= WIDE

    def _round_bar(self, view: GameView, compact: bool = False) -> ft.Control:
        """The round and phase with Next. ``compact`` (her question open, Next waiting for it): one line."""
        session = PanelSession(self.session)  # its questions asked once per change
        when = round_label(view["round"], view["rounds"])
        phases = view["phases"]
        index = next(i for i, p in enumerate(phases) if p["current"])
        step = trf("Phase {index} of {count}", index=index + 1, count=len(phases))
        phase = ft.Semantics(identifier="phase", content=ft.Text(
            view["phase_label"], size=self.sizes.title, weight=ft.FontWeight.W_600, max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS))
        if compact:
            return self._round_line(view, when, step, phase)
        turn_buttons: list[ft.Control] = [
            self._command_button(session, NextRound(), "next-round", ft.Icons.FAST_FORWARD, "tonal"),
        ]
        if session.can(FinishGame()):
            turn_buttons.append(widgets.tap_button(tr("Finish the game"), self.app.handler(self._finish),
                                                   icon=ft.Icons.FLAG, identifier="finish-game", kind="tonal",
                                                   sizes=self.sizes))
        if session.can(EndEarly()):
            turn_buttons.append(widgets.tap_button(tr("End early"), self.app.handler(self._end_early),
                                                   icon=ft.Icons.STOP_CIRCLE_OUTLINED, identifier="end-early",
                                                   kind="outlined", sizes=self.sizes))
        body = [
            ft.Row([ft.Container(phase, expand=True),
                    ft.Text(step, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            self._phase_track(phases, step),
            ft.Row([self._command_button(session, NextPhase(), "next-phase", ft.Icons.SKIP_NEXT, "filled",
                                         expand=True)]),
            ft.Row(turn_buttons, wrap=True, spacing=10, run_spacing=10),
        ]
        subtitle = trf("{game} · {mode}", game=view["game_name"], mode=view["mode_name"])
        return widgets.section(when, body, self.sizes, subtitle=subtitle,
                               help_topic="rounds", identifier="round-bar", title_identifier="round")

    def _round_inputs(self, view: GameView, compact: bool, tab: tuple[object, ...]) -> tuple[object, ...]:
        """All the round bar is drawn from: left as drawn while these are the same (a point changes none of them)."""
        session = PanelSession(self.session)
        turns = tuple((session.can(command), self._says(session, command), session.why_not(command))
                      for command in (NextPhase(), NextRound(), FinishGame()))
        return (tab, compact, view["round"], view["rounds"], view["phases"], view["phase_label"], view["game_name"],
                view["mode_name"], view["ended"] is not None, turns)

    @staticmethod
    def _says(session: Session, command: Command) -> str | None:
        """What a turn button says it will do (None while the core refuses it), worked out once per change."""
        if not session.can(command):
            return None
        return asked(session, ("says", command), lambda state: render(command.describe(state, session.content)))

    def _round_line(self, view: GameView, when: str, step: str, phase: ft.Control) -> ft.Control:
        """The round bar in one line: round and phase, and Next and Next round as icon buttons."""
        session = PanelSession(self.session)
        texts = ft.Column([
            ft.Semantics(header=True, identifier="round", label=trf("{round}, {step}", round=when, step=step),
                         content=ft.Text(when, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT, max_lines=1,
                overflow=ft.TextOverflow.ELLIPSIS)),
            phase,
        ], spacing=0, expand=True, tight=True)
        buttons = [self._icon_command(session, NextPhase(), "next-phase", ft.Icons.SKIP_NEXT),
                   self._icon_command(session, NextRound(), "next-round", ft.Icons.FAST_FORWARD)]
        row = ft.Row([texts, *buttons], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        card = ft.Card(content=ft.Container(row, padding=ft.Padding.symmetric(horizontal=14, vertical=4)),
                       variant=ft.CardVariant.FILLED, margin=0)
        return ft.Semantics(identifier="round-bar", container=True, content=card)

    def _icon_command(self, session: Session, command: Command, ident: str, icon: ft.IconData) -> ft.Control:
        """A turn command as an icon button, announced by what it will do (or the core's reason it cannot)."""
        if (text := self._says(session, command)) is not None:
            return widgets.icon_action(text, icon, self.app.handler(lambda: self._advance(command, ident)),
                                       identifier=ident, filled=True)
        fallback = tr("Next phase") if isinstance(command, NextPhase) else tr("Next round")
        return widgets.icon_action(fallback, icon, None, identifier=ident, filled=True)

    def _phase_track(self, phases: list[PhaseStep], step: str) -> ft.Control:
        """The round's phases as a bar: done, current and to come at a glance."""
        index = next(i for i, p in enumerate(phases) if p["current"])
        cells: list[ft.Control] = [
            ft.Container(height=10, expand=True, border_radius=5, tooltip=p["label"],
                         bgcolor=ft.Colors.PRIMARY if i <= index else ft.Colors.OUTLINE_VARIANT)
            for i, p in enumerate(phases)
        ]
        names = ", ".join(p["label"] for p in phases)
        return widgets.labelled(ft.Row(cells, spacing=4), trf("{step}: {names}", step=step, names=names), "phase-track")

    def _command_button(self, session: Session, command: Command, ident: str, icon: ft.IconData,
                        kind: str, expand: bool = False) -> ft.Control:
        """A turn button labelled with what it will do, enabled only when the core allows it."""
        if (text := self._says(session, command)) is not None:
            tap = self.app.handler(lambda: self._advance(command, ident))
            return widgets.tap_button(text, tap, icon=icon, identifier=ident, kind=kind, sizes=self.sizes,
                                      expand=expand)
        fallback = tr("Next phase") if isinstance(command, NextPhase) else tr("Next round")
        button = widgets.tap_button(fallback, None, icon=icon, identifier=ident, kind=kind, sizes=self.sizes,
                                    expand=expand)
        reason = session.why_not(command)
        if not isinstance(command, NextPhase) or reason is None or session.state["ended"] is not None:
            return button
        said = ft.Semantics(identifier=f"{ident}-why", label=reason, container=True, exclude_semantics=True,
                            content=ft.Text(reason, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))
        return ft.Column([ft.Row([button]), said], spacing=4, expand=expand)

    def _advance(self, command: Command, ident: str) -> None:
        """Next/Next round; leaving a phase whose scoring items are not applied asks once first."""
        warning = next_warning(self.session.state, self.session.content)
        if warning is None:
            self.app.execute(self.session, command, debounce=ident)
            return

        def go_on() -> None:
            self.app.page.pop_dialog()
            self.app.guard(lambda: self.app.execute(self.session, command, debounce=ident))

        def stay() -> None:
            self.app.page.pop_dialog()

        self.app.page.show_dialog(widgets.confirm_dialog(
            tr("Rewards not applied yet"), render(warning), tr("Go on"), go_on, stay, self.sizes))

    # -- players -------------------------------------------------------------------------
    def _players(self, view: GameView) -> ft.Control:
        """Every player's standing, one compact row each: the table's totals on one phone screen."""
        width = self._standings_width()
        rows = self.player_rows.controls([self._row_of(view, player, width) for player in view["players"]])
        body: list[ft.Control] = []
        her = next((p for p in view["players"] if p["broodmother"] is not None), None)
        if her is not None:  # the asymmetric variant: who plays her, and how
            said = trf("{name} plays the Broodmother: draws and resolves her cards with this app.", name=her["name"])
            body.append(ft.Semantics(identifier="who-plays-her", container=True, label=said, exclude_semantics=True,
                                     content=ft.Text(said, size=self.sizes.small)))
        rows += [self._rival_row(view, rival, width) for rival in view["rivals"]]
        body.append(ft.Column(rows, spacing=4))
        return widgets.section(view["terms"]["points"], body, self.sizes, help_topic="scores", identifier="scores")

    def _rival_row(self, view: GameView, rival: RivalStanding, width: float) -> ft.Control:
        """The Broodmother of a solo or co-op game under the colonies: her total and her points by round, without
        -/+ (her cards and her Slumber book them), so "She gains 1 Colony Point" shows where the points are."""
        total_width = max(64, self.sizes.headline * 2.8)
        room = width - DOT - MIN_TOUCH - total_width - 3 * ROW_SPACING
        history = self._history(rival, view["round"], room, at_least_one=True)
        assert history is not None
        who = ft.Column([ft.Text(rival["name"], size=self.sizes.body, weight=ft.FontWeight.W_600, max_lines=2,
                                 overflow=ft.TextOverflow.ELLIPSIS), history], spacing=0, expand=True, tight=True)
        total = ft.Container(ft.Text(str(rival["total"]), size=self.sizes.headline, weight=ft.FontWeight.W_700),
                             width=total_width, alignment=ft.Alignment.CENTER)
        row = ft.Row([widgets.colour_dot(None, self.sizes, rival["name"][:1].upper(), diameter=DOT), who, total,
                      ft.Container(width=MIN_TOUCH)],  # her total under the colonies' totals, where "+" would be
                     spacing=ROW_SPACING, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        said = trf("{name}: {total} {cp}, booked by her cards and her Slumber", name=rival["name"],
                   total=rival["total"], cp=view["terms"]["cp"])
        return widgets.labelled(row, said, f"total-{rival['id']}")

    def _row_of(self, view: GameView, player: PlayerStanding, width: float
                ) -> tuple[str, Callable[[], ft.Control]]:
        """A standing's row and all it is drawn from: a row drawn from the same is the row on the page (``Reused``),
        so a point given to one player builds, compares and sends that player's row alone."""
        her = player["broodmother"]
        if her is not None:
            return repr((self._tab(), view["terms"], player)), lambda: self._her_row(player, her)
        pid = player["id"]
        session = PanelSession(self.session)  # asked once per change, here and by the row's buttons
        can = tuple(session.can(AdjustScore(pid, delta)) for delta in (-1, 1))
        drawn_from = (self._tab(), width, view["terms"], view["round"], view["ended"] is None, player, can)
        return repr(drawn_from), lambda: self._player_row(view, player, width)

    def _her_row(self, player: PlayerStanding, her: HerStanding) -> ft.Control:
        """The Broodmother's player: her eggs and unlocked powers instead of a colony's points (her CP, booked by
        her cards, is her total)."""
        eggs = trn("1 egg", "{n} eggs", her["eggs"])
        powers = (trf("powers: {powers}", powers=", ".join(her["powers"])) if her["powers"]
                  else tr("no power unlocked yet"))
        detail = trf("{eggs} · {powers}", eggs=eggs, powers=powers)
        who = ft.Column([ft.Text(trf("{name} (Broodmother)", name=player["name"]), size=self.sizes.body,
                                 weight=ft.FontWeight.W_600),
                         ft.Text(detail, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                        spacing=0, expand=True, tight=True)
        total = ft.Container(ft.Text(str(player["total"]), size=self.sizes.headline, weight=ft.FontWeight.W_700),
                             width=max(64, self.sizes.headline * 2.8), alignment=ft.Alignment.CENTER)
        row = ft.Row([widgets.colour_dot(player["colour"], self.sizes, player["name"][:1].upper(), diameter=DOT),
                      who, total, ft.Container(width=MIN_TOUCH)],  # under the ants' totals, where "+" would be
                     spacing=ROW_SPACING, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        said = trf("{name} plays the Broodmother: {detail}; {total} {cp}", name=player["name"], detail=detail,
                   total=player["total"], cp=self.view_data()["terms"]["cp"])
        return widgets.labelled(row, said, f"player-{player['id']}")

    def _standings_width(self) -> float:
        """How wide a standing's row is (px): the content's width, or the moment's column at tablet width, inside
        the section's card."""
        width = self._page_width() - 2 * self._side_padding()
        if self._wide():
            width = (width - GAP) * MOMENT_SPAN / 12
        return width - 2 * widgets.SECTION_PADDING

    def _player_row(self, view: GameView, player: PlayerStanding, width: float) -> ft.Control:
        """Colour, name, -/total/+, and the points by round: under the name where a round fits beside the
        buttons, else on a line of its own under the row (the larger text sizes). A name wider than its column
        beside the buttons takes a line of its own above them, whole ("Alexandrina", not "Ale...")."""
        pid, name, point = player["id"], player["name"], view["terms"]["point"]
        total_width = max(64, self.sizes.headline * 2.8)
        beside = width - DOT - 2 * MIN_TOUCH - total_width - 4 * ROW_SPACING  # the name's column
        fits = self._history(player, view["round"], beside)
        under = fits is None  # not even a round fits beside the buttons: the history takes a line of its own
        history = fits or self._history(player, view["round"], width - DOT - ROW_SPACING, at_least_one=True)
        assert history is not None
        above = widest_word(name, self.sizes.body) > beside or text_width(name, self.sizes.body) > beside * 2
        name_text = ft.Text(name, size=self.sizes.body, weight=ft.FontWeight.W_600, max_lines=None if above else 1,
                            overflow=ft.TextOverflow.VISIBLE if above else ft.TextOverflow.ELLIPSIS)
        dot = widgets.colour_dot(player["colour"], self.sizes, name[:1].upper(), diameter=DOT)
        shown: list[ft.Control] = [] if above else [name_text]
        who = ft.Column(shown if under else [*shown, history], spacing=0, expand=True, tight=True)
        row: ft.Control = ft.Row([
            ft.Container(width=DOT) if above else dot,
            who,
            widgets.icon_action(trf("Take 1 {point} from {name}", point=point, name=name), ft.Icons.REMOVE,
                                self._adjust(pid, -1), identifier=f"minus-{pid}", filled=True),
            ft.Container(self._total_button(view, player), width=total_width, alignment=ft.Alignment.CENTER),
            widgets.icon_action(trf("Give {name} 1 {point}", name=name, point=point), ft.Icons.ADD,
                                self._adjust(pid, 1), identifier=f"plus-{pid}", filled=True),
        ], spacing=ROW_SPACING, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if under:
            row = ft.Column([row, ft.Container(history, padding=ft.Padding.only(left=DOT + ROW_SPACING))], spacing=0)
        if above:
            heading = ft.Row([dot, ft.Container(name_text, expand=True)], spacing=ROW_SPACING,
                             vertical_alignment=ft.CrossAxisAlignment.CENTER)
            row = ft.Column([heading, row], spacing=0)
        return ft.Semantics(identifier=f"player-{pid}", container=True, content=row)

    def _adjust(self, pid: str, delta: int) -> widgets.EventHandler | None:
        """The -/+ button's tap: one point taken or given, or None while the core refuses it."""
        if not PanelSession(self.session).can(AdjustScore(pid, delta)):
            return None
        return self.app.handler(lambda: self.app.execute(self.session, AdjustScore(pid, delta)))

    def _total_button(self, view: GameView, player: PlayerStanding) -> ft.Control:
        """The total, large; a tap asks for a new total."""
        pid, name, cp, total = player["id"], player["name"], view["terms"]["cp"], player["total"]
        type_total = self.app.handler(lambda: self._ask_total(player, cp))
        return ft.Semantics(
            identifier=f"total-{pid}", button=True, container=True, exclude_semantics=True,
            label=trf("{name}: {total} {cp}. Tap to type a new total", name=name, total=total, cp=cp),
            on_tap=type_total,
            content=ft.TextButton(content=ft.Text(str(total), size=self.sizes.headline, weight=ft.FontWeight.W_700,
                                                  max_lines=1, no_wrap=True),
                                  on_click=type_total, height=max(MIN_TOUCH, self.sizes.headline * 2),
                                  style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6)),
                                  disabled=bool(view["ended"])),
        )

    def _history(self, player: PlayerStanding | RivalStanding, current: int, room: float, at_least_one: bool = False
                 ) -> ft.Control | None:
        """Per round: points gained and, in brackets, the running total, the latest round first and as many
        rounds as fit one line of ``room`` px (None if not one does, unless ``at_least_one``); a round's text
        never breaks, and every round is heard, oldest first (the chart shows them all too)."""
        rounds = list(zip(player["by_round"], player["history"], strict=False))[:current]
        latest_first = [trf("R{round} {gain} ({total})", round=i, gain=signed(gain), total=running).replace(" ", NBSP)
                        for i, (gain, running) in reversed(list(enumerate(rounds, 1)))]
        shown = fitting(latest_first, self.sizes.small, room, HISTORY_GAP)
        if not shown and not at_least_one:
            return None
        said = "; ".join(trf("round {round} {gain}, total {total}", round=i, gain=signed(gain), total=running)
                         for i, (gain, running) in enumerate(rounds, 1))
        return widgets.labelled(ft.Text(HISTORY_GAP.join(shown or latest_first[:1]), size=self.sizes.small,
                                        color=ft.Colors.ON_SURFACE_VARIANT),
                                trf("By round: {rounds}", rounds=said), f"history-{player['id']}")

    def _ask_total(self, player: PlayerStanding, cp: str) -> None:
        """Direct entry: type the total; the difference is booked in this round by the core."""
        ask_total(self.app, self.session, player, cp)

    # -- panels and log ------------------------------------------------------------------
    def _panels(self, view: GameView) -> tuple[list[ft.Control], list[ft.Control]]:
        """The panels as sections (folded ones as their heading), and what their ``now`` parts ask."""
        out: list[ft.Control] = []
        nows: list[ft.Control] = []
        self._jumps: list[tuple[str, str]] = []
        places = self._places(panels_for(self.session.state))
        self._first_panels = sum(order <= 0 for _, order, _ in places)
        self._first_jumps = sum(order <= 0 and entry is not None for _, order, entry in places)
        self.folds.settled = set()
        tab = self._tab()
        for ident, _, entry in places:
            if entry is None:  # not in this game now: an empty slot keeps the page's outline
                out.append(self.slots.part(ident, None))
                self._drawn.pop(ident, None)  # drawn afresh when it comes back
                self._nows.pop(ident, None)
                continue
            part, title, asks = self._panel(ident, *entry, view, tab)
            nows += asks
            self._jumps.append((ident, title))
            out.append(part)
        return out, nows

    def _tab(self) -> tuple[object, ...]:
        """What of this tab every panel is drawn with: language, text size, layout, the right to play, the game as
        read (a game read again from disk gets handlers of its own) and the tiles open here."""
        return (language(), self.sizes.scale, self.layout(), self.app.can_play, self.app.guest, id(self.session),
                frozenset(self.app.opened_tiles))

    def _panel(self, ident: str, panel: Panel, module_id: str | None, view: GameView, tab: tuple[object, ...]
               ) -> tuple[ft.Control, str, list[ft.Control]]:
        """One panel in its slot, its title (for the jump bar) and what its ``now`` part asks; left as it is on the
        page when none of the parts of the game it read were touched since it was drawn (``companion.ui.kept``)."""
        asking = PanelSession(self.session)  # notes the parts of the game the panel reads
        ctx = PanelContext(self.app, asking, _noting(view, asking.reads), module_id)
        inputs: object = None
        keep = False
        try:
            title, folded = self._panel_heading(ident, panel, ctx)
            inputs = (tab, folded, title, panel.reads(ctx) if panel.reads is not None else None)
            drawn = self._drawn.get(ident)
            keep = drawn is not None and self.slots.holds(ident) and drawn.still(inputs, self.session)
            asks = self._asks(ident, panel, ctx, keep)
            if self._answering not in (None, ident) and self.slots.holds(ident):
                return self.slots.keep(ident), title, asks  # drawn in the answer's second pass
            if keep and not kept.CHECK:
                return self.slots.keep(ident), title, asks
            body = [] if folded else panel.build(ctx)
        except kept.StaleDrawing:
            raise
        except Exception as exc:  # one broken panel must not take the game screen down
            asks, keep, inputs, title = [], False, None, panel.title_for(ctx)
            body = [widgets.banner(trf("This panel could not be shown: {problem}", problem=str(exc)), self.sizes,
                                   identifier=f"{ident}-error", error=True)]
        part = self.slots.part(ident, widgets.section(
            title, body, self.sizes, help_topic=panel.help_topic or module_id, identifier=ident, anchor=True,
            actions=[fold_button(self, ident, title)]))
        if inputs is None:
            self._drawn.pop(ident, None)
        else:
            self._drawn[ident] = kept.Drawn(inputs, asking, self.session)
        if keep:
            kept.same_drawing(ident, self.slots.unchanged(ident))
        return part, title, asks

    def _asks(self, ident: str, panel: Panel, ctx: PanelContext, still: bool) -> list[ft.Control]:
        """What a panel's ``now`` part asks: drawn from what the panel is drawn from, so while the panel is kept the
        controls drawn last (the same objects, which the "now" part keeps and Flet's diff skips)."""
        if panel.now is None or self._panels_only:
            return []
        last = self._nows.get(ident)
        if still and last is not None and not kept.CHECK:
            return last
        asks = self._nows[ident] = panel.now(ctx)
        if still and last is not None:  # the tests draw it all the same: it must come out as it is
            kept.same_drawing(f"{ident} (now)", fingerprint(asks) == fingerprint(last))
        return asks

    def _panel_heading(self, ident: str, panel: Panel, ctx: PanelContext) -> tuple[str, bool]:
        """A panel's title and whether it is folded (worked out at each drawing: they are short)."""
        settled = panel.settled is not None and panel.settled(ctx)
        if settled:
            self.folds.settled.add(ident)
        folded = self.folds.is_folded(ident)
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
        for panel, module_id in [*all_panels(self.session.state), *chosen]:
            ident = f"panel-{module_id or panel.id}"  # a module's own panel and its generic one share a place
            places.setdefault(ident, (ident, panel.order, now.get(ident)))
        return list(places.values())

    def _log(self, view: GameView) -> ft.Control:
        entries = list(reversed(view["log"]))[:LOG_LINES]
        if not entries:
            lines: list[ft.Control] = [ft.Text(tr("Nothing has happened yet."), size=self.sizes.small,
                                               color=ft.Colors.ON_SURFACE_VARIANT)]
        else:
            # Keyed by the entry's number: a new line is one line inserted at the top, not every line rewritten;
            # and the lines drawn before are the same controls (``Reused``), which Flet's diff skips.
            numbers = [e.get("n") for e in entries]
            keyed = None not in numbers and len(set(numbers)) == len(numbers)
            size = self.sizes.small

            def line(text: str, key: str | None) -> Callable[[], ft.Control]:
                return lambda: ft.Text(text, size=size, key=key)

            texts = [(self._log_line(e), f"log-{e['n']}" if keyed else None) for e in entries]
            lines = self.log_lines.controls([((i if key is None else key, text, size), line(text, key))
                                             for i, (text, key) in enumerate(texts)])
        return widgets.section(tr("Game log"), [ft.Column(lines, spacing=4)], self.sizes, identifier="log")

    def _log_line(self, entry: LogEntry) -> str:
        """A line of the log in the reader's language, worked out once: a line never changes once logged."""
        key = (language(), repr(entry))
        text = self._log_texts.get(key)
        if text is None:
            if len(self._log_texts) > LOG_TEXTS_KEPT:
                self._log_texts.clear()
            text = self._log_texts[key] = trf("R{round} · {phase} — {label}", round=entry["round"],
                                              phase=render(entry["phase"]), label=log_text(entry))
        return text

    # -- bottom bar ----------------------------------------------------------------------
    def bottom(self) -> ft.Control:
        session = self.session
        undo, redo = session.undo_label, session.redo_label
        return ft.Row([
            widgets.bar_button(tr("Undo"), undo or tr("Nothing to undo"), ft.Icons.UNDO,
                               self.app.handler(lambda: self.app.undo(self.session)) if undo else None,
                               identifier="undo", sizes=self.sizes),
            widgets.bar_button(tr("Redo"), redo or tr("Nothing to redo"), ft.Icons.REDO,
                               self.app.handler(lambda: self.app.redo(self.session)) if redo else None,
                               identifier="redo", sizes=self.sizes),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)

    # -- actions -------------------------------------------------------------------------
    def _finish(self) -> None:
        self.app.confirm(tr("Finish the game?"), tr("The scores are final (Undo can still take it back)."),
                         tr("Finish"), lambda: self.app.execute(self.session, FinishGame(), debounce="finish"))

    def _end_early(self) -> None:
        """Stop the game now (time is up, a colony is lost), after a confirmation: the standings as they are."""
        self.app.confirm(tr("End the game early?"),
                         tr("The game ends now with the standings as they are, and the records keep it as ended "
                            "early (Undo can still take it back)."),
                         tr("End early"), lambda: self.app.execute(self.session, EndEarly(), debounce="end-early"))

    def _delete(self) -> None:
        name = str(self.session.doc["name"])
        self.app.delete_game(self.game_id, name, after=lambda: self.app.go("/"))

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") != "game" or message.get("id") != self.game_id:
            return
        if message.get("deleted"):
            self.app.show_info(tr("This game was deleted on another screen."))
            if self.app.guest:
                return
            self.app.go("/")
            return
        self.refresh()




def _noting(view: GameView, reads: set[str]) -> GameView:
    """The game view as a panel reads it: each entry read notes the parts of the game it comes from."""
    return cast(GameView, kept.ReadView(cast("dict[str, Any]", view), reads))


def __getattr__(name: str) -> type[GameScreen]:
    """``SCREEN``, the screen the route shows: the declarative prototype under ``COMPANION_DECLARATIVE=1`` or ``2``
    (issue 26, docs/ARCHITECTURE.md "Redraw"), imported only then."""
    if name != "SCREEN":
        raise AttributeError(name)
    if os.environ.get("COMPANION_DECLARATIVE") in ("1", "2"):
        from companion.ui.declarative import DeclarativeGameScreen

        return DeclarativeGameScreen
    return GameScreen
