"""Real files and real disks: full, read-only, FIFOs, folders, exports onto the saves, old databases.

A full disk and a read-only disk are small tmpfs mounts (skipped, with the reason, where
mounting is not allowed). Every failure must leave what is on disk as it was and say
what happened in a sentence - in the store and through the terminal.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.broodmother.commands import DrawCard
from companion.core.commands.scoring import AdjustScore
from companion.core.i18n import render
from companion.core.setup import GameSetup
from companion.store import FileProblem, GameStore, StoreError
from companion.store.transfer import import_file
from tests.helpers import four_players, needs_fifos, needs_processes

FIXTURES = Path(__file__).parent / "fixtures"


def _cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _tmpfs(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    if os.geteuid() != 0 or not shutil.which("mount"):
        pytest.skip("mounting a small tmpfs needs root and mount(8)")
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)], capture_output=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.decode().strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _fill(folder: Path) -> None:
    """Write until the disk says it is full."""
    fd = os.open(folder / "filler", os.O_WRONLY | os.O_CREAT)
    try:
        with contextlib.suppress(OSError):
            while True:
                os.write(fd, b"\0" * 1024)
    finally:
        os.close(fd)


@needs_processes  # mount(8)
def test_a_full_disk_refuses_the_change_says_so_and_keeps_the_game(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "disk", "512k") as disk:
        db = disk / "games.json"
        store = GameStore(db)
        session = store.create(GameSetup(game="mota", players=four_players()))
        session.execute(AdjustScore("p1", 2))
        before = store.files.path(session.id).read_bytes()
        _fill(disk)
        with pytest.raises(FileProblem, match="the disk is full: free some space"):
            session.execute(AdjustScore("p1", 5))
        assert session.state["scores"]["p1"][0] == 2 and session.doc["rev"] == 2  # nothing changed in memory
        assert store.files.path(session.id).read_bytes() == before  # nor on disk
        code, _, err = _cli("game", "score", session.id, "p1", "1", "--db", str(db))
        assert code == 2 and "the disk is full" in err and "something unexpected" not in err
        (disk / "filler").unlink()
        session.execute(AdjustScore("p1", 5))
        assert GameStore(db).load(session.id)["state"]["scores"]["p1"][0] == 7


@needs_processes  # mount(8)
def test_a_read_only_disk_gives_a_message_and_the_games_still_read(tmp_path: Path) -> None:
    with _tmpfs(tmp_path / "disk", "4m") as disk:
        db = disk / "games.json"
        game_id = GameStore(db).create(GameSetup(game="mota", players=four_players()), name="Locked").id
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        code, _, err = _cli("game", "score", game_id, "p1", "1", "--db", str(db))
        assert code == 2 and "read-only disk" in err and "something unexpected" not in err
        code, out, _ = _cli("game", "list", "--db", str(db))
        assert code == 0 and "Locked" in out


@pytest.mark.parametrize(("db", "message"),
                         [("", "needs a file name"), ("{tmp}", "is a folder: name a file inside it")])
def test_db_that_is_a_folder_or_empty_is_explained(tmp_path: Path, db: str, message: str) -> None:
    code, _, err = _cli("game", "list", "--db", db.format(tmp=tmp_path))
    assert code == 2 and message in err and "something unexpected" not in err


@needs_fifos
def test_export_never_overwrites_the_saves_a_device_a_fifo_or_an_existing_file(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    store = GameStore(db)
    keep = store.create(GameSetup(game="mota", players=four_players()), name="Keep").id
    game_id = store.create(GameSetup(game="mota", players=four_players()), name="Out").id
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    existing = tmp_path / "mine.json"
    existing.write_text("my notes")
    cases = [
        (db, "part of the saved games"), (store.files.path(keep), "part of the saved games"),
        (Path("/dev/null"), "not a regular file"), (fifo, "not a regular file"),
        (existing, "already exists; choose another name, or add --force"),
        (tmp_path / "no" / "such" / "folder.json", "There is no folder"), (tmp_path, "not a regular file"),
    ]
    for target, message in cases:
        code, _, err = _cli("game", "export", game_id, str(target), "--db", str(db))
        assert code == 2 and message in err, (target, err)
    assert existing.read_text() == "my notes" and not (tmp_path / "no").exists()
    assert sorted(g.name for g in GameStore(db).list_games()) == ["Keep", "Out"]
    assert _cli("game", "export", game_id, str(existing), "--force", "--db", str(db))[0] == 0
    assert json.loads(existing.read_text())["game"]["name"] == "Out"
    code, _, err = _cli("game", "export", game_id, str(fifo), "--force", "--db", str(db))
    assert code == 2 and "not a regular file" in err


@needs_fifos
def test_import_reads_only_regular_files_and_never_hangs_on_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    store = GameStore(tmp_path / "games.json")
    for source, message in [(fifo, "not a regular file"), (tmp_path, "not a regular file"),
                            (Path("/dev/zero"), "not a regular file")]:
        with pytest.raises(StoreError, match=message):
            import_file(store, source)
    assert store.list_games() == []


def test_one_damaged_game_is_set_aside_alone_and_every_other_game_loads(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    store = GameStore(db)
    ids = [store.create(GameSetup(game="mota", players=four_players()), name=f"G{n}").id for n in range(3)]
    broken = store.files.path(ids[1])
    broken.write_bytes(broken.read_bytes()[:200])  # truncated by some other program
    fresh = GameStore(db)
    assert sorted(g.name for g in fresh.list_games()) == ["G0", "G2"]
    (kept,) = (db.parent / "games.d" / "damaged").iterdir()
    assert len(kept.read_bytes()) == 200  # kept as it was found
    notices = [render(n) for n in fresh.take_notices()]
    assert len(notices) == 1 and ids[1] in notices[0] and "every other game is fine" in notices[0]
    assert [e.id for e in fresh.damaged.games()] == [ids[1]]
    with pytest.raises(StoreError, match=f"could not be opened; .*`companion game details {ids[1]}` says why"):
        fresh.load(ids[1])


def test_a_game_that_breaks_the_schema_on_disk_is_set_aside_too(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    store = GameStore(db)
    game_id = store.create(GameSetup(game="mota", players=four_players())).id
    good = store.create(GameSetup(game="mota", players=four_players()), name="Good").id
    raw = json.loads(store.files.path(game_id).read_text())
    del raw["game"]["1"]["state"]["ended"]
    store.files.path(game_id).write_text(json.dumps(raw))
    assert [g.id for g in GameStore(db).list_games()] == [good]


def test_an_old_single_file_database_is_moved_to_a_file_per_game_and_kept(tmp_path: Path) -> None:
    """A real database written by the previous release (schema 1): a competitive and a solo game."""
    db = tmp_path / "games.json"
    shutil.copy(FIXTURES / "v1-games.json", db)
    original = db.read_bytes()
    old = json.loads(original)
    friday = next(g for g in old["games"].values() if g["name"] == "Friday")
    friday["log"] = [dict(friday["log"][0]) for _ in range(5000)]  # a long game: 5,000 log lines
    db.write_text(json.dumps(old))
    original = db.read_bytes()

    store = GameStore(db)
    assert "now have a file each" in (store.notice or "")
    (backup,) = tmp_path.glob("games.v1-*.json")
    assert backup.read_bytes() == original  # the old file is kept, byte for byte
    listed = {g.name: g for g in store.list_games()}
    assert set(listed) == {"Friday", "Solo v1"}
    for game in old["games"].values():
        doc = store.load(game["id"])
        assert doc["state"]["scores"] == game["state"]["scores"]
        assert doc["state"]["round"] == game["state"]["round"] and doc["state"]["phase"] == game["state"]["phase"]
    assert len(store.full_log(friday["id"])) == 5000
    assert len(store.load(friday["id"])["log"]) <= 200
    assert store.session(friday["id"]).redo().text.startswith("Next")  # the history survived the move

    solo = next(g for g in old["games"].values() if g["name"] == "Solo v1")
    session = store.session(solo["id"])
    assert session.state["module_versions"]["broodmother"] == 3  # and the trackers it adopted
    session.execute(DrawCard())  # her deck goes on where it was
    assert GameStore(db).notice is None  # opened again: nothing more to move


def test_a_long_game_keeps_a_bounded_file_and_every_log_line(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.json")
    session = store.create(GameSetup(game="mota", players=four_players()))
    for n in range(1200):
        session.execute(AdjustScore("p1", 1 if n % 2 == 0 else -1))
    size = store.files.path(session.id).stat().st_size
    assert size < 300_000
    log = store.full_log(session.id)
    assert [e["n"] for e in log] == list(range(1200))
    assert len(session.doc["undo"]) == 500 and session.doc["log_archived"] + len(session.doc["log"]) == 1200


@needs_processes
def test_a_game_deleted_elsewhere_is_not_brought_back_by_the_next_save(tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    app = GameStore(db)
    session = app.session(app.create(GameSetup(game="mota", players=four_players())).id)
    done = subprocess.run([sys.executable, "-m", "companion", "game", "delete", session.id, "--yes", "--db", str(db)],
                          capture_output=True, text=True)
    assert done.returncode == 0
    with pytest.raises(StoreError, match="was deleted"):
        session.execute(AdjustScore("p1", 1))
    assert app.list_games() == [] and not app.files.path(session.id).exists()


def test_a_game_saved_before_a_tracker_existed_gains_its_state_when_opened(tmp_path: Path) -> None:
    """The module lifecycle through real files: the aphid tracker's state is adopted on open."""
    db = tmp_path / "games.json"
    store = GameStore(db)
    setup = GameSetup(game="mota", players=four_players(), expansions=("minions",), modules=("aphids",))
    game_id = store.create(setup).id
    raw = json.loads(store.files.path(game_id).read_text())
    doc = raw["game"]["1"]
    del doc["state"]["modules_state"]["aphids"]  # as a release without the tracker saved it
    doc["state"]["module_versions"].pop("aphids")
    store.files.path(game_id).write_text(json.dumps(raw))
    reopened = GameStore(db).load(game_id)
    assert reopened["state"]["modules_state"]["aphids"] == {"hexes": [], "harvested": [], "bred": [], "ticked": []}
    assert reopened["state"]["module_versions"]["aphids"] == 1
