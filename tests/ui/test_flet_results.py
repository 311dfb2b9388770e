"""A method's answer for a control no longer on the page is handed to its waiter, never fatal (``flet_results``).

Before the patch Flet 1.0.5 raised, its served receive loop ended, the tab reconnected seconds later and the taps made
meanwhile were lost: the four-player journey's first + after Start game, 3 of 4 runs on an Android phone's timing
(2026-12-07, "Control with ID 68 is not registered": the wizard's list, scrolled as the game screen replaced it)."""

from __future__ import annotations

import asyncio

import pytest
from flet.messaging.session import Session

from companion.ui import flet_results


class Connection:
    """What a Session needs of a connection here: nothing is sent."""

    page_name = ""
    page_url = "http://127.0.0.1/"
    pubsubhub = None


@pytest.fixture
def session() -> Session:
    return Session(Connection())  # type: ignore[arg-type]


def waiting(session: Session, call_id: str) -> asyncio.Event:
    """A method call on its way to the client, as ``invoke_method`` leaves it."""
    event = asyncio.Event()
    session._Session__method_calls[call_id] = event  # type: ignore[attr-defined]
    return event


def test_flets_own_handler_ends_the_tab_for_a_control_gone(session: Session) -> None:
    """Why the patch is there: Flet's handler raises, and its receive loop ends the connection on it."""
    original = getattr(Session, "_companion_results", Session.handle_invoke_method_results)
    waiting(session, "c1")
    with pytest.raises(RuntimeError, match="not registered"):
        original(session, 68, "c1", None, None)


def test_an_answer_for_a_control_gone_reaches_its_waiter(session: Session) -> None:
    assert flet_results.install()
    event = waiting(session, "c1")
    session.handle_invoke_method_results(68, "c1", {"offset": 0}, None)  # control 68 was never registered
    assert event.is_set()
    assert session._Session__method_call_results[event] == ({"offset": 0}, None)  # type: ignore[attr-defined]
    session.handle_invoke_method_results(68, "c1", None, None)  # a second answer for it: nothing waits, nothing raised
    session.handle_invoke_method_results(5, "unknown", None, "an error")
