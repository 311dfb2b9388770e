"""Games kept aside in ``games.d/damaged/``: found again, brought back when they read, else still the player's.

A game file that failed its check is moved there by ``keep_aside`` as
``g-1a2b3c4d.damaged-20261203-070123.json`` (``-1``, ``-2``... when two came in one second). This module
names those files, reads a kept game's name loosely (the raw JSON, no check) and keeps the small ledger
``damaged/.tried.json``: each file's size and modification time when it was last tried, whether it was
unreadable or a stale copy, and the stamp of the code that tried it. At the next start only files that
changed, or unreadable ones once the code has changed, are tried again, so a start costs a listing of
``damaged/`` and nothing per live game.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from companion.core.i18n import Msg
from companion.core.schema import Json
from companion.store.atomic import parse_json, read_regular_file, write_atomically

KEPT_NAME = re.compile(r"^(g-[0-9a-f]{8})\.damaged-(\d{8}-\d{6})(?:-(\d+))?\.json$")
LEDGER = ".tried.json"
UNREADABLE, STALE = "unreadable", "stale"
NAME_MOST = 60

Stamp = tuple[int, int]


@dataclass(frozen=True)
class KeptGame:
    """A game file kept in ``damaged/`` that the app cannot open (yet).

    ``handle`` is what the terminal names it by: its game id, or the kept file's name without ``.json``
    when more than one unreadable copy of that id is kept.
    """

    key: str
    id: str
    name: str
    reason: Msg | str
    path: Path
    kept_at: str
    handle: str


def kept_files(folder: Path) -> list[tuple[str, str]]:
    """``(file name, game id)`` of every kept game file, the most recently kept first (nothing is read)."""
    try:
        names = os.listdir(folder)
    except OSError:
        return []
    found = [(m.group(2), int(m.group(3) or 0), n, m.group(1)) for n in names if (m := KEPT_NAME.match(n))]
    return [(name, game_id) for _, _, name, game_id in sorted(found, reverse=True)]


def kept_at(file_name: str) -> str:
    """When it was kept, from its name (UTC): ``2026-12-03 07:01``."""
    match = KEPT_NAME.match(file_name)
    if not match:
        return ""
    t = match.group(2)
    return f"{t[0:4]}-{t[4:6]}-{t[6:8]} {t[9:11]}:{t[11:13]}"


def stamp_of(path: Path) -> Stamp | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_size, info.st_mtime_ns)


def loose_name(path: Path, fallback: str) -> str:
    """The game's name as written in the file (``{"game": {"1": {"name": ...}}}``), if it can be found at all."""
    try:
        tables = parse_json(read_regular_file(path))
        name = tables["game"]["1"]["name"]
    except Exception:  # anything at all: a damaged file is only being looked at
        return fallback
    if not isinstance(name, str):
        return fallback
    cleaned = " ".join(name.split())[:NAME_MOST]
    return cleaned or fallback


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """What decides whether a game reads: the app's version and its rules code and content (sizes and times).

    A new release, or the rules fixed in place, changes it, and unreadable files are tried again.
    """
    from companion import __version__

    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(__version__.encode())
    roots = [package / "core", package / "store" / "migrations.py", package.parent / "data"]
    for root in roots:
        files = sorted(root.rglob("*")) if root.is_dir() else [root]
        for file in files:
            try:
                info = file.stat()
            except OSError:
                continue
            if file.is_file():
                digest.update(f"{file.name}:{info.st_size}:{info.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


class Ledger:
    """``damaged/.tried.json``: what was tried, when it last failed, by which code; only ever a cache."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / LEDGER
        self.code = ""
        self.files: dict[str, list[Json]] = {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and isinstance(data.get("files"), dict):
                self.code = str(data.get("code", ""))
                self.files = {k: v for k, v in data["files"].items()
                              if isinstance(v, list) and len(v) == 3}
        except (OSError, ValueError):
            pass
        self._loaded = (self.code, dict(self.files))

    def settled(self, name: str, stamp: Stamp, code: str) -> bool:
        """Tried before with nothing changed since: a stale copy stays stale, an unreadable file until new code."""
        entry = self.files.get(name)
        if entry is None or tuple(entry[:2]) != stamp:
            return False
        return entry[2] == STALE or (entry[2] == UNREADABLE and self.code == code)

    def save(self, code: str, files: dict[str, list[Json]]) -> None:
        if (code, files) == self._loaded:
            return
        try:
            write_atomically(self.path, json.dumps({"code": code, "files": files}, separators=(",", ":")))
        except OSError:
            return  # only a cache: the next start tries again
