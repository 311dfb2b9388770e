"""Saved games: one small TinyDB file per game beside an index, written atomically under locks."""

from companion.store.atomic import FileProblem
from companion.store.games import (
    GameDeleted,
    GameStore,
    GameSummary,
    KeptGame,
    StoreConflict,
    StoreError,
    default_db_path,
)

__all__ = ["FileProblem", "GameDeleted", "GameStore", "GameSummary", "KeptGame", "StoreConflict", "StoreError",
           "default_db_path"]
