"""A guest's tap is sent to the host and drawn by the host's answer: nothing is drawn on the tapping phone before it.

Flet runs a handler and then updates the page it was tapped on (a diff of the whole page) unless the handler
updated something itself. A guest's tap changes nothing on its own phone, so that update found nothing to send
and only cost the tapping phone's Python (~12 ms on the phone build at load 48). Here the tap runs as Flet runs an
event (its own context, the update flags reset first), through the tab's real ``Changes``.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.core.commands.scoring import AdjustScore
from companion.ui.tab.answers import Answers
from companion.ui.tab.base import TabBase
from companion.ui.tab.changes import Changes
from companion.ui.tab.guests import Guests
from tests.table.test_guest_screen import joined
from tests.ui.test_kept_panels import GAMES


def as_flet_runs_a_tap(action: Callable[[], Any]) -> bool:
    """Run ``action`` as Flet runs an event's handler; whether Flet would skip its update of the page after it."""
    def event() -> bool:
        ft.context.reset_auto_update()
        ft.context.reset_update_called()
        action()
        return ft.context.was_update_called()

    return contextvars.copy_context().run(event)


class _Page:
    """The tab's page: nothing is shown or sent here."""


def test_a_guests_tap_is_sent_and_no_update_of_its_page_follows(tmp_path: Path) -> None:
    screen, guest, host_store, _ = joined(tmp_path, GAMES["solo"])
    tab = TabBase(_Page(), screen.app.ctx)  # type: ignore[arg-type]
    answers = Answers(tab)
    routes: Any = SimpleNamespace()
    changes = Changes(tab, answers, routes, Guests(tab, answers, routes))
    mirror = guest.mirror
    assert mirror is not None
    before = mirror.revision
    assert as_flet_runs_a_tap(lambda: changes.execute(mirror, AdjustScore("p1", 1))), \
        "the host's answer draws the tap: Flet's update after the handler is skipped"
    assert mirror.revision > before and mirror.state["scores"] != {}, "the tap reached the host and came back"
    tab.debouncer = type(tab.debouncer)()  # Undo at once after the point: not a hurried second tap here
    assert as_flet_runs_a_tap(lambda: changes.undo(mirror))
    assert host_store.session(mirror.id).revision == mirror.revision, "both saved on the host"
    assert not as_flet_runs_a_tap(lambda: None), "a handler that draws nothing itself is followed by Flet's update"
