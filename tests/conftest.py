"""Shared fixtures: every test gets its own saves database on disk, never the user's."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.content import Content, load_content
from companion.core.setup import GameSetup
from companion.store import GameStore
from tests.helpers import four_players


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point COMPANION_DB at a temporary file (and the rules index cache at a temporary folder) so no
    test touches the real saves or the user's cache."""
    monkeypatch.setenv("COMPANION_DB", str(tmp_path_factory.mktemp("db") / "games.json"))
    monkeypatch.setenv("COMPANION_CACHE", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture(scope="session")
def content() -> Content:
    return load_content()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.json"


@pytest.fixture
def store(db_path: Path) -> Iterator[GameStore]:
    s = GameStore(db_path)
    yield s
    s.close()


@pytest.fixture
def four_player_setup() -> GameSetup:
    return GameSetup(game="mota", players=four_players())
