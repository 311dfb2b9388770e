"""``companion solo``: a whole scripted 4-round solo game through the CLI, and its errors.

The command lines run through ``companion.cli.main`` in this process (``tests/terminal.py``: output and exit status
as a process gives them, the game read from disk afresh by each command); one test runs real processes, for what
only a process shows: the exit status a shell sees and a refusal in one line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.terminal import companion

ROOT = Path(__file__).resolve().parents[2]


def cli(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return companion(*args)


def real_process(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=60, check=False)


class Game:
    """One saved game driven through ``companion solo ... --json``."""

    def __init__(self, db: Path, *new_args: str) -> None:
        self.db = db
        out = self.raw("solo", "new", "--db", str(db), "--json", *new_args)
        self.id = out["id"]
        self.view = out["view"]

    def raw(self, *args: str) -> Any:
        done = cli(self.db, *args)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    def solo(self, action: str, *args: str) -> dict[str, Any]:
        words = action.split()
        out: dict[str, Any] = self.raw("solo", *words, "--db", str(self.db), "--json", self.id, *args)
        self.view = out["view"]
        return out

    def hex(self, number: int) -> dict[str, Any]:
        return next(h for h in self.view["meadow"]["hexes"] if h["number"] == number)

    def to_slumber(self) -> None:
        for _ in range(5):
            self.solo("next")

    def score(self, points: int) -> None:
        done = cli(self.db, "game", "score", "--db", str(self.db), self.id, "p1", str(points))
        assert done.returncode == 0, done.stderr


@pytest.mark.slow
def test_a_whole_solo_game(db: Path) -> None:
    g = Game(db, "--player", "Ana:red", "--deck", "physical")
    assert g.view["thresholds"] == {"plot": 3, "cp": 12, "centipedes": 7} and g.view["initiative"] == 2
    g.solo("hex add", "1", "--zone", "inner", "--sites", "2")
    g.solo("hex add", "2", "--zone", "inner", "--sites", "1")
    steps = g.raw("solo", "checklist", "--db", str(db), "--json", g.id, "--tick", "hex-deck")["view"]["checklist"]
    assert [(s["id"], s["done"]) for s in steps[:2]] == [("hex-deck", True), ("starting-hexes", False)]

    # Round 1: a Plot, a Spawn on an empty meadow, an Expand; Slumber 0 + 3 inner hexes with a nymph.
    g.solo("enter", "evolution", "1")
    g.solo("enter", "event", "1")
    assert [(g.hex(n)["nymphs"], g.hex(n)["sites"]) for n in (1, 2)] == [(1, 1), (1, 0)]
    out = g.solo("enter", "colony-goal", "2")
    assert out["view"]["question"]["kind"] == "expand"
    g.solo("answer", "--number", "10", "--sites", "2")
    g.to_slumber()
    g.solo("slumber")
    assert g.view["cp"]["total"] == 4

    # Round 2: two moults (round limit 2, highest first), then level 1; a chase; a lost battle.
    g.solo("next")
    g.solo("enter", "event", "1")
    assert [g.hex(n)["centipede"] for n in (1, 2, 10)] == [False, True, True]
    assert [g.hex(n)["nymphs"] for n in (1, 2, 10)] == [2, 1, 1]
    g.solo("enter", "evolution", "2")
    g.solo("enter", "evolution", "3")
    assert g.view["machinations"]["level"] == 1 and g.view["machinations"]["plot_pile"] == 0
    g.solo("hex chase", "1")
    assert g.hex(1)["nymphs"] == 1
    g.solo("battle", "--won")
    g.score(6)
    g.to_slumber()
    assert g.view["slumber"]["total"] == 5
    g.solo("slumber")
    assert g.view["cp"]["total"] == 12 and g.view["cp"]["lead"] == 6

    # Round 3: her Expand reveals the Nest: at level 1 it keeps its two nymphs (they stay with her, so only
    # hex 1 moults, the round-3 cap allowing three); Strike finds nobody and Invades; Invade moults; Revel.
    g.solo("next")
    g.solo("enter", "colony-goal", "1")
    out = g.solo("answer", "--number", "20", "--sites", "2", "--zone", "outer", "--nest")
    assert "Provision for War: take a Royal Decree now." in [line["text"] for line in out["view"]["report"]["lines"]]
    assert g.view["her"] == {"found": True, "hex": 20, "destroyed": False}
    assert [(g.hex(n)["nymphs"], g.hex(n)["centipede"]) for n in (1, 20)] == [(0, True), (2, False)]
    g.solo("enter", "event", "3")
    g.solo("answer", "--destroyed", "0")
    assert g.view["meadow"]["tunnel"] == {"nymph": True, "centipedes": 0}
    g.solo("enter", "colony-goal", "3")
    assert g.view["meadow"]["tunnel"] == {"nymph": False, "centipedes": 1}
    g.solo("enter", "evolution", "4")
    assert g.view["cp"]["total"] == 13
    g.score(6)
    g.to_slumber()
    assert g.view["slumber"]["sum"] == "4 (centipedes) + 2 (1 per Inner Meadow hex with a nymph) = 6"
    g.solo("slumber")
    assert g.view["cp"]["total"] == 19 and g.view["end"]["ended"] is None

    # Round 4: a Revel cancelled with a token, a centipede beaten, and she falls.
    g.solo("next")
    g.solo("enter", "evolution", "1")
    g.solo("cancel")
    assert g.view["cp"]["total"] == 19 and g.view["initiative"] == 1
    g.solo("hex defeat-centipede", "10")
    assert (g.hex(10)["centipede"], g.hex(10)["nymphs"], g.hex(10)["sites"]) == (False, 0, 2)
    battle = g.raw("solo", "battle", "--db", str(db), "--json", g.id)
    assert battle["view"]["battle"]["broodmother"] == {"in_play": True, "hex": 20, "size_bonus": 2, "extra_cards": 3}
    out = g.solo("destroyed")
    assert out["ended"] == {"code": "broodmother-destroyed", "reason": "The Broodmother is destroyed: the ants win.",
                            "winners": ["p1"]}
    undone = g.solo("undo")
    assert undone["ended"] is None


@pytest.mark.slow
def test_a_virtual_game_with_a_seed_replays(db: Path) -> None:
    first = Game(db, "--players", "2", "--seed", "21", "--difficulty", "easy")
    second = Game(db, "--players", "2", "--seed", "21", "--difficulty", "easy")
    cards = []
    for g in (first, second):
        g.solo("hex add", "3", "--zone", "inner", "--sites", "2")
        out = g.solo("turn")
        cards.append(out["view"]["turn"]["card"])
    assert cards[0] == cards[1]
    assert first.view["mode"] == "coop" and first.view["initiative"] == 2


def test_help_lists_the_subcommands(db: Path) -> None:
    done = cli(db, "solo", "--help")
    assert done.returncode == 0
    for word in ("new", "turn", "enter", "cancel", "answer", "hex", "slumber", "battle", "status", "undo"):
        assert f"    {word}" in done.stdout
    assert "--json" in cli(db, "solo", "turn", "--help").stdout


@pytest.mark.parametrize("args", [
    ("solo", "turn", "g-nothere"),
    ("solo", "new", "--players", "9"),
    ("solo", "new", "--difficulty", "brutal"),
    ("solo", "hex", "add", "g-x"),
])
def test_bad_input_is_one_line_and_exit_2(db: Path, args: tuple[str, ...]) -> None:
    done = cli(db, *args[:2], "--db", str(db), *args[2:])
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr


def test_a_real_process_exits_2_with_one_line(db: Path) -> None:
    """What a shell sees: the status and the one line, from ``python -m companion`` itself."""
    done = real_process("solo", "new", "--db", str(db), "--players", "9")
    assert (done.returncode, done.stdout, done.stderr.count("\n")) == (2, "", 1), done.stderr
    assert "Traceback" not in done.stderr and not db.exists()


def test_a_refused_command_is_one_line(db: Path) -> None:
    g = Game(db, "--player", "Ana:red")
    done = cli(db, "solo", "enter", "--db", str(db), g.id, "event", "1")
    assert done.returncode == 2
    assert done.stderr == "companion: Her deck is set to virtual: let the app draw (or change the deck mode).\n"


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_solo_commands_refuse_a_competitive_game_before_changing_anything(db: Path) -> None:
    made = cli(db, "game", "new", "--db", str(db), "--player", "Ana:red", "--player", "Bo:blue")
    assert made.returncode == 0, made.stderr
    game_id = made.stdout.strip()
    for action in ("next", "undo", "checklist", "deck", "battle", "status", "turn", "answer", "slumber"):
        done = cli(db, "solo", action, "--db", str(db), game_id)
        assert done.returncode == 2, action
        assert done.stderr.startswith(f"companion: game {game_id} has no Broodmother (mode competitive); "
                                      "`companion game --help` lists what plays it"), action
    shown = json.loads(cli(db, "game", "show", "--db", str(db), "--json", game_id).stdout)
    assert (shown["state"]["round"], shown["state"]["phase"]) == (1, "worker") and shown["log"] == []


@pytest.mark.parametrize("action", ["status", "checklist", "deck", "battle", "next", "turn"])
def test_json_of_every_solo_subcommand_is_the_full_view(db: Path, action: str) -> None:
    g = Game(db, "--player", "Ana:red")
    out = g.solo(action)
    assert set(out) == {"id", "label", "round", "phase", "ended", "view"}
    assert {"battle", "deck", "checklist", "question", "actions"} <= set(out["view"])
    assert all(reason is None or isinstance(reason, str) for reason in out["view"]["actions"].values())


def test_json_says_which_of_her_commands_run_now_in_the_readers_words(db: Path) -> None:
    """Her view's ``actions`` are the terminal's one answer to what runs now: null, or the reason in its words."""
    g = Game(db, "--player", "Ana:red")
    assert g.view["actions"]['["bm_draw"]'] is None and isinstance(g.view["actions"]['["bm_cancel"]'], str)
    g.solo("next")  # the Soldier Phase: her card waits for the Worker Phase
    assert g.view["actions"]['["bm_draw"]'].endswith("It is the Soldier Phase now: her next card waits for the "
                                                    "Worker Phase.")
    spanish = g.raw("solo", "status", "--db", str(db), "--json", g.id, "--lang", "es")["view"]["actions"]
    assert "Fase actual: Fase de Soldado;" in spanish['["bm_draw"]'] and spanish.keys() == g.view["actions"].keys()


def test_answer_names_what_her_question_takes(db: Path) -> None:
    g = Game(db, "--player", "Ana:red", "--deck", "physical")
    g.solo("enter", "colony-goal", "1")
    done = cli(db, "solo", "answer", "--db", str(db), g.id, "--hex", "4")
    assert done.returncode == 2
    assert done.stderr.startswith("companion: her question takes --number NUMBER --sites SITES --zone ZONE")
    done = cli(db, "solo", "answer", "--db", str(db), g.id, "--zone", "outer")
    assert done.stderr.startswith("companion: her question needs --number, --sites")
    out = g.solo("answer", "--number", "12", "--sites", "2")
    assert out["label"] == "Her card: Colony Goal, Ferocity 1 - Expand: hex 12 in the Inner Meadow"
    assert g.hex(12)["zone"] == "inner"
