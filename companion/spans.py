"""Where a tap's time goes in Python, by part: measured only when asked (``COMPANION_TAP_SPANS``), free otherwise.

A tap's Python share runs from its handler's start to the last update sent, possibly in two passes (the game screen
answers where the tap was made first and draws the other panels a moment later). While a tap is measured, each part
of the work - the command and its check, the save (the lock, the write, the copy to IndexedDB), the views, Flet's diff
and encoding - is timed with ``time.perf_counter`` (with ``COMPANION_TAP_SPANS_CPU`` set, the thread's CPU time) as
it runs; a part inside another is taken out of the outer one, so the parts add up, and what no part claims (building
and comparing the controls) is ``controls``.

Reported per tap as one JSON object ``{"busy_ms", "first_ms", "wall_ms", "parts": {...}}`` (``first_ms``: the first
pass, which the player waits for): on a computer appended as a line to
the file ``COMPANION_TAP_SPANS`` names, in the browser (the phone build, where ``COMPANION_TAP_SPANS`` is set by the
page's ``?spans`` query) posted on the ``companion-web`` channel as ``{"tap_spans": ...}``. ``scripts/bench_taps.py``
and ``scripts/bench_web.py --spans`` read them. No Flet here: the core times its own parts through this module.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext

ENV = "COMPANION_TAP_SPANS"
CPU = "COMPANION_TAP_SPANS_CPU"  # set: each part in this thread's CPU time (steady on a machine busy with other work)
CONTROLS = "controls"  # the time no named part claims: the screen's build, its slots compared and reconciled
_NOTHING: AbstractContextManager[None] = nullcontext()


class Tap:
    """One tap being measured: its parts so far, the passes still to run, and the parts open now."""

    def __init__(self) -> None:
        self.start = _clock()
        self.end = self.start
        self.busy = 0.0
        self.first: float | None = None  # the first pass's busy time: what the player waits for before the answer
        self.parts: dict[str, float] = {}
        self.waiting = 0  # passes scheduled for later (``later``) not yet run
        self.inner: list[float] = []  # per open part: the time its inner parts took (taken out of it)


_current: Tap | None = None


def _clock() -> float:
    return time.thread_time() if os.environ.get(CPU) else time.perf_counter()


def enabled() -> bool:
    return bool(os.environ.get(ENV))


def tap() -> AbstractContextManager[None]:
    """Around a tap's handler: measures it when asked, nested taps (a dialog's button inside a tap) count once."""
    if _current is not None or not enabled():
        return _NOTHING
    return _running(Tap())


def later() -> Tap | None:
    """The tap being measured, whose answer goes on in a later pass (``resumed``); None when none is."""
    if _current is not None:
        _current.waiting += 1
    return _current


def resumed(measured: Tap | None) -> AbstractContextManager[None]:
    """Around a later pass of the tap ``later`` returned (nothing when it was not measured)."""
    if measured is None or _current is not None:
        return _NOTHING
    measured.waiting -= 1
    return _running(measured)


@contextmanager
def _running(measured: Tap) -> Iterator[None]:
    global _current
    _current = measured
    began = _clock()
    try:
        yield
    finally:
        _current = None
        measured.end = _clock()
        measured.busy += measured.end - began
        if measured.first is None:
            measured.first = measured.busy
        if measured.waiting <= 0:
            _report(measured)


def part(name: str) -> AbstractContextManager[None]:
    """Around one part of a tap's work (nothing when no tap is measured)."""
    if _current is None:
        return _NOTHING
    return _timed(_current, name)


@contextmanager
def _timed(measured: Tap, name: str) -> Iterator[None]:
    measured.inner.append(0.0)
    began = _clock()
    try:
        yield
    finally:
        took = _clock() - began
        own = took - measured.inner.pop()
        measured.parts[name] = measured.parts.get(name, 0.0) + own
        if measured.inner:
            measured.inner[-1] += took


def figures(measured: Tap) -> dict[str, object]:
    """A measured tap in milliseconds: busy (Python running), its first pass's share, wall (first start to last end),
    and by part."""
    parts = {name: round(seconds * 1000, 3) for name, seconds in measured.parts.items()}
    parts[CONTROLS] = round((measured.busy - sum(measured.parts.values())) * 1000, 3)
    return {"busy_ms": round(measured.busy * 1000, 3), "first_ms": round((measured.first or 0.0) * 1000, 3),
            "wall_ms": round((measured.end - measured.start) * 1000, 3), "parts": parts}


def _report(measured: Tap) -> None:
    record = figures(measured)
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]

        js.BroadcastChannel.new("companion-web").postMessage(
            to_js({"tap_spans": json.dumps(record)}, dict_converter=js.Object.fromEntries))
        return
    with open(os.environ[ENV], "a", encoding="utf-8") as out:
        out.write(json.dumps(record) + "\n")
