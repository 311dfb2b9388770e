"""Join a table: this phone joins a game kept on another phone (a table of phones, no computer, no server).

Two steps, each saying what to do next: scan or paste the host's code (with this phone's name, for the host's
list), then show this phone's own code for the host to scan. Once the host's phone connects, the game screen of
the host's game opens (``table_view.attach_guest``); this phone never saves that game as its own.
"""

from __future__ import annotations

import logging

import flet as ft

from companion.core.i18n import N_
from companion.ui import widgets
from companion.ui.fields import changed_value, text_field
from companion.ui.i18n import tr
from companion.ui.screen import Screen
from companion.ui.tab.answers import explain
from companion.ui.table_view import attach_guest, code_box, linker_of, scan_code, scanner_of

ROUTE = "/table"
log = logging.getLogger("companion.ui")


class JoinTableScreen(Screen):
    title = N_("Join a table")
    identifier = "join-table"

    def setup(self) -> None:
        self.offer = ""
        self.name = ""
        self.answer: str | None = None  # this phone's code, once made
        self.problem = ""

    def body(self) -> list[ft.Control]:
        if self.answer is not None:
            return self._show_answer(self.answer)
        return self._ask_offer()

    def _ask_offer(self) -> list[ft.Control]:
        sizes = self.sizes
        intro = tr("On the host's phone, open the game and choose Share this table. Scan the code it shows, or "
                   "paste its text here, then tap Join.")
        offer = text_field(tr("The host's code"), sizes, value=self.offer, multiline=True, max_lines=3,
                           text_size=sizes.small, on_change=changed_value(self.app, self._offer_typed))
        name = text_field(tr("Your name"), sizes, value=self.name, text_size=sizes.title,
                          capitalization=ft.TextCapitalization.WORDS,
                          on_change=changed_value(self.app, self._name_typed))
        return [
            ft.Text(intro, size=sizes.body),
            ft.Semantics(identifier="table-offer-field", container=True, content=offer.control),
            ft.Semantics(identifier="table-name-field", container=True, content=name.control),
            ft.Semantics(identifier="table-join-problem", live_region=True, visible=bool(self.problem),
                         content=ft.Text(self.problem, size=sizes.body, color=ft.Colors.ERROR)),
            *self._scan_button(),
            widgets.tap_button(tr("Join"), self.app.answers.handler(self._join), icon=ft.Icons.LOGIN,
                               identifier="table-join", sizes=sizes),
            ft.Semantics(identifier="table-join-note", content=ft.Text(
                tr("The game stays on the host's phone; this phone shows it and sends your taps. The host chooses "
                   "whether this phone can play or only watch."),
                size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)),
        ]

    def _scan_button(self) -> list[ft.Control]:
        if scanner_of(self.app) is None:
            return []
        return [widgets.tap_button(tr("Scan the host's code"), self.app.answers.handler(self._scan),
                                   icon=ft.Icons.QR_CODE_SCANNER, identifier="table-scan-offer", kind="tonal",
                                   sizes=self.sizes)]

    def _scan(self) -> None:
        self.app.page.run_task(self._scanned)

    async def _scanned(self) -> None:
        """The host's code read by the camera: joined at once when the name is typed (else it waits in the field)."""
        offer = await scan_code(self.app)
        if not offer:
            return
        self.offer = offer
        if " ".join(self.name.split()):
            self.app.answers.guard(self._join)
        else:
            self.app.answers.guard(self.refresh)

    def _show_answer(self, answer: str) -> list[ft.Control]:
        sizes = self.sizes
        said = tr("Now show this code to the host: the host's phone scans it (or pastes its text) and taps Connect. "
                  "The game opens here as soon as the two phones are linked.")
        return [ft.Semantics(identifier="table-answer-steps", live_region=True,
                             content=ft.Text(said, size=sizes.body)),
                *code_box(self.app, answer, tr("QR code for the host's phone to scan"), "table-answer")]

    def _offer_typed(self, value: str) -> None:
        self.offer = value

    def _name_typed(self, value: str) -> None:
        self.name = value

    def _join(self) -> None:
        linker_of(self.app)
        name = " ".join(self.name.split())
        if not name:
            self.problem = tr("Type your name, so the host knows who joined.")
            self.refresh()
            return
        self.app.page.run_task(self._joining, self.offer.strip(), name)

    async def _joining(self, offer: str, name: str) -> None:
        try:
            link, answer = await linker_of(self.app).guest_join(offer)
        except Exception as exc:  # a code that is not one (BadCode) says so in plain words
            log.info("could not join with that code: %s", exc)
            self.problem = explain(exc)
            self.app.answers.guard(self.refresh)
            return
        self.answer, self.problem = answer, ""
        attach_guest(self.app, name, link)
        self.app.answers.guard(self.refresh)


SCREEN = JoinTableScreen
