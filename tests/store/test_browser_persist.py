"""Every change the store makes to the saves folder is followed by ``platform.persist`` (#24, the phone build).

In the browser ``persist`` copies the files it is given (a folder: the whole saves folder) to IndexedDB; whatever
changed after the last call, or was not named to it, is lost when the tab closes. So after each operation the
folder must look exactly as the copies left it: a recorder stands in for ``persist`` and keeps a photo (names,
sizes, modification times) of what they copied.
Lock files are left out: in the browser the locks are the Web Locks API's, not files.

``put_back`` is also run as on Pyodide, whose ``os`` has no ``link``: the kept file is copied into a file created
exclusively, which refuses a game saved meanwhile just as the hard link does.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from companion import platform
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import EndEarly
from companion.core.setup import GameSetup
from companion.store import GameStore
from companion.store.reading import ReadingStore, reading_path
from companion.store.settings import SettingsStore
from companion.store.transfer import export_bytes, import_bytes
from tests.helpers import four_players
from tests.store.test_kept_games import defect_shaped, put_aside, truly_broken

Photo = dict[str, tuple[int, int]]


def photo(folder: Path) -> Photo:
    found: Photo = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.name.endswith(".lock"):
            info = path.stat()
            found[path.relative_to(folder).as_posix()] = (info.st_size, info.st_mtime_ns)
    return found


class Recorder:
    """Stands in for ``persist`` and keeps what IndexedDB would hold: the files named (or their removal), or the
    whole folder when a folder is named (the browser then copies whatever differs)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.last: Photo | None = None
        self.calls = 0

    def __call__(self, *paths: Any) -> None:
        self.calls += 1
        now = photo(self.folder)
        if self.last is None or not paths or any(Path(p).is_dir() for p in paths):
            self.last = now
            return
        for path in paths:
            name = Path(path).resolve().relative_to(self.folder.resolve()).as_posix()
            if name in now:
                self.last[name] = now[name]
            else:
                self.last.pop(name, None)

    def check(self, what: str) -> None:
        """What IndexedDB holds is what is on disk (and there was a ``persist``)."""
        assert self.last is not None, f"{what}: never persisted"
        now = photo(self.folder)
        changed = sorted(set(now.items()) ^ set(self.last.items()))
        assert not changed, f"{what}: changed after the last persist, or not named to it: {changed}"


@pytest.fixture
def recorder(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    rec = Recorder(db_path.parent)
    monkeypatch.setattr(platform, "persist", rec)
    return rec


def test_playing_importing_and_deleting_games_are_all_persisted(db_path: Path, recorder: Recorder) -> None:
    store = GameStore(db_path)
    recorder.check("opening an empty saves folder")
    session = store.create(GameSetup(game="mota", players=four_players()), name="Friday", seed=3)
    recorder.check("create")
    for _ in range(30):  # past the log's trim: the older lines go to the archive
        session.execute(AdjustScore("p1", 1))
    recorder.check("execute")
    session.undo()
    recorder.check("undo")
    store.rename(session.id, "Friday night")
    recorder.check("rename")
    copy = import_bytes(store, export_bytes(store, session.id), "friday.json")
    recorder.check("import")
    store.list_games()
    recorder.check("list")
    store.delete(copy)
    recorder.check("delete")
    store.history.records()
    recorder.check("history (first read builds the file)")


def test_kept_games_brought_back_or_deleted_and_the_records_are_persisted(db_path: Path, recorder: Recorder) -> None:
    broken, _ = truly_broken(db_path)
    defect_shaped(db_path)
    store = GameStore(db_path)  # two come back (put_back), the ledger is written
    recorder.check("kept games brought back")
    assert len(store.list_games()) == 2
    store.history.records()  # the records file is made from the saved games
    recorder.check("records")
    store.damaged.delete(broken)
    recorder.check("delete_unreadable")
    store.create(GameSetup(game="mota", players=four_players())).execute(EndEarly())  # Ana and Bo in the records
    store.history.merge("Ana", "Bo")
    recorder.check("merge two names in the records")


def test_settings_and_reading_changes_are_persisted(db_path: Path, recorder: Recorder) -> None:
    GameStore(db_path)
    settings = SettingsStore(db_path.with_name("settings.json"))
    settings.update(theme="light")
    recorder.check("settings")
    reading = ReadingStore(reading_path(db_path))
    reading.opened("some-entry")
    reading.set_bookmark("some-entry", True)
    recorder.check("reading")


def test_put_back_without_hard_links_copies_into_a_new_file_only(db_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 recorder: Recorder) -> None:
    monkeypatch.delattr(os, "link", raising=False)  # as on Pyodide (where it is missing already)
    store = GameStore(db_path)
    game = store.create(GameSetup(game="mota", players=four_players()), name="Kept", seed=1).id
    kept = put_aside(store, game)
    raw = kept.read_bytes()
    assert store.files.put_back(kept, game)
    assert store.files.path(game).read_bytes() == raw and not kept.exists()
    recorder.check("put_back by copy")
    again = put_aside(store, game)
    store.files.write(game, {"id": game, "saved": "meanwhile"})
    meanwhile = store.files.path(game).read_bytes()
    assert not store.files.put_back(again, game)  # never over a game saved meanwhile
    assert store.files.path(game).read_bytes() == meanwhile and again.read_bytes() == raw
    assert json.loads(meanwhile)["game"]["1"]["saved"] == "meanwhile"


def test_the_browser_checks_the_nesting_on_the_text_before_parsing() -> None:
    from companion.store.atomic import MAX_DEPTH, nests_deeper

    assert nests_deeper(b"[" * 100_000)
    assert nests_deeper(b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1))
    assert not nests_deeper(b"[" * MAX_DEPTH + b"]" * MAX_DEPTH)
    assert not nests_deeper(json.dumps({"name": "[[[{{" * 40 + '\\"[', "x": [[1]]}).encode())
