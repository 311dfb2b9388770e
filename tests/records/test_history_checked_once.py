"""history.json is checked whole once per version of its bytes (a stamp in the cache folder), and
``companion history stats`` reads it without opening the store or loading pydantic once it is stamped."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import companion.store.history as history
from companion.store import GameStore
from companion.store.history import HISTORY_FILE, database_path, read_beside, read_checked


def test_a_version_once_checked_is_read_without_a_second_check(filled: GameStore,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = filled.path.with_name(HISTORY_FILE)
    first = read_checked(path)

    def no_check(*_: object) -> None:
        raise AssertionError("checked twice")

    monkeypatch.setattr(history, "check", no_check)
    assert read_checked(path) == first
    assert read_beside(filled.path) == first
    assert len(GameStore(filled.path).history.records()) == 14  # the store reads through the same stamp


def test_a_new_version_is_checked_again_and_a_bad_one_set_aside(filled: GameStore) -> None:
    path = filled.path.with_name(HISTORY_FILE)
    read_checked(path)
    data = json.loads(path.read_text("utf-8"))
    data["records"]["g-00000012"]["mode"] = 7  # valid JSON, not the shape: never believed from a stale stamp
    path.write_text(json.dumps(data), "utf-8")
    assert read_beside(filled.path) is None  # the store must open it: it sets it aside and rebuilds
    again = GameStore(filled.path)
    assert len(again.history.records()) == 13
    assert any("play records could not be read" in str(n) for n in again.take_notices())


def test_without_a_history_file_the_store_is_asked(tmp_path: Path) -> None:
    assert read_beside(tmp_path / "games.json") is None
    GameStore(tmp_path / "games.json").history.records()
    assert read_beside(tmp_path / "games.json") == {"format": "march-of-the-ants-companion/history", "version": 1,
                                                   "records": {}, "merges": {}, "forgotten": []}


def test_the_database_path_is_the_stores(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from companion.store import default_db_path

    assert database_path(tmp_path / "x.json") == tmp_path / "x.json"
    for value in (str(tmp_path / "env.json"), "", "  "):
        monkeypatch.setenv("COMPANION_DB", value)
        assert database_path(None) == default_db_path()
    monkeypatch.delenv("COMPANION_DB")
    assert database_path(None) == default_db_path()


def test_stats_read_a_stamped_history_without_the_store_the_content_or_pydantic(filled: GameStore) -> None:
    code = ("import sys; from companion.cli import main; assert main(['history', 'stats', '--json', '--db', "
            "sys.argv[1]]) == 0; print(sorted(m for m in ('pydantic', 'companion.store.games', "
            "'companion.core.content', 'flet') if m in sys.modules))")
    argv = [sys.executable, "-c", code, str(filled.path)]
    first = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=os.environ)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip().splitlines()[-1] == "['pydantic']"  # this version is checked once...
    again = subprocess.run(argv, capture_output=True, text=True, timeout=60, env=os.environ)
    assert again.stdout.strip().splitlines()[-1] == "[]"  # ...then read as it is
    assert '"played": 8' in again.stdout
