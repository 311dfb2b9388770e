"""Saved games: a TinyDB database written atomically and durably, with schema migrations."""

from companion.store.games import GameStore, GameSummary, StoreConflict, StoreError, default_db_path

__all__ = ["GameStore", "GameSummary", "StoreConflict", "StoreError", "default_db_path"]
