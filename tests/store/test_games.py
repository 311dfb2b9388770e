"""Saved games on a real TinyDB file: list, resume, rename, delete, export, import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.i18n import render
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore, StoreConflict, StoreError
from companion.store.transfer import export, export_bytes, import_bytes, import_file
from tests.helpers import four_players


def test_a_new_game_is_on_disk_before_create_returns(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(GameSetup(game="mota", players=four_players()), name="Friday night")
    index = json.loads(db_path.read_text())
    assert index["_meta"]["1"] == {"app": "march-of-the-ants-companion", "schema": 2}
    on_disk = json.loads((db_path.parent / "games.d" / f"{session.id}.json").read_text())
    doc = on_disk["game"]["1"]
    assert doc["id"] == session.id and doc["name"] == "Friday night" and doc["schema"] == 2
    assert [p["name"] for p in doc["state"]["players"]] == ["Ana", "Bo", "Cy", "Di"]


def test_every_command_is_saved_before_it_returns(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(GameSetup(game="mota", players=four_players()))
    session.execute(AdjustScore("p4", 3))
    doc = json.loads((db_path.parent / "games.d" / f"{session.id}.json").read_text())["game"]["1"]
    assert doc["state"]["scores"]["p4"] == [3, 0, 0, 0]
    assert render(doc["undo"][-1]["label"]) == "Di +3 CP"
    assert render(doc["log"][-1]["label"]) == "Di +3 CP"


def test_list_resume_rename_delete(store: GameStore) -> None:
    first = store.create(GameSetup(game="mota", players=four_players()), name="First")
    second = store.create(GameSetup(game="antscape", players=(PlayerSpec("Irene", "pink"), PlayerSpec("Jo", "blue"))),
                          name="Second")
    second.execute(AdjustScore("p1", 4))
    first.execute(NextPhase())  # first is now the most recently played
    listed = store.list_games()
    assert sorted(g.name for g in listed) == ["First", "Second"]
    summary = next(g for g in listed if g.id == second.id)
    assert (summary.game, summary.players, summary.round, summary.rounds) == ("antscape", ["Irene", "Jo"], 1, 1)

    resumed = store.session(second.id)
    assert resumed.state["scores"]["p1"] == [4]
    assert resumed.undo_label == "Irene +4 pts"

    store.rename(second.id, "  Antscape   rematch ")
    assert store.load(second.id)["name"] == "Antscape rematch"
    with pytest.raises(StoreError, match="1-60 characters"):
        store.rename(second.id, "   ")

    store.delete(first.id)
    assert [g.id for g in store.list_games()] == [second.id]
    with pytest.raises(StoreError, match="No saved game"):
        store.session(first.id)
    with pytest.raises(StoreError, match="No saved game"):
        store.delete(first.id)


def test_the_list_shows_the_most_recently_played_first(store: GameStore) -> None:
    ids = [store.create(GameSetup(game="mota", players=four_players()), name=n).id for n in ("A", "B", "C")]
    for game_id, stamp in zip(ids, ["2026-11-01T10:00:00+00:00", "2026-11-03T10:00:00+00:00",
                                    "2026-11-02T10:00:00+00:00"], strict=True):
        doc = store.load(game_id)
        doc["updated"] = stamp
        store.save(doc)
    assert [g.name for g in store.list_games()] == ["B", "C", "A"]


def test_export_then_import_gives_back_the_same_game(store: GameStore, tmp_path: Path) -> None:
    session = store.create(GameSetup(game="mota", players=four_players()), name="Export me")
    session.execute(AdjustScore("p1", 2))
    session.execute(NextPhase())
    exported = export(store, session.id, tmp_path / "game.json")
    payload = json.loads(exported.read_text())
    assert payload["format"] == "march-of-the-ants-companion/game" and payload["schema"] == 2

    other = GameStore(tmp_path / "other.json")
    new_id = import_file(other, exported)
    assert new_id == session.id
    imported, original = other.load(new_id), store.load(session.id)
    assert imported.pop("rev") == 1 and original.pop("rev") == 3  # revisions count saves in each database
    assert imported == original
    assert other.session(new_id).undo().text == "Next: Soldier Phase"

    again = import_file(store, exported)  # same id already here: a renamed copy
    assert again != session.id
    assert store.load(again)["name"] == "Export me (imported)"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "it is not complete JSON"),
        ('{"format": "something-else"}', "not a game exported by this app"),
        ('{"format": "march-of-the-ants-companion/game", "game": 3}', "a saved game must be an object"),
        ('{"format": "march-of-the-ants-companion/game", "game": {"schema": 9}}', "newer version"),
        ('{"format": "march-of-the-ants-companion/game", "game": {"name": "no schema, no state"}}',
         "not a complete saved game of schema 0"),
        ('{"format": "march-of-the-ants-companion/game", "game": {"state": {"scores": 5}}}',
         "not a complete saved game of schema 0"),
    ],
)
def test_a_bad_import_is_refused_and_changes_nothing(store: GameStore, tmp_path: Path, text: str,
                                                     message: str) -> None:
    store.create(GameSetup(game="mota", players=four_players()))
    before = sorted(p.name for p in store.folder.iterdir())
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(StoreError, match=message):
        import_file(store, bad)
    assert sorted(p.name for p in store.folder.iterdir()) == before


def test_an_import_with_a_broken_state_is_refused(store: GameStore, tmp_path: Path) -> None:
    session = store.create(GameSetup(game="mota", players=four_players()))
    path = export(store, session.id, tmp_path / "g.json")
    payload = json.loads(path.read_text())
    payload["game"]["state"]["round"] = 7
    path.write_text(json.dumps(payload))
    with pytest.raises(StoreError, match=r"state\.round: Input should be less than or equal to 5"):
        import_file(store, path)
    payload["game"]["state"]["round"] = 1
    payload["game"]["state"]["scores"]["p1"] = [0, 0]
    path.write_text(json.dumps(payload))
    with pytest.raises(StoreError, match=r"state\.scores: one number per round"):
        import_file(store, path)
    assert len(store.list_games()) == 1


def test_import_of_a_missing_file(store: GameStore, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="There is no file"):
        import_file(store, tmp_path / "nope.json")


def test_a_pre_release_save_is_migrated(store: GameStore, tmp_path: Path) -> None:
    session = store.create(GameSetup(game="mota", players=four_players()))
    doc = store.load(session.id)
    old = {k: v for k, v in doc.items() if k not in ("schema", "redo")}
    old["state"] = {**doc["state"], "scores": {"p1": 5, "p2": 0, "p3": 2, "p4": 0}}
    del old["state"]["schema"]
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"format": "march-of-the-ants-companion/game", "game": old}))
    new_id = import_file(store, path)
    migrated = store.load(new_id)
    assert migrated["schema"] == 2
    assert migrated["state"]["scores"]["p1"] == [5, 0, 0, 0]
    assert migrated["state"]["scores"]["p3"] == [2, 0, 0, 0]


def test_a_change_saved_elsewhere_is_never_overwritten(db_path: Path) -> None:
    """The app holds a game open while the terminal changes it: the app's next save is refused."""
    app_store, cli_store = GameStore(db_path), GameStore(db_path)
    app_session = app_store.create(GameSetup(game="mota", players=four_players()))
    app_session.execute(AdjustScore("p1", 1))
    cli_store.session(app_session.id).execute(AdjustScore("p2", 5))  # the terminal, another process

    with pytest.raises(StoreConflict, match="was changed in another window or the terminal"):
        app_session.execute(AdjustScore("p1", 1))
    assert app_session.state["scores"]["p1"] == [1, 0, 0, 0]  # the refused change is not shown either
    saved = app_store.load(app_session.id)
    assert saved["state"]["scores"]["p2"] == [5, 0, 0, 0] and saved["state"]["scores"]["p1"] == [1, 0, 0, 0]
    assert saved["rev"] == 3

    reloaded = app_store.session(app_session.id)  # what the app does on a conflict
    reloaded.execute(AdjustScore("p1", 1))
    assert app_store.load(app_session.id)["state"]["scores"]["p1"] == [2, 0, 0, 0]


def test_rename_and_import_keep_revisions_consistent(store: GameStore, tmp_path: Path) -> None:
    session = store.create(GameSetup(game="mota", players=four_players()), name="Rev")
    assert session.doc["rev"] == 1
    session.execute(NextPhase())
    assert (session.doc["rev"], store.load(session.id)["rev"]) == (2, 2)
    store.rename(session.id, "Renamed")
    assert store.load(session.id)["rev"] == 3
    fresh = store.session(session.id)
    fresh.execute(NextPhase())
    copy_id = import_bytes(store, export_bytes(store, session.id), "the download")
    assert store.load(copy_id)["rev"] == 1
    with pytest.raises(StoreError, match="the download is not a game exported by this app"):
        import_bytes(store, b'{"format": "x"}', "the download")
