"""The CLI over the same core: exit codes, JSON, one-line errors, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core.i18n import render
from tests.terminal import companion


def run(*args: str, db: Path) -> subprocess.CompletedProcess[str]:
    """``companion ARGS --db DB`` through ``main`` in this process (``tests/terminal.py``); the tests below that
    start ``python -m companion`` themselves are the ones about the process (its imports, its environment)."""
    return companion(*args, "--db", str(db))


def new_game(db: Path, *extra: str) -> str:
    result = run("game", "new", "--player", "Ana:red", "--player", "Bo:blue", "--seed", "4", *extra, db=db)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_a_game_scripted_from_the_terminal(db_path: Path, tmp_path: Path) -> None:
    game_id = new_game(db_path, "--name", "Terminal game")
    assert run("game", "score", game_id, "Bo", "3", db=db_path).stdout.strip() == "Bo +3 CP"
    assert run("game", "next", game_id, db=db_path).stdout.strip() == "Next: Soldier Phase"
    assert run("game", "undo", game_id, db=db_path).stdout.strip() == "Undone: Next: Soldier Phase"
    assert run("game", "redo", game_id, db=db_path).stdout.strip() == "Redone: Next: Soldier Phase"

    listed = json.loads(run("game", "list", "--json", db=db_path).stdout)
    assert [(g["id"], g["name"], g["players"], g["round"]) for g in listed] == [
        (game_id, "Terminal game", ["Ana", "Bo"], 1)]

    shown = json.loads(run("game", "show", game_id, "--json", db=db_path).stdout)
    assert shown["state"]["scores"]["p2"] == [3, 0, 0, 0]
    assert shown["state"]["phase"] == "soldier"
    assert [render(e["label"]) for e in shown["log"]] == [
        "Bo +3 CP", "Next: Soldier Phase", "Undo: Next: Soldier Phase", "Redo: Next: Soldier Phase"]

    text = run("game", "show", game_id, db=db_path).stdout
    assert "Round 1 of 4: Soldier Phase" in text and "Bo" in text and "Undo: Next: Soldier Phase" in text

    exported = tmp_path / "out.json"
    assert run("game", "export", game_id, str(exported), db=db_path).returncode == 0
    other = tmp_path / "other.json"
    assert run("game", "import", str(exported), db=other).stdout.strip() == f"Imported as {game_id}"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("game", "show", "g-nope"), "No saved game 'g-nope'"),
        (("game", "undo", "g-nope"), "No saved game 'g-nope'"),
        (("game", "new", "--player", "Ana:pink", "--player", "Bo:blue"), "choose a colour from Red"),
        (("game", "new", "--player", "Ana"), "write NAME:COLOUR"),
        (("game", "frobnicate"), "invalid choice: 'frobnicate'"),
        (("game", "import", "/nonexistent/file.json"), "There is no file /nonexistent/file.json"),
    ],
)
def test_bad_input_gives_one_line_and_exit_status_2(db_path: Path, args: tuple[str, ...], message: str) -> None:
    result = run(*args, db=db_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr + result.stdout


def test_refused_commands_change_nothing(db_path: Path) -> None:
    game_id = new_game(db_path)
    result = run("game", "score", game_id, "Ana", "-1", db=db_path)
    assert result.returncode == 2 and "cannot go below 0" in result.stderr
    result = run("game", "redo", game_id, db=db_path)
    assert result.returncode == 2 and "Nothing to redo" in result.stderr
    shown = json.loads(run("game", "show", game_id, "--json", db=db_path).stdout)
    assert shown["log"] == [] and shown["state"]["scores"]["p1"] == [0, 0, 0, 0]


def test_delete_needs_confirmation(db_path: Path) -> None:
    game_id = new_game(db_path)
    refused = run("game", "delete", game_id, db=db_path)
    assert refused.returncode == 2 and "--yes" in refused.stderr
    assert run("game", "delete", game_id, "--yes", db=db_path).returncode == 0
    assert json.loads(run("game", "list", "--json", db=db_path).stdout) == []


def test_a_damaged_database_is_reported_and_kept(db_path: Path) -> None:
    db_path.write_text('{"_meta": {"1": ')
    result = run("game", "list", db=db_path)
    assert result.returncode == 0
    assert "could not be read" in result.stderr and "No saved games." in result.stdout
    assert len(list(db_path.parent.glob("games.damaged-*.json"))) == 1


def test_cli_subcommands_do_not_import_flet(db_path: Path) -> None:
    code = ("import sys; from companion.cli import main; main(['game', 'list', '--db', sys.argv[1]]);"
            "print('FLET' if 'flet' in sys.modules else 'NO-FLET')")
    result = subprocess.run([sys.executable, "-c", code, str(db_path)], capture_output=True, text=True, timeout=60)
    assert result.stdout.strip().splitlines()[-1] == "NO-FLET"


def test_the_environment_variable_chooses_the_database(tmp_path: Path) -> None:
    db = tmp_path / "env.json"
    argv = [sys.executable, "-m", "companion", "game", "new", "--player", "A:red", "--player", "B:blue"]
    result = subprocess.run(argv, capture_output=True, text=True, env={**os.environ, "COMPANION_DB": str(db)})
    assert result.returncode == 0 and db.exists()


def test_a_game_that_could_not_be_opened_has_a_row_details_export_and_delete(db_path: Path, tmp_path: Path) -> None:
    good = new_game(db_path, "--name", "Fine")
    broken = new_game(db_path, "--name", "Solo Tuesday")
    game_file = db_path.with_name("games.d") / f"{broken}.json"
    raw = json.loads(game_file.read_text())
    raw["game"]["1"]["state"]["round"] = "three"
    game_file.write_text(json.dumps(raw))

    listed = run("game", "list", db=db_path)
    assert listed.returncode == 0
    rows = listed.stdout.splitlines()
    assert rows[0].startswith(f"{good}  Fine  ")
    assert rows[1] == f"{broken}  'Solo Tuesday' could not be opened - `companion game details {broken}` says why"
    kept = next(e for e in json.loads(run("game", "list", "--json", db=db_path).stdout) if e.get("unreadable"))
    assert (kept["id"], kept["name"], kept["handle"]) == (broken, "Solo Tuesday", broken)

    details = run("game", "details", broken, db=db_path)
    assert details.returncode == 0 and details.stderr == ""
    lines = details.stdout.splitlines()
    assert lines[0].startswith(f"'Solo Tuesday' ({broken}) could not be opened: ") and "round" in lines[0]
    assert kept["file"] in lines[1]
    assert run("game", "details", good, db=db_path).stderr.strip() == (
        f"companion: Game {good} opens fine: `companion game show {good}` shows it.")

    copy = tmp_path / "solo.json"
    assert run("game", "export-damaged", broken, str(copy), db=db_path).returncode == 0
    assert copy.read_bytes() == Path(kept["file"]).read_bytes()

    refused = run("game", "delete-damaged", broken, db=db_path)
    assert refused.returncode == 2 and "--yes" in refused.stderr and Path(kept["file"]).exists()
    deleted = run("game", "delete-damaged", broken, "--yes", db=db_path)
    assert deleted.stdout.strip() == f"Deleted 'Solo Tuesday' ({broken}), which could not be opened"
    assert not Path(kept["file"]).exists()
    assert [e["id"] for e in json.loads(run("game", "list", "--json", db=db_path).stdout)] == [good]
    gone = run("game", "details", broken, db=db_path)
    assert gone.returncode == 2 and "No game" in gone.stderr and "Traceback" not in gone.stderr


def test_a_game_kept_aside_in_spanish(db_path: Path) -> None:
    broken = new_game(db_path, "--name", "Solo Tuesday")
    game_file = db_path.with_name("games.d") / f"{broken}.json"
    game_file.write_text(game_file.read_text()[:150])
    listed = run("--lang", "es", "game", "list", db=db_path)
    assert listed.stdout.strip() == (
        f"{broken}  No se ha podido abrir «{broken}»: `companion game details {broken}` dice por qué")
    assert "No hay partidas" not in listed.stdout


def test_end_early_follows_the_setting_beside_the_saves_unless_a_flag_says(db_path: Path) -> None:
    """``game end-early``: who wins is the app's setting "An early end counts" (settings.json beside the saves),
    or ``--winners``; the result and its reading are printed, and the saved game holds them."""
    game_id = new_game(db_path)
    run("game", "score", game_id, "Bo", "3", db=db_path)
    db_path.with_name("settings.json").write_text(json.dumps({"early_end": "none"}), encoding="utf-8")
    out = run("game", "end-early", game_id, db=db_path).stdout.splitlines()
    assert out == ["End the game early, with no winner",
                   "Game over: Ended early in round 1 of 4, before the rules decided a winner. The standings: Bo 3, "
                   "Ana 0.",
                   "Interpretation: a game ended early has no winner; its standings are kept (Settings: An early end "
                   "counts)."]
    assert json.loads(run("game", "show", game_id, "--json", db=db_path).stdout)["state"]["ended"]["winners"] == []
    run("game", "undo", game_id, db=db_path)
    out = run("game", "end-early", game_id, "--winners", "leaders", db=db_path).stdout.splitlines()
    assert out[1:] == ["Game over: Ended early in round 1 of 4: Bo leads with 3.",
                       "Interpretation: a game ended early counts the colonies leading at that moment as its winners "
                       "(Settings: An early end counts)."]
    assert json.loads(run("game", "show", game_id, "--json", db=db_path).stdout)["state"]["ended"]["winners"] == ["p2"]
    refused = run("game", "end-early", game_id, "--winners", "all", db=db_path)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
