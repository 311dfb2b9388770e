"""Several real processes on one saves database: no acknowledged change is ever lost.

Each worker is its own Python process running terminal commands (``companion game score``
through ``companion.cli.main``, as the shell would, minus the interpreter start-up). A
change counts as acknowledged when its command returned 0; afterwards the saved totals
must equal the acknowledged changes exactly.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.core.commands.scoring import AdjustScore
from companion.core.setup import GameSetup
from companion.store import GameStore, StoreConflict
from tests.helpers import four_players, needs_processes

pytestmark = needs_processes

WORKER = r"""
import json, sys
from companion.cli import main
db, game, player, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
acked = 0
for _ in range(count):
    if main(["game", "score", game, player, "1", "--db", db]) == 0:
        acked += 1
print(json.dumps({"acked": acked}), flush=True)
"""


def _workers(db: Path, jobs: list[tuple[str, str]], count: int) -> list[int]:
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(db), game, player, str(count)],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
             for game, player in jobs]
    results = []
    for proc in procs:
        out, _ = proc.communicate(timeout=300)
        assert proc.returncode == 0
        results.append(json.loads(out.strip().splitlines()[-1])["acked"])
    return results


def test_four_processes_on_four_games_of_one_database_lose_nothing(db_path: Path) -> None:
    store = GameStore(db_path)
    ids = [store.create(GameSetup(game="mota", players=four_players()), name=f"Game {n}").id for n in range(4)]
    acked = _workers(db_path, [(game_id, "p1") for game_id in ids], 40)
    assert acked == [40, 40, 40, 40]
    reread = GameStore(db_path)
    assert [sum(reread.load(game_id)["state"]["scores"]["p1"]) for game_id in ids] == [40, 40, 40, 40]
    assert len(reread.list_games()) == 4


def test_three_processes_on_one_game_lose_nothing_acknowledged(db_path: Path) -> None:
    game_id = GameStore(db_path).create(GameSetup(game="mota", players=four_players())).id
    acked = _workers(db_path, [(game_id, "p1"), (game_id, "p2"), (game_id, "p3")], 30)
    saved = GameStore(db_path).load(game_id)["state"]["scores"]
    assert [sum(saved[p]) for p in ("p1", "p2", "p3")] == acked
    assert acked == [30, 30, 30]  # the terminal holds the game's lock from load to save: none is refused
    assert GameStore(db_path).load(game_id)["rev"] == 1 + 90


def test_the_app_and_the_terminal_on_different_games_never_clash(db_path: Path) -> None:
    """The app keeps its session open and taps +1 while another process scores another game."""
    app = GameStore(db_path)
    mine = app.session(app.create(GameSetup(game="mota", players=four_players())).id)
    other = app.create(GameSetup(game="mota", players=four_players())).id
    for _ in range(5):
        mine.execute(AdjustScore("p1", 1))
        assert _workers(db_path, [(other, "p2")], 2) == [2]
    assert sum(mine.state["scores"]["p1"]) == 5
    assert sum(GameStore(db_path).load(mine.id)["state"]["scores"]["p1"]) == 5
    assert sum(GameStore(db_path).load(other)["state"]["scores"]["p2"]) == 10


def test_a_change_made_elsewhere_on_the_same_game_is_refused_in_plain_words(db_path: Path) -> None:
    app = GameStore(db_path)
    session = app.session(app.create(GameSetup(game="mota", players=four_players())).id)
    assert _workers(db_path, [(session.id, "p2")], 1) == [1]  # another process scores the same game
    try:
        session.execute(AdjustScore("p1", 1))
    except StoreConflict as exc:
        assert "changed in another window or the terminal" in str(exc)
    else:
        raise AssertionError("the stale save was accepted")
    saved = GameStore(db_path).load(session.id)["state"]["scores"]
    assert (sum(saved["p1"]), sum(saved["p2"])) == (0, 1)
