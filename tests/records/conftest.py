"""A saves database holding the hand-worked set of finished games (``helpers``), played through the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.store import GameStore
from companion.store.transfer import export_bytes, import_bytes
from tests.records import helpers


def fill(db: Path) -> GameStore:
    """Every game of ``helpers`` saved through ``GameStore.save`` (her wins too: they read back since the core's
    fix, and the browser test opens one); Antscape imported from another database;
    one game finished then undone; then one competitive game deleted (its record is kept) and Bob merged into Bo."""
    store = GameStore(db)
    for doc in [*helpers.her_wins(), *helpers.ant_wins(), *helpers.competitive()]:
        store.save(doc)
    other = GameStore(db.parent / "other" / "games.json")
    other.save(helpers.antscape())
    assert import_bytes(store, export_bytes(other, "g-00000014"), "antscape.json") == "g-00000014"
    store.save(helpers.undone())
    assert store.history.record("g-00000015") is not None
    store.session("g-00000015").undo()  # out of its finish: its record goes
    store.delete("g-00000011")
    store.history.merge("Bob", "bo")
    return store


@pytest.fixture
def filled(tmp_path: Path) -> GameStore:
    return fill(tmp_path / "games.json")
