"""How a tab answers a tap: every handler runs guarded, so a core error becomes a readable message and anything else
a calm apology - never a traceback or a blank page."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from companion import spans
from companion.core.errors import GameError
from companion.ui import i18n, widgets
from companion.ui.dialog_stack import close_answered
from companion.ui.tab.base import TabBase

log = logging.getLogger("companion.ui")

T = TypeVar("T")


def explain(exc: BaseException) -> str:
    """What a player reads about an error: the core's own sentence, or a calm apology naming the problem."""
    if isinstance(exc, GameError):
        return str(exc)
    return i18n.trf("Something went wrong ({problem}). Your games are saved; go back and try again.",
                    problem=type(exc).__name__ + ": " + str(exc))


class Answers:
    """Handlers, errors, notes and confirmations of one tab: what a screen, a panel or a field needs to answer a tap
    (and nothing else of the tab)."""

    def __init__(self, tab: TabBase) -> None:
        self.tab = tab

    def handler(self, action: Callable[[], object]) -> Callable[[object], None]:
        """Wrap a zero-argument action as an event handler that never lets an error escape."""

        def run(event: object = None) -> None:
            with spans.tap(), self.tapping(event):
                self.guard(action)

        return run

    @contextmanager
    def tapping(self, event: object) -> Iterator[None]:
        """While a tap's handler runs, the control tapped (a change it makes answers there first: ``refresh``)."""
        self.tab.tapped = getattr(event, "control", None)
        try:
            yield
        finally:
            self.tab.tapped = None

    def guard(self, action: Callable[[], T]) -> T | None:
        with self.tab.own_context():
            return self._guarded(action)

    def _guarded(self, action: Callable[[], T]) -> T | None:
        try:
            return action()
        except GameError as exc:
            self.show_error(str(exc))
        except Exception as exc:
            log.exception("handler failed")
            self.show_error(explain(exc))
        return None

    def show_error(self, message: str) -> None:
        self.tab.page.show_dialog(widgets.error_snack(message, self.tab.sizes))

    def show_info(self, message: str) -> None:
        self.tab.page.show_dialog(widgets.info_snack(message, self.tab.sizes))

    def screen_changed(self) -> None:
        """A tap reached a control the screen had just drawn anew and nothing could take it in its place
        (``flet_events``): said, not lost in silence."""
        self.guard(lambda: self.show_error(i18n.tr("The screen changed as you tapped; nothing was done.")))

    def confirm(self, title: str, message: str, confirm_label: str, on_confirm: Callable[[], object]) -> None:
        """Ask first when the setting says so; otherwise act at once."""
        if not self.tab.settings.confirm_destructive:
            self.guard(on_confirm)
            return

        def ok() -> None:
            close_answered(self.tab.page)
            self.guard(on_confirm)

        def cancel() -> None:
            close_answered(self.tab.page)

        self.tab.page.show_dialog(widgets.confirm_dialog(title, message, confirm_label, ok, cancel, self.tab.sizes))
