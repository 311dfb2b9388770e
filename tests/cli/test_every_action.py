"""Whatever the app's screens can do to a game, the terminal can do (issue #32).

The app's game actions are discovered, not listed: every command the app's packages register (the panels and
the round bar send only those). The terminal's verbs are discovered the same way, by walking the whole
``companion`` parser: a verb that sends a command says so (``Verb.sends``), and ``companion game do`` sends any
command whose fields plain words can say. Then the verbs are run on real games saved on disk (through
``companion.cli.main`` in this process, ``tests/terminal.py``): a competitive and an Antscape game finished, a game
ended early, any command through ``game do``.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import whole_parser
from companion.cli.command_words import app_commands, unsayable
from companion.core.commands.base import Command, register_command, unregister_command
from tests.terminal import companion


def _verbs(parser: argparse.ArgumentParser, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every verb of the parser, as the words that reach it, with the commands it declares it sends."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield (*path, name), tuple(sub._defaults.get("sends", ()))  # type: ignore[misc]
                yield from _verbs(sub, (*path, name))


def verbs_for_every_command() -> dict[str, list[str]]:
    """Each app command with the terminal verbs that send it (an empty list: none)."""
    verbs = list(_verbs(whole_parser()))
    has_do = any(words == ("game", "do") for words, _ in verbs)
    found: dict[str, list[str]] = {}
    for name, cls in app_commands().items():
        found[name] = [" ".join(words) for words, sends in verbs if name in sends]
        if has_do and not unsayable(cls):
            found[name].append("game do")
    return found


def without_a_verb(found: dict[str, list[str]]) -> list[str]:
    return sorted(name for name, verbs in found.items() if not verbs)


def test_every_game_action_of_the_app_has_a_terminal_verb() -> None:
    found = verbs_for_every_command()
    assert len(found) > 100 and {"finish_game", "end_early", "next_round", "bm_set_deck"} <= set(found)
    missing = without_a_verb(found)
    assert not missing, f"no terminal verb sends: {', '.join(missing)}"
    assert found["finish_game"][0] == "game finish" and found["end_early"] == ["game end-early", "game do"]
    assert found["bm_set_deck"] == ["solo deck"]  # her deck's make-up: no plain word says it, its own verb does


def test_a_command_no_verb_sends_is_named() -> None:
    """The walk fails, by name, on a command with a field no word can say and no verb of its own."""

    class Tally(Command, name="test_tally_nobody_sends"):
        counts: dict[str, int] = dataclasses.field(default_factory=dict)

    Tally.__module__ = "companion.core.fake"  # as if the app had it
    register_command(Tally)  # a test's class joins the app's commands only when asked
    try:
        assert unsayable(Tally) == ["counts"]
        assert "test_tally_nobody_sends" in without_a_verb(verbs_for_every_command())
    finally:  # never left for the game machine to draw as one of the app's commands
        unregister_command(Tally)


def run(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return companion(*args, "--db", str(db))


def new_game(db: Path, *extra: str) -> str:
    made = run(db, "game", "new", *extra)
    assert made.returncode == 0, made.stderr
    return made.stdout.strip()


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_the_terminal_finishes_a_competitive_game(db_path: Path) -> None:
    game_id = new_game(db_path, "--player", "Ana:red", "--player", "Bo:blue")
    assert run(db_path, "game", "do", game_id, "adjust_score", "player_id=Bo", "delta=7").stdout == "Bo +7 CP\n"
    refused = run(db_path, "game", "finish", game_id)
    assert refused.returncode == 2 and "`companion game end-early ID` in the terminal" in refused.stderr
    for _ in range(3):
        assert run(db_path, "game", "next-round", game_id).returncode == 0
    last = json.loads(run(db_path, "game", "show", game_id, "--json").stdout)["state"]
    assert last["round"] == 4
    while True:  # Next to the last phase: then Next says how to finish, in both places
        step = run(db_path, "game", "next", game_id)
        if step.returncode:
            assert "finish the game instead (Finish the game in the app; `companion game finish ID`" in step.stderr
            break
    done = run(db_path, "game", "finish", game_id)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "Finish the game\nGame over: All 4 rounds played: Bo wins with 7.\n"
    assert "won by: Bo" in run(db_path, "history").stdout


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_the_terminal_finishes_an_antscape_game(db_path: Path) -> None:
    game_id = new_game(db_path, "--game", "antscape", "--player", "Ana:blue", "--player", "Cy:pink")
    assert run(db_path, "game", "do", game_id, "antscape_bonus", "bonus=land-baron").returncode == 0
    assert run(db_path, "game", "score", game_id, "Cy", "5").returncode == 0
    done = run(db_path, "game", "finish", game_id)
    assert done.returncode == 0, done.stderr
    assert "Cy wins with 5" in done.stdout


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_the_terminal_ends_a_game_early_and_undoes_it(db_path: Path) -> None:
    game_id = new_game(db_path, "--player", "Ana:red", "--player", "Bo:blue")
    run(db_path, "game", "score", game_id, "Ana", "3")
    done = run(db_path, "game", "end-early", game_id)
    assert done.stdout == ("End the game early\nGame over: Ended early in round 1 of 4: Ana leads with 3.\n"
                           "Interpretation: a game ended early counts the colonies leading at that moment as its "
                           "winners (Settings: An early end counts).\n")
    listed = run(db_path, "history").stdout
    assert "- ended early in round 1, leading: Ana" in listed
    assert "finalizada" not in run(db_path, "history", "--lang", "es").stdout
    assert "terminada antes de tiempo en la ronda 1, en cabeza: Ana" in run(db_path, "history", "--lang", "es").stdout
    assert run(db_path, "game", "undo", game_id).stdout == "Undone: End the game early\n"
    assert run(db_path, "history").stdout == "No finished games in the records yet.\n"


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_game_do_refuses_bad_words_plainly(db_path: Path) -> None:
    game_id = new_game(db_path, "--player", "Ana:red", "--player", "Bo:blue")
    for words, said in ((["nope"], "no game command 'nope'; `companion game commands` lists them"),
                        (["adjust_score", "x=1"], "adjust_score takes player_id=… delta=…"),
                        (["adjust_score", "player_id=Ana", "delta=two"], "'two' is not a whole number"),
                        (["adjust_score", "player_id=Zoe", "delta=2"], "Zoe")):
        refused = run(db_path, "game", "do", game_id, *words)
        assert refused.returncode == 2 and said in refused.stderr and "Traceback" not in refused.stderr
    shown = json.loads(run(db_path, "game", "show", game_id, "--json").stdout)
    assert shown["state"]["scores"] == {"p1": [0, 0, 0, 0], "p2": [0, 0, 0, 0]} and shown["log"] == []
    listed = run(db_path, "game", "commands").stdout.splitlines()
    assert "end_early  [winners=…]" in listed and not any(line.startswith("bm_set_deck") for line in listed)


def test_a_game_against_her_ended_early_names_no_winner(db_path: Path) -> None:
    game_id = new_game(db_path, "--mode", "solo", "--expansion", "minions", "--player", "Ana:red")
    done = run(db_path, "game", "end-early", game_id)
    assert done.returncode == 0, done.stderr
    assert "before the rules decided a winner. The standings: Ana 0, the Broodmother 0." in done.stdout
    assert done.stdout.endswith("Interpretation: a game against the Broodmother ended early has no winner: her game "
                                "is decided only at its end.\n")
    assert run(db_path, "history").stdout.rstrip().endswith("Ana 0  - ended early in round 1, no winner")
    stats = run(db_path, "history", "stats").stdout
    assert "Solo and co-op: played 1, won 0, lost 0, ended early 1" in stats and "Results, oldest first: E" in stats
