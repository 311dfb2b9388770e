"""The dialog a player answered is the one closed, never a note (SnackBar) shown on top of it (``dialog_stack``).

A guest who left the table saw "Leave the table?" again over Home: a note had arrived while the question was open,
and Flet's ``page.pop_dialog`` closed the note in the question's place (2026-12-07, 2 of 5 runs of
``test_table_browser.py`` on Android)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import flet as ft

from companion.ui.dialog_stack import PageDialogs, close_answered


class Question(ft.AlertDialog):
    """An AlertDialog whose update is noted rather than sent (there is no page here)."""

    def update(self) -> None:
        self.updates = getattr(self, "updates", 0) + 1


def page_with(*dialogs: ft.DialogControl) -> ft.Page:
    return SimpleNamespace(_dialogs=SimpleNamespace(controls=list(dialogs)))  # type: ignore[return-value]


def test_the_question_under_a_note_is_closed_and_the_note_stays() -> None:
    question, note = Question(open=True), ft.SnackBar(ft.Text("Cy joined"), open=True)
    assert close_answered(page_with(question, note)) is question
    assert not question.open and question.updates == 1
    assert note.open


def test_the_topmost_open_question_is_closed_and_a_closed_one_is_passed_over() -> None:
    under, closed = Question(open=True), Question(open=False)
    top = Question(open=True)
    assert PageDialogs(page_with(under, top, closed)).pop_dialog() is top
    assert under.open and not top.open


def test_nothing_open_closes_nothing() -> None:
    assert close_answered(page_with(ft.SnackBar(ft.Text("note"), open=True), Question(open=False))) is None
    assert close_answered(page_with()) is None


def on_a_loop_of_its_own(work: Coroutine[Any, Any, float]) -> float:
    """Run ``work`` in a thread of its own: a browser test before it in this worker leaves Playwright's loop running
    in this thread, where ``asyncio.run`` refuses (CI of 2026-12-07 07:03)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, work).result()


def test_going_elsewhere_waits_for_a_closing_dialog_to_be_gone_and_no_longer() -> None:
    """``Routes.go`` after a question answered by going elsewhere waits for the client to report it gone (moved at
    once, a phone under load kept the question over Home, its buttons dead: 3 of 8 tests of ``test_table_shots.py``
    as phones beside CPU hogs before, 0 of 12 after)."""
    from companion.ui.dialog_stack import after_closing, closing

    question, note = Question(open=True), ft.SnackBar(ft.Text("note"), open=True)
    page = page_with(question, note)
    assert closing(page) == []
    close_answered(page)
    assert closing(page) == [question]

    async def dismissed_soon() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        loop.call_later(0.05, page._dialogs.controls.remove, question)  # type: ignore[attr-defined]
        await after_closing(page, [question], most=5)
        return loop.time() - start

    assert on_a_loop_of_its_own(dismissed_soon()) < 1  # back once it is gone

    stuck = page_with(Question(open=False))

    async def never_dismissed() -> float:
        loop = asyncio.get_running_loop()
        start = loop.time()
        await after_closing(stuck, closing(stuck), most=0.1)
        return loop.time() - start

    assert 0.1 <= on_a_loop_of_its_own(never_dismissed()) < 1  # waited its most, and no longer
