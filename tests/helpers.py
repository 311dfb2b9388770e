"""Small builders shared by tests."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

import pytest

from companion.core.setup import PlayerSpec

#: Tests that cannot run inside Pyodide (the browser's Python; ``tests/web/test_pyodide_node.py`` runs the store's
#: and the core's tests there): skipped there, each saying why.
ON_PYODIDE = sys.platform == "emscripten"
needs_processes = pytest.mark.skipif(ON_PYODIDE, reason="starts other processes: Pyodide (the browser) has none")
needs_threads = pytest.mark.skipif(ON_PYODIDE, reason="runs threads: Pyodide (the browser) cannot start any")
T = TypeVar("T")
needs_fifos = pytest.mark.skipif(ON_PYODIDE, reason="makes FIFOs: the browser's file system has none (no os.mkfifo)")


def four_players() -> tuple[PlayerSpec, ...]:
    return (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"), PlayerSpec("Di", "yellow"))


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` on a thread of its own: a browser test that ran earlier in this worker leaves Playwright's
    event loop running in the main thread, where ``asyncio.run`` refuses to start another."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def examples(count: int) -> int:
    """How many examples a Hypothesis property tries: ``count`` (what each run of the suite needs, its examples
    new every run) times ``COMPANION_EXAMPLES`` (a factor, 1 unless set: ``COMPANION_EXAMPLES=10`` before a
    release, or to chase a rare failure)."""
    return max(1, round(count * float(os.environ.get("COMPANION_EXAMPLES") or 1)))
