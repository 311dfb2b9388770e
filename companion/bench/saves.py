"""The saves' speed: a command applied and durably saved (fresh, beside 200 other games, late in a long game),
undo, each against the disk's floor measured in the same run, and the bytes a Broodmother draw adds to a save."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from companion.bench.timing import ms, timed

if TYPE_CHECKING:
    from companion.core.commands.base import Command
    from companion.core.session import Session
    from companion.store import GameStore


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


SPECS = [("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")]


def four_player_game(store: GameStore) -> Session:
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
        played["saves"].append(timed(partial(session.execute, command)))
        played["floors"].append(disk_floor(path.parent, path.stat().st_size))
    return played


def _against_floor(played: Played, prefix: str = "") -> dict[str, float]:
    """The saves' p50/p99, the floor's, and the saves' p99 over the floor's."""
    saves, floor = ms(played["saves"]), ms(played["floors"])
    return {f"{prefix}p50_ms": saves["p50_ms"], f"{prefix}p99_ms": saves["p99_ms"],
            f"{prefix}floor_p50_ms": floor["p50_ms"], f"{prefix}floor_p99_ms": floor["p99_ms"],
            f"{prefix}vs_floor": round(saves["p99_ms"] / max(floor["p99_ms"], 0.001), 2)}


def bench_actions(folder: Path) -> tuple[dict[str, float], dict[str, float]]:
    from companion.store import GameStore

    store = GameStore(folder / "bench.json")
    session = four_player_game(store)
    played = _play(store, session)
    undo_times = [timed(session.undo) for _ in range(250)]
    size_kb = round(store.files.path(session.id).stat().st_size / 1024, 1)
    return ({"count": len(played["saves"]), **_against_floor(played), "save_kb": size_kb}, ms(undo_times))


def bench_many_games(folder: Path, others: int = 200, length: int = 300) -> dict[str, float]:
    """The same game's commands with ``others`` saved ``length``-command games beside it: against the floor."""
    from companion.core.session import Session
    from companion.store import GameStore

    store = GameStore(folder / "many.json")
    template = Session(four_player_game(store).doc)  # played in memory, then written as 200 games
    for command in _game_commands(template)[:length]:
        template.execute(command)
    for n in range(others):
        store.files.write(f"g-{n:08x}", {**template.doc, "id": f"g-{n:08x}"})
    os.sync()  # the other games are there, not being written: time this game's saves, not their writeback
    return _against_floor(_play(store, four_player_game(store)), "with_200_games_")


def bench_long_game(folder: Path, length: int = 2000, timed: int = 100) -> dict[str, float]:
    """Commands ``length - timed`` to ``length`` of one long game, each durably saved: against the floor."""
    from companion.store import GameStore

    store = GameStore(folder / "long.json")
    session = four_player_game(store)
    for n in range(length - timed):
        session.execute(tap(n))
    os.sync()  # as a game resumed later: its earlier saves are on disk, not being flushed
    return _against_floor(_play(store, session, [tap(n) for n in range(length - timed, length)]), "long_game_")


def tap(n: int) -> Command:
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

