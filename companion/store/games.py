"""The saved-games database: list, create, resume, rename, delete, export and import.

One TinyDB file holds every game (table ``games``) and a ``_meta`` record with the
database schema. A file that cannot be read - truncated, empty, foreign, or from a
newer version - is moved aside under a timestamped name and the player is told; it is
never overwritten or deleted. Every game change is saved through ``AtomicJSONStorage``.
"""

from __future__ import annotations

import copy
import json
import os
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir
from tinydb import Query, TinyDB

from companion.core.content import Content, load_content
from companion.core.errors import GameError
from companion.core.session import Doc, Session, new_doc
from companion.core.setup import GameSetup, new_state
from companion.core.validation import validate_doc
from companion.store.atomic import AtomicJSONStorage, UnreadableDatabase, parse_database, write_atomically
from companion.store.migrations import NewerSchema, migrate

APP_ID = "march-of-the-ants-companion"
DB_SCHEMA = 1
EXPORT_FORMAT = "march-of-the-ants-companion/game"
MAX_GAME_NAME = 60


class StoreError(GameError):
    """A save, load, import or export could not be done; nothing was changed."""


class StoreConflict(StoreError):
    """The game was saved by someone else (another window, the terminal) since it was loaded.

    Saving anyway would silently throw their change away, so the save is refused; the
    caller reloads the game and the player repeats the action if it is still wanted.
    """


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
    if override:
        return Path(override)
    return Path(user_data_dir(APP_ID, appauthor=False)) / "games.json"


def _timestamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def set_aside(path: Path) -> Path:
    """Rename a damaged database to ``<stem>.damaged-<time>.json`` without overwriting anything."""
    base = path.with_name(f"{path.stem}.damaged-{_timestamp()}{path.suffix}")
    target, n = base, 1
    while target.exists():
        target = base.with_name(f"{base.stem}-{n}{base.suffix}")
        n += 1
    os.replace(path, target)
    return target


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temp_files(path: Path) -> None:
    """Delete temp files left by a writer that was killed mid-save (never the database itself)."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        pid = tmp.name.removeprefix(f".{path.name}.").removesuffix(".tmp")
        if pid.isdigit() and not _alive(int(pid)):
            tmp.unlink(missing_ok=True)


class GameStore:
    """Saved games in one database file. ``notice`` tells the player if a damaged file was set aside."""

    def __init__(self, path: str | os.PathLike[str] | None = None, content: Content | None = None) -> None:
        self.path = Path(path) if path is not None else default_db_path()
        self.content = content or load_content()
        self.notice: str | None = None
        self._lock = threading.RLock()
        self._check_file()
        remove_stale_temp_files(self.path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = TinyDB(self.path, storage=AtomicJSONStorage)
        self._games = self._db.table("games", cache_size=0)
        if not self.path.exists():
            self._db.table("_meta").insert({"app": APP_ID, "schema": DB_SCHEMA})

    # -- opening ------------------------------------------------------------------
    def _check_file(self) -> None:
        if not self.path.exists():
            return
        try:
            data = parse_database(self.path.read_bytes())
            self._check_meta(data)
        except (UnreadableDatabase, NewerSchema) as exc:
            kept = set_aside(self.path)
            self.notice = (
                f"Your saved games could not be read: {exc}. The file was kept as {kept} and "
                "nothing in it was changed; the app starts with an empty list."
            )

    @staticmethod
    def _check_meta(data: dict[str, Any]) -> None:
        meta = list(data.get("_meta", {}).values())
        if not meta or not isinstance(meta[0], dict) or meta[0].get("app") != APP_ID:
            raise UnreadableDatabase("it is not a March of the Ants companion database")
        schema = meta[0].get("schema")
        if not isinstance(schema, int) or schema > DB_SCHEMA:
            raise NewerSchema(f"it was written by a newer version of the app (database schema {schema!r})")

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with self._lock:
            yield

    # -- reading --------------------------------------------------------------------
    def list_games(self) -> list[GameSummary]:
        """Most recently played first."""
        with self._locked():
            docs = self._games.all()
        summaries = [self._summary(doc) for doc in docs]
        return sorted(summaries, key=lambda s: s.updated, reverse=True)

    @staticmethod
    def _summary(doc: dict[str, Any]) -> GameSummary:
        state = doc["state"]
        return GameSummary(
            id=doc["id"], name=doc["name"], game=state["game"], mode=state["mode"],
            players=[p["name"] for p in state["players"]], round=state["round"], rounds=state["rounds"],
            updated=doc["updated"], ended=state["ended"] is not None,
        )

    def load(self, game_id: str) -> Doc:
        """A private copy of a saved game, migrated to the current schema."""
        with self._locked():
            found = self._games.get(Query().id == game_id)
        if found is None:
            raise StoreError(f"No saved game {game_id!r}. `companion game list` shows the saved games.")
        doc = copy.deepcopy(dict(found))
        try:
            doc = migrate(doc)
            validate_doc(doc, self.content)
        except GameError as exc:
            raise StoreError(f"Game {game_id!r} cannot be opened: {exc}.") from exc
        return doc

    def exists(self, game_id: str) -> bool:
        with self._locked():
            return self._games.contains(Query().id == game_id)

    # -- writing --------------------------------------------------------------------
    def save(self, doc: Doc) -> None:
        """Insert or replace one game; durable when this returns.

        Each save bumps the game's revision (``rev``). A document whose revision is not the
        stored one was loaded before someone else saved the game: refused with StoreConflict.
        """
        with self._locked():
            # TinyDB caches the next document id; another process (the CLI next to the app)
            # may have added games since, so let it recount from the file.
            self._games._next_id = None
            stored = self._games.get(Query().id == doc["id"])
            base = doc.get("rev", 0)
            if stored is not None and stored.get("rev", 0) != base:
                raise StoreConflict(
                    f"{doc['name']!r} was changed elsewhere (another window or the terminal) since it was "
                    "opened here; it has been reloaded, so repeat your last action if it is still needed."
                )
            doc["rev"] = base + 1
            try:
                self._games.upsert(doc, Query().id == doc["id"])
            except BaseException:
                doc["rev"] = base
                raise

    def session(self, game_id: str) -> Session:
        return Session(self.load(game_id), saver=self.save, content=self.content)

    def create(self, setup: GameSetup, name: str | None = None, seed: int | None = None) -> Session:
        state = new_state(setup, self.content, seed=seed)
        title = self._clean_name(name) if name else self._default_name(state)
        doc = new_doc(self._new_id(), title, state)
        self.save(doc)
        return Session(doc, saver=self.save, content=self.content)

    def _default_name(self, state: dict[str, Any]) -> str:
        game = self.content.games[state["game"]].name
        when = datetime.now().strftime("%d %b %H:%M")
        return f"{game} - {when}"

    def _new_id(self) -> str:
        while True:
            candidate = f"g-{secrets.token_hex(4)}"
            if not self.exists(candidate):
                return candidate

    @staticmethod
    def _clean_name(name: str) -> str:
        cleaned = " ".join(name.split())
        if not cleaned or len(cleaned) > MAX_GAME_NAME:
            raise StoreError(f"A game name needs 1-{MAX_GAME_NAME} characters.")
        return cleaned

    def rename(self, game_id: str, name: str) -> None:
        doc = self.load(game_id)
        doc["name"] = self._clean_name(name)
        self.save(doc)

    def delete(self, game_id: str) -> None:
        with self._locked():
            removed = self._games.remove(Query().id == game_id)
        if not removed:
            raise StoreError(f"No saved game {game_id!r} to delete.")

    # -- files ----------------------------------------------------------------------
    def export_bytes(self, game_id: str) -> bytes:
        """One game as the JSON an import reads back (the app offers it as a download)."""
        doc = self.load(game_id)
        payload = {"format": EXPORT_FORMAT, "schema": doc["schema"], "game": doc}
        return json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8")

    def export(self, game_id: str, target: str | os.PathLike[str]) -> Path:
        data = self.export_bytes(game_id)
        path = Path(target)
        try:
            write_atomically(path, data.decode("utf-8"))
        except OSError as exc:
            raise StoreError(f"Could not write {path}: {exc.strerror or exc}.") from exc
        return path

    def import_file(self, source: str | os.PathLike[str]) -> str:
        """Add the game in an exported file; a bad file is refused and nothing changes."""
        path = Path(source)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            raise StoreError(f"No file {path}.") from None
        except OSError as exc:
            raise StoreError(f"{path} cannot be read ({exc.strerror or exc}).") from exc
        return self.import_bytes(data, str(path))

    def import_bytes(self, data: bytes, source: str = "The file") -> str:
        """Add the game in exported JSON (``source`` names it in messages); refuse anything else."""
        try:
            payload = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise StoreError(f"{source} is not a readable JSON file ({exc.__class__.__name__}).") from exc
        if not isinstance(payload, dict) or payload.get("format") != EXPORT_FORMAT:
            raise StoreError(f"{source} is not a game exported by this app.")
        doc = payload.get("game")
        try:
            if not isinstance(doc, dict):
                raise GameError("the file holds no game")
            doc = migrate(doc)
            validate_doc(doc, self.content)
        except GameError as exc:
            raise StoreError(f"{source} was refused: {exc}.") from exc
        if self.exists(doc["id"]):
            doc = {**doc, "id": self._new_id(), "name": f"{doc['name']} (imported)"[:MAX_GAME_NAME]}
        doc.pop("rev", None)
        self.save(doc)
        return str(doc["id"])
