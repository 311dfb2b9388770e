"""The saved games: list, create, resume, rename, delete, export and import.

``games.json`` (the path ``--db`` names) is the index; each game is a small TinyDB file
of its own in ``games.d/`` beside it (see ``gamefiles`` and ``index``). A save writes that
one game's file, atomically and durably, under that game's lock, so the app, the terminal
and a second server on one database never lose an acknowledged change: a save over a
change made elsewhere is refused (``StoreConflict``) and the caller shows the newer game.

Whatever is read - a game file, an import, an old database - is validated whole before it
is believed (``companion.core.validation``). A game file that cannot be read is moved to
``games.d/damaged/`` alone and the player is told; every other game still loads. A
database of the old one-file layout (schema 1) is moved to one file per game on first
open, and the old file is kept beside the new as ``games.v1-<time>.json``.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from platformdirs import user_data_dir

from companion import platform
from companion.core.content import Content, load_content
from companion.core.errors import GameError
from companion.core.i18n import PSEUDO, Msg, day_and_month, language, msg, nmsg, render
from companion.core.library import carry_over, is_remembered
from companion.core.schema import LOG_KEEP, ArchivedLog, Json, JsonObject, check
from companion.core.session import Doc, Session, new_doc
from companion.core.setup import GameSetup, new_state
from companion.core.state import State
from companion.core.validation import check_readable, validate_doc
from companion.store.aside import remove_stale_temp_files, set_aside
from companion.store.atomic import (
    FileProblem,
    UnreadableFile,
    message_of,
    os_problem,
    parse_json,
    parse_tinydb,
    read_regular_file,
    reason_of,
    write_atomically,
)
from companion.store.damaged import (
    STALE,
    UNREADABLE,
    KeptGame,
    Ledger,
    code_stamp,
    kept_at,
    kept_files,
    loose_name,
    stamp_of,
)
from companion.store.folder import GAME_ID, GameFolder
from companion.store.history import HISTORY_FILE, HistoryStore
from companion.store.index import APP_ID, DB_SCHEMA, SummaryIndex, meta_of
from companion.store.library import LIBRARY_FILE, LibraryStore, library_path
from companion.store.migrations import NewerSchema, migrate
from companion.store.reading import READING_FILE
from companion.store.settings import SETTINGS_FILE

EXPORT_FORMAT = "march-of-the-ants-companion/game"
MAX_GAME_NAME = 60
LOG_AFTER_TRIM = LOG_KEEP // 2

__all__ = ["APP_ID", "DB_SCHEMA", "GameStore", "GameSummary", "KeptGame", "StoreConflict", "StoreError"]


class StoreError(GameError):
    """A save, load, import or export could not be done; nothing was changed."""


class StoreConflict(StoreError):
    """The game was saved by someone else (another window, the terminal) since it was loaded.

    Saving anyway would silently throw their change away, so the save is refused; the
    caller reloads the game and the player repeats the action if it is still wanted.
    """


class GameDeleted(StoreError):
    """The game was deleted elsewhere since it was opened here; it is not brought back."""


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


def default_db_path() -> Path:
    override = os.environ.get("COMPANION_DB")
    if override is not None:
        return Path(override) if override.strip() else Path("")
    return Path(user_data_dir(APP_ID, appauthor=False)) / "games.json"


def _checked_db_path(path: Path) -> Path:
    if str(path) in ("", "."):
        raise FileProblem(msg("The saves database needs a file name (for example games.json); none was given."))
    if path.is_dir():
        raise FileProblem(msg("{path} is a folder: name a file inside it, for example {example}.", path=str(path),
                              example=str(path / "games.json")))
    if path.exists() and not path.is_file():
        raise FileProblem(msg("{path} is not a regular file: name a file such as games.json.", path=str(path)))
    return path


def good_news(notice: object) -> bool:
    """A notice that something came back (shown as information, not as an error)."""
    return isinstance(notice, Msg) and notice.plural == "{n} games that could not be opened before are back."


def _no_game(game_id: object) -> StoreError:
    return StoreError(msg("No saved game '{id}'. `companion game list` shows the saved games.", id=str(game_id)))


def _summary(doc: Doc) -> JsonObject:
    state = doc["state"]
    return {"id": doc["id"], "name": doc["name"], "game": state["game"], "mode": state["mode"],
            "players": [p["name"] for p in state["players"]], "round": state["round"],
            "rounds": state["rounds"], "updated": doc["updated"], "ended": state["ended"] is not None}


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


class GameStore:
    """Saved games beside one index file. ``notices`` tell the player what was set aside or moved (messages,
    rendered where they are shown)."""

    def __init__(self, path: str | os.PathLike[str] | None = None, content: Content | None = None, *,
                 hold_locks: bool = False) -> None:
        """``hold_locks``: each game opened keeps its lock until the process ends (one-shot terminal commands,
        so that their load-change-save is never interleaved with another process's)."""
        self.hold_locks = hold_locks
        self.path = _checked_db_path(Path(path) if path is not None else default_db_path())
        self.folder = self.path.with_name(f"{self.path.stem}.d")
        self._content = content
        self.notices: list[Msg | str] = []
        self._lock = threading.RLock()
        self._known: dict[str, tuple[tuple[int, int, int] | None, int]] = {}  # id -> (stamp, rev) we saw
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise os_problem(exc, self.path.parent, "create the folder for") from None
        remove_stale_temp_files(self.path)
        self.files = GameFolder(self.folder)
        self.index = SummaryIndex(self.path)
        self.library = LibraryStore(library_path(self.path))
        self.history = HistoryStore(self)  # the play records (read when first asked)
        self.carried_last = 0  # cards typed in earlier games that the last new game was given
        self._kept_seen: dict[str, tuple[tuple[int, int], KeptGame | None]] = {}  # kept file -> what it was
        self._open_index()
        self._bring_back_kept()

    @property
    def content(self) -> Content:
        """The game content, read when first needed: listing the games from the index needs none."""
        if self._content is None:
            self._content = load_content()
        return self._content

    @property
    def notice(self) -> str | None:
        """Every notice, in the reader's language (the terminal prints it once, at the start)."""
        return " ".join(render(n) for n in self.notices) if self.notices else None

    def take_notices(self) -> list[Msg | str]:
        """Notices not shown yet (a damaged game found while listing, ...), cleared."""
        with self._lock:
            taken, self.notices = self.notices, []
        return taken

    # -- opening ----------------------------------------------------------------------
    def _open_index(self) -> None:
        if not self.path.exists():
            self.index.write()
            return
        try:
            tables = parse_tinydb(read_regular_file(self.path))
            meta = meta_of(tables)
            if meta is None:
                raise UnreadableFile(msg("it is not a March of the Ants companion database"))
            schema = meta.get("schema")
            if not isinstance(schema, int) or isinstance(schema, bool) or schema > DB_SCHEMA:
                raise NewerSchema(msg("it was written by a newer version of the app (database schema {schema})",
                                      schema=repr(schema)))
        except (UnreadableFile, NewerSchema, FileProblem) as exc:
            self._set_index_aside(reason_of(exc))
            return
        if schema < DB_SCHEMA:
            self._migrate_single_file(tables)
        else:
            self.index.load(tables)

    def _set_index_aside(self, reason: Msg | str) -> None:
        kept = set_aside(self.path)
        games = len(self.files.ids())
        if games:
            self.notices.append(nmsg(
                "Your saved games' list could not be read: {reason}. The file was kept as {kept} and nothing in it "
                "was changed; the {n} game in {folder} is kept.",
                "Your saved games' list could not be read: {reason}. The file was kept as {kept} and nothing in it "
                "was changed; the {n} games in {folder} are all kept.",
                games, reason=reason, kept=str(kept), folder=str(self.folder)))
        else:
            self.notices.append(msg(
                "Your saved games' list could not be read: {reason}. The file was kept as {kept} and nothing in it "
                "was changed; the app starts with an empty list.", reason=reason, kept=str(kept)))
        self.index = SummaryIndex(self.path)
        self.index.write()

    def _migrate_single_file(self, tables: dict[str, JsonObject]) -> None:
        """Move every game of an old one-file database into a file of its own; keep the old file."""
        with self.files.locked("_create"):
            backup = self.path.with_name(f"{self.path.stem}.v1-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json")
            shutil.copy2(self.path, backup)
            moved, refused = 0, 0
            for raw in tables.get("games", {}).values():
                try:
                    self._adopt_legacy(raw)
                    moved += 1
                except (GameError, ValueError, TypeError):
                    refused += 1
            self.index.write()
        self.notices.append(nmsg(
            "Your {n} saved game now has a file of its own in {folder}; the old file is kept as {backup}.",
            "Your {n} saved games now have a file each in {folder}; the old file is kept as {backup}.",
            moved, folder=str(self.folder), backup=str(backup)))
        if refused:
            self.notices.append(nmsg("{n} saved game could not be read and stays only in that old file.",
                                     "{n} saved games could not be read and stay only in that old file.", refused))

    def _adopt_legacy(self, raw: Json) -> None:
        doc = migrate(raw)
        overflow = split_log(doc)
        doc = validate_doc(doc, self.content)
        game_id = doc["id"] if GAME_ID.match(str(doc["id"])) else self._new_id()
        doc["id"] = game_id
        if not self.files.exists(game_id):
            self.files.archive_log(game_id, overflow)
            doc["rev"] = doc.get("rev", 0) + 1
            self.files.write(game_id, doc)
        self._remember(game_id, doc)

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
            raise _no_game(game_id)
        with self._lock:
            stamp = self.files.stamp(game_id)
            try:
                raw = self.files.read(game_id)
            except UnreadableFile as exc:
                raise self._damaged(game_id, message_of(exc)) from None
            if raw is None:
                raise self._kept_or_missing(game_id)
            try:
                doc = validate_doc(migrate(raw), self.content)
            except NewerSchema as exc:
                raise StoreError(msg("Game '{id}' cannot be opened: {reason}. Nothing in it was changed.",
                                     id=game_id, reason=message_of(exc))) from None
            except GameError as exc:
                raise self._damaged(game_id, message_of(exc)) from None
            self._known[game_id] = (stamp, doc.get("rev", 0))
        return doc

    def _damaged(self, game_id: str, reason: Msg | str) -> StoreError:
        """Move the game's file to ``damaged/``; the player is told in a few words (``unreadable_games``: why)."""
        kept = self.files.set_aside(game_id)
        self._known.pop(game_id, None)
        message = msg("'{name}' could not be opened. Its file is kept aside, untouched, and listed with your "
                      "saved games; every other game is fine.", name=loose_name(kept, game_id))
        self.notices.append(message)
        return StoreError(message)

    # -- games kept aside -------------------------------------------------------------
    def _try_kept(self, path: Path, game_id: str) -> Msg | str | None:
        """Why a kept file still cannot be opened, or None if it now reads (it is not changed either way)."""
        try:
            raw = self.files.read_path(path)
            if raw is None:
                return msg("the file is gone")
            doc = validate_doc(migrate(raw), self.content)
        except GameError as exc:
            return reason_of(exc)
        except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
            return msg("it could not be checked ({kind})", kind=type(exc).__name__)
        if doc.get("id") != game_id:
            return msg("it holds game {inner}, not {id}", inner=str(doc.get("id")), id=game_id)
        return None

    def _bring_back_kept(self) -> None:
        """Games kept aside that now read go back in the list, each by itself; one notice says how many.

        Only ``damaged/`` is looked at, and only files changed since they were last tried, or unreadable ones
        once the code changed (``damaged.Ledger``). A copy of a game that is in the list is older than it: it
        stays aside, as does every older readable copy of a game brought back.
        """
        found = kept_files(self.files.damaged)
        if not found:
            return
        ledger, code = Ledger(self.files.damaged), code_stamp()
        files: dict[str, list[Json]] = {}
        readable: dict[str, list[tuple[str, tuple[int, int]]]] = {}  # game id -> its copies, the newest first
        for name, game_id in found:
            path = self.files.damaged / name
            stamp = stamp_of(path)
            if stamp is None:
                continue
            if ledger.settled(name, stamp, code):
                files[name] = ledger.files[name]
            elif self._try_kept(path, game_id) is None:
                readable.setdefault(game_id, []).append((name, stamp))
            else:
                files[name] = [*stamp, UNREADABLE]
        back = 0
        for game_id, copies in readable.items():
            with self._lock, self.files.locked(game_id):
                if not self.files.exists(game_id) and self.files.put_back(self.files.damaged / copies[0][0], game_id):
                    back += 1
                    copies = copies[1:]
            files.update({name: [*stamp, STALE] for name, stamp in copies})
        ledger.save(code, files)
        if back:
            self.notices.append(nmsg("{n} game that could not be opened before is back.",
                                     "{n} games that could not be opened before are back.", back))

    def unreadable_games(self) -> list[KeptGame]:
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
                seen = self._kept_seen.get(name)
                if seen is None or seen[0] != stamp:
                    reason = self._try_kept(path, game_id)
                    entry = None if reason is None else KeptGame(
                        key=name.removesuffix(".json"), id=game_id, name=loose_name(path, game_id), reason=reason,
                        path=path, kept_at=kept_at(name), handle=game_id)
                    seen = self._kept_seen[name] = (stamp, entry)
                if seen[1] is not None:
                    entries.append(seen[1])
            self._kept_seen = {k: v for k, v in self._kept_seen.items() if k in {n for n, _ in found}}
        twice = {e.id for e in entries if sum(1 for other in entries if other.id == e.id) > 1}
        return [KeptGame(**{**e.__dict__, "handle": e.key}) if e.id in twice else e for e in entries]

    def _kept_or_missing(self, game_id: str) -> StoreError:
        """Why a game id opens nothing: its file is kept aside as unreadable (say so, and where to look), or there
        is no such game."""
        if not any(kept_id == game_id for _, kept_id in kept_files(self.files.damaged)):
            return _no_game(game_id)
        kept = [e for e in self.unreadable_games() if e.id == game_id]
        if not kept:
            return _no_game(game_id)
        return StoreError(msg("'{name}' could not be opened; its file is kept aside, untouched. "
                              "`companion game details {id}` says why.", name=kept[0].name, id=kept[0].handle))

    def unreadable_game(self, handle: str) -> KeptGame:
        """The kept game a terminal or a screen names: by its handle, its game id or its kept file's name."""
        entries = self.unreadable_games()
        exact = [e for e in entries if handle in (e.handle, e.key, e.key + ".json")]
        by_id = [e for e in entries if e.id == handle]
        if exact or len(by_id) == 1:
            return (exact or by_id)[0]
        if by_id:
            raise StoreError(msg("More than one copy of {id} could not be opened; name one: {keys}.", id=handle,
                                 keys=", ".join(e.key for e in by_id)))
        if self.exists(handle):
            raise StoreError(msg("Game {id} opens fine: `companion game show {id}` shows it.", id=handle))
        raise StoreError(msg("No game '{id}' is kept aside. `companion game list` shows every saved game.",
                             id=handle))

    def unreadable_bytes(self, handle: str) -> bytes:
        """A kept game's file, byte for byte, as it is on disk."""
        path = self.unreadable_game(handle).path
        try:
            return path.read_bytes()
        except OSError as exc:
            raise os_problem(exc, path, "read") from None

    def export_unreadable(self, handle: str, target: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Copy a kept game's file, as it is, to a new regular file outside the saves."""
        return self._export_to(Path(target), force, lambda: self.unreadable_bytes(handle))

    def delete_unreadable(self, handle: str) -> KeptGame:
        """Remove a kept game's file (and its log archive, when nothing else of that game is left)."""
        entry = self.unreadable_game(handle)
        with self._lock, self.files.locked(entry.id):
            try:
                entry.path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:
                raise os_problem(exc, entry.path, "delete") from None
            self._kept_seen.pop(entry.path.name, None)
            others = [gid for _, gid in kept_files(self.files.damaged) if gid == entry.id]
            if not self.files.exists(entry.id) and not others:
                self.files.log_path(entry.id).unlink(missing_ok=True)
            platform.persist(self.files.damaged)  # the browser keeps the removal in IndexedDB (no-op on a computer)
        return entry

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

        Each save bumps the game's revision (``rev``). A document whose revision is not the
        stored one was loaded before someone else saved the game: refused with StoreConflict.
        A game deleted elsewhere since it was loaded is refused with GameDeleted.
        """
        check_readable(doc, self.content)  # never write what ``load`` would refuse
        self._write_checked(doc)

    def _save_change(self, doc: Doc) -> None:
        """A session's saver: its next document, read back through ``check_readable`` and made from the last
        one saved (its older history steps and log lines are the same objects, so their text is reused)."""
        self._write_checked(doc, reuse=True)

    def _write_checked(self, doc: Doc, *, reuse: bool = False) -> None:
        """``save`` for a document already read back through ``check_readable`` (a session checks each change)."""
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
            self._remember(game_id, doc)
        self.history.saw(doc)
        self._remember_card(doc)

    def _remember_card(self, doc: Doc) -> None:
        """A card just typed (a remembered command, the last line of the log) is kept for new games."""
        last = doc["log"][-1] if doc["log"] else None
        if not last or last.get("kind") != "command" or not is_remembered(last.get("command")):
            return
        try:
            self.library.remember(last["command"])
        except GameError as exc:  # the game itself is saved; only the memory of the card is not
            self.notices.append(message_of(exc))

    def _remember(self, game_id: str, doc: Doc) -> None:
        self._known[game_id] = (self.files.stamp(game_id), doc["rev"])

    def _stored_rev(self, game_id: str) -> int | None:
        stamp = self.files.stamp(game_id)
        if stamp is None:
            return None
        known = self._known.get(game_id)
        if known is not None and known[0] == stamp:
            return known[1]
        try:
            raw = self.files.read(game_id)
        except UnreadableFile as exc:
            raise self._damaged(game_id, message_of(exc)) from None
        rev = raw.get("rev", 0) if raw is not None else None
        return rev if isinstance(rev, int) else 0

    def session(self, game_id: str) -> Session:
        if self.hold_locks and GAME_ID.match(str(game_id)):
            self.files.hold(game_id)
        return Session(self.load(game_id), saver=self._save_change, content=self.content)

    @contextmanager
    def editing(self, game_id: str) -> Iterator[Session]:
        """A session on the latest save of a game, locked against other processes until the block ends.

        For one-shot changes (the terminal): load, change and save cannot be interleaved
        with another process's, so nobody's change is refused or lost.
        """
        if not GAME_ID.match(str(game_id)):
            raise _no_game(game_id)
        with self.files.locked(game_id):
            yield self.session(game_id)

    def create(self, setup: GameSetup, name: str | None = None, seed: int | None = None) -> Session:
        """A new game, saved; the cards players typed in earlier games are filled in (``carried_last``)."""
        state = new_state(setup, self.content, seed=seed)
        self.carried_last = carry_over(state, self.content, self.library.entries())
        if self.library.notice:
            self.notices.append(self.library.notice)
            self.library.notice = None
        title = self._clean_name(name) if name else self._default_name(state)
        with self.files.locked("_create"):
            doc = new_doc(self._new_id(), title, state)
            self.save(doc)
        return Session(doc, saver=self._save_change, content=self.content)

    def _default_name(self, state: State) -> str:
        """Short enough for a phone's title bar, in the words of whoever starts the game: the mode and the day
        ("Solo · 3 Dec", "En solitario · 3 dic"; the asymmetric variant's "Asymmetric: one player is the
        Broodmother" as "Asymmetric · 3 Dec")."""
        lang = "en" if language() == PSEUDO else None  # a name is kept as written: never the pseudo-locale's marks
        mode = render(self.content.modes[state["mode"]].name, lang).split(":")[0].strip()
        day = day_and_month(datetime.now(), lang)
        name = render(msg("{mode} · {day}", mode=mode, day=day), lang)[:MAX_GAME_NAME]
        taken = {game.name for game in self.list_games()}  # a second one that day: "Solo · 3 Dec (2)"
        number = 2
        while name in taken:
            name = render(msg("{mode} · {day} ({number})", mode=mode, day=day, number=number), lang)[:MAX_GAME_NAME]
            number += 1
        return name

    def _new_id(self) -> str:
        import secrets  # here: listing the games never needs it, and it costs a terminal command's start

        while True:
            candidate = f"g-{secrets.token_hex(4)}"
            if not self.files.exists(candidate):
                return candidate

    @staticmethod
    def _clean_name(name: str) -> str:
        cleaned = " ".join(str(name).split())
        if not cleaned or len(cleaned) > MAX_GAME_NAME:
            raise StoreError(msg("A game name needs 1-{most} characters.", most=MAX_GAME_NAME))
        return cleaned

    def rename(self, game_id: str, name: str) -> None:
        cleaned = self._clean_name(name)
        with self.files.locked(game_id):
            doc = self.load(game_id)
            doc["name"] = cleaned
            self.save(doc)

    def delete(self, game_id: str) -> None:
        if not self.exists(game_id):
            raise StoreError(msg("No saved game '{id}' to delete.", id=game_id))
        with self._lock, self.files.locked(game_id):
            self.files.remove(game_id)
            self._known.pop(game_id, None)

    def close(self) -> None:
        """Release the locks held for one-shot commands (nothing else stays open between operations)."""
        self.files.release_all()

    # -- files ------------------------------------------------------------------------
    def export_bytes(self, game_id: str) -> bytes:
        """One game as the JSON an import reads back (the app offers it as a download)."""
        doc = self.load(game_id)
        payload = {"format": EXPORT_FORMAT, "schema": doc["schema"], "game": doc}
        return json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8")

    def export(self, game_id: str, target: str | os.PathLike[str], *, force: bool = False) -> Path:
        """Write one game to a new regular file; never the database, a device, a FIFO or a folder."""
        return self._export_to(Path(target), force, lambda: self.export_bytes(game_id))

    def _export_to(self, path: Path, force: bool, data: Callable[[], bytes]) -> Path:
        """Write ``data()`` to ``path`` once the target is known to be allowed (``check_export_target``)."""
        self.check_export_target(path, force)
        content = data()
        try:
            write_atomically(path, content)
        except OSError as exc:
            raise os_problem(exc, path, "write") from None
        return path

    def check_export_target(self, path: Path, force: bool) -> None:
        """Refuse a target that is not a new regular file outside the saves (``force``: an existing file)."""
        if str(path) in ("", "."):
            raise StoreError(msg("Name the file to export to, for example friday.json."))
        resolved = path.resolve()
        index, folder = self.path.resolve(), self.folder.resolve()
        beside = {index.with_name(n) for n in (SETTINGS_FILE, READING_FILE, LIBRARY_FILE, HISTORY_FILE)}
        if resolved in {index, folder, *beside} or folder in resolved.parents:
            raise StoreError(msg("{path} is part of the saved games; export to a file of its own.", path=str(path)))
        if not resolved.parent.is_dir():
            raise StoreError(_no_folder(path))
        try:
            info = os.stat(path)
        except FileNotFoundError:
            return
        except OSError as exc:
            raise os_problem(exc, path, "check") from None
        if not stat.S_ISREG(info.st_mode):
            raise StoreError(msg("{path} is not a regular file (a folder, a device or a pipe); choose a file name.",
                                 path=str(path)))
        if not force:
            raise StoreError(msg("{path} already exists; choose another name, or add --force to replace it.",
                                 path=str(path)))

    def import_file(self, source: str | os.PathLike[str]) -> str:
        """Add the game in an exported file; a bad file is refused and nothing changes."""
        path = Path(source)
        try:
            data = read_regular_file(path)
        except FileProblem as exc:
            raise StoreError(message_of(exc)) from None
        except UnreadableFile as exc:
            raise StoreError(msg("{source} was refused: {reason}.", source=str(path), reason=message_of(exc))) from None
        return self.import_bytes(data, str(path))

    def import_bytes(self, data: bytes, source: str) -> str:
        """Add the game in exported JSON (``source`` names it in messages); refuse anything else."""
        try:
            payload = parse_json(data)
        except UnreadableFile as exc:
            raise StoreError(msg("{source} was refused: {reason}.", source=source, reason=message_of(exc))) from None
        if not isinstance(payload, dict) or payload.get("format") != EXPORT_FORMAT:
            raise StoreError(msg("{source} is not a game exported by this app.", source=source))
        try:
            doc = migrate(payload.get("game"))
            overflow = split_log(doc)
            doc = validate_doc(doc, self.content)
        except GameError as exc:
            raise StoreError(msg("{source} was refused: {reason}.", source=source, reason=message_of(exc))) from None
        with self.files.locked("_create"):
            if not GAME_ID.match(doc["id"]) or self.files.exists(doc["id"]):
                copy = render(msg("{name} (imported)", name=doc["name"]))  # a name: kept in the importer's words
                doc = {**doc, "id": self._new_id(), "name": copy[:MAX_GAME_NAME]}
            doc.pop("rev", None)
            self.files.archive_log(doc["id"], overflow)
            self.save(doc)
        return str(doc["id"])


def _no_folder(path: Path) -> Msg:
    """Why ``path``'s folder cannot take a new file, saying what is there: a file where a folder is named
    (``notes.txt/out.csv``), or no folder at all."""
    for above in path.parents:
        if above.is_dir():
            break
        if os.path.lexists(above):
            return msg("{path} is a file, not a folder; export into a folder.", path=str(above))
    return msg("There is no folder {folder}; export into a folder that exists.", folder=str(path.parent))
