"""The play history: ``history.json`` beside ``games.json``, one compact record per finished game.

The figures (``companion.core.records``) are computed from these records, never from the game files, so
opening the Records screen or ``companion history stats`` reads one file however many games were played.
The records are kept up to date as games are saved (``saw``, called by ``GameStore.save`` after each
successful write): a save that finishes a game adds its record (or updates it: a rename), a save that
un-finishes it (an undo out of its finish) removes it, and an import of a finished game is a save like any
other. Deleting a game keeps its record: the history is rewritten only when the player asks (``forget``).
Players can merge two names (``merge``); the merges are kept in the same file.

If the file is missing (the first start of a version with records, or a lost file) it is rebuilt once
from the saved games - read without being set aside when they fail a check, since a record needs only a
few fields - and written, even empty, so the next start reads it. A damaged file is set aside, said in a
notice, and rebuilt the same way. Writes are atomic (``write_atomically``) under a file lock, each a
read-change-write of the newest file, so the app and the terminal never lose each other's records. A
record that cannot be written never makes its game's save fail: the player is told in a notice.

The file is checked whole against its shape once per version of its bytes: the check leaves a stamp (the
bytes' hash with the code declaring the shape, as ``companion.core.datafiles`` does for the data files) in
the cache folder, one per database, and a later read of the same bytes skips the check. ``read_beside`` reads
it without opening the store, so ``companion history stats`` loads neither the games nor the game content.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from companion import platform
from companion.core.errors import GameError
from companion.core.history import HistoryFile, PlayRecord, empty_history, is_finished, name_key, record_of
from companion.core.i18n import Msg, msg
from companion.core.schema import JsonObject, check
from companion.store.aside import set_aside
from companion.store.atomic import (
    FileProblem,
    UnreadableFile,
    os_problem,
    parse_json,
    read_regular_file,
    reason_of,
    write_atomically,
)

if TYPE_CHECKING:
    from companion.core.content import Content
    from companion.store.folder import GameFolder
    from companion.store.index import SummaryIndex

HISTORY_FILE = "history.json"
MAX_HISTORY_BYTES = 64 * 1024 * 1024  # about 100,000 games
MAX_NAME_KEY = 40  # a merged name, as history.json holds it (a game's player names have at most 24)
Stamp = tuple[int, int, int]


class HistoryError(GameError):
    """A change the player asked of the records could not be made; nothing was changed."""


class HistoryStore:
    """The records of one saves database; read lazily, re-read only when another process changed the file."""

    def __init__(self, db: Path, games: GameFolder, index: SummaryIndex, content: Callable[[], Content],
                 notices: list[Msg | str]) -> None:
        """The parts of the store a record needs: the games (``games``, and ``index``'s cache says which are
        finished) to rebuild the file from, the ``content`` (read when first needed) to word a record, and the
        store's ``notices`` to tell the player what went wrong."""
        self.path = db.with_name(HISTORY_FILE)
        self._games, self._index, self._content, self._notices = games, index, content, notices
        self._data: JsonObject | None = None
        self._stamp: Stamp | None = None
        self._mutex = threading.RLock()

    # -- reading ------------------------------------------------------------------------
    def records(self) -> list[PlayRecord]:
        with self._mutex:
            return list(self._current()["records"].values())

    def merges(self) -> dict[str, str]:
        with self._mutex:
            return dict(self._current()["merges"])

    def record(self, game_id: str) -> PlayRecord | None:
        with self._mutex:
            found: PlayRecord | None = self._current()["records"].get(game_id)
            return found

    def _file_stamp(self) -> Stamp | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise os_problem(exc, self.path, "read") from None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def _current(self) -> JsonObject:
        """The newest records: kept in memory while the file is unchanged; read, or rebuilt once, otherwise."""
        stamp = self._file_stamp()
        if self._data is not None and stamp == self._stamp:
            return self._data
        if stamp is None:
            with self._locked():
                if self._file_stamp() is None:
                    self._write(self._rebuilt())
                    return self._data if self._data is not None else empty_history()
            return self._current()
        try:
            data = read_checked(self.path)
        except (UnreadableFile, GameError) as exc:
            if isinstance(exc, FileProblem) and not self.path.exists():
                return self._current()  # removed between the stat and the read
            return self._set_aside(reason_of(exc))
        self._data, self._stamp = dict(data), stamp
        return self._data

    def _set_aside(self, reason: Msg | str) -> JsonObject:
        with self._locked():
            kept = set_aside(self.path)
            self._notices.append(msg(
                "Your play records could not be read: {reason}. The file was kept as {kept}; the records were made "
                "again from the saved games (records of deleted games and merged names are only in that file).",
                reason=reason, kept=str(kept)))
            self._write(self._rebuilt())
        return self._data if self._data is not None else empty_history()

    def _rebuilt(self) -> JsonObject:
        """The records of every finished game saved now (read as they are, never set aside)."""
        data = empty_history()
        files, index = self._games, self._index
        for game_id in files.ids():
            cached = index.get(game_id, files.stamp(game_id))
            if cached is not None and not cached.get("ended"):
                continue  # the list's cache says this game is not finished: not opened
            try:
                from companion.store.migrations import migrate

                raw = files.read(game_id)
                doc = migrate(raw) if raw is not None else None
            except (GameError, ValueError, TypeError, KeyError):
                continue
            if doc is not None and (record := record_of(doc, self._content())) is not None:
                data["records"][record["id"]] = record
        return data

    # -- writing ------------------------------------------------------------------------
    def saw(self, doc: JsonObject) -> None:
        """A game was just saved: add, update or remove its record. Never raises; a failure is a notice."""
        try:
            with self._mutex:
                known = self._current()
                game_id = str(doc.get("id"))
                finished = is_finished(doc)
                if not finished and game_id not in known["records"] and game_id not in known["forgotten"]:
                    return  # the usual save: a game being played
                record = record_of(doc, self._content()) if finished else None
                if finished and (game_id in known["forgotten"] or known["records"].get(game_id) == record):
                    return
                with self._locked():
                    data = self._fresh()
                    old = data["records"].pop(game_id, None)
                    if record is not None:
                        if old is not None and old["ended"] == record["ended"]:
                            record = {**record, "date": old["date"]}  # when it finished, not its last rename
                        data["records"][game_id] = record
                    elif not finished and game_id in data["forgotten"]:
                        data["forgotten"].remove(game_id)  # un-finished: a new finish is a new result
                    self._write(data)
        except (GameError, OSError) as exc:  # filelock's Timeout is an OSError
            self._notices.append(msg("The game is saved, but its play record could not be: {reason}.",
                                     reason=_why(exc, self.path)))

    def forget(self, game_id: str) -> None:
        """Take one game out of the records, at the player's request (it stays out while it stays finished)."""
        with self._mutex, self._locked():
            data = self._fresh()
            if data["records"].pop(game_id, None) is None:
                raise HistoryError(msg("No game '{id}' in the play records.", id=game_id))
            if game_id not in data["forgotten"]:
                data["forgotten"].append(game_id)
            self._write(data)

    def merge(self, name: str, into: str) -> None:
        """Count ``name`` as ``into`` from now on (in every figure; undone by ``unmerge``)."""
        key, target = name_key(name), name_key(into)
        if not key or not target:
            raise HistoryError(msg("Name both players to merge."))
        if max(len(key), len(target)) > MAX_NAME_KEY:
            raise HistoryError(msg("A player's name has at most {most} characters.", most=MAX_NAME_KEY))
        with self._mutex, self._locked():
            data = self._fresh()
            self._must_hold(data, name, into)
            seen: set[str] = set()
            while target in data["merges"] and target not in seen and target != key:
                seen.add(target)
                target = data["merges"][target]
            if target == key:
                raise HistoryError(msg("{name} and {into} are already one player.", name=name, into=into))
            data["merges"][key] = target
            self._write(data)

    @staticmethod
    def _must_hold(data: JsonObject, *names: str) -> None:
        """Refuse, changing nothing, a name the records do not hold as a player (``records.name_problem``)."""
        from companion.core.records import name_problem

        for name in names:
            if (problem := name_problem(data["records"].values(), data["merges"], name)) is not None:
                raise HistoryError(problem)

    def unmerge(self, name: str) -> None:
        with self._mutex, self._locked():
            data = self._fresh()
            if data["merges"].pop(name_key(name), None) is None:
                raise HistoryError(msg("{name} is not merged into another name.", name=name))
            self._write(data)

    def _fresh(self) -> JsonObject:
        """Under the lock: the newest file, as a copy to change."""
        current = self._current()
        return {**current, "records": dict(current["records"]), "merges": dict(current["merges"]),
                "forgotten": list(current["forgotten"])}

    @cached_property
    def _lock(self) -> AbstractContextManager[object]:
        """filelock's on a computer; in the browser the lock shared by the app's tabs (``companion.platform``).
        Made at the first write: listing the games imports no lock."""
        return platform.file_lock(self.path.with_name(f".{HISTORY_FILE}.lock"), timeout=platform.LOCK_TIMEOUT_S,
                                  poll_interval=0.005, preserve_lock_file=True)

    def _locked(self) -> AbstractContextManager[object]:
        return self._lock

    def _write(self, data: JsonObject) -> None:
        """Write the records - only data that reads back (the shape ``read_checked`` holds it to), so a write can
        never leave a file the next start would set aside."""
        from companion.core.schema import SchemaError

        try:
            check(HistoryFile, data, "history")
        except SchemaError as exc:
            raise HistoryError(msg("The records were not changed: the change would not have read back ({reason}).",
                                   reason=str(exc))) from None
        try:
            write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        except OSError as exc:
            raise os_problem(exc, self.path, "write") from None
        self._data, self._stamp = data, self._file_stamp()


def database_path(given: str | os.PathLike[str] | None) -> Path:
    """The saves database a command names (``--db``), else the one ``GameStore`` opens (``default_db_path``)."""
    from companion.store.index import default_db_path

    return Path(given) if given is not None else default_db_path()


def read_beside(db: Path) -> JsonObject | None:
    """The history of the database ``db`` read without opening the store (its games, the content), or None
    when the store must open it: no database or no history.json yet (rebuilt from the games), or a file that
    does not read (set aside and told). Never writes but a stamp."""
    path = db.with_name(HISTORY_FILE)
    try:
        if not db.is_file() or not path.is_file():
            return None
        return read_checked(path)
    except (GameError, OSError):
        return None


def read_checked(path: Path) -> JsonObject:
    """history.json's data, checked whole against its shape - once per version of its bytes (module docstring).

    Raises ``UnreadableFile`` or ``GameError`` (a ``SchemaError``) for a file that does not read.
    """
    from companion.core.datafiles import check_digest

    raw = read_regular_file(path, max_bytes=MAX_HISTORY_BYTES)
    stamp, digest = _stamp_file(path), check_digest(HistoryFile, raw)
    if stamp is not None and digest is not None and _stamp_says(stamp) == digest:
        return dict(json.loads(raw))  # these very bytes held their shape: no second check (no pydantic)
    data = dict(check(HistoryFile, parse_json(raw, max_bytes=MAX_HISTORY_BYTES), "history"))
    if stamp is not None and digest is not None:
        try:
            stamp.parent.mkdir(parents=True, exist_ok=True)
            stamp.write_text(digest, encoding="ascii")
        except OSError:
            pass  # no cache folder: the next read checks again
    return data


def _stamp_file(path: Path) -> Path | None:
    """One stamp per database (each new version of its history replaces it), in the cache folder."""
    from companion.paths import checked_dir

    folder = checked_dir()
    if folder is None:
        return None
    where = str(path.resolve()).encode("utf-8", "surrogateescape")
    return folder / f"history-{hashlib.sha256(where).hexdigest()[:32]}"


def _stamp_says(stamp: Path) -> str | None:
    try:
        return stamp.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None


def _why(exc: BaseException, path: Path) -> Msg | str:
    """Why a record could not be written, as a clause."""
    if platform.is_lock_timeout(exc):
        return msg("another window or the terminal is writing the records")
    if isinstance(exc, OSError):
        return os_problem(exc, path, "write").reason
    return reason_of(exc)
