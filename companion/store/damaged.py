"""Games kept aside in ``games.d/damaged/``: found again, brought back when they read, else still the player's.

``DamagedGames`` is the store's part for them: it moves a game file that fails its check there (``keep``), brings
back at each start the ones that now read, lists the others with why (``games``), finds one by what the terminal
or a screen names it by (``find``) and deletes one at the player's request. A game file that failed is moved by
``keep_aside`` as
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
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion import platform
from companion.core.errors import GameError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.schema import Json
from companion.store.atomic import os_problem, parse_json, read_regular_file, reason_of, write_atomically
from companion.store.errors import StoreError, no_game
from companion.store.folder import GAME_ID, GameFolder
from companion.store.migrations import migrate, validated

if TYPE_CHECKING:
    from companion.core.content import Content

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


class DamagedGames:
    """The games kept in ``damaged/``: set aside when they fail, back when they read, else listed and deletable.

    It shares the store's lock (``lock``) and notices; ``content`` is read when a kept file is first tried.
    """

    def __init__(self, files: GameFolder, content: Callable[[], Content], lock: threading.RLock,
                 notices: list[Msg | str]) -> None:
        self.files, self._content, self._lock, self._notices = files, content, lock, notices
        self._seen: dict[str, tuple[tuple[int, int], KeptGame | None]] = {}  # kept file -> what it was

    def keep(self, game_id: str) -> StoreError:
        """Move the game's file to ``damaged/``; the player is told in a few words (``games``: why)."""
        kept = self.files.set_aside(game_id)
        message = msg("'{name}' could not be opened. Its file is kept aside, untouched, and listed with your "
                      "saved games; every other game is fine.", name=loose_name(kept, game_id))
        self._notices.append(message)
        return StoreError(message)

    def _try(self, path: Path, game_id: str) -> Msg | str | None:
        """Why a kept file still cannot be opened, or None if it now reads (it is not changed either way)."""
        try:
            raw = self.files.read_path(path)
            if raw is None:
                return msg("the file is gone")
            doc = validated(migrate(raw), self._content())
        except GameError as exc:
            return reason_of(exc)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
            return msg("it could not be checked ({kind})", kind=type(exc).__name__)
        if doc.get("id") != game_id:
            return msg("it holds game {inner}, not {id}", inner=str(doc.get("id")), id=game_id)
        return None

    def bring_back(self) -> None:
        """Games kept aside that now read go back in the list, each by itself; one notice says how many.

        Only ``damaged/`` is looked at, and only files changed since they were last tried, or unreadable ones
        once the code changed (``Ledger``). A copy of a game that is in the list is older than it: it
        stays aside, as does every older readable copy of a game brought back.
        """
        found = kept_files(self.files.damaged)
        if not found:
            return
        ledger, code = Ledger(self.files.damaged), code_stamp()
        files: dict[str, list[Json]] = {}
        readable: dict[str, list[tuple[str, Stamp]]] = {}  # game id -> its copies, the newest first
        for name, game_id in found:
            path = self.files.damaged / name
            stamp = stamp_of(path)
            if stamp is None:
                continue
            if ledger.settled(name, stamp, code):
                files[name] = ledger.files[name]
            elif self._try(path, game_id) is None:
                readable.setdefault(game_id, []).append((name, stamp))
            else:
                files[name] = [*stamp, UNREADABLE]
        back = self._put_back(readable, files)
        ledger.save(code, files)
        if back:
            self._notices.append(nmsg("{n} game that could not be opened before is back.",
                                      "{n} games that could not be opened before are back.", back))

    def _put_back(self, readable: dict[str, list[tuple[str, Stamp]]], files: dict[str, list[Json]]) -> int:
        """Each game's newest readable copy back in the list, unless the game is there; the rest noted stale."""
        back = 0
        for game_id, copies in readable.items():
            with self._lock, self.files.locked(game_id):
                if not self.files.exists(game_id) and self.files.put_back(self.files.damaged / copies[0][0], game_id):
                    back += 1
                    copies = copies[1:]
            files.update({name: [*stamp, STALE] for name, stamp in copies})
        return back

    def games(self) -> list[KeptGame]:
        """Every game kept in ``damaged/`` that still cannot be opened, the most recently kept first.

        Each is tried once per process and change of its file (for ``reason``); copies that read are stale
        copies of a game in the list, and are not shown.
        """
        with self._lock:
            entries: list[KeptGame] = []
            found = kept_files(self.files.damaged)
            for name, game_id in found:
                path = self.files.damaged / name
                stamp = stamp_of(path)
                if stamp is None:
                    continue
                seen = self._seen.get(name)
                if seen is None or seen[0] != stamp:
                    reason = self._try(path, game_id)
                    entry = None if reason is None else KeptGame(
                        key=name.removesuffix(".json"), id=game_id, name=loose_name(path, game_id), reason=reason,
                        path=path, kept_at=kept_at(name), handle=game_id)
                    seen = self._seen[name] = (stamp, entry)
                if seen[1] is not None:
                    entries.append(seen[1])
            self._seen = {k: v for k, v in self._seen.items() if k in {n for n, _ in found}}
        twice = {e.id for e in entries if sum(1 for other in entries if other.id == e.id) > 1}
        return [KeptGame(**{**e.__dict__, "handle": e.key}) if e.id in twice else e for e in entries]

    def why_missing(self, game_id: str) -> StoreError:
        """Why a game id opens nothing: its file is kept aside as unreadable (say so, and where to look), or there
        is no such game."""
        if not any(kept_id == game_id for _, kept_id in kept_files(self.files.damaged)):
            return no_game(game_id)
        kept = [e for e in self.games() if e.id == game_id]
        if not kept:
            return no_game(game_id)
        return StoreError(msg("'{name}' could not be opened; its file is kept aside, untouched. "
                              "`companion game details {id}` says why.", name=kept[0].name, id=kept[0].handle))

    def find(self, handle: str) -> KeptGame:
        """The kept game a terminal or a screen names: by its handle, its game id or its kept file's name."""
        entries = self.games()
        exact = [e for e in entries if handle in (e.handle, e.key, e.key + ".json")]
        by_id = [e for e in entries if e.id == handle]
        if exact or len(by_id) == 1:
            return (exact or by_id)[0]
        if by_id:
            raise StoreError(msg("More than one copy of {id} could not be opened; name one: {keys}.", id=handle,
                                 keys=", ".join(e.key for e in by_id)))
        if GAME_ID.match(handle) and self.files.exists(handle):
            raise StoreError(msg("Game {id} opens fine: `companion game show {id}` shows it.", id=handle))
        raise StoreError(msg("No game '{id}' is kept aside. `companion game list` shows every saved game.",
                             id=handle))

    def file_bytes(self, handle: str) -> bytes:
        """A kept game's file, byte for byte, as it is on disk."""
        path = self.find(handle).path
        try:
            return path.read_bytes()
        except OSError as exc:
            raise os_problem(exc, path, "read") from None

    def delete(self, handle: str) -> KeptGame:
        """Remove a kept game's file (and its log archive, when nothing else of that game is left)."""
        entry = self.find(handle)
        with self._lock, self.files.locked(entry.id):
            try:
                entry.path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise os_problem(exc, entry.path, "delete") from None
            self._seen.pop(entry.path.name, None)
            others = [gid for _, gid in kept_files(self.files.damaged) if gid == entry.id]
            if not self.files.exists(entry.id) and not others:
                self.files.log_path(entry.id).unlink(missing_ok=True)
            platform.persist(self.files.damaged)  # the browser keeps the removal in IndexedDB (no-op on a computer)
        return entry
