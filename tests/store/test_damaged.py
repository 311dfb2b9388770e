"""A database that cannot be read is kept aside, never overwritten, and the player is told."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.setup import GameSetup
from companion.store import GameStore
from tests.helpers import four_players

GOOD_META = {"_meta": {"1": {"app": "march-of-the-ants-companion", "schema": 1}}, "games": {}}


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b'{"_meta": {"1": {"app": "march-of-the-ants-companion", "sch', "it is not complete JSON"),
        (b"", "the file is empty"),
        (b"\x89PNG\r\n\x1a\n", "it is not complete JSON"),
        (b'{"_default": {"1": {"name": "my shopping list"}}}', "it is not a March of the Ants companion database"),
        (b"[1, 2, 3]", "it is not a TinyDB database"),
        (json.dumps({**GOOD_META, "_meta": {"1": {"app": "march-of-the-ants-companion", "schema": 3}}}).encode(),
         "newer version of the app"),
    ],
    ids=["truncated", "empty", "binary", "foreign", "not-tinydb", "newer-schema"],
)
def test_damaged_database_is_set_aside_and_the_app_starts_empty(db_path: Path, content: bytes,
                                                                reason: str) -> None:
    db_path.write_bytes(content)
    store = GameStore(db_path)
    assert store.notice is not None and reason in store.notice
    (kept,) = db_path.parent.glob("games.damaged-*.json")
    assert kept.read_bytes() == content
    assert str(kept) in store.notice
    assert store.list_games() == []
    store.create(GameSetup(game="mota", players=four_players()))
    assert kept.read_bytes() == content  # still untouched after new saves
    assert len(GameStore(db_path).list_games()) == 1


def test_two_damaged_files_in_the_same_second_both_survive(db_path: Path) -> None:
    db_path.write_bytes(b"{")
    GameStore(db_path).close()
    db_path.write_bytes(b"[")
    GameStore(db_path).close()
    kept = sorted(p.read_bytes() for p in db_path.parent.glob("games.damaged-*.json"))
    assert kept == [b"[", b"{"]


def test_a_good_database_gives_no_notice(db_path: Path) -> None:
    GameStore(db_path).create(GameSetup(game="mota", players=four_players()))
    reopened = GameStore(db_path)
    assert reopened.notice is None
    assert len(reopened.list_games()) == 1
    assert not list(db_path.parent.glob("*.damaged-*"))
