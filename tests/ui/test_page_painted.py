"""An answer's second pass waits for the page to say it painted the first (``platform.page_painted``, #33).

In the phone build the page answers each batch of messages once the frame that draws it is done
(``scripts/build_web.py``'s ``_ONE_GO``; the journey in ``tests/web/test_phone_build.py`` holds that word back and sees
the second pass wait for it). Here the Python side alone: it waits for the page's promise, for no longer than
``PAINT_WAIT_S`` (a hidden tab draws no frame), and where the page says nothing it pauses as the served app does.
"""

from __future__ import annotations

import asyncio
import sys
from types import SimpleNamespace

import pytest

from companion import platform
from tests.helpers import run_apart


def test_the_second_pass_waits_for_the_page_to_say_it_painted(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        said: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        monkeypatch.setattr(platform, "_painted_promise", lambda: said)
        waiting = asyncio.create_task(platform.page_painted(otherwise=0))
        for _ in range(20):
            await asyncio.sleep(0)
        assert not waiting.done(), "it went on before the page said it painted"
        said.set_result(None)
        await asyncio.wait_for(waiting, 5)

    run_apart(run())


def test_a_page_that_never_says_is_waited_for_no_longer_than_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    async def run() -> None:
        never: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        monkeypatch.setattr(platform, "_painted_promise", lambda: never)
        monkeypatch.setattr(platform, "PAINT_WAIT_S", 0.05)
        await asyncio.wait_for(platform.page_painted(otherwise=30), 5)  # neither ``otherwise`` nor for ever

    run_apart(run())


def test_only_the_phone_builds_page_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer's page (the served app) says nothing: ``otherwise`` is slept. In the browser the worker's
    ``companionPainted`` is asked when the page can answer (boot.js asked for batches), else nothing is."""
    assert platform._painted_promise() is None
    promise = object()
    monkeypatch.setattr(platform, "IS_BROWSER", True)
    monkeypatch.setitem(sys.modules, "js", SimpleNamespace(companionPainted=lambda: promise))
    assert platform._painted_promise() is promise
    monkeypatch.setitem(sys.modules, "js", SimpleNamespace())
    assert platform._painted_promise() is None

    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    monkeypatch.setattr(asyncio, "sleep", sleep)
    run_apart(platform.page_painted(otherwise=0.1))
    assert slept == [0.1]
