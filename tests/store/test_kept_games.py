"""Games kept aside in games.d/damaged/: brought back once they read, else listed, exported and deleted.

Real files on disk, each time read by a fresh ``GameStore`` on the same folder (the next start). The files
are shaped like the ones a core defect set aside: a solo game the Broodmother won and an asymmetric game
(her player has no colour), named as ``keep_aside`` names them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from companion.core.i18n import render
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore, StoreError
from companion.store import damaged as damaged_module
from companion.store.damaged import LEDGER, code_stamp
from companion.store.folder import GameFolder
from companion.store.transfer import export_kept
from tests.helpers import four_players

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
ASYMMETRIC = GameSetup(game="mota", mode="asymmetric", expansions=("minions",),
                       players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"),
                                PlayerSpec("Her", None, "broodmother")))


def kept_name(game_id: str, when: str = "20261203-070123", n: int = 0) -> str:
    return f"{game_id}.damaged-{when}{f'-{n}' if n else ''}.json"


def put_aside(store: GameStore, game_id: str, when: str = "20261203-070123", n: int = 0) -> Path:
    """Move a game's file into damaged/ by hand, named as ``keep_aside`` names it."""
    store.files.damaged.mkdir(exist_ok=True)
    target = store.files.damaged / kept_name(game_id, when, n)
    shutil.move(store.files.path(game_id), target)
    return target


def edit(path: Path, change: Any) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw["game"]["1"])
    path.write_text(json.dumps(raw), encoding="utf-8")


def broodmother_won(doc: dict[str, Any]) -> None:
    doc["state"]["ended"] = {"code": "cp-threshold", "reason": "x", "winners": ["broodmother"]}


def defect_shaped(db: Path) -> tuple[str, str]:
    """A solo game she won and an asymmetric game, both kept in damaged/ as the defect left them."""
    store = GameStore(db)
    solo = store.create(SOLO, name="Solo Tuesday", seed=1).id
    asym = store.create(ASYMMETRIC, name="Three with her", seed=1).id
    edit(put_aside(store, solo), broodmother_won)
    kept = put_aside(store, asym, n=1)
    her = next(p for p in json.loads(kept.read_text())["game"]["1"]["state"]["players"] if p["role"] == "broodmother")
    assert her["colour"] is None
    store.close()
    return solo, asym


def truly_broken(db: Path, name: str = "Never again") -> tuple[str, Path]:
    """A kept game whose state no reader accepts (its round is a word), its name still in it."""
    store = GameStore(db)
    game_id = store.create(GameSetup(game="mota", players=four_players()), name=name).id
    path = put_aside(store, game_id, when="20261202-100000")
    edit(path, lambda doc: doc["state"].update(round="three"))
    store.close()
    return game_id, path


def test_defect_shaped_games_come_back_once_the_reader_accepts_them(db_path: Path) -> None:
    broken, broken_path = truly_broken(db_path)
    solo, asym = defect_shaped(db_path)  # put aside after the last start, as the old reader did
    before = broken_path.read_bytes()

    store = GameStore(db_path)  # the fixed reader accepts what the old one moved aside
    assert [render(n) for n in store.take_notices()] == ["2 games that could not be opened before are back."]
    assert {g.id: g.name for g in store.list_games()} == {solo: "Solo Tuesday", asym: "Three with her"}
    assert store.load(solo)["state"]["ended"]["winners"] == ["broodmother"]
    assert sorted(p.name for p in store.files.damaged.glob("g-*.json")) == [broken_path.name]
    assert broken_path.read_bytes() == before  # still aside, untouched
    assert [(e.id, e.name) for e in store.damaged.games()] == [(broken, "Never again")]
    assert GameStore(db_path).take_notices() == []  # back once: the next start says nothing


def test_a_valid_game_moved_aside_by_hand_comes_back_alone_and_a_broken_one_stays(db_path: Path) -> None:
    broken, broken_path = truly_broken(db_path)
    store = GameStore(db_path)
    game_id = store.create(SOLO, name="Solo Tuesday").id
    kept = put_aside(store, game_id)
    fresh = GameStore(db_path)
    assert [render(n) for n in fresh.take_notices()] == ["1 game that could not be opened before is back."]
    assert [g.id for g in fresh.list_games()] == [game_id]
    assert not kept.exists() and broken_path.exists()
    assert [e.id for e in fresh.damaged.games()] == [broken]


def test_only_the_newest_readable_copy_of_a_free_id_comes_back_and_copies_of_a_live_game_stay(db_path: Path) -> None:
    store = GameStore(db_path)
    live = store.create(SOLO, name="Live").id
    (store.files.damaged).mkdir()
    older_live = store.files.damaged / kept_name(live, "20261201-000000")
    shutil.copy(store.files.path(live), older_live)
    edit(older_live, lambda doc: doc.update(name="Live, stale copy"))
    gone = store.create(SOLO, name="Newest").id
    newest = store.files.damaged / kept_name(gone, "20261203-000000")
    shutil.copy(store.files.path(gone), newest)
    older = put_aside(store, gone, when="20261202-000000")
    edit(older, lambda doc: doc.update(name="Older"))
    store.close()

    fresh = GameStore(db_path)
    assert len(fresh.take_notices()) == 1
    assert {g.id: g.name for g in fresh.list_games()} == {live: "Live", gone: "Newest"}
    assert older_live.exists() and older.exists() and not newest.exists()  # stale copies stay aside, silently
    assert fresh.damaged.games() == []
    ledger = json.loads((store.files.damaged / LEDGER).read_text())["files"]
    assert ledger[older.name][2] == ledger[older_live.name][2] == "stale"

    fresh.delete(gone)  # deleted by the player: its stale copy does not come back at the next start
    again = GameStore(db_path)
    assert again.take_notices() == [] and [g.id for g in again.list_games()] == [live]


def test_a_file_tried_before_is_not_read_again_until_it_or_the_code_changes(db_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(db_path)
    game_id = store.create(SOLO, name="Tried").id
    kept = put_aside(store, game_id)
    info = kept.stat()
    # The ledger says this very file failed with this very code: it is not tried at the start.
    (store.files.damaged / LEDGER).write_text(json.dumps(
        {"code": code_stamp(), "files": {kept.name: [info.st_size, info.st_mtime_ns, "unreadable"]}}))
    reads: list[Path] = []
    real = GameFolder.read_path
    monkeypatch.setattr(GameFolder, "read_path", lambda self, path: reads.append(path) or real(self, path))
    assert GameStore(db_path).take_notices() == [] and reads == [] and kept.exists()

    monkeypatch.setattr(damaged_module, "code_stamp", lambda: "new-code")  # a fixed app
    back = GameStore(db_path)
    assert reads == [kept] and len(back.take_notices()) == 1 and back.exists(game_id)


def test_opening_reads_no_live_game(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = GameStore(db_path)
    for n in range(5):
        store.create(SOLO, name=f"G{n}")
    truly_broken(db_path)
    reads: list[Path] = []
    real = GameFolder.read_path
    monkeypatch.setattr(GameFolder, "read_path", lambda self, path: reads.append(path) or real(self, path))
    GameStore(db_path)
    assert all(path.parent.name == "damaged" for path in reads) and len(reads) == 1
    reads.clear()
    GameStore(db_path)
    assert reads == []  # the broken file was tried with this code already


def test_a_kept_game_is_listed_by_its_name_with_the_reason_re_derived(db_path: Path) -> None:
    broken, path = truly_broken(db_path, "Solo Tuesday")
    truncated = path.with_name(kept_name("g-0000000a"))
    truncated.write_bytes(b'{"game": {"1": {"name": "Lost"')
    store = GameStore(db_path)
    assert store.list_games() == []
    first, second = store.damaged.games()  # the most recently kept first
    assert (first.id, first.name, first.handle, first.path) == ("g-0000000a", "g-0000000a", "g-0000000a", truncated)
    assert "complete JSON" in render(first.reason)
    assert (second.id, second.name, second.kept_at) == (broken, "Solo Tuesday", "2026-12-02 10:00")
    assert "round" in render(second.reason)
    assert store.damaged.find(broken) == second == store.damaged.find(path.name)


def test_a_game_set_aside_while_listing_is_listed_at_once_with_a_short_notice(db_path: Path) -> None:
    store = GameStore(db_path)
    game_id = store.create(SOLO, name="Solo Tuesday").id
    edit(store.files.path(game_id), lambda doc: doc["state"].update(round="three"))
    fresh = GameStore(db_path)
    assert fresh.list_games() == []
    (notice,) = fresh.take_notices()
    assert render(notice).startswith("'Solo Tuesday' could not be opened.")
    assert str(fresh.files.damaged) not in render(notice)
    assert [e.name for e in fresh.damaged.games()] == ["Solo Tuesday"]


def test_export_copies_the_file_as_it_is_and_delete_removes_it(db_path: Path, tmp_path: Path) -> None:
    broken, path = truly_broken(db_path)
    store = GameStore(db_path)
    store.files.archive_log(broken, [{"n": 0, "label": "x"}])
    original = path.read_bytes()
    out = export_kept(store, broken, tmp_path / "copy.json")
    assert out.read_bytes() == original
    with pytest.raises(StoreError, match="already exists"):
        export_kept(store, broken, out)
    with pytest.raises(StoreError, match="part of the saved games"):
        export_kept(store, broken, store.files.damaged / "x.json")
    assert store.damaged.file_bytes(broken) == original

    assert store.damaged.delete(broken).name == "Never again"
    assert not path.exists() and not store.files.log_path(broken).exists()
    assert store.damaged.games() == [] and GameStore(db_path).damaged.games() == []
    with pytest.raises(StoreError, match="No game 'g-"):
        store.damaged.delete(broken)


def test_two_unreadable_copies_of_one_game_are_named_by_their_files(db_path: Path) -> None:
    broken, path = truly_broken(db_path)
    second = path.with_name(kept_name(broken, "20261204-000000"))
    shutil.copy(path, second)
    store = GameStore(db_path)
    assert [e.handle for e in store.damaged.games()] == [second.stem, path.stem]
    with pytest.raises(StoreError, match="More than one copy"):
        store.damaged.find(broken)
    store.damaged.delete(path.stem)
    assert [e.handle for e in store.damaged.games()] == [broken]
    live = store.create(SOLO, name="Fine").id
    with pytest.raises(StoreError, match="opens fine"):
        store.damaged.find(live)


def test_opening_a_kept_game_by_its_id_says_where_it_is(db_path: Path) -> None:
    broken, _ = truly_broken(db_path)
    store = GameStore(db_path)
    with pytest.raises(StoreError, match=f"'Never again' could not be opened; .*`companion game details {broken}`"):
        store.load(broken)
    with pytest.raises(StoreError, match="No saved game 'g-00000000'"):
        store.load("g-00000000")
