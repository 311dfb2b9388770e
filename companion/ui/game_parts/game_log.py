"""The game screen's log: the latest lines, newest first, each worked out once and kept as drawn."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.core.i18n import language
from companion.core.schema import LogEntry
from companion.core.session import log_text
from companion.core.views import GameView
from companion.ui.i18n import render, tr, trf
from companion.ui.slots import Reused

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen

LOG_LINES = 30
LOG_TEXTS_KEPT = 500  # log lines kept as read (a screen shows LOG_LINES; an undo or another language adds some)


class GameLog:
    """Draws the log of one game screen: the lines drawn before are the same controls, which Flet's diff skips."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.lines = Reused()
        self.texts: dict[tuple[str, str], str] = {}  # the log's lines as read (``line``)

    def draw(self, view: GameView) -> ft.Control:
        entries = list(reversed(view["log"]))[:LOG_LINES]
        if not entries:
            lines: list[ft.Control] = [ft.Text(tr("Nothing has happened yet."), size=self.screen.sizes.small,
                                               color=ft.Colors.ON_SURFACE_VARIANT)]
        else:
            # Keyed by the entry's number: a new line is one line inserted at the top, not every line rewritten;
            # and the lines drawn before are the same controls (``Reused``), which Flet's diff skips.
            numbers = [e.get("n") for e in entries]
            keyed = None not in numbers and len(set(numbers)) == len(numbers)
            size = self.screen.sizes.small

            def line(text: str, key: str | None) -> Callable[[], ft.Control]:
                return lambda: ft.Text(text, size=size, key=key)

            texts = [(self.line(e), f"log-{e['n']}" if keyed else None) for e in entries]
            lines = self.lines.controls([((i if key is None else key, text, size), line(text, key))
                                             for i, (text, key) in enumerate(texts)])
        return self.screen.headings.section(tr("Game log"), [ft.Column(lines, spacing=4)], self.screen.sizes,
                                            identifier="log", tab=self.screen.tab_value())

    def line(self, entry: LogEntry) -> str:
        """A line of the log in the reader's language, worked out once: a line never changes once logged."""
        key = (language(), repr(entry))
        text = self.texts.get(key)
        if text is None:
            if len(self.texts) > LOG_TEXTS_KEPT:
                self.texts.clear()
            text = self.texts[key] = trf("R{round} · {phase} — {label}", round=entry["round"],
                                              phase=render(entry["phase"]), label=log_text(entry))
        return text
