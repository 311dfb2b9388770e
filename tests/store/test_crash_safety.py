"""Crash safety for real: a process saving in a loop is SIGKILLed at random moments.

After every kill the database must load without being set aside, and hold either the
last save the child acknowledged or the one it was writing - never less, never junk.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.core.setup import GameSetup
from companion.store import GameStore
from tests.helpers import four_players, needs_processes

KILLS = 120

CHILD = r"""
import sys
from companion.core.commands.scoring import AdjustScore
from companion.store import GameStore
store = GameStore(sys.argv[1])
session = store.session(sys.argv[2])

def save_one():
    session.execute(AdjustScore("p1", 1) if session.state["scores"]["p1"][0] < 900 else AdjustScore("p2", 1))
    return sum(session.state["scores"]["p1"]) + sum(session.state["scores"]["p2"])

first = save_one()  # imports everything a save needs, so the kill lands inside the saving loop
print("ready", first, flush=True)
while True:
    print(save_one(), flush=True)
"""


def _run_and_kill(db: Path, game_id: str, rng: random.Random) -> int:
    """Start a saver, let it run a random few milliseconds, SIGKILL it; return its last acknowledged total."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(db), game_id], stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None
    ready, first = child.stdout.readline().split()
    assert ready == "ready"
    time.sleep(rng.uniform(0.0, 0.03))
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    acknowledged = [int(line) for line in child.stdout.read().split() if line.strip().isdigit()]
    child.stdout.close()
    return acknowledged[-1] if acknowledged else int(first)


@pytest.mark.slow
@needs_processes
def test_sigkill_during_saves_never_loses_an_acknowledged_save(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    game_id = GameStore(db).create(GameSetup(game="mota", players=four_players())).id
    rng = random.Random(20261130)
    last_seen = 0
    for kill in range(KILLS):
        acknowledged = _run_and_kill(db, game_id, rng)
        store = GameStore(db)
        assert store.notice is None, f"kill {kill}: {store.notice}"
        state = store.load(game_id)["state"]
        total = sum(state["scores"]["p1"]) + sum(state["scores"]["p2"])
        floor = max(acknowledged, last_seen)
        assert floor <= total <= floor + 1, f"kill {kill}: saved {total}, acknowledged {acknowledged}"
        last_seen = total
        store.close()
    assert not list(tmp_path.glob("*.damaged-*"))
    assert not list(tmp_path.glob(".games.json.*.tmp"))  # temp files of killed writers are swept at open
    assert last_seen > KILLS  # the children really did save in between kills
