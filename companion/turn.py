"""One change at a time on the phone build: the host's own taps and its guests' taps take the same turn.

Pyodide runs every handler in one event loop, and a save waits for IndexedDB, which lets the loop start the next
job in the middle of the first. The store's and the session's locks are thread locks and keep no two tasks apart,
so the page's tap handlers (``web_main.serialize_events``) and a table's guest messages (``TableHost.defer``, set
by ``ui.table_view``) wait on this one lock: a guest's command never runs inside the host's own tap.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar
from weakref import WeakKeyDictionary

T = TypeVar("T")

_turns: WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = WeakKeyDictionary()


def turn() -> asyncio.Lock:
    """The running loop's one lock (a lock is tied to one loop; tests run several loops one after another)."""
    loop = asyncio.get_running_loop()
    lock = _turns.get(loop)
    if lock is None:
        lock = _turns[loop] = asyncio.Lock()
    return lock


async def in_turn(job: Callable[[], Awaitable[T]]) -> T:
    """``job`` run to its end while no other turn-taker runs."""
    async with turn():
        return await job()


async def call_in_turn(job: Callable[[], None]) -> None:
    """A plain function (a guest's message handled by ``TableHost``) run in its turn."""
    async with turn():
        job()
