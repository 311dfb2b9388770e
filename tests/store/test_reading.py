"""The rules reading list: recent entries and bookmarks beside the saves, written atomically, damage set aside."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.i18n import render
from companion.store.reading import (
    FORMAT,
    MAX_RECENT,
    READING_FILE,
    ReadingStore,
    open_reading,
    parse_reading,
    reading_path,
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return reading_path(tmp_path / "games.json")


def saved(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_the_file_sits_beside_the_saves_database(tmp_path: Path) -> None:
    assert reading_path(tmp_path / "sub" / "games.json") == tmp_path / "sub" / READING_FILE


def test_a_missing_file_gives_empty_lists_and_writes_nothing(path: Path) -> None:
    store = ReadingStore(path)
    assert (store.recent(), store.bookmarks(), store.notice) == ([], [], None)
    assert not path.exists()


def test_recent_puts_the_newest_first_once_and_keeps_the_last_twenty(path: Path) -> None:
    store = ReadingStore(path)
    for number in range(MAX_RECENT + 5):
        store.opened(f"mm-entry-{number}")
    store.opened("mm-entry-10")
    recent = store.recent()
    assert len(recent) == MAX_RECENT
    assert recent[:2] == ["mm-entry-10", f"mm-entry-{MAX_RECENT + 4}"]
    assert recent.count("mm-entry-10") == 1
    assert "mm-entry-0" not in recent
    assert ReadingStore(path).recent() == recent  # saved as it changed


def test_reopening_the_top_entry_does_not_rewrite_the_file(path: Path) -> None:
    store = ReadingStore(path)
    store.opened("mm-a")
    inode = path.stat().st_ino  # every save replaces the file, so a save would change the inode
    store.opened("mm-a")
    assert path.stat().st_ino == inode


def test_bookmarks_toggle_newest_first_and_persist(path: Path) -> None:
    store = ReadingStore(path)
    assert store.toggle_bookmark("mm-a") is True
    assert store.toggle_bookmark("pp-b") is True
    assert store.bookmarks() == ["pp-b", "mm-a"]
    assert store.is_bookmarked("mm-a")
    assert store.toggle_bookmark("mm-a") is False
    store.set_bookmark("pp-b", True)  # already on: no change, no duplicate
    assert ReadingStore(path).bookmarks() == ["pp-b"]
    data = saved(path)
    assert data["format"] == FORMAT and data["bookmarks"] == ["pp-b"]


def test_changes_leave_no_temporary_files(path: Path) -> None:
    store = ReadingStore(path)
    store.opened("mm-a")
    store.toggle_bookmark("mm-a")
    assert sorted(p.name for p in path.parent.iterdir()) == [READING_FILE]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"format": "march-of-the-ants-companion/reading", "rec', "not complete JSON"),
        (b"", "the file is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\xff", "not text"),
        (b'{"recent": ["mm-a"]}', "not a March of the Ants companion reading list"),
        (b'["mm-a"]', "not a March of the Ants companion reading list"),
        (json.dumps({"format": FORMAT, "version": 1, "recent": "mm-a"}).encode(), '"recent" is not a list'),
        (json.dumps({"format": FORMAT, "version": 1, "bookmarks": [1, 2]}).encode(), '"bookmarks" is not a list'),
        (json.dumps({"format": FORMAT, "version": 9, "recent": []}).encode(), "newer version"),
    ],
    ids=["truncated", "empty", "binary", "foreign", "list", "recent-type", "bookmark-items", "newer"],
)
def test_a_damaged_file_is_set_aside_untouched_and_the_lists_start_empty(path: Path, content: bytes,
                                                                         reason: str) -> None:
    path.write_bytes(content)
    store = ReadingStore(path)
    assert store.notice is not None and reason in render(store.notice)
    (kept,) = path.parent.glob("reading.damaged-*.json")
    assert kept.read_bytes() == content and str(kept) in render(store.notice)
    assert store.recent() == [] and store.bookmarks() == []
    store.toggle_bookmark("mm-a")
    assert kept.read_bytes() == content  # new saves never touch the kept file
    assert saved(path)["bookmarks"] == ["mm-a"]


def test_a_second_damaged_file_does_not_overwrite_the_first_one_kept(path: Path) -> None:
    path.write_bytes(b"first")
    ReadingStore(path)
    path.write_bytes(b"second")
    ReadingStore(path)
    kept = sorted(p.read_bytes() for p in path.parent.glob("reading.damaged-*.json"))
    assert kept == [b"first", b"second"]


def test_parse_drops_duplicates_and_trims_recent() -> None:
    text = json.dumps({"format": FORMAT, "version": 1, "recent": [f"mm-{n}" for n in range(30)] + ["mm-0"],
                       "bookmarks": ["mm-a", "mm-a", "mm-b"]})
    recent, bookmarks = parse_reading(text)
    assert len(recent) == MAX_RECENT and bookmarks == ["mm-a", "mm-b"]


def test_every_tab_of_a_process_shares_one_store(tmp_path: Path) -> None:
    first = open_reading(tmp_path / "games.json")
    assert open_reading(tmp_path / "." / "games.json") is first
    assert open_reading(tmp_path / "other" / "games.json") is not first
