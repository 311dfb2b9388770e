"""Names the records do not hold are refused, in plain words and changing nothing (issue #32).

Run as ``companion`` command lines (``companion.cli.main`` in this process, ``tests/terminal.py``) on the
hand-worked database (``conftest.fill``): a merge of a name no game
has, and the asymmetric Broodmother's player (a role, not a person of the records) offered or typed.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from companion.core.history import record_of
from companion.core.records import name_problem, player_names
from companion.store import GameStore
from tests.records import helpers
from tests.records.test_records_core import CONTENT, records
from tests.terminal import companion


def run(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return companion(*args, "--db", str(db))


def test_a_merge_of_a_name_no_game_has_is_refused_and_nothing_stored(filled: GameStore) -> None:
    db = filled.path
    history = db.with_name("history.json")
    before = history.read_bytes()
    for first, second in (("Nobody", "Bo"), ("Bob", "Nobody")):
        refused = run(db, "history", "merge", first, second)
        assert refused.returncode == 2 and refused.stdout == ""
        assert refused.stderr == (
            "companion: No game in the records has a player named Nobody: choose one of theirs (the Records screen "
            "offers them; `companion history` lists each game's).\n")
    spanish = run(db, "history", "merge", "Nobody", "Bo", "--lang", "es")
    assert spanish.returncode == 2 and "Ninguna partida del historial tiene un jugador llamado Nobody" in spanish.stderr
    assert history.read_bytes() == before  # nothing stored
    assert run(db, "history", "merge", "Cy", "Dee").stdout == "Cy now counts as Dee in the records.\n"


def test_the_asymmetric_broodmother_is_no_name_to_pick(filled: GameStore) -> None:
    db = filled.path
    offered = player_names(filled.history.records(), filled.history.merges())
    assert "brood" not in offered and {"ana", "bo", "cy", "dee"} <= set(offered)
    for args, typed in ((("versus", "Brood", "Ana"), "Brood"), (("merge", "Brood", "Ana"), "Brood"),
                        (("merge", "Ana", "brood"), "brood")):
        refused = run(db, "history", *args)
        assert refused.returncode == 2, args
        assert refused.stderr.startswith(f"companion: {typed} only played the Broodmother, who is no player of the "
                                         "records: choose a colony's player")
    said = run(db, "history", "versus", "Ana", "Nobody").stderr
    assert "No game in the records has a player named Nobody" in said
    assert "Ana and Bo: 3 competitive games together" in run(db, "history", "versus", "Ana", "Bo").stdout


def test_a_name_that_also_led_a_colony_stays_a_player() -> None:
    """Zed played her once and a colony once: a person of the records, by the colony."""
    both = [*records(), record_of(helpers.play("g-00000020", "2025-02-01T20:00:00", helpers.brood(
        "solo", ("Brood",)), *helpers.DESTROY), CONTENT)]
    assert name_problem(both, {}, "Brood") is None and "brood" in player_names(both)
    assert name_problem(records(), {}, "  ") is not None


def test_a_csv_below_a_file_says_the_file_is_no_folder(filled: GameStore, tmp_path: Path) -> None:
    a_file = tmp_path / "notes.txt"
    a_file.write_text("mine\n", encoding="utf-8")
    refused = run(filled.path, "history", "--csv", str(a_file / "out.csv"))
    assert refused.returncode == 2
    assert refused.stderr == f"companion: {a_file} is a file, not a folder; export into a folder.\n"
    assert a_file.read_text(encoding="utf-8") == "mine\n"
    deeper = run(filled.path, "history", "--csv", str(a_file / "sub" / "out.csv"))
    assert f"{a_file} is a file, not a folder" in deeper.stderr
    nowhere = run(filled.path, "history", "--csv", str(tmp_path / "none" / "out.csv"))
    assert f"There is no folder {tmp_path / 'none'}; export into a folder that exists." in nowhere.stderr
