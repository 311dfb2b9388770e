"""``companion history`` on the hand-worked set: the same figures as the core, CSV and JSON, in both languages."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.store import GameStore
from tests.records.test_records_core import check_against_hand


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_stats_json_are_the_hand_worked_figures(filled: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    check_against_hand(json.loads(run(capsys, "history", "stats", "--json", "--db", str(filled.path))))


def test_stats_in_words_in_english_and_spanish(filled: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "history", "stats", "--db", str(filled.path))
    assert "Solo and co-op: played 8, won 4, lost 4" in out
    assert "Winning streak: 0 now, 3 at best" in out
    assert "Her average lead when she won: 4.5 CP (4 games)" in out
    assert "Results, oldest first: WLLLWWWL" in out
    assert "Bob: 3 games, 1 won, average 7, best 12" in out
    out = run(capsys, "history", "stats", "--db", str(filled.path), "--lang", "es")
    assert "Solitario y cooperativo: jugadas 8, ganadas 4, perdidas 4" in out
    assert "4,5 PC" in out and "4.5" not in out  # Spanish writes a decimal comma
    assert "Bob: 3 partidas, ganadas: 1, media 7, mejor 12" in out
    assert "Resultados, del más antiguo al más reciente: GPPPGGGP" in out


def test_versus_merge_and_forget(filled: GameStore, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(filled.path)
    assert "Ana and Bo: 3 competitive games together. Ana won 2, Bo won 1, tied 0" in run(
        capsys, "history", "versus", "Ana", "Bo", "--db", db)
    run(capsys, "history", "unmerge", "Bob", "--db", db)
    assert "2 competitive games together" in run(capsys, "history", "versus", "Ana", "Bo", "--db", db)
    assert main(["history", "forget", "g-00000013", "--db", db]) == 2
    run(capsys, "history", "forget", "g-00000013", "--yes", "--db", db)
    assert "g-00000013" not in run(capsys, "history", "--db", db)


def test_csv_and_json_exports(filled: GameStore, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = str(filled.path)
    target = tmp_path / "plays.csv"
    # 26 players in 14 games, and her row in each of the 9 games against her
    assert "Wrote 35 rows" in run(capsys, "history", "--csv", str(target), "--db", db)
    rows = list(csv.DictReader(target.read_text(encoding="utf-8").splitlines()))
    assert {k: v for k, v in rows[0].items() if k not in ("modules", "module_names", "variants", "variant_names")
            and not k.endswith("_name")} == {
        "date": "2025-01-01T20:00:00", "game": "mota", "edition": "Original edition", "expansions": "minions",
        "expansion_names": "Minions of the Meadow", "mode": "solo", "difficulty": "easy", "player": "Ana",
        "role": "ant", "colour": "red", "score": "0", "winner": "yes", "ended": "broodmother-destroyed"}
    assert (rows[0]["game_name"], rows[0]["mode_name"]) == ("March of the Ants", "Solo: Against the Broodmother")
    assert main(["history", "--csv", str(target), "--db", db]) == 2  # exists: --force to replace
    data = json.loads(run(capsys, "history", "--json", "--game", "evolved", "--db", db))
    assert [r["id"] for r in data["records"]] == ["g-00000013"] and data["merges"] == {"bob": "bo"}
