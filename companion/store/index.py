"""The index of saved games (``games.json``): what the home screen lists, without opening games.

It is a TinyDB file with the database's ``_meta`` record (``schema`` 2) and one summary per
game, each stamped with its game file's inode, size and modification time. It is only a
cache: a summary whose stamp no longer matches is read again from its game file, and a
lost or damaged index is rebuilt from the games themselves. So a save never writes the
index (its cost does not grow with the number of games), and listing 1,000 games costs a
folder listing, a ``stat`` per game and one small parse.
"""

from __future__ import annotations

import json
import os
from contextlib import AbstractContextManager
from functools import cached_property
from pathlib import Path

from companion import platform
from companion.core.schema import JsonObject
from companion.paths import APP_ID
from companion.store.atomic import parse_tinydb, read_regular_file, write_atomically

DB_SCHEMA = 2

Summary = JsonObject


def default_db_path() -> Path:
    """The saves database when none is named: ``$COMPANION_DB``, else ``games.json`` in the user data folder.

    Here, beside the index, so that a command reading only ``history.json`` finds it without the store."""
    override = os.environ.get("COMPANION_DB")
    if override is not None:
        return Path(override) if override.strip() else Path("")
    from platformdirs import user_data_dir  # here: only a start with no database named needs it

    return Path(user_data_dir(APP_ID, appauthor=False)) / "games.json"


def meta_of(tables: dict[str, JsonObject]) -> JsonObject | None:
    """The ``_meta`` record of a database read from disk, if it is one of ours."""
    records = list(tables.get("_meta", {}).values())
    if records and isinstance(records[0], dict) and records[0].get("app") == APP_ID:
        return records[0]
    return None


class SummaryIndex:
    """Summaries keyed by game id, with the stamp each was read at."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._entries: dict[str, Summary] = {}

    @cached_property
    def _lock(self) -> AbstractContextManager[object]:
        """Made at the first write: a listing that only reads the index imports no lock (filelock, ~10 ms)."""
        return platform.file_lock(self.path.with_name(f".{self.path.name}.lock"), timeout=1.0, poll_interval=0.005,
                                  preserve_lock_file=True)

    def load(self, tables: dict[str, JsonObject]) -> None:
        """Take the summaries of a parsed index; entries of the wrong shape are dropped (re-read later)."""
        entries = tables.get("summaries", {}).get("1", {})
        if isinstance(entries, dict):
            self._entries = {k: v for k, v in entries.items() if isinstance(v, dict) and "stamp" in v}

    def get(self, game_id: str, stamp: tuple[int, int, int] | None) -> Summary | None:
        entry = self._entries.get(game_id)
        if entry is None or stamp is None or entry.get("stamp") != list(stamp):
            return None
        return entry

    def put(self, game_id: str, stamp: tuple[int, int, int], summary: Summary) -> None:
        self._entries[game_id] = {**summary, "stamp": list(stamp)}

    def keep_only(self, ids: set[str]) -> None:
        for gone in set(self._entries) - ids:
            del self._entries[gone]

    def write(self) -> None:
        """Save the cache; skipped if another process is writing it (it is only a cache)."""
        tables = {"_meta": {"1": {"app": APP_ID, "schema": DB_SCHEMA}}, "summaries": {"1": self._entries}}
        try:
            with self._lock:
                write_atomically(self.path, json.dumps(tables, ensure_ascii=False, separators=(",", ":")))
        except OSError:  # filelock's Timeout too
            return

    def reread(self) -> None:
        """Pick up summaries another process wrote, if the file is still readable."""
        try:
            self.load(parse_tinydb(read_regular_file(self.path)))
        except Exception:
            return
