"""``companion bench``: time the player-facing operations against the goals.

Goals (see README): a command applied and durably saved p99 <= 15 ms, undo p99 <= 15 ms,
a cold ``companion game list`` <= 400 ms, peak memory <= 80 MB. Speed goals live here,
not in timed tests, because shared CI machines make timed tests flaky.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

GOALS = {
    "actions.p99_ms": 15.0,
    "undo.p99_ms": 15.0,
    "startup.cli_ms": 400.0,
    "memory.peak_rss_mb": 80.0,
    "search.p99_ms": 2.0,
    "search.scaled_10k_p99_ms": 25.0,
}


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0-100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def _ms(seconds: list[float]) -> dict[str, float]:
    millis = [s * 1000 for s in seconds]
    return {"p50_ms": round(statistics.median(millis), 3), "p99_ms": round(percentile(millis, 99), 3)}


def realistic_game_commands(players: list[str], rounds: int, phases: int) -> Iterator[Any]:
    """About 600 commands shaped like a real 4-player game: many score taps, phases, fixes."""
    from companion.core.commands.scoring import AdjustScore, SetScore
    from companion.core.commands.turns import NextPhase

    for round_no in range(1, rounds + 1):
        for phase_no in range(phases):
            for tap in range(24):
                who = players[(tap + phase_no) % len(players)]
                yield AdjustScore(who, 1 + (tap % 3))
                if tap % 8 == 7:
                    yield AdjustScore(who, -1)
            if phase_no == phases - 1:
                yield SetScore(players[round_no % len(players)], 40 * round_no + 7)
            if not (round_no == rounds and phase_no == phases - 1):
                yield NextPhase()


def _timed(fn: Callable[[], Any]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def bench_actions(folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    from companion.core.setup import GameSetup, PlayerSpec
    from companion.store import GameStore

    store = GameStore(folder / "bench.json")
    specs = tuple(PlayerSpec(n, c) for n, c in [("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")])
    session = store.create(GameSetup(game="mota", players=specs), seed=1)
    ids = [p["id"] for p in session.state["players"]]
    game = session.content.games["mota"]
    action_times = [_timed(partial(session.execute, c))
                    for c in realistic_game_commands(ids, game.rounds, len(game.phases))]
    undo_times = [_timed(session.undo) for _ in range(250)]
    size_kb = round((folder / "bench.json").stat().st_size / 1024, 1)
    store.close()
    return ({"count": len(action_times), **_ms(action_times), "save_kb": size_kb}, _ms(undo_times))


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


def bench_search() -> dict[str, Any] | None:
    try:
        from companion.rules.bench import bench_search as run
    except ImportError:
        return None
    result: dict[str, Any] = run()
    return result


def run_bench(quick: bool = False) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        folder = Path(tmp)
        actions, undo = bench_actions(folder)
        startup = bench_cli_startup(folder, runs=3 if quick else 7)
    result: dict[str, Any] = {"actions": actions, "undo": undo, "startup": startup}
    search = bench_search()
    if search is not None:
        result["search"] = search
    result["memory"] = {"peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}
    result["goals"] = {key: {"goal": goal, "met": _lookup(result, key) <= goal}
                       for key, goal in GOALS.items() if _lookup(result, key) is not None}
    return result


def _lookup(result: dict[str, Any], dotted: str) -> Any:
    section, _, key = dotted.partition(".")
    return result.get(section, {}).get(key)


def summarise(result: dict[str, Any]) -> str:
    lines = []
    for key, verdict in result["goals"].items():
        mark = "ok " if verdict["met"] else "MISSED"
        lines.append(f"{mark:6} {key:<28} {_lookup(result, key):>9} (goal <= {verdict['goal']})")
    return "\n".join(lines)
