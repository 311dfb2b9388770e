"""Files that are never half-written, and JSON that is never trusted.

TinyDB's own JSONStorage rewrites the file in place, so a crash mid-write can leave it
truncated. Here every write goes to a temporary file in the same folder, is fsynced,
atomically renamed over the old file with ``os.replace``, and the folder is fsynced so
the rename itself survives a power cut. A reader therefore always sees either the
previous complete file or the new complete one.

Everything read back is bounded before it is believed: the file's size, the nesting
depth, and no NaN or Infinity (``read_json``). An OS error becomes a ``FileProblem``
whose message says what happened and what to do.
"""

from __future__ import annotations

import errno
import json
import os
import stat
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.core.errors import GameError

MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 48


class UnreadableFile(GameError):
    """The file exists but is not what it should be: truncated, empty, foreign, too big or too deep."""


class FileProblem(GameError):
    """The operating system refused a read or write; nothing was changed."""


_ADVICE = {
    errno.ENOSPC: "the disk is full: free some space and try again",
    errno.EDQUOT: "your disk quota is used up: free some space and try again",
    errno.EROFS: "that folder is on a read-only disk: choose another with --db or COMPANION_DB",
    errno.EACCES: "permission denied: choose a folder you can write to (--db or COMPANION_DB)",
    errno.EPERM: "permission denied: choose a folder you can write to (--db or COMPANION_DB)",
    errno.EISDIR: "that is a folder, not a file: give a file name such as games.json",
    errno.ENOTDIR: "part of that path is a file, not a folder: check the path",
    errno.ENAMETOOLONG: "the file name is too long",
}


def os_problem(exc: OSError, path: Path | str, doing: str) -> FileProblem:
    """A sentence for the player: what failed, where, and what to do about it."""
    advice = _ADVICE.get(exc.errno or 0, exc.strerror or type(exc).__name__)
    return FileProblem(f"Could not {doing} {path}: {advice}. Nothing was changed")


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


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a number this app writes")


def depth_of(value: Any, limit: int = MAX_DEPTH) -> int:
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


def parse_json(raw: bytes, *, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """JSON from untrusted bytes, or ``UnreadableFile`` saying why not."""
    if len(raw) > max_bytes:
        raise UnreadableFile(f"it is larger than {max_bytes // (1024 * 1024)} MB")
    if not raw.strip():
        raise UnreadableFile("the file is empty")
    try:
        value = json.loads(raw.decode("utf-8"), parse_constant=_no_constants)
    except RecursionError:
        raise UnreadableFile(f"it nests deeper than {MAX_DEPTH} levels") from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise UnreadableFile(f"it is not complete JSON ({exc.__class__.__name__})") from None
    if depth_of(value) > MAX_DEPTH:
        raise UnreadableFile(f"it nests deeper than {MAX_DEPTH} levels")
    return value


def read_regular_file(path: Path, *, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file (never a FIFO, a device or a folder), at most ``max_bytes``."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) * 0)
    except FileNotFoundError:
        raise FileProblem(f"There is no file {path}") from None
    except OSError as exc:
        raise os_problem(exc, path, "read") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"{path} is not a regular file; only files exported by this app can be read")
        if info.st_size > max_bytes:
            raise UnreadableFile(f"{path} is larger than {max_bytes // (1024 * 1024)} MB")
        with os.fdopen(fd, "rb", closefd=False) as handle:
            return handle.read(max_bytes + 1)
    except OSError as exc:
        raise os_problem(exc, path, "read") from None
    finally:
        os.close(fd)


def parse_tinydb(raw: bytes) -> dict[str, dict[str, Any]]:
    """A TinyDB file's tables, or ``UnreadableFile``."""
    data = parse_json(raw)
    if not isinstance(data, dict) or not all(isinstance(table, dict) for table in data.values()):
        raise UnreadableFile("it is not a TinyDB database")
    return data


class AtomicJSONStorage(Storage):
    """TinyDB storage: atomic durable writes; reads cached and revalidated by inode, size and mtime."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._cache: dict[str, Any] | None = None
        self._stamp: tuple[int, int, int] | None = None

    def stamp(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def read(self) -> dict[str, Any] | None:
        stamp = self.stamp()
        if stamp is None:
            return None
        if stamp == self._stamp and self._cache is not None:
            return self._cache
        data = parse_tinydb(read_regular_file(self.path))
        self._cache, self._stamp = data, stamp
        return data

    def write(self, data: dict[str, Any]) -> None:
        self._cache = None  # if the write fails, the next read goes back to the disk
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        self._cache, self._stamp = data, self.stamp()

    def close(self) -> None:
        self._cache = None
