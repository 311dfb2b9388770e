"""Python's garbage collector set for taps: what the app holds from its start left out of every collection, and the
young objects collected less often.

A tap builds a few thousand short-lived objects (controls, their property dicts, Flet's diff and patch). With
CPython's default thresholds (700, 10, 10) that starts a young collection about once a tap and, every hundred or so
of those, a full one that walks every object the process holds - the imported modules, the content, Flet's classes:
on the served app a full collection inside a tap took 50-100 ms (Next with every module, CPU time, 2026-12-05), and
young ones ~1-2 ms per tap. Frozen (``gc.freeze``) once the app has started, what it holds from its start is never
walked again; with a young threshold of ``YOUNG`` most of a tap's objects are gone before a collection looks at
them. Cycles still get collected (only later); nothing the app holds is touched.
"""

from __future__ import annotations

import gc

YOUNG = 5000  # allocations between young collections (CPython's default: 700)


def settle_after_start() -> None:
    """Once the app's modules and content are loaded: freeze what exists (cheap: no collection is run, so the
    start is not delayed) and collect young objects every ``YOUNG`` allocations."""
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
