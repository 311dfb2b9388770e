"""The records' speed with 1,000 finished games: the figures, the Records screen and a cold
``companion history stats``."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from companion.bench.timing import ms, timed


def _many_records(folder: Path, games: int) -> Path:
    """A database whose history.json holds ``games`` finished games of every mode (written directly)."""
    import json

    from companion.core.history import empty_history

    modes = [("solo", ["Ana"]), ("coop", ["Ana", "Bo"]), ("competitive", ["Ana", "Bo", "Cy", "Di"])]
    data = empty_history()
    for n in range(games):
        mode, names = modes[n % 3]
        game_id = f"g-{n:08x}"
        won = n % 5 != 0
        players = [{"id": f"p{i + 1}", "name": name, "colour": "red", "score": (n * (i + 3)) % 60, "role": "ant"}
                   for i, name in enumerate(names)]
        data["records"][game_id] = {
            "id": game_id, "name": f"Game {n}", "date": f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}T20:00:00",
            "game": "mota", "edition": "Original edition", "expansions": ["minions"], "modules": ["minions-base"],
            "variants": [], "mode": mode, "difficulty": ("easy", "normal", "difficult")[n % 3] if mode != "competitive"
            else None, "players": players,
            "winners": ([p["id"] for p in players][: 1 if mode == "competitive" else None] if won
                        else ["broodmother"]),
            "ended": {"code": "broodmother-destroyed" if won else "cp-threshold", "round": 1 + n % 4},
            "her_lead": None if mode == "competitive" else (n % 20) - 5}
    db = folder / "records" / "games.json"
    db.parent.mkdir()
    (db.parent / "history.json").write_text(json.dumps(data), encoding="utf-8")
    return db


def bench_records(folder: Path, runs: int, games: int = 1000) -> dict[str, float]:
    """The Records screen's and ``companion history stats``'s work with ``games`` finished games: a fresh store
    reads history.json and computes every figure (in this process: p99 ms over ``runs``, after one that checks
    this version of the file, reported apart); a fresh store's
    Records screen builds its controls (p99 ms); and a fresh ``companion history stats`` process (wall time, the
    median after one run not counted, which checks the content's data files in this cache folder)."""
    from companion.core.records import figures
    from companion.store import GameStore

    db = _many_records(folder, games)
    env = {**os.environ, "COMPANION_CACHE": str(folder / "records-cache")}  # its stamps: not the player's cache

    def stats() -> None:
        store = GameStore(db)
        figures(store.history.records(), store.history.merges())

    saved, os.environ["COMPANION_CACHE"] = os.environ.get("COMPANION_CACHE"), env["COMPANION_CACHE"]
    try:
        first = timed(stats)  # checks this version of history.json and leaves its stamp
        times = [timed(stats) for _ in range(runs)]
        _records_screen(db)  # imports Flet and the screens: not the screen's work
        screen = [timed(partial(_records_screen, db)) for _ in range(runs)]
    finally:
        if saved is None:
            os.environ.pop("COMPANION_CACHE")
        else:
            os.environ["COMPANION_CACHE"] = saved
    argv = [sys.executable, "-m", "companion", "history", "stats", "--db", str(db)]
    walls = []
    for _ in range(max(3, runs // 4) + 1):
        start = time.perf_counter()
        subprocess.run(argv, env=env, check=True, capture_output=True)
        walls.append(time.perf_counter() - start)
    return {"games": float(games), "stats_ms": ms(times)["p99_ms"], "stats_unstamped_ms": round(first * 1000, 1),
            "screen_ms": ms(screen)["p99_ms"],
            "cli_ms": round(statistics.median(walls[1:]) * 1000, 1)}


def _records_screen(db: Path) -> None:
    """A fresh store's Records screen, built as a tab builds it (``Screen.build_view``: every control), on a
    phone; nothing is sent anywhere."""
    from types import SimpleNamespace

    from companion.store import GameStore
    from companion.ui.app import AppContext, SessionPool
    from companion.ui.screens.records import RecordsScreen
    from companion.ui.theme import Sizes

    def handler(action: Callable[[], object]) -> Callable[[object], None]:
        def run(_: object = None) -> None:
            action()
        return run

    class Tab:
        sizes, guest, device = Sizes(), False, None
        page = SimpleNamespace(width=360.0)
        answers = SimpleNamespace(handler=handler)
        guests = SimpleNamespace(can_play=True)

        def __init__(self, ctx: AppContext) -> None:
            self.ctx, self.opened_tiles = ctx, set[str]()

    store = GameStore(db)
    RecordsScreen(Tab(AppContext(store, None, SessionPool(store))), "/records", {}).build_view()  # type: ignore

