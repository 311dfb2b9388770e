"""The join page: all a device that came through the shared address sees until it joins."""

from __future__ import annotations

import flet as ft

from companion.core.i18n import N_
from companion.ui import widgets
from companion.ui.fields import text_field
from companion.ui.i18n import tr
from companion.ui.screen import Screen
from companion.ui.share import JoinRefused

ROUTE = "/join"


class JoinScreen(Screen):
    title = N_("Join the table")
    identifier = "join"

    def setup(self) -> None:
        self.code = text_field(tr("Code from the host's screen"), self.sizes, keyboard_type=ft.KeyboardType.NUMBER,
                               text_size=self.sizes.title, on_change=_keep_in_sync)
        self.name = text_field(tr("Your name"), self.sizes, text_size=self.sizes.title, on_change=_keep_in_sync,
                               capitalization=ft.TextCapitalization.WORDS)
        self.problem = ft.Text(self.app.join_problem, size=self.sizes.body, color=ft.Colors.ERROR)
        self.app.join_problem = ""

    def leading(self) -> ft.Control | None:
        return None

    def body(self) -> list[ft.Control]:
        sizes = self.sizes
        if not self.app.ctx.table.active:
            return [ft.Text(tr("This table is not shared right now. Ask the host to share it again, "
                               "then scan the new QR code or type the new code."), size=sizes.body)]
        with_link = self.app.join_token is not None
        if with_link:
            intro = tr("You opened the host's join link. Type your name to join the game at this table.")
            fields: list[ft.Control] = [self.name.control]
        else:
            intro = tr("Type the code shown on the host's screen and your name to join the game at this table.")
            fields = [self.code.control, self.name.control]
        self.name.box.on_submit = self.app.answers.handler(self._join)
        return [
            ft.Text(intro, size=sizes.body),
            *fields,
            ft.Semantics(identifier="join-problem", live_region=True, content=self.problem),
            widgets.tap_button(tr("Join"), self.app.answers.handler(self._join), icon=ft.Icons.LOGIN,
                               identifier="join-submit", sizes=sizes),
            ft.Text(tr("The host chooses whether this device can play or only watch, and can end sharing at any "
                       "time."), size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT),
        ]

    def _join(self) -> None:
        table = self.app.ctx.table
        token = self.app.join_token
        try:
            if token is not None:
                device = table.join_with_token(token, self.name.box.value or "")
            else:
                device = table.join_with_code(self.code.box.value or "", self.name.box.value or "")
        except JoinRefused as exc:
            self.problem.value = str(exc)
            if exc.spent_link:  # offer the code instead, and take the spent link off the address bar
                self.app.join_token = None
                self.app.join_problem = str(exc)  # the join page built for the new address says it
                self.app.routes.go("/join")
            else:
                self.problem.update()
            return
        self.app.guests.joined(device)


def _keep_in_sync(_: object) -> None:
    """A change handler makes the client send every keystroke, so Join sees the typed value."""


SCREEN = JoinScreen
