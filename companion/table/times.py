"""When each step of a table's change happened on each phone, posted to the page when asked: free otherwise.

A change made at a table of phones goes guest tap -> host heard -> host's turn -> run and saved -> sent -> each
guest heard -> applied -> drawn. A phone-build page opened with ``?tabletimes`` posts each step as it happens on
the ``companion-web`` channel as ``{"table_time": step, "at": ms}``, on the clock every page shares
(``performance.timeOrigin + performance.now()``, the system's); ``scripts/bench_table_browser.py --steps`` reads
them from every page and reports where a change's time goes. Beats are never marked (one a second per phone).
"""

from __future__ import annotations

import logging
import sys
from typing import Any

log = logging.getLogger("companion.table")

WORD = "tabletimes"
#: The clock, read by a function of the worker's own: ``js.performance`` read through Pyodide's proxy of the worker's
#: global object fails with "Illegal invocation" (the getter called on the proxy), which stopped every page's marks
#: at its first step - why ``--steps`` got nothing from the phone build.
CLOCK_JS = "() => performance.timeOrigin + performance.now()"
_on = False
_channel: Any = None
_clock: Any = None


def switch_on() -> None:
    """Mark the steps from now on (the phone build's worker, for a page opened with ``?tabletimes``)."""
    global _on
    _on = sys.platform == "emscripten"


def enabled() -> bool:
    return _on


def now() -> float:
    """The shared clock, in ms (0 when not marking)."""
    global _clock
    if not _on:
        return 0.0
    try:
        if _clock is None:
            from pyodide.code import run_js

            _clock = run_js(CLOCK_JS)
        return float(_clock())
    except Exception:
        _give_up()
        return 0.0


def mark(step: str, at: float | None = None) -> None:
    """``step`` happened now (or ``at``, a time taken earlier with ``now``)."""
    if not _on:
        return
    try:
        _post(step, now() if at is None else at)
    except Exception:
        _give_up()


def mark_when_idle(step: str) -> None:
    """``step`` marked once the work under way ends (the loop's next turn): for a tap, when its handler and Flet's
    update after it are done, so the tapping phone's own share of a tap is told from the host's answer."""
    if not _on:
        return
    try:
        import asyncio

        asyncio.get_running_loop().call_soon(mark, step)
    except RuntimeError:  # no loop running (a test's call): marked now
        mark(step)


def _post(step: str, at: float) -> None:
    global _channel
    import js
    from pyodide.ffi import to_js

    if _channel is None:
        _channel = js.BroadcastChannel.new("companion-web")
    _channel.postMessage(to_js({"table_time": step, "at": at}, dict_converter=js.Object.fromEntries))


def _give_up() -> None:
    """A measurement never stands in a change's way: a step that cannot be posted stops the marking (said once)."""
    global _on
    _on = False
    log.exception("the table's steps cannot be timed here; no more are marked")


def is_beat(text: object) -> bool:
    """A beat's text (never marked): a cheap look at its start, not a reading."""
    return isinstance(text, str) and '"beat"' in text[:40]
