"""A TinyDB storage that never leaves a half-written file behind.

TinyDB's own JSONStorage rewrites the file in place, so a crash mid-write can leave
it truncated. Here every write goes to a temporary file in the same folder, is
fsynced, atomically renamed over the old file with ``os.replace``, and the folder is
fsynced so the rename itself survives a power cut. A reader therefore always sees
either the previous complete database or the new complete one.

Reads are cached and revalidated with the file's inode, size and mtime, so the many
reads TinyDB does per operation cost a ``stat``, not a parse.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tinydb.storages import Storage


class UnreadableDatabase(Exception):
    """The file exists but is not a JSON object: truncated, empty or foreign."""


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some platforms cannot open folders; the rename is still atomic
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that it is either fully there or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(path.parent)


class AtomicJSONStorage(Storage):
    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self._cache: dict[str, Any] | None = None
        self._stamp: tuple[int, int, int] | None = None

    def _current_stamp(self) -> tuple[int, int, int] | None:
        try:
            st = os.stat(self.path)
        except FileNotFoundError:
            return None
        return (st.st_ino, st.st_size, st.st_mtime_ns)

    def read(self) -> dict[str, Any] | None:
        stamp = self._current_stamp()
        if stamp is None:
            return None
        if stamp == self._stamp and self._cache is not None:
            return self._cache
        data = parse_database(self.path.read_bytes())
        self._cache, self._stamp = data, stamp
        return data

    def write(self, data: dict[str, Any]) -> None:
        self._cache = None  # if the write fails, the next read goes back to the disk
        write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        self._cache, self._stamp = data, self._current_stamp()

    def close(self) -> None:
        self._cache = None


def parse_database(raw: bytes) -> dict[str, Any]:
    if not raw.strip():
        raise UnreadableDatabase("the file is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UnreadableDatabase(f"it is not complete JSON ({exc.__class__.__name__})") from exc
    if not isinstance(data, dict) or not all(isinstance(table, dict) for table in data.values()):
        raise UnreadableDatabase("it is not a TinyDB database")
    return data
