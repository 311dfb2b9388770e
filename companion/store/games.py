"""The saved games: list, create, resume, rename and delete; each part of the disk work is a module of its own.

``games.json`` (the path ``--db`` names) is the index; each game is a small TinyDB file
of its own in ``games.d/`` beside it (``folder`` and ``index``). A save writes that
one game's file, atomically and durably, under that game's lock (``writer``), so the app, the terminal
and a second server on one database never lose an acknowledged change: a save over a
change made elsewhere is refused (``StoreConflict``) and the caller shows the newer game.

Whatever is read - a game file, an import, an old database - is validated whole before it
is believed (``companion.core.validation``). A game file that cannot be read is moved to
``games.d/damaged/`` alone and the player is told (``damaged``); every other game still loads. A
database of the old one-file layout (schema 1) is moved to one file per game on first
open (``opening``, ``legacy``). Export and import are ``transfer``'s.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import GameError
from companion.core.i18n import Msg, msg, render
from companion.core.schema import JsonObject
from companion.store.aside import remove_stale_temp_files
from companion.store.atomic import UnreadableFile, message_of, os_problem
from companion.store.damaged import DamagedGames, KeptGame
from companion.store.errors import GameDeleted, StoreConflict, StoreError, no_game
from companion.store.folder import GAME_ID, GameFolder
from companion.store.history import HistoryStore
from companion.store.index import APP_ID, DB_SCHEMA, default_db_path
from companion.store.library import LibraryStore, library_path
from companion.store.migrations import NewerSchema, migrate, validated
from companion.store.names import clean_name, default_name, new_id
from companion.store.opening import checked_db_path, open_index
from companion.store.writer import GameWriter

if TYPE_CHECKING:  # the game rules are imported when a game is read or made: listing the games needs none
    from companion.core.content import Content
    from companion.core.session import Doc, Session
    from companion.core.setup import GameSetup

__all__ = ["APP_ID", "DB_SCHEMA", "GameDeleted", "GameStore", "GameSummary", "KeptGame", "StoreConflict",
           "StoreError", "default_db_path"]


@dataclass(frozen=True)
class GameSummary:
    """What the resume list shows for one saved game."""

    id: str
    name: str
    game: str
    mode: str
    players: list[str]
    round: int
    rounds: int
    updated: str
    ended: bool


def good_news(notice: object) -> bool:
    """A notice that something came back (shown as information, not as an error)."""
    return isinstance(notice, Msg) and notice.plural == "{n} games that could not be opened before are back."


def _summary(doc: Doc) -> JsonObject:
    state = doc["state"]
    return {"id": doc["id"], "name": doc["name"], "game": state["game"], "mode": state["mode"],
            "players": [p["name"] for p in state["players"]], "round": state["round"],
            "rounds": state["rounds"], "updated": doc["updated"], "ended": state["ended"] is not None}


class GameStore:
    """Saved games beside one index file. ``notices`` tell the player what was set aside or moved (messages,
    rendered where they are shown); every part of the store adds to the same list.

    Its parts: ``files`` (the games' folder), ``index`` (the list's cache), ``damaged`` (games kept aside),
    ``history`` (the play records), ``library`` (the typed cards); ``companion.store.transfer`` exports and
    imports."""

    def __init__(self, path: str | os.PathLike[str] | None = None, content: Content | None = None, *,
                 hold_locks: bool = False) -> None:
        """``hold_locks``: each game opened keeps its lock until the process ends (one-shot terminal commands,
        so that their load-change-save is never interleaved with another process's)."""
        self.hold_locks = hold_locks
        self.path = checked_db_path(Path(path) if path is not None else default_db_path())
        self.folder = self.path.with_name(f"{self.path.stem}.d")
        self._content = content
        self.notices: list[Msg | str] = []
        self._lock = threading.RLock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise os_problem(exc, self.path.parent, "create the folder for") from None
        remove_stale_temp_files(self.path)
        self.files = GameFolder(self.folder)
        self.damaged = DamagedGames(self.files, lambda: self.content, self._lock, self.notices)
        self._writer = GameWriter(self.files, self._lock, self.damaged)
        self.library = LibraryStore(library_path(self.path))
        self.index = open_index(self.path, self.files, lambda: self.content, self._writer, self.notices)
        # the play records (read when first asked)
        self.history = HistoryStore(self.path, self.files, self.index, lambda: self.content, self.notices)
        self.carried_last = 0  # cards typed in earlier games that the last new game was given
        self.damaged.bring_back()

    @property
    def content(self) -> Content:
        """The game content, read when first needed: listing the games from the index needs none."""
        if self._content is None:
            from companion.core.content import load_content

            self._content = load_content()
        return self._content

    @property
    def notice(self) -> str | None:
        """Every notice, in the reader's language (the terminal prints it once, at the start)."""
        return " ".join(render(n) for n in self.notices) if self.notices else None

    def take_notices(self) -> list[Msg | str]:
        """Notices not shown yet (a damaged game found while listing, ...), cleared (the list itself: the
        store's parts hold it)."""
        with self._lock:
            taken = list(self.notices)
            self.notices.clear()
        return taken

    # -- reading ----------------------------------------------------------------------
    def list_games(self, name_filter: str = "") -> list[GameSummary]:
        """Most recently played first; ``name_filter`` keeps names containing it (any case)."""
        with self._lock:
            self.index.reread()
            ids = self.files.ids()
            changed = False
            summaries = []
            for game_id in ids:
                summary, fresh = self._summary_of(game_id)
                changed |= fresh
                if summary is not None:
                    summaries.append(summary)
            self.index.keep_only(set(ids))
            if changed:
                self.index.write()
        wanted = name_filter.casefold().strip()
        out = [GameSummary(**{k: v for k, v in s.items() if k != "stamp"}) for s in summaries
               if wanted in s["name"].casefold()]
        return sorted(out, key=lambda s: s.updated, reverse=True)

    def _summary_of(self, game_id: str) -> tuple[JsonObject | None, bool]:
        stamp = self.files.stamp(game_id)
        cached = self.index.get(game_id, stamp)
        if cached is not None:
            return cached, False
        try:
            doc = self.load(game_id)
        except StoreError:
            return None, False  # set aside and explained in ``notices``
        fresh_stamp = self.files.stamp(game_id)
        if fresh_stamp is None:
            return None, False
        summary = _summary(doc)
        self.index.put(game_id, fresh_stamp, summary)
        return summary, True

    def load(self, game_id: str) -> Doc:
        """A private, validated copy of a saved game, migrated to the current schema."""
        if not isinstance(game_id, str) or not GAME_ID.match(game_id):
            raise no_game(game_id)
        with self._lock:
            stamp = self.files.stamp(game_id)
            try:
                raw = self.files.read(game_id)
            except UnreadableFile:
                raise self._kept_aside(game_id) from None
            if raw is None:
                raise self.damaged.why_missing(game_id)
            try:
                doc = validated(migrate(raw), self.content)
            except NewerSchema as exc:
                raise StoreError(msg("Game '{id}' cannot be opened: {reason}. Nothing in it was changed.",
                                     id=game_id, reason=message_of(exc))) from None
            except GameError:
                raise self._kept_aside(game_id) from None
            self._writer.read(game_id, stamp, doc)
        return doc

    def _kept_aside(self, game_id: str) -> StoreError:
        """The game's file did not read: moved to ``damaged/`` (the player is told)."""
        self._writer.forget(game_id)
        return self.damaged.keep(game_id)

    def exists(self, game_id: str) -> bool:
        return bool(GAME_ID.match(game_id)) and self.files.exists(game_id)

    def full_log(self, game_id: str) -> list[JsonObject]:
        """Every log line of a game, the archived ones first."""
        doc = self.load(game_id)
        recent = doc["log"]
        first = recent[0].get("n", 0) if recent else None
        archived = [e for e in self.files.read_archive(game_id) if first is None or e["n"] < first]
        return archived + list(recent)

    # -- writing ----------------------------------------------------------------------
    def save(self, doc: Doc) -> None:
        """Insert or replace one game; durable when this returns.

        Each save bumps the game's revision (``rev``); a save over a change made elsewhere is refused
        (``StoreConflict``), as is one of a game deleted elsewhere (``GameDeleted``): see ``writer``.
        """
        from companion.core.validation import check_readable

        check_readable(doc, self.content)  # never write what ``load`` would refuse
        self._write(doc)

    def _save_change(self, doc: Doc) -> None:
        """A session's saver: its next document, read back through ``check_readable`` and made from the last
        one saved (its older history steps and log lines are the same objects, so their text is reused)."""
        self._write(doc, reuse=True)

    def _write(self, doc: Doc, *, reuse: bool = False) -> None:
        """Write a checked document, then keep its play record and the card just typed up to date."""
        self._writer.write(doc, reuse=reuse)
        self.history.saw(doc)
        self._remember_card(doc)

    def _remember_card(self, doc: Doc) -> None:
        """A card just typed (a remembered command, the last line of the log) is kept for new games."""
        last = doc["log"][-1] if doc["log"] else None
        from companion.core.library import is_remembered

        if not last or last.get("kind") != "command" or not is_remembered(last.get("command")):
            return
        try:
            self.library.remember(last["command"])
        except GameError as exc:  # the game itself is saved; only the memory of the card is not
            self.notices.append(message_of(exc))

    def session(self, game_id: str) -> Session:
        if self.hold_locks and GAME_ID.match(str(game_id)):
            self.files.hold(game_id)
        from companion.core.session import Session

        return Session(self.load(game_id), saver=self._save_change, content=self.content)

    @contextmanager
    def editing(self, game_id: str) -> Iterator[Session]:
        """A session on the latest save of a game, locked against other processes until the block ends.

        For one-shot changes (the terminal): load, change and save cannot be interleaved
        with another process's, so nobody's change is refused or lost.
        """
        if not GAME_ID.match(str(game_id)):
            raise no_game(game_id)
        with self.files.locked(game_id):
            yield self.session(game_id)

    def create(self, setup: GameSetup, name: str | None = None, seed: int | None = None) -> Session:
        """A new game, saved; the cards players typed in earlier games are filled in (``carried_last``)."""
        from companion.core.library import carry_over
        from companion.core.session import Session, new_doc
        from companion.core.setup import new_state

        state = new_state(setup, self.content, seed=seed)
        self.carried_last = carry_over(state, self.content, self.library.entries())
        if self.library.notice:
            self.notices.append(self.library.notice)
            self.library.notice = None
        title = clean_name(name) if name else default_name(
            state, self.content, {game.name for game in self.list_games()})
        with self.files.locked("_create"):
            doc = new_doc(new_id(self.files), title, state)
            self.save(doc)
        return Session(doc, saver=self._save_change, content=self.content)

    def rename(self, game_id: str, name: str) -> None:
        cleaned = clean_name(name)
        with self.files.locked(game_id):
            doc = self.load(game_id)
            doc["name"] = cleaned
            self.save(doc)

    def delete(self, game_id: str) -> None:
        if not self.exists(game_id):
            raise StoreError(msg("No saved game '{id}' to delete.", id=game_id))
        with self._lock, self.files.locked(game_id):
            self.files.remove(game_id)
            self._writer.forget(game_id)

    def close(self) -> None:
        """Release the locks held for one-shot commands (nothing else stays open between operations)."""
        self.files.release_all()
