"""Writing one game's file: refused over a change made elsewhere, its oldest log lines archived, durable.

Each save bumps the game's revision (``rev``). A document whose revision is not the stored one was loaded
before someone else saved the game: refused with ``StoreConflict``, so nobody's acknowledged change is lost;
a game deleted elsewhere since it was loaded is refused with ``GameDeleted`` and not brought back. The
revision of each game this process last read or wrote is kept with its file's stamp, so a save reads the
stored revision from disk only when another process changed the file.
"""

from __future__ import annotations

import threading

from companion.core.i18n import msg
from companion.core.schema import JsonObject
from companion.store.atomic import UnreadableFile
from companion.store.damaged import DamagedGames
from companion.store.errors import GameDeleted, StoreConflict
from companion.store.folder import GameFolder, Stamp, split_log

Doc = JsonObject


class GameWriter:
    """Writes games into ``files`` under the store's ``lock``; a file found unreadable goes to ``damaged``."""

    def __init__(self, files: GameFolder, lock: threading.RLock, damaged: DamagedGames) -> None:
        self.files, self._lock, self._damaged = files, lock, damaged
        self._known: dict[str, tuple[Stamp | None, int]] = {}  # id -> (stamp, rev) we saw

    def write(self, doc: Doc, *, reuse: bool = False) -> None:
        """Write a document already read back through ``check_readable``; ``reuse``: made from the last one
        saved (its older history steps and log lines are the same objects, so their text is reused)."""
        game_id = doc["id"]
        with self._lock, self.files.locked(game_id):
            stored = self._stored_rev(game_id)
            base = doc.get("rev", 0)
            if stored is None and base > 0:
                raise GameDeleted(msg("'{name}' was deleted (in another window or the terminal); "
                                      "it is not brought back.", name=doc["name"]))
            if stored is not None and stored != base:
                raise StoreConflict(msg(
                    "'{name}' was changed in another window or the terminal after it was opened here. "
                    "It now shows that newer game; repeat your last action if it is still needed.", name=doc["name"]))
            log, archived = doc["log"], doc.get("log_archived", 0)
            overflow = split_log(doc)
            try:
                self.files.archive_log(game_id, overflow)
                doc["rev"] = base + 1
                self.files.write(game_id, doc, reuse=reuse)
            except BaseException:
                doc["rev"], doc["log"], doc["log_archived"] = base, log, archived
                raise
            self.wrote(game_id, doc)

    def wrote(self, game_id: str, doc: Doc) -> None:
        """``doc`` is what the game's file holds now (written by this process)."""
        self.read(game_id, self.files.stamp(game_id), doc)

    def read(self, game_id: str, stamp: Stamp | None, doc: Doc) -> None:
        """``doc`` was read from the game's file while it had ``stamp``."""
        self._known[game_id] = (stamp, doc.get("rev", 0))

    def forget(self, game_id: str) -> None:
        """The game's file is gone (deleted, or kept aside)."""
        self._known.pop(game_id, None)

    def _stored_rev(self, game_id: str) -> int | None:
        stamp = self.files.stamp(game_id)
        if stamp is None:
            return None
        known = self._known.get(game_id)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            raw = self.files.read(game_id)
        except UnreadableFile:
            self.forget(game_id)
            raise self._damaged.keep(game_id) from None
        rev = raw.get("rev", 0) if raw is not None else None
        return rev if isinstance(rev, int) else 0
