"""Saved games: one small TinyDB file per game beside an index, written atomically under locks.

The names below are loaded when first used (PEP 562), so that a module of this package that needs
none of them - ``companion.store.history`` read by ``companion history stats`` - is imported without
the whole store (the game rules, the content, the migrations).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.store.atomic import FileProblem
    from companion.store.damaged import KeptGame
    from companion.store.errors import GameDeleted, StoreConflict, StoreError
    from companion.store.games import GameStore, GameSummary
    from companion.store.index import default_db_path

__all__ = ["FileProblem", "GameDeleted", "GameStore", "GameSummary", "KeptGame", "StoreConflict", "StoreError",
           "default_db_path"]
_HOMES = {"FileProblem": "companion.store.atomic", "KeptGame": "companion.store.damaged",
          "GameDeleted": "companion.store.errors", "StoreConflict": "companion.store.errors",
          "StoreError": "companion.store.errors", "GameStore": "companion.store.games",
          "GameSummary": "companion.store.games", "default_db_path": "companion.store.index"}


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(name)  # the import machinery's protocol, never shown to a player
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value
