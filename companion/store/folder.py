"""One small TinyDB file per saved game, in the saves folder, each with its own lock.

Layout of the folder (``games.d`` beside the ``games.json`` index)::

    g-1a2b3c4d.json          the game: metadata, state, undo/redo, the last log lines
    g-1a2b3c4d.log.jsonl     its older log lines, appended, one JSON object a line
    .locks/g-1a2b3c4d.lock   held while a process reads-checks-writes that game
    damaged/                 game files that could not be read, kept untouched

A save rewrites one game's file only, so its cost does not grow with the number of saved
games; the log archive grows, but it is only appended to. Locks are ``filelock``'s
(cross-platform, also between threads of one process).
"""

from __future__ import annotations

import errno
import json
import operator
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from tinydb import TinyDB

from companion import platform
from companion.core.errors import GameError
from companion.core.i18n import msg
from companion.core.schema import LOG_KEEP, ArchivedLog, JsonObject, check
from companion.store.aside import keep_aside
from companion.store.atomic import AtomicJSONStorage, FileProblem, UnreadableFile, os_problem, write_atomically

GAME_ID = re.compile(r"^g-[0-9a-f]{8}$")
TABLE = "game"
LOG_AFTER_TRIM = LOG_KEEP // 2

Doc = JsonObject
Stamp = tuple[int, int, int]


class Lock(Protocol):
    """A lock between processes or tabs, as ``companion.platform.file_lock`` gives it."""

    def acquire(self) -> object: ...

    def release(self, force: bool = False) -> None: ...

    def __enter__(self) -> object: ...

    def __exit__(self, *exc: object) -> None: ...

def split_log(doc: Doc) -> list[JsonObject]:
    """Take the oldest log lines out of ``doc`` (to be archived) once it holds more than LOG_KEEP.

    What is taken out is checked like the rest of a game (a refusal names ``log``).
    """
    log, archived = doc.get("log"), doc.get("log_archived", 0)
    if not isinstance(log, list) or len(log) <= LOG_KEEP or isinstance(archived, bool) \
            or not isinstance(archived, int):
        return []
    overflow = check(ArchivedLog, log[:-LOG_AFTER_TRIM], "log")
    doc["log"], doc["log_archived"] = log[-LOG_AFTER_TRIM:], archived + len(overflow)
    return [dict(entry) for entry in overflow]


class GameBusy(GameError):
    """Another process held the game's lock for too long."""


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class GameEncoder:
    """One game's file as JSON text, each history step and log line encoded once in its life.

    A tap adds one undo step and one log line, yet the file holds up to 500 steps and 200 lines: encoding
    them all again made a save's cost grow with the game. A session's next document carries the previous
    one's steps and lines as the same objects, never changed in place (``Session._commit``; its read-back
    check relies on that too), only fewer at the front (the oldest dropped or archived) or at the end (an
    undo moves a step), and more at the end. So each list's texts are kept with the objects they were made
    from (held, so an id is never reused while known): the run the new list shares with the last one is
    found by identity and its texts reused, and only the rest is encoded. The bytes are exactly
    ``json.dumps({"game": {"1": doc}})``'s, as TinyDB's file always was.
    """

    LISTS = ("undo", "redo", "log")

    def __init__(self) -> None:
        self._known: dict[str, tuple[list[object], list[str]]] = {}

    def encode(self, doc: Doc, *, reuse: bool) -> bytes:
        """The file's bytes; ``reuse``: the document's steps and lines may be the ones last written."""
        known, self._known = (self._known if reuse else {}), {}
        parts = []
        for key, value in doc.items():
            if key in self.LISTS and isinstance(value, list):
                texts = self._texts(value, *known.get(key, ([], [])))
                self._known[key] = (list(value), texts)
                parts.append(f"{_json(key)}:[{','.join(texts)}]")
            else:
                parts.append(f"{_json(key)}:{_json(value)}")
        return f'{{"{TABLE}":{{"1":{{{",".join(parts)}}}}}}}'.encode()

    @staticmethod
    def _texts(items: list[object], before: list[object], texts: list[str]) -> list[str]:
        """Each item's text: those of the run shared with ``before`` (the same objects, in order) reused."""
        if not items:
            return []
        first = next((n for n, old in enumerate(before) if old is items[0]), len(before))
        shared = min(len(before) - first, len(items))
        if not all(map(operator.is_, items[:shared], before[first:first + shared])):
            first, shared = 0, 0
        return texts[first:first + shared] + [_json(item) for item in items[shared:]]

    def forget(self) -> None:
        """After a failed write: nothing is known to be on the disk."""
        self._known = {}


class GameFolder:
    """The saves folder: read, write, lock, archive the log of, and remove single games."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.locks = folder / ".locks"
        self.damaged = folder / "damaged"
        try:
            self.locks.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise os_problem(exc, folder, "create the saves folder") from None
        platform.persist(folder)  # the browser keeps the new folders in IndexedDB (a no-op on a computer)
        self._lock_objects: dict[str, Lock] = {}  # FileLock, or the browser's (companion.platform)
        self._encoders: dict[str, GameEncoder] = {}

    # -- paths ------------------------------------------------------------------------
    def path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def log_path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.log.jsonl"

    def ids(self) -> list[str]:
        """Every game in the folder (by file name; nothing is read)."""
        try:
            names = os.listdir(self.folder)
        except OSError as exc:
            raise os_problem(exc, self.folder, "read the saves folder") from None
        return [n[:-5] for n in names if n.endswith(".json") and GAME_ID.match(n[:-5])]

    def exists(self, game_id: str) -> bool:
        return self.path(game_id).is_file()

    def stamp(self, game_id: str) -> Stamp | None:
        try:
            st = os.stat(self.path(game_id))
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    # -- locking ----------------------------------------------------------------------
    def _lock(self, name: str) -> Lock:
        lock = self._lock_objects.get(name)
        if lock is None:
            lock = platform.file_lock(self.locks / f"{name}.lock", timeout=platform.LOCK_TIMEOUT_S, poll_interval=0.005,
                                      preserve_lock_file=True)
            self._lock_objects[name] = lock
        return lock

    @contextmanager
    def locked(self, name: str) -> Iterator[None]:
        """Hold the lock called ``name`` (a game id, or "_create"); re-entrant in one thread."""
        try:
            with self._lock(name):
                yield
        except OSError as exc:
            raise self._lock_problem(exc) from None

    def hold(self, name: str) -> None:
        """Take the lock called ``name`` until this process ends (the terminal's one-shot commands)."""
        try:
            self._lock(name).acquire()
        except OSError as exc:
            raise self._lock_problem(exc) from None

    def _lock_problem(self, exc: OSError) -> GameError:
        """A lock not granted in time (another process is saving) or the folder refusing the lock file."""
        if platform.is_lock_timeout(exc):
            return GameBusy(msg("Another window or the terminal is still saving this game; try again."))
        return os_problem(exc, self.locks, "lock a game in")

    def release_all(self) -> None:
        """Let go of every lock this folder object holds (``hold`` included)."""
        for lock in self._lock_objects.values():
            lock.release(force=True)

    # -- reading and writing ----------------------------------------------------------
    def read(self, game_id: str) -> Doc | None:
        """The stored document as it is on disk (not yet checked), or None if there is none."""
        return self.read_path(self.path(game_id))

    def read_path(self, path: Path) -> Doc | None:
        """``read`` for any game file (one kept in ``damaged/`` too)."""
        if not path.exists():
            return None
        try:
            db = TinyDB(path, storage=AtomicJSONStorage)
            found = db.table(TABLE, cache_size=0).get(doc_id=1)
        except (UnreadableFile, FileProblem):
            raise
        except OSError as exc:
            raise os_problem(exc, path, "read") from None
        except (ValueError, TypeError, AttributeError):
            raise UnreadableFile(msg("it is not a saved game of this app")) from None
        if not isinstance(found, dict):
            raise UnreadableFile(msg("it holds no game"))
        return dict(found)

    def write(self, game_id: str, doc: Doc, *, reuse: bool = False) -> None:
        """Replace the game's file atomically and durably (the file TinyDB reads, written in one go).

        ``reuse``: ``doc`` is a session's next document, whose older history steps and log lines are the
        objects the last write of this game encoded (``GameEncoder``); otherwise everything is encoded.
        """
        path = self.path(game_id)
        encoder = self._encoders.setdefault(game_id, GameEncoder())
        try:
            write_atomically(path, encoder.encode(doc, reuse=reuse))
        except BaseException as exc:
            encoder.forget()
            if isinstance(exc, OSError):
                raise os_problem(exc, path, "save the game to") from None
            raise

    def remove(self, game_id: str) -> None:
        try:
            self.path(game_id).unlink()
            self.log_path(game_id).unlink(missing_ok=True)
            self._encoders.pop(game_id, None)
        except FileNotFoundError:
            pass
        except OSError as exc:
            raise os_problem(exc, self.path(game_id), "delete") from None
        platform.persist(self.folder)

    def set_aside(self, game_id: str) -> Path:
        return keep_aside(self.path(game_id), self.damaged)

    def put_back(self, kept: Path, game_id: str) -> bool:
        """Move a file kept in ``damaged/`` back as the game's file, never over one; False if it could not be.

        A hard link refuses an existing target, so a game saved meanwhile (another process) is never replaced.
        Where links are not offered (some USB sticks; the browser's file system, whose ``os`` has no ``link``)
        the bytes are copied into a file created exclusively (it refuses an existing target the same way),
        under the game's lock. Either way the kept file is then removed, and the browser keeps the move.
        """
        target = self.path(game_id)
        link = getattr(os, "link", None)
        try:
            if link is None:
                raise OSError(errno.ENOTSUP, "no hard links here")
            link(kept, target)
        except (FileExistsError, FileNotFoundError):
            return False
        except OSError:
            if not self._copy_new(kept, target):
                return False
        try:
            kept.unlink()
        except OSError:
            target.unlink(missing_ok=True)  # keep one copy only: the game stays aside as it was
            platform.persist(self.folder)
            return False
        platform.persist(self.folder)  # the browser keeps the move in IndexedDB (a no-op on a computer)
        return True

    @staticmethod
    def _copy_new(kept: Path, target: Path) -> bool:
        """``kept``'s bytes into a new ``target`` (never an existing one), complete and fsynced, or nothing."""
        try:
            data = kept.read_bytes()
            fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except OSError:
            return False
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError:
            target.unlink(missing_ok=True)
            return False
        return True

    # -- the log archive --------------------------------------------------------------
    def archive_log(self, game_id: str, entries: list[JsonObject]) -> None:
        """Append log lines durably; a line torn by a crash is skipped when read back."""
        if not entries:
            return
        text = "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in entries)
        path = self.log_path(game_id)
        try:
            with open(path, "a", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise os_problem(exc, path, "add to the log") from None
        platform.persist(path)

    def read_archive(self, game_id: str) -> list[JsonObject]:
        """The archived log lines in order, each once (a crash may have written some twice)."""
        path = self.log_path(game_id)
        try:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise os_problem(exc, path, "read the log") from None
        seen: dict[int, JsonObject] = {}
        for line in lines:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            label = entry.get("label") if isinstance(entry, dict) else None
            if isinstance(entry, dict) and isinstance(entry.get("n"), int) and isinstance(label, str | dict):
                seen.setdefault(entry["n"], entry)
        return [seen[n] for n in sorted(seen)]
