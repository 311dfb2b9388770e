"""How the bench times: a call's wall time, and a list of times as its p50 and p99 in milliseconds."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0-100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def ms(seconds: list[float]) -> dict[str, float]:
    millis = [s * 1000 for s in seconds]
    return {"p50_ms": round(statistics.median(millis), 3), "p99_ms": round(percentile(millis, 99), 3)}


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start

