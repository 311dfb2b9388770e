"""history.json kept up to date by the saves: finishes added, undone finishes removed, imports added, deletions
kept, forgetting on request, merges stored, a lost or damaged file rebuilt once from the games.

Her wins are saved through ``GameStore.save`` like the others; ``test_a_lost_history_is_rebuilt_once_from_the_games``
reads their files raw, as the rebuild does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.records import figures
from companion.store import GameStore
from companion.store.history import HISTORY_FILE, HistoryError
from companion.store.transfer import export
from tests.records import helpers
from tests.records.test_records_core import check_against_hand


def test_the_saves_keep_the_records_the_hand_worked_figures_expect(filled: GameStore) -> None:
    ids = {r["id"] for r in filled.history.records()}
    assert "g-00000015" not in ids  # finished, then undone out of its finish
    assert "g-00000011" in ids and not filled.exists("g-00000011")  # deleted, kept in the records
    assert "g-00000014" in ids  # imported finished
    check_against_hand(figures(filled.history.records(), filled.history.merges()))
    on_disk = json.loads(filled.path.with_name(HISTORY_FILE).read_text("utf-8"))
    assert on_disk["merges"] == {"bob": "bo"} and len(on_disk["records"]) == 14


def test_another_store_on_the_same_database_sees_the_records(filled: GameStore) -> None:
    again = GameStore(filled.path)
    assert len(again.history.records()) == 14 and again.history.merges() == {"bob": "bo"}
    again.history.forget("g-00000013")
    assert filled.history.record("g-00000013") is None  # re-read: the file changed


def test_a_save_of_a_finished_game_updates_its_record_and_keeps_its_date(filled: GameStore) -> None:
    filled.rename("g-00000012", "Friday night")
    record = filled.history.record("g-00000012")
    assert record is not None and record["name"] == "Friday night" and record["date"] == "2025-01-12T20:00:00"


def test_forgetting_a_game_takes_it_out_until_it_is_finished_again(filled: GameStore) -> None:
    filled.history.forget("g-00000012")
    assert filled.history.record("g-00000012") is None
    filled.rename("g-00000012", "Still forgotten")
    assert filled.history.record("g-00000012") is None
    with pytest.raises(HistoryError, match="No game 'g-00000012' in the play records"):
        filled.history.forget("g-00000012")
    session = filled.session("g-00000012")
    label = session.undo_label
    session.undo()  # un-finished: a new finish is a new result
    assert label and filled.history.record("g-00000012") is None
    session.redo()
    assert filled.history.record("g-00000012") is not None


def test_merging_and_unmerging_names(filled: GameStore) -> None:
    with pytest.raises(HistoryError, match="already one player"):
        filled.history.merge("bo", "BOB")  # Bob is merged into Bo already
    filled.history.unmerge("Bob")
    assert filled.history.merges() == {}
    with pytest.raises(HistoryError, match="not merged"):
        filled.history.unmerge("Bob")


def test_a_lost_history_is_rebuilt_once_from_the_games(filled: GameStore) -> None:
    path = filled.path.with_name(HISTORY_FILE)
    path.unlink()
    again = GameStore(filled.path)
    ids = {r["id"] for r in again.history.records()}
    # every finished game still saved, her wins included (read raw, never set aside); the deleted one is gone
    assert ids == {"g-0000000a", "g-0000000b", "g-0000000c", "g-0000000d", "g-0000000e", "g-0000000f",
                   "g-00000007", "g-00000008", "g-00000009", "g-00000010", "g-00000012", "g-00000013",
                   "g-00000014"}
    assert path.exists() and not list(filled.folder.glob("damaged/*"))
    stamp = path.stat().st_mtime_ns
    assert len(GameStore(filled.path).history.records()) == 13 and path.stat().st_mtime_ns == stamp


def test_an_empty_database_writes_an_empty_history_once(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.json")
    assert store.history.records() == []
    assert json.loads((tmp_path / HISTORY_FILE).read_text("utf-8"))["records"] == {}


def test_a_damaged_history_is_set_aside_told_and_rebuilt(filled: GameStore) -> None:
    path = filled.path.with_name(HISTORY_FILE)
    path.write_text('{"format": "march-of-the-ants-companion/history", "records": [', "utf-8")
    again = GameStore(filled.path)
    assert len(again.history.records()) == 13
    assert any("play records could not be read" in str(n) for n in again.take_notices())
    assert list(path.parent.glob("history.damaged-*.json"))


def test_a_record_that_cannot_be_written_never_fails_the_save(filled: GameStore, monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    import companion.store.history as history

    def full(path: Path, data: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(history, "write_atomically", full)
    doc = helpers.undone()
    doc["id"] = "g-00000016"
    filled.save(doc)  # saved; the record could not be
    assert filled.exists("g-00000016")
    assert any("its play record could not be" in str(n) for n in filled.take_notices())


def test_the_history_file_is_not_a_place_to_export_to(filled: GameStore) -> None:
    from companion.store.games import StoreError

    with pytest.raises(StoreError, match="part of the saved games"):
        export(filled, "g-00000012", filled.path.with_name(HISTORY_FILE), force=True)


def test_a_name_too_long_to_keep_is_refused_and_the_records_stay_readable(filled: GameStore) -> None:
    """A merge the file's shape could not hold would have left a history.json the next start sets aside."""
    before = filled.path.with_name(HISTORY_FILE).read_bytes()
    with pytest.raises(HistoryError, match="at most 40 characters"):
        filled.history.merge("x" * 41, "Ana")
    assert filled.path.with_name(HISTORY_FILE).read_bytes() == before
    data = filled.history._fresh()
    data["merges"]["y" * 41] = "ana"
    with pytest.raises(HistoryError, match="would not have read back"):
        filled.history._write(data)
    assert filled.path.with_name(HISTORY_FILE).read_bytes() == before
    assert GameStore(filled.path).history.merges() == {"bob": "bo"}
