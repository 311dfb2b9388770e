"""The game screen's round bar: the round and phase, Next, Next round, Finish and End early.

Whether each turn command is possible (or why not), and what it will do, is the game view's to say (its ``actions``
and ``says``, worked out by the core once per change): the round bar never asks the session.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING

import flet as ft

from companion.core.actions import action_key, allowed
from companion.core.checklist import next_warning
from companion.core.commands.base import Command
from companion.core.commands.turns import EndEarly, FinishGame, NextPhase, NextRound
from companion.core.views import GameView, PhaseStep
from companion.ui import widgets
from companion.ui.dialog_stack import close_answered
from companion.ui.i18n import render, tr, trf
from companion.ui.models import round_label
from companion.ui.panels import refused
from companion.ui.slots import Reused

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen


class RoundBar:
    """Draws the round bar of one game screen and answers its buttons."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        # its phase track and buttons, each kept while drawn from the same: Next round changes the round's number,
        # not the track of a round's first phase nor End early (``Reused``)
        self.kept = Reused()

    def draw(self, view: GameView, compact: bool = False) -> ft.Control:
        """The round and phase with Next. ``compact`` (her question open, Next waiting for it): one line."""
        screen = self.screen
        when = round_label(view["round"], view["rounds"])
        phases = view["phases"]
        index = next(i for i, p in enumerate(phases) if p["current"])
        step = trf("Phase {index} of {count}", index=index + 1, count=len(phases))
        phase = ft.Semantics(identifier="phase", content=ft.Text(
            view["phase_label"], size=screen.sizes.title, weight=ft.FontWeight.W_600, max_lines=2,
            overflow=ft.TextOverflow.ELLIPSIS))
        if compact:
            self.kept.controls([])  # the parts below leave the page: never handed back to Flet
            return self._line(view, when, step, phase)
        track, next_phase, *turns = self._kept_parts(view, phases, step)
        body = [
            ft.Row([ft.Container(phase, expand=True),
                    ft.Text(step, size=screen.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                   vertical_alignment=ft.CrossAxisAlignment.CENTER),
            track,
            next_phase,
            ft.Row(turns, wrap=True, spacing=10, run_spacing=10),
        ]
        subtitle = trf("{game} · {mode}", game=view["game_name"], mode=view["mode_name"])
        return screen.headings.section(when, body, screen.sizes, subtitle=subtitle, help_topic="rounds",
                                       identifier="round-bar", title_identifier="round", tab=screen.tab_value())

    def _kept_parts(self, view: GameView, phases: list[PhaseStep], step: str) -> list[ft.Control]:
        """The phase track, Next, Next round, and Finish and End early while the view says the game takes them, each
        kept while drawn from the same (each key names all its control shows)."""
        tab, listed = self.screen.tab_value(), view["actions"]
        next_phase = (says(view, NextPhase()), refused(listed, NextPhase()), view["ended"] is None)
        items: list[tuple[Hashable, Callable[[], ft.Control]]] = [
            (("track", tab, step, tuple(p["label"] for p in phases)), lambda: self._phase_track(phases, step)),
            (("next-phase", tab, next_phase), lambda: ft.Row([self._command_button(
                view, NextPhase(), "next-phase", ft.Icons.SKIP_NEXT, "filled", expand=True)])),
            (("next-round", tab, says(view, NextRound())), lambda: self._command_button(
                view, NextRound(), "next-round", ft.Icons.FAST_FORWARD, "tonal")),
        ]
        if allowed(listed, FinishGame()):
            items.append((("finish", tab), self._finish_button))
        if allowed(listed, self._end_early_command()):
            items.append((("end-early", tab), self._end_early_button))
        return self.kept.controls(items)

    def _finish_button(self) -> ft.Control:
        return widgets.tap_button(tr("Finish the game"), self.screen.app.answers.handler(self._finish),
                                  icon=ft.Icons.FLAG, identifier="finish-game", kind="tonal", sizes=self.screen.sizes)

    def _end_early_button(self) -> ft.Control:
        return widgets.tap_button(tr("End early"), self.screen.app.answers.handler(self._end_early),
                                  icon=ft.Icons.STOP_CIRCLE_OUTLINED, identifier="end-early", kind="outlined",
                                  sizes=self.screen.sizes)

    def inputs(self, view: GameView, compact: bool, tab: object) -> tuple[object, ...]:
        """All the round bar is drawn from: left as drawn while these are the same (a point changes none of them)."""
        listed = view["actions"]
        turns = tuple((listed[key := action_key(command)], view["says"].get(key))
                      for command in (NextPhase(), NextRound(), FinishGame(), self._end_early_command()))
        return (tab, compact, view["round"], view["rounds"], view["phases"], view["phase_label"], view["game_name"],
                view["mode_name"], view["ended"] is not None, turns)

    def _line(self, view: GameView, when: str, step: str, phase: ft.Control) -> ft.Control:
        """The round bar in one line: round and phase, and Next and Next round as icon buttons."""
        texts = ft.Column([
            ft.Semantics(header=True, identifier="round", label=trf("{round}, {step}", round=when, step=step),
                         content=ft.Text(when, size=self.screen.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT,
                                         max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)),
            phase,
        ], spacing=0, expand=True, tight=True)
        buttons = [self._icon_command(view, NextPhase(), "next-phase", ft.Icons.SKIP_NEXT),
                   self._icon_command(view, NextRound(), "next-round", ft.Icons.FAST_FORWARD)]
        row = ft.Row([texts, *buttons], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        card = ft.Card(content=ft.Container(row, padding=ft.Padding.symmetric(horizontal=14, vertical=4)),
                       variant=ft.CardVariant.FILLED, margin=0)
        return ft.Semantics(identifier="round-bar", container=True, content=card)

    def _icon_command(self, view: GameView, command: Command, ident: str, icon: ft.IconData) -> ft.Control:
        """A turn command as an icon button, announced by what it will do (or by its name while refused)."""
        if (text := says(view, command)) is not None:
            return widgets.icon_action(text, icon, self.screen.app.answers.handler(lambda: self._advance(command,
                                                                                                         ident)),
                                       identifier=ident, filled=True)
        return widgets.icon_action(_fallback(command), icon, None, identifier=ident, filled=True)

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

    def _command_button(self, view: GameView, command: Command, ident: str, icon: ft.IconData,
                        kind: str, expand: bool = False) -> ft.Control:
        """A turn button labelled with what it will do, enabled only while the view says the game takes it; Next
        refused in a game still going says why under it."""
        sizes = self.screen.sizes
        if (text := says(view, command)) is not None:
            tap = self.screen.app.answers.handler(lambda: self._advance(command, ident))
            return widgets.tap_button(text, tap, icon=icon, identifier=ident, kind=kind, sizes=sizes, expand=expand)
        button = widgets.tap_button(_fallback(command), None, icon=icon, identifier=ident, kind=kind, sizes=sizes,
                                    expand=expand)
        reason = refused(view["actions"], command)
        if not isinstance(command, NextPhase) or reason is None or view["ended"] is not None:
            return button
        said = ft.Semantics(identifier=f"{ident}-why", label=reason, container=True, exclude_semantics=True,
                            content=ft.Text(reason, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))
        return ft.Column([ft.Row([button]), said], spacing=4, expand=expand)

    def _advance(self, command: Command, ident: str) -> None:
        """Next/Next round; leaving a phase whose scoring items are not applied asks once first."""
        screen = self.screen
        app = screen.app
        warning = next_warning(screen.session.state, screen.session.content)
        if warning is None:
            app.changes.execute(screen.session, command, debounce=ident)
            return

        def go_on() -> None:
            close_answered(app.page)
            app.answers.guard(lambda: app.changes.execute(screen.session, command, debounce=ident))

        def stay() -> None:
            close_answered(app.page)

        app.page.show_dialog(widgets.confirm_dialog(
            tr("Rewards not applied yet"), render(warning), tr("Go on"), go_on, stay, screen.sizes))

    def _finish(self) -> None:
        screen = self.screen
        screen.app.answers.confirm(tr("Finish the game?"), tr("The scores are final (Undo can still take it back)."),
                                   tr("Finish"), lambda: screen.app.changes.execute(screen.session, FinishGame(),
                                                                                    debounce="finish"))

    def _end_early(self) -> None:
        """Stop the game now (time is up, a colony is lost), after a confirmation: the standings as they are."""
        screen = self.screen
        screen.app.answers.confirm(tr("End the game early?"),
                           tr("The game ends now with the standings as they are, and the records keep it as ended "
                              "early (Undo can still take it back)."),
                           tr("End early"),
                           lambda: screen.app.changes.execute(screen.session, self._end_early_command(),
                                                              debounce="end-early"))

    def _end_early_command(self) -> EndEarly:
        """End early as this device's setting reads such a game (who, if anyone, won)."""
        return EndEarly(self.screen.app.settings.early_end)


def says(view: GameView, command: Command) -> str | None:
    """What a turn button says it will do, as the view says it (None while the game refuses it)."""
    return view["says"].get(action_key(command))


def _fallback(command: Command) -> str:
    """A refused turn button's label: what it is, without what it would do."""
    return tr("Next phase") if isinstance(command, NextPhase) else tr("Next round")
