"""``companion calc antscape``: in a child process as a player runs it, and in-process; text, JSON, refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from tests.antscape.test_as_gridfile import EXAMPLE, three_players


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion", "calc", "antscape", *args],
                          capture_output=True, text=True, timeout=60)


def test_json_output_in_a_child_process() -> None:
    done = run(str(EXAMPLE), "--json")
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert list(out) == ["scores", "winners", "colonies"]
    assert out["scores"]["Cy"] == {"bonus": 6, "queen": 0, "territories": 15, "total": 21}
    assert out["winners"] == ["Cy"]
    assert all(set(c) == {"owner", "cells", "bonus"} for c in out["colonies"])
    assert all(isinstance(cell, list) and len(cell) == 2 for c in out["colonies"] for cell in c["cells"])


def test_text_output_shows_totals_winner_colonies_and_readings() -> None:
    done = run(str(EXAMPLE))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Bonus Card: Barricade"
    assert "Ana      6      0           15     21" in lines
    assert "Ana and Cy tie with 21 points; Cy wins with 5 colony cards left." in lines
    assert "  Ana: 5 territories: Barricade +6. (row,column: 1,1 1,2 1,3 1,4 2,4)" in lines
    assert any(line.startswith('Interpretation: "In a straight line" means four cells') for line in lines)


@pytest.mark.parametrize(("content", "message"), [
    ('{"players": ["Ana", "Bo"], "bonus": "barricade", "grid": []}',
     "companion: grid: a 2-player game is scored on a 4x4 grid; this one has 0 rows."),
    ("not json", "companion: Not valid JSON (line 1, column 1: Expecting value)."),
])
def test_a_bad_file_is_one_line_and_exit_2(tmp_path: Path, content: str, message: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    done = run(str(bad))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == message and "Traceback" not in done.stderr


def test_a_missing_file(tmp_path: Path) -> None:
    done = run(str(tmp_path / "nope.json"))
    assert done.returncode == 2 and done.stderr.strip() == f"companion: No file {tmp_path / 'nope.json'}."


def test_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three.json"
    path.write_text(json.dumps(three_players()), encoding="utf-8")
    assert main(["calc", "antscape", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winners"] == ["Ana"]
    assert out["scores"]["Ana"] == {"bonus": 6, "queen": 2, "territories": 2, "total": 10}
    assert out["colonies"] == [{"owner": "Ana", "cells": [[1, 1]], "bonus": 6},
                               {"owner": "Bo", "cells": [[1, 2]], "bonus": 6},
                               {"owner": "Cy", "cells": [[1, 5]], "bonus": 6}]
    path.write_text(json.dumps(three_players() | {"queens": ["Dee"]}), encoding="utf-8")
    assert main(["calc", "antscape", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        "companion: queens item 1: 'Dee' is not a player here (the players are Ana, Bo, Cy).")


def test_text_output_and_refusals_in_spanish(tmp_path: Path) -> None:
    done = run(str(EXAMPLE), "--lang", "es")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "Carta de Bonificación: Barricada"
    assert "Ana y Cy empatan con 21 puntos; gana Cy, con 5 cartas de colonia restantes." in lines
    assert "  Ana: 5 territorios: Barricada +6. (fila,columna: 1,1 1,2 1,3 1,4 2,4)" in lines
    assert any(line.startswith('Interpretación: "En línea recta" significa') for line in lines)
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": ["Ana", "Bo"], "bonus": "barricade", "grid": []}', encoding="utf-8")
    done = run(str(bad), "--lang", "es")
    assert done.stderr.strip() == ("companion: grid: una partida de 2 jugadores se puntúa en una cuadrícula de 4x4; "
                                   "esta tiene 0 filas.")
