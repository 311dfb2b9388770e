"""A game out of the saves and back in: exported to a file of its own, imported from one.

An export is the game as JSON an import reads back (``EXPORT_FORMAT``), written only to a new regular file
outside the saves (never the database, a file beside it, a device, a FIFO or a folder). An import is read
bounded, checked whole like any game read, and saved under a new id when its own is taken; anything else is
refused and nothing changes. A kept game (``damaged``) is exported byte for byte, as it is on disk.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import GameError
from companion.core.i18n import Msg, msg, render
from companion.store.atomic import (
    FileProblem,
    UnreadableFile,
    message_of,
    os_problem,
    parse_json,
    read_regular_file,
    write_atomically,
)
from companion.store.errors import StoreError
from companion.store.folder import GAME_ID, split_log
from companion.store.history import HISTORY_FILE
from companion.store.library import LIBRARY_FILE
from companion.store.migrations import migrate, validated
from companion.store.names import MAX_GAME_NAME, new_id
from companion.store.reading import READING_FILE
from companion.store.settings import SETTINGS_FILE

if TYPE_CHECKING:
    from companion.store.games import GameStore

EXPORT_FORMAT = "march-of-the-ants-companion/game"


def export_bytes(store: GameStore, game_id: str) -> bytes:
    """One game as the JSON an import reads back (the app offers it as a download)."""
    doc = store.load(game_id)
    payload = {"format": EXPORT_FORMAT, "schema": doc["schema"], "game": doc}
    return json.dumps(payload, ensure_ascii=False, indent=1).encode("utf-8")


def export(store: GameStore, game_id: str, target: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Write one game to a new regular file; never the database, a device, a FIFO or a folder."""
    return _export_to(store, Path(target), force, lambda: export_bytes(store, game_id))


def export_kept(store: GameStore, handle: str, target: str | os.PathLike[str], *, force: bool = False) -> Path:
    """Copy a kept game's file, as it is, to a new regular file outside the saves."""
    return _export_to(store, Path(target), force, lambda: store.damaged.file_bytes(handle))


def _export_to(store: GameStore, path: Path, force: bool, data: Callable[[], bytes]) -> Path:
    """Write ``data()`` to ``path`` once the target is known to be allowed (``check_export_target``)."""
    check_export_target(store, path, force)
    content = data()
    try:
        write_atomically(path, content)
    except OSError as exc:
        raise os_problem(exc, path, "write") from None
    return path


def check_export_target(store: GameStore, path: Path, force: bool) -> None:
    """Refuse a target that is not a new regular file outside the saves (``force``: an existing file)."""
    if str(path) in ("", "."):
        raise StoreError(msg("Name the file to export to, for example friday.json."))
    resolved = path.resolve()
    index, folder = store.path.resolve(), store.folder.resolve()
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


def _no_folder(path: Path) -> Msg:
    """Why ``path``'s folder cannot take a new file, saying what is there: a file where a folder is named
    (``notes.txt/out.csv``), or no folder at all."""
    for above in path.parents:
        if above.is_dir():
            break
        if os.path.lexists(above):
            return msg("{path} is a file, not a folder; export into a folder.", path=str(above))
    return msg("There is no folder {folder}; export into a folder that exists.", folder=str(path.parent))


def import_file(store: GameStore, source: str | os.PathLike[str]) -> str:
    """Add the game in an exported file; a bad file is refused and nothing changes."""
    path = Path(source)
    try:
        data = read_regular_file(path)
    except FileProblem as exc:
        raise StoreError(message_of(exc)) from None
    except UnreadableFile as exc:
        raise StoreError(msg("{source} was refused: {reason}.", source=str(path), reason=message_of(exc))) from None
    return import_bytes(store, data, str(path))


def import_bytes(store: GameStore, data: bytes, source: str) -> str:
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
        doc = validated(doc, store.content)
    except GameError as exc:
        raise StoreError(msg("{source} was refused: {reason}.", source=source, reason=message_of(exc))) from None
    with store.files.locked("_create"):
        if not GAME_ID.match(doc["id"]) or store.files.exists(doc["id"]):
            copy = render(msg("{name} (imported)", name=doc["name"]))  # a name: kept in the importer's words
            doc = {**doc, "id": new_id(store.files), "name": copy[:MAX_GAME_NAME]}
        doc.pop("rev", None)
        store.files.archive_log(doc["id"], overflow)
        store.save(doc)
    return str(doc["id"])
