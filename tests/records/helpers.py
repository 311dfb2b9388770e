"""A set of finished games in every mode, played through real commands, with the figures worked out by hand.

Each game is played in memory (a ``Session`` without a saver) and dated by hand (``updated``: the records'
date), so the order of the results - and so the streaks - is known. ``TABLE`` says what each game is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.antscape.commands import SetBonus
from companion.core.broodmother.meadow_commands import AddHex, CentipedeWon, DestroyBroodmother
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextRound
from companion.core.content import load_content
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state

Doc = dict[str, Any]


def play(game_id: str, date: str, setup: GameSetup, *commands: Command, name: str | None = None) -> Doc:
    session = Session(new_doc(game_id, name or game_id, new_state(setup, load_content(), seed=1)))
    for command in commands:
        session.execute(command)
    assert session.state["ended"] is not None, game_id
    doc = session.doc
    doc["updated"] = date
    return doc


def brood(mode: str, names: tuple[str, ...], difficulty: str = "normal", empires: bool = False) -> GameSetup:
    colours = ("red", "blue", "black", "yellow")
    players = [PlayerSpec(n, c) for n, c in zip(names, colours, strict=False)]
    if mode == "asymmetric":
        players.append(PlayerSpec("Brood", None, "broodmother"))
    return GameSetup(game="mota", mode=mode, players=tuple(players),
                     expansions=("minions", "empires") if empires else ("minions",),
                     options={"difficulty": difficulty} if mode != "asymmetric" else {})


def table(game: str, *players: tuple[str, str]) -> GameSetup:
    return GameSetup(game=game, players=tuple(PlayerSpec(n, c) for n, c in players))


DESTROY = (AddHex(12, "outer", 1, nest=True), DestroyBroodmother())
CENTIPEDES = tuple(AddHex(n, "outer", 0, 0, centipede=True) for n in range(1, 9))  # 8 > the solo threshold 7
TO_THE_END = (NextRound(), NextRound(), NextRound(), FinishGame())


def her_wins() -> list[Doc]:
    """The games she wins (saved and read back like any other since the core's fix)."""
    return [
        play("g-0000000b", "2025-01-02T20:00:00", brood("solo", ("Ana",)), *CENTIPEDES),
        # co-op threshold 16: her 19 CP against the best colony's 3, a lead of 16
        play("g-0000000c", "2025-01-03T20:00:00", brood("coop", ("Ana", "Bo")), AdjustScore("p1", 1),
             AdjustScore("p2", 3), *[CentipedeWon()] * 19),
        # she survives the 4 rounds: her 3 CP against Ana's 1, a lead of 2
        play("g-0000000d", "2025-01-04T20:00:00", brood("solo", ("Ana",), "difficult"), *[CentipedeWon()] * 3,
             AdjustScore("p1", 1), *TO_THE_END),
        play("g-00000008", "2025-01-08T20:00:00", brood("solo", ("Ana",)), *CENTIPEDES),
    ]


def ant_wins() -> list[Doc]:
    return [
        play("g-0000000a", "2025-01-01T20:00:00", brood("solo", ("Ana",), "easy"), *DESTROY),
        play("g-0000000e", "2025-01-05T20:00:00", brood("solo", ("Ana",)), *DESTROY),
        play("g-0000000f", "2025-01-06T20:00:00", brood("coop", ("Ana", "Bo")), *DESTROY),
        play("g-00000007", "2025-01-07T20:00:00", brood("coop", ("Ana", "Bo", "Cy"), "easy"), *DESTROY),
        play("g-00000009", "2025-01-09T20:00:00", brood("solo", ("Ana",), empires=True), *DESTROY),
        # asymmetric: Ana's 50 beat the Broodmother's player (and her end bonus)
        play("g-00000010", "2025-01-10T20:00:00", brood("asymmetric", ("Ana", "Bo")), AdjustScore("p1", 50),
             *TO_THE_END),
    ]


def competitive() -> list[Doc]:
    return [
        play("g-00000011", "2025-01-11T20:00:00", table("mota", ("Ana", "red"), ("bo", "blue"), ("Cy", "black")),
             AdjustScore("p1", 10), AdjustScore("p2", 7), AdjustScore("p3", 3), *TO_THE_END),
        # " ana " counts as Ana; a tie: Ana and Dee both win
        play("g-00000012", "2025-01-12T20:00:00", table("mota", (" ana ", "red"), ("Bo", "blue"), ("Dee", "black")),
             AdjustScore("p1", 8), AdjustScore("p2", 2), AdjustScore("p3", 8), *TO_THE_END),
        # "Bob" is merged into Bo
        play("g-00000013", "2025-01-13T20:00:00", table("evolved", ("Ana", "red"), ("Bob", "blue")),
             AdjustScore("p1", 4), AdjustScore("p2", 12), *TO_THE_END),
    ]


def antscape() -> Doc:
    """Cy beats Ana with Land Baron in play (imported in the store tests)."""
    return play("g-00000014", "2025-01-14T20:00:00", table("antscape", ("Ana", "blue"), ("Cy", "pink")),
                SetBonus("land-baron"), AdjustScore("p1", 3), AdjustScore("p2", 9), FinishGame())


def undone() -> Doc:
    """A competitive game finished, then its finish undone: not in the records."""
    doc = play("g-00000015", "2025-01-15T20:00:00", table("mota", ("Ana", "red"), ("Bo", "blue")), *TO_THE_END)
    return doc


ALL: list[Callable[[], Any]] = [her_wins, ant_wins, competitive]
MERGES = {"bob": "bo"}

#: The figures, worked out by hand from the games above.
BASE = {"played": 8, "won": 4, "lost": 4}  # a b c d e f 7 8: wins a e f 7
BY_DIFFICULTY = {"easy": (2, 2, 0), "normal": (5, 2, 3), "difficult": (1, 0, 1)}
BY_COLONIES = {1: (5, 2, 3), 2: (2, 1, 1), 3: (1, 1, 0)}
STREAK = {"current": 0, "best": 3}  # e f 7, then lost 8
HER_LEAD = (4.5, 4)  # (0 + 16 + 2 + 0) / 4
ENDINGS = {("broodmother-destroyed", 1): 4, ("centipede-threshold", 1): 2, ("cp-threshold", 1): 1,
           ("broodmother-survived", 4): 1}
TIMELINE = "WLLLWWWL"
# competitive (mota x2, evolved, antscape): name -> (games, wins, average, best)
PLAYERS = {"ana": (4, 2, 6.2, 10), "bo": (3, 1, 7.0, 12), "cy": (2, 1, 6.0, 9), "dee": (1, 1, 8.0, 8)}
