"""``companion bench``: time the player-facing operations against the goals.

Goals (see docs/developing.md, "Figures"): a command applied and durably saved p99 <= 15 ms, undo p99 <= 15 ms,
the same with 200 other saved games and late in a 2,000-command game p99 <= 5 ms and within
1.5x of the fresh game's p99; in each of the three, the save's p99 within 2x of the disk's floor measured in
the same run - an atomic write of a file of the game's size with its two fsyncs (``disk_floor``), timed right
after each command so both meet the same disk - a cold ``companion game list`` <= 400 ms, a cold
``companion rules search`` (its index read from the disk cache) <= 200 ms, with 1,000 finished games the
records' figures, the Records screen and a cold ``companion history stats`` each <= 300 ms, peak memory
<= 80 MB. Speed goals live here, not in timed tests, because shared CI machines make timed tests flaky.

The saves' figures are ``saves``'s, the records' ``records``'s, how a time is taken ``timing``'s; this module
runs them all with the terminal's cold starts and the rules search, and judges the goals.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, cast

from companion.bench.records import bench_records
from companion.bench.saves import bench_actions, bench_draw_size, bench_long_game, bench_many_games

if TYPE_CHECKING:
    from companion.core.schema import JsonObject

GOALS = {
    "actions.p99_ms": 15.0,
    "actions.p99_ms_with_200_games": 5.0,
    "actions.p99_ms_long_game": 5.0,
    "actions.with_200_games_vs_fresh": 1.5,
    "actions.long_game_vs_fresh": 1.5,
    "actions.vs_floor": 2.0,
    "actions.with_200_games_vs_floor": 2.0,
    "actions.long_game_vs_floor": 2.0,
    "undo.p99_ms": 15.0,
    "startup.cli_ms": 400.0,
    "memory.peak_rss_mb": 80.0,
    "search.p99_ms": 2.0,
    "search.scaled_10k_p99_ms": 25.0,
    "search.cli_cold_ms": 200.0,
    "records.stats_ms": 300.0,
    "records.screen_ms": 300.0,
    "records.cli_ms": 300.0,
}


class Verdict(TypedDict):
    """One goal in the report: the figure it asks for, and whether it was met."""

    goal: float
    met: bool


#: What ``companion bench --json`` prints: each part's figures by name (None: not measured, as the search
#: without its queries file), and ``goals``: a ``Verdict`` per goal measured.
Report = dict[str, Mapping[str, object]]


def bench_cli_startup(folder: Path, runs: int) -> dict[str, float]:
    env = {**os.environ, "COMPANION_DB": str(folder / "startup.json")}
    argv = [sys.executable, "-m", "companion", "game", "list"]
    subprocess.run(argv, env=env, check=True, capture_output=True)  # create the file once
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return {"cli_ms": round(statistics.median(times) * 1000, 1)}


def bench_search_cli(folder: Path, runs: int) -> dict[str, float]:
    """A fresh ``companion rules search`` process, wall time: the first one (which builds and caches the
    index) and the median of the next ``runs`` (which read the cache) - that median is the cold start."""
    env = {**os.environ, "COMPANION_CACHE": str(folder / "cache"), "COMPANION_DB": str(folder / "search.json")}
    argv = [sys.executable, "-m", "companion", "rules", "search", "ladybug", "tie", "--limit", "3"]
    times = []
    for _ in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(argv, env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    return {"cli_cold_ms": round(statistics.median(times[1:]) * 1000, 1),
            "cli_uncached_ms": round(times[0] * 1000, 1)}


def bench_search() -> JsonObject | None:
    try:
        from companion.rules.bench import bench_search as run
    except ImportError:
        return None
    result: JsonObject = run()
    return result


def run_bench(quick: bool = False) -> Report:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        folder = Path(tmp)
        os.sync()
        actions, undo = bench_actions(folder)
        many = bench_many_games(folder, others=60 if quick else 200)
        long = bench_long_game(folder, length=600 if quick else 2000)
        actions |= many | long
        actions["p99_ms_with_200_games"] = many["with_200_games_p99_ms"]
        actions["p99_ms_long_game"] = long["long_game_p99_ms"]
        fresh = max(actions["p99_ms"], 0.001)
        actions["with_200_games_vs_fresh"] = round(actions["p99_ms_with_200_games"] / fresh, 2)
        actions["long_game_vs_fresh"] = round(actions["p99_ms_long_game"] / fresh, 2)
        actions["save_kb_per_draw"] = bench_draw_size(folder)
        startup = bench_cli_startup(folder, runs=3 if quick else 7)
        search_cli = bench_search_cli(folder, runs=3 if quick else 7)
        records = bench_records(folder, runs=5 if quick else 20)
    result: Report = {"actions": actions, "undo": undo, "startup": startup, "records": records}
    result["search"] = (bench_search() or {}) | search_cli
    import resource  # POSIX only: imported where it is used, so the bench's helpers import under Pyodide too

    result["memory"] = {"peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}
    result["goals"] = {key: Verdict(goal=goal, met=value <= goal)
                       for key, goal in GOALS.items() if (value := _lookup(result, key)) is not None}
    return result


def _lookup(result: Report, dotted: str) -> float | None:
    """The figure ``section.name`` of the report (None: not measured)."""
    section, _, key = dotted.partition(".")
    value = result.get(section, {}).get(key)
    return value if isinstance(value, int | float) else None


def summarise(result: Report) -> str:
    lines = []
    for key, verdict in cast(dict[str, Verdict], result["goals"]).items():  # as run_bench writes them
        mark = "ok " if verdict["met"] else "MISSED"
        lines.append(f"{mark:6} {key:<28} {_lookup(result, key):>9} (goal <= {verdict['goal']})")
    return "\n".join(lines)
