"""A method's answer for a control the page no longer has is taken, not fatal to the tab (Flet 1.0.5).

A control's method runs on the client (a list's ``scroll_to``, a service's call) and its answer comes back later. Flet
1.0.5's ``Session.handle_invoke_method_results`` raises when that control is no longer registered - the screen
changed meanwhile (a wizard's list scrolled as Start game opened the game) - and its served receive loop ends on it:
the tab's connection is dropped, the client reconnects a few seconds later, and every tap made in between is lost with
no word (the four-player journey's first + after the wizard, 2026-12-07: "Control with ID 68 is not registered", 3 of 4
runs on an Android phone's timing). Here the answer is handed to whoever waits for it, as for a control still there,
and nothing is raised. Only for Flet 1.0.5 (a later Flet is left as it is).
"""

from __future__ import annotations

import logging
from typing import Any

from companion.ui.flet_diff import FOR_FLET

log = logging.getLogger("companion.ui")


def _handle_invoke_method_results(session: Any, control_id: int, call_id: str, result: Any,
                                  error: str | None) -> None:
    """The waiter of ``call_id`` gets its answer, whether or not its control is still on the page."""
    calls = session._Session__method_calls
    waiter = calls.pop(call_id, None)
    if waiter is None:
        return
    if control_id not in session._Session__index:
        log.info("a method's answer for control %s, no longer on the page, is handed on", control_id)
    session._Session__method_call_results[waiter] = (result, error)
    waiter.set()


def install() -> bool:
    """Patch Flet 1.0.5's ``Session`` (once); whether it is in."""
    from flet.messaging.session import Session
    from flet.version import flet_version

    if flet_version != FOR_FLET:
        return False
    if getattr(Session, "_companion_results", None) is None:
        setattr(Session, "_companion_results", Session.handle_invoke_method_results)  # noqa: B010
        setattr(Session, "handle_invoke_method_results", _handle_invoke_method_results)  # noqa: B010
    return True
