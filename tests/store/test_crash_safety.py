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

SAVERS = r"""
import os, sys
from companion.core.commands.scoring import AdjustScore
from companion.store import GameStore

def saver():
    store = GameStore(sys.argv[1])
    session = store.session(sys.argv[2])

    def save_one():
        session.execute(AdjustScore("p1", 1) if session.state["scores"]["p1"][0] < 900 else AdjustScore("p2", 1))
        return sum(session.state["scores"]["p1"]) + sum(session.state["scores"]["p2"])

    first = save_one()  # the first save done, so the kill lands inside the saving loop
    print("ready", os.getpid(), first, flush=True)
    while True:
        print(save_one(), flush=True)

def warm_up():
    # One save in a scratch folder first: what a save builds on first use (checks, lazy imports) is built once
    # here, not in each saver.
    import tempfile
    from companion.core.setup import GameSetup
    from tests.helpers import four_players
    with tempfile.TemporaryDirectory() as scratch:
        store = GameStore(os.path.join(scratch, "games.json"))
        store.session(store.create(GameSetup(game="mota", players=four_players())).id).execute(AdjustScore("p1", 1))
        store.close()

warm_up()
for _ in sys.stdin:  # one saver per line asked
    pid = os.fork()
    if pid == 0:
        saver()
    os.waitpid(pid, 0)
    print("gone", flush=True)
"""


class Savers:
    """A process that has imported the store once and forks a fresh saver on demand: each saver opens the store
    anew and saves in a loop until it is SIGKILLed, as a whole process started for it would, without paying
    Python's start, the imports and the first save's lazy set-up (~0.5 s on a quiet machine) at each of the
    ``KILLS``."""

    def __init__(self, db: Path, game_id: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", SAVERS, str(db), game_id], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def run_and_kill(self, rng: random.Random) -> int:
        """Fork a saver, let it run a random few milliseconds, SIGKILL it; return its last acknowledged total."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write("save\n")
        stdin.flush()
        ready, pid, first = stdout.readline().split()
        assert ready == "ready"
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(int(pid), signal.SIGKILL)
        acknowledged = [int(line) for line in iter(stdout.readline, "gone\n") if line.strip().isdigit()]
        return acknowledged[-1] if acknowledged else int(first)

    def close(self) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)
        self.process.stdout.close()


@pytest.mark.slow
@needs_processes
def test_sigkill_during_saves_never_loses_an_acknowledged_save(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    game_id = GameStore(db).create(GameSetup(game="mota", players=four_players())).id
    rng = random.Random(20261130)
    last_seen = 0
    savers = Savers(db, game_id)
    for kill in range(KILLS):
        acknowledged = savers.run_and_kill(rng)
        store = GameStore(db)
        assert store.notice is None, f"kill {kill}: {store.notice}"
        state = store.load(game_id)["state"]
        total = sum(state["scores"]["p1"]) + sum(state["scores"]["p2"])
        floor = max(acknowledged, last_seen)
        assert floor <= total <= floor + 1, f"kill {kill}: saved {total}, acknowledged {acknowledged}"
        last_seen = total
        store.close()
    savers.close()
    assert not list(tmp_path.glob("*.damaged-*"))
    assert not list(tmp_path.glob(".games.json.*.tmp"))  # temp files of killed writers are swept at open
    assert last_seen > KILLS  # the children really did save in between kills
