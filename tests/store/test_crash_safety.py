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
FULL = 2000  # points saved in one game before the savers go on with another: each of the four players stops at
# 900, and a kill delayed under load has let a saver make 600 saves

SAVER = r"""
import os
import sys
import tempfile
import time
import traceback
from companion.core.commands.scoring import AdjustScore
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore

def save_loop(db, game_id):
    # a new saver: opens the saves afresh, then saves until it is killed (each total acknowledged on stdout)
    session = GameStore(db).session(game_id)

    def save_one():  # a point to the first player below 900 (a total over 999 is refused as a typo)
        scores = session.state["scores"]
        below = [player for player in sorted(scores) if sum(scores[player]) < 900]
        while not below:  # all four at 900 (a kill long delayed): waits for it; the test goes on with a new game
            time.sleep(1)
        session.execute(AdjustScore(below[0], 1))
        return sum(sum(points) for points in session.state["scores"].values())

    os.write(1, f"ready {save_one()}\n".encode())  # one write a line: a kill never leaves half a line before "gone"
    while True:
        os.write(1, f"{save_one()}\n".encode())

with tempfile.TemporaryDirectory() as warm:  # a save elsewhere first: every import and validator is made here once
    store = GameStore(os.path.join(warm, "games.json"))
    players = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))
    store.session(store.create(GameSetup(game="mota", players=players)).id).execute(AdjustScore("p1", 1))
    store.close()
print("warm", flush=True)
for line in sys.stdin:
    if line.split()[0] == "reap":
        os.waitpid(int(line.split()[1]), 0)
        print("gone", flush=True)
        continue
    pid = os.fork()
    if pid == 0:
        try:
            save_loop(sys.argv[1], line.split()[1])
        except BaseException:
            traceback.print_exc()
            print("failed", flush=True)  # so the test stops rather than waiting for its "ready"
        finally:
            os._exit(1)
    print("saver", pid, flush=True)
"""


class Savers:
    """Starts savers forked from one Python that has imported and warmed the store once.

    Each saver is still a process of its own that opens the saves afresh and is killed for real; forking it from a
    warmed parent spares the 0.4 s of CPU a new interpreter spends importing the store and building its validators
    (120 of them were most of this test's time). The parent is single-threaded and forks only when asked. A saver
    shares its stdout and writes each line with one ``os.write`` (``print`` may write a number and its newline
    apart, and a kill between the two once glued the number to the parent's next line, so the test waited on for
    good); the parent says ``gone`` only once it has reaped the killed saver, so every line the saver wrote comes
    before it.
    """

    def __init__(self, db: Path) -> None:
        self.parent = subprocess.Popen([sys.executable, "-c", SAVER, str(db)], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, text=True)
        assert self._line() == ["warm"]

    def _line(self) -> list[str]:
        assert self.parent.stdout is not None
        line = self.parent.stdout.readline()
        assert line, "the savers' parent ended"
        return line.split()

    def _tell(self, line: str) -> None:
        assert self.parent.stdin is not None
        self.parent.stdin.write(line + "\n")
        self.parent.stdin.flush()

    def run_and_kill(self, game_id: str, rng: random.Random) -> int:
        """Start a saver of ``game_id``, let it run a random few milliseconds, SIGKILL it; return its last
        acknowledged total."""
        self._tell(f"fork {game_id}")
        pid = first = None
        acknowledged = []
        while pid is None or first is None:  # the parent's "saver PID" and the saver's "ready N", in either order
            words = self._line()  # (the saver may have saved more before its parent's line comes)
            assert words != ["failed"], "a saver failed (its traceback is above)"
            if words[0] == "saver":
                pid = int(words[1])
            elif words[0] == "ready":
                first = int(words[1])
            elif len(words) == 1 and words[0].isdigit():
                acknowledged.append(int(words[0]))
        time.sleep(rng.uniform(0.0, 0.03))
        os.kill(pid, signal.SIGKILL)
        self._tell(f"reap {pid}")
        while (words := self._line()) != ["gone"]:
            assert words != ["failed"], "a saver failed (its traceback is above)"
            if len(words) == 1 and words[0].isdigit():
                acknowledged.append(int(words[0]))
        return acknowledged[-1] if acknowledged else first

    def close(self) -> None:
        assert self.parent.stdin is not None
        self.parent.stdin.close()
        assert self.parent.wait(timeout=60) == 0
        assert self.parent.stdout is not None
        self.parent.stdout.close()


@pytest.mark.slow
@needs_processes
def test_sigkill_during_saves_never_loses_an_acknowledged_save(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    rng = random.Random(20261130)
    savers = Savers(db)
    saved = last_seen = FULL
    for kill in range(KILLS):
        if last_seen >= FULL:  # the players near 900 points each: the savers go on with a new game
            saved += last_seen - FULL
            game_id, last_seen = GameStore(db).create(GameSetup(game="mota", players=four_players())).id, 0
        acknowledged = savers.run_and_kill(game_id, rng)
        store = GameStore(db)
        assert store.notice is None, f"kill {kill}: {store.notice}"
        state = store.load(game_id)["state"]
        total = sum(sum(points) for points in state["scores"].values())
        floor = max(acknowledged, last_seen)
        assert floor <= total <= floor + 1, f"kill {kill}: saved {total}, acknowledged {acknowledged}"
        last_seen = total
        store.close()
    savers.close()
    assert not list(tmp_path.glob("*.damaged-*"))
    assert not list(tmp_path.glob(".games.json.*.tmp"))  # temp files of killed writers are swept at open
    assert saved + last_seen > KILLS  # the children really did save in between kills
