"""Files that are never half-written, and JSON that is never trusted.

TinyDB's own JSONStorage rewrites the file in place, so a crash mid-write can leave it
truncated. Here every write goes to a temporary file in the same folder, is fsynced,
atomically renamed over the old file with ``os.replace``, and the folder is fsynced so
the rename itself survives a power cut. A reader therefore always sees either the
previous complete file or the new complete one.

Everything read back is bounded before it is believed: the file's size, the nesting
depth, and no NaN or Infinity (``read_json``). An OS error becomes a ``FileProblem``
whose message says what happened and what to do.

Every text here is a message (``companion.core.i18n``), rendered in the reader's language when
shown. A ``FileProblem`` is a whole sentence; an ``UnreadableFile`` says why in a clause ("the file is
empty") that a sentence of its caller takes as ``{reason}`` (``reason_of``).
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from tinydb.storages import Storage

from companion import platform
from companion.core.errors import GameError
from companion.core.i18n import N_, Msg, is_message, msg
from companion.core.schema import Json, JsonObject

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 48


class UnreadableFile(GameError):
    """The file exists but is not what it should be: truncated, empty, foreign, too big or too deep."""


class FileProblem(GameError):
    """The operating system refused a read or write; nothing was changed.

    ``reason`` is the same fault as a clause, for a sentence that says what it could not do itself.
    """

    def __init__(self, message: Msg, reason: Msg | str | None = None) -> None:
        super().__init__(message)
        self.reason: Msg | str = reason if reason is not None else message


def message_of(exc: BaseException) -> Msg | str:
    """What an error says, kept as a message when it is one (so it renders where it is shown)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    if isinstance(first, Msg):
        return first
    if isinstance(first, Mapping) and is_message(first):
        return Msg.from_dict(first)
    return str(exc)


def reason_of(exc: BaseException) -> Msg | str:
    """Why, as a clause for ``{reason}``: a file problem's reason, any other error's message."""
    return exc.reason if isinstance(exc, FileProblem) else message_of(exc)


_ADVICE = {
    errno.ENOSPC: msg("the disk is full: free some space and try again"),
    errno.EDQUOT: msg("your disk quota is used up: free some space and try again"),
    errno.EROFS: msg("that folder is on a read-only disk: choose another with --db or COMPANION_DB"),
    errno.EACCES: msg("permission denied: choose a folder you can write to (--db or COMPANION_DB)"),
    errno.EPERM: msg("permission denied: choose a folder you can write to (--db or COMPANION_DB)"),
    errno.EISDIR: msg("that is a folder, not a file: give a file name such as games.json"),
    errno.ENOTDIR: msg("part of that path is a file, not a folder: check the path"),
    errno.ENAMETOOLONG: msg("the file name is too long"),
}

Doing = Literal["read", "write", "check", "use", "delete", "create the folder for", "create the saves folder",
                "read the saves folder", "lock a game in", "save the game to", "add to the log", "read the log",
                "save the cards you typed to"]

#: One whole sentence for each thing that can fail ({path}: where; {advice}: what happened, what to do).
_COULD_NOT: dict[Doing, str] = {
    "read": N_("Could not read {path}: {advice}. Nothing was changed."),
    "write": N_("Could not write {path}: {advice}. Nothing was changed."),
    "check": N_("Could not check {path}: {advice}. Nothing was changed."),
    "use": N_("Could not use {path}: {advice}. Nothing was changed."),
    "delete": N_("Could not delete {path}: {advice}. Nothing was changed."),
    "create the folder for": N_("Could not create the folder {path} for the saves: {advice}. Nothing was changed."),
    "create the saves folder": N_("Could not create the saves folder {path}: {advice}. Nothing was changed."),
    "read the saves folder": N_("Could not read the saves folder {path}: {advice}. Nothing was changed."),
    "lock a game in": N_("Could not lock a game in {path}: {advice}. Nothing was changed."),
    "save the game to": N_("Could not save the game to {path}: {advice}. Nothing was changed."),
    "add to the log": N_("Could not add the game's older log lines to {path}: {advice}. Nothing was changed."),
    "read the log": N_("Could not read the game's older log lines in {path}: {advice}. Nothing was changed."),
    "save the cards you typed to": N_("Could not save the cards you typed to {path}: {advice}. Nothing was changed."),
}


def os_problem(exc: OSError, path: Path | str, doing: Doing) -> FileProblem:
    """A sentence for the player: what failed, where, and what to do about it."""
    advice: Msg | str = _ADVICE.get(exc.errno or 0) or exc.strerror or type(exc).__name__
    return FileProblem(Msg(_COULD_NOT[doing], {"path": str(path), "advice": advice}), advice)


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open folders; the rename is still atomic
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, data: bytes | str) -> None:
    """Write ``data`` to ``path`` so that it is either fully there or not at all.

    Raises ``OSError`` (callers word it with ``os_problem``); the old file is untouched.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)
    platform.persist(path)  # the browser: copied to IndexedDB before this returns (a no-op on a computer)


def _no_constants(name: str) -> Json:
    raise ValueError(name)  # never shown: parse_json says "it is not complete JSON (ValueError)"


def depth_of(value: Json, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` nests (stops counting past ``limit``); iterative, so never a RecursionError."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > limit:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


_JSON_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")


def nests_deeper(raw: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text opens more than ``limit`` brackets at once (strings skipped), before it is parsed.

    In the browser (Pyodide) ``json.loads`` of a very deep file overflows the WebAssembly stack and kills the
    page before Python's ``RecursionError`` can be raised, so there the depth is checked on the text first.
    """
    depth = 0
    for char in _NOT_BRACKET.sub(b"", _JSON_STRING.sub(b"", raw)):
        depth += 1 if char in b"[{" else -1
        if depth > limit:
            return True
    return False


def parse_json(raw: bytes, *, max_bytes: int = MAX_FILE_BYTES) -> Json:
    """JSON from untrusted bytes, or ``UnreadableFile`` saying why not."""
    if len(raw) > max_bytes:
        raise UnreadableFile(msg("it is larger than {mb} MB", mb=max_bytes // (1024 * 1024)))
    if not raw.strip():
        raise UnreadableFile(msg("the file is empty"))
    if platform.IS_BROWSER and nests_deeper(raw):
        raise UnreadableFile(msg("it nests deeper than {n} levels", n=MAX_DEPTH))
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constants)
    except RecursionError:
        raise UnreadableFile(msg("it nests deeper than {n} levels", n=MAX_DEPTH)) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise UnreadableFile(msg("it is not complete JSON ({kind})", kind=exc.__class__.__name__)) from None
    if depth_of(value) > MAX_DEPTH:
        raise UnreadableFile(msg("it nests deeper than {n} levels", n=MAX_DEPTH))
    return value


def read_regular_file(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file (never a FIFO, a device or a folder), at most ``max_bytes``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) * 0)
    except FileNotFoundError:
        raise FileProblem(msg("There is no file {path}.", path=str(path)), msg("the file is not there")) from None
    except OSError as exc:
        raise os_problem(exc, path, "read") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(msg("{path} is not a regular file; only files exported by this app can be read.",
                                  path=str(path)), msg("it is not a regular file"))
        if info.st_size > max_bytes:
            raise UnreadableFile(msg("it is larger than {mb} MB", mb=max_bytes // (1024 * 1024)))
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(max_bytes + 1)
    except OSError as exc:
        raise os_problem(exc, path, "read") from None
    finally:
        os.close(fd)


def parse_tinydb(raw: bytes) -> dict[str, JsonObject]:
    """A TinyDB file's tables, or ``UnreadableFile``."""
    data = parse_json(raw)
    if not isinstance(data, dict) or not all(isinstance(table, dict) for table in data.values()):
        raise UnreadableFile(msg("it is not a TinyDB database"))
    return data


class AtomicJSONStorage(Storage):
    """TinyDB storage: atomic durable writes; reads cached and revalidated by inode, size and mtime."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._cache: JsonObject | None = None
        self._stamp: tuple[int, int, int] | None = None

    def stamp(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def read(self) -> JsonObject | None:
        stamp = self.stamp()
        if stamp is None:
            return None
        if stamp == self._stamp and self._cache is not None:
            return self._cache
        data = parse_tinydb(read_regular_file(self.path))
        self._cache, self._stamp = data, stamp
        return data

    def write(self, data: JsonObject) -> None:
        self._cache = None  # if the write fails, the next read goes back to the disk
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        self._cache, self._stamp = data, self.stamp()

    def close(self) -> None:
        self._cache = None
