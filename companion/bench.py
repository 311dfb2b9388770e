"""``companion bench``: time the player-facing operations against the goals.

Goals (see docs/developing.md, "Figures"): a command applied and durably saved p99 <= 15 ms, undo p99 <= 15 ms,
the same with 200 other saved games and late in a 2,000-command game p99 <= 5 ms and within
1.5x of the fresh game's p99; in each of the three, the save's p99 within 2x of the disk's floor measured in
the same run - an atomic write of a file of the game's size with its two fsyncs (``disk_floor``), timed right
after each command so both meet the same disk - a cold ``companion game list`` <= 400 ms, a cold
``companion rules search`` (its index read from the disk cache) <= 200 ms, with 1,000 finished games the
records' figures, the Records screen and a cold ``companion history stats`` each <= 300 ms, peak memory
<= 80 MB. Speed goals live here, not in timed tests, because shared CI machines make timed tests flaky.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, cast

if TYPE_CHECKING:
    from companion.core.commands.base import Command
    from companion.core.schema import JsonObject
    from companion.core.session import Session
    from companion.store import GameStore

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


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0-100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[rank]


def _ms(seconds: list[float]) -> dict[str, float]:
    millis = [s * 1000 for s in seconds]
    return {"p50_ms": round(statistics.median(millis), 3), "p99_ms": round(percentile(millis, 99), 3)}


def realistic_game_commands(players: list[str], rounds: int, phases: int) -> Iterator[Command]:
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


def _timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


SPECS = [("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")]


def _four_player_game(store: GameStore) -> Session:
    from companion.core.setup import GameSetup, PlayerSpec

    return store.create(GameSetup(game="mota", players=tuple(PlayerSpec(n, c) for n, c in SPECS)), seed=1)


def _game_commands(session: Session) -> list[Command]:
    ids = [p["id"] for p in session.state["players"]]
    game = session.content.games["mota"]
    return list(realistic_game_commands(ids, game.rounds, len(game.phases)))


def disk_floor(folder: Path, size: int) -> float:
    """One atomic durable write of ``size`` bytes in ``folder``, timed: what a save cannot go below.

    The steps a save's durability needs and nothing else: a temporary file written and fsynced, renamed over
    the old one, the folder fsynced.
    """
    data, target = b"0" * size, folder / "disk-floor.json"
    tmp = folder / ".disk-floor.json.tmp"
    start = time.perf_counter()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, target)
    folder_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(folder_fd)
    finally:
        os.close(folder_fd)
    return time.perf_counter() - start


class Played(TypedDict):
    """Each command's time (applied and saved) and, right after it, the disk floor's at the game's size."""

    saves: list[float]
    floors: list[float]


def _play(store: GameStore, session: Session, commands: list[Command] | None = None) -> Played:
    path, played = store.files.path(session.id), Played(saves=[], floors=[])
    for command in _game_commands(session) if commands is None else commands:
        played["saves"].append(_timed(partial(session.execute, command)))
        played["floors"].append(disk_floor(path.parent, path.stat().st_size))
    return played


def _against_floor(played: Played, prefix: str = "") -> dict[str, float]:
    """The saves' p50/p99, the floor's, and the saves' p99 over the floor's."""
    saves, floor = _ms(played["saves"]), _ms(played["floors"])
    return {f"{prefix}p50_ms": saves["p50_ms"], f"{prefix}p99_ms": saves["p99_ms"],
            f"{prefix}floor_p50_ms": floor["p50_ms"], f"{prefix}floor_p99_ms": floor["p99_ms"],
            f"{prefix}vs_floor": round(saves["p99_ms"] / max(floor["p99_ms"], 0.001), 2)}


def bench_actions(folder: Path) -> tuple[dict[str, float], dict[str, float]]:
    from companion.store import GameStore

    store = GameStore(folder / "bench.json")
    session = _four_player_game(store)
    played = _play(store, session)
    undo_times = [_timed(session.undo) for _ in range(250)]
    size_kb = round(store.files.path(session.id).stat().st_size / 1024, 1)
    return ({"count": len(played["saves"]), **_against_floor(played), "save_kb": size_kb}, _ms(undo_times))


def bench_many_games(folder: Path, others: int = 200, length: int = 300) -> dict[str, float]:
    """The same game's commands with ``others`` saved ``length``-command games beside it: against the floor."""
    from companion.core.session import Session
    from companion.store import GameStore

    store = GameStore(folder / "many.json")
    template = Session(_four_player_game(store).doc)  # played in memory, then written as 200 games
    for command in _game_commands(template)[:length]:
        template.execute(command)
    for n in range(others):
        store.files.write(f"g-{n:08x}", {**template.doc, "id": f"g-{n:08x}"})
    os.sync()  # the other games are there, not being written: time this game's saves, not their writeback
    return _against_floor(_play(store, _four_player_game(store)), "with_200_games_")


def bench_long_game(folder: Path, length: int = 2000, timed: int = 100) -> dict[str, float]:
    """Commands ``length - timed`` to ``length`` of one long game, each durably saved: against the floor."""
    from companion.store import GameStore

    store = GameStore(folder / "long.json")
    session = _four_player_game(store)
    for n in range(length - timed):
        session.execute(_tap(n))
    os.sync()  # as a game resumed later: its earlier saves are on disk, not being flushed
    return _against_floor(_play(store, session, [_tap(n) for n in range(length - timed, length)]), "long_game_")


def _tap(n: int) -> Command:
    """+1 and -1 in turn for each player, so a game of any length stays within the score limits."""
    from companion.core.commands.scoring import AdjustScore

    return AdjustScore(f"p{1 + (n // 2) % 4}", 1 if n % 2 == 0 else -1)


def bench_draw_size(folder: Path, draws: int = 12) -> float:
    """How much one of her draws adds to the saved game, in KB (averaged over ``draws``)."""
    from companion.core.broodmother.commands import AnswerExpand, AnswerPredator, AnswerStrike, DrawCard
    from companion.core.setup import GameSetup, PlayerSpec
    from companion.store import GameStore

    store = GameStore(folder / "draws.json")
    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "blue"),), expansions=("minions",))
    session = store.create(setup, seed=3)
    path = store.files.path(session.id)
    grown, counted, hexes = 0, 0, iter(range(10, 99))
    for _ in range(draws):
        before = path.stat().st_size
        if not session.can(DrawCard()):
            break
        session.execute(DrawCard())
        for question in list(session.state["modules_state"]["broodmother"]["pending"]):
            answer = {"expand": lambda: AnswerExpand(number=next(hexes), sites=2),
                      "predator": lambda: AnswerPredator(hex=1), "strike": lambda: AnswerStrike(destroyed=0)}
            if session.can(answer[question["kind"]]()):
                session.execute(answer[question["kind"]]())
        grown += path.stat().st_size - before
        counted += 1
    return round(grown / max(counted, 1) / 1024, 2)


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
        first = _timed(stats)  # checks this version of history.json and leaves its stamp
        times = [_timed(stats) for _ in range(runs)]
        _records_screen(db)  # imports Flet and the screens: not the screen's work
        screen = [_timed(partial(_records_screen, db)) for _ in range(runs)]
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
    return {"games": float(games), "stats_ms": _ms(times)["p99_ms"], "stats_unstamped_ms": round(first * 1000, 1),
            "screen_ms": _ms(screen)["p99_ms"],
            "cli_ms": round(statistics.median(walls[1:]) * 1000, 1)}


def _records_screen(db: Path) -> None:
    """A fresh store's Records screen, built as a tab builds it (``Screen.build_view``: every control), on a
    phone; nothing is sent anywhere."""
    from types import SimpleNamespace

    from companion.store import GameStore
    from companion.ui.app import AppContext, SessionPool
    from companion.ui.screens.records import RecordsScreen
    from companion.ui.theme import Sizes

    class Tab:
        sizes, guest, can_play, device = Sizes(), False, True, None
        page = SimpleNamespace(width=360.0)

        def __init__(self, ctx: AppContext) -> None:
            self.ctx, self.opened_tiles = ctx, set[str]()

        def handler(self, action: Callable[[], object]) -> Callable[[object], None]:
            def run(_: object = None) -> None:
                action()
            return run

    store = GameStore(db)
    RecordsScreen(Tab(AppContext(store, None, SessionPool(store))), "/records", {}).build_view()  # type: ignore


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
