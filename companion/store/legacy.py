"""The old one-file layout (database schema 1) moved to one file per game, on its first open.

Every game of the old ``games.json`` gets a file of its own in ``games.d/``, checked like any game read; a game
that does not read stays only in the old file, which is kept beside the new as ``games.v1-<time>.json``.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.errors import GameError
from companion.core.i18n import Msg, nmsg
from companion.core.schema import Json, JsonObject
from companion.store.folder import GAME_ID, GameFolder, split_log
from companion.store.index import SummaryIndex
from companion.store.migrations import migrate, validated
from companion.store.names import new_id
from companion.store.writer import GameWriter

if TYPE_CHECKING:
    from companion.core.content import Content


def move_single_file(path: Path, tables: dict[str, JsonObject], files: GameFolder, index: SummaryIndex,
                     content: Callable[[], Content], writer: GameWriter) -> list[Msg | str]:
    """Move every game of the old database at ``path`` into a file of its own; keep the old file. Returns what
    to tell the player."""
    with files.locked("_create"):
        backup = path.with_name(f"{path.stem}.v1-{datetime.now().strftime('%Y%m%d-%H%M%S')}.json")
        shutil.copy2(path, backup)
        moved, refused = 0, 0
        for raw in tables.get("games", {}).values():
            try:
                _adopt(raw, files, content(), writer)
                moved += 1
            except (GameError, ValueError, TypeError):
                refused += 1
        index.write()
    notices: list[Msg | str] = [nmsg(
        "Your {n} saved game now has a file of its own in {folder}; the old file is kept as {backup}.",
        "Your {n} saved games now have a file each in {folder}; the old file is kept as {backup}.",
        moved, folder=str(files.folder), backup=str(backup))]
    if refused:
        notices.append(nmsg("{n} saved game could not be read and stays only in that old file.",
                            "{n} saved games could not be read and stay only in that old file.", refused))
    return notices


def _adopt(raw: Json, files: GameFolder, content: Content, writer: GameWriter) -> None:
    """One old game in a file of its own (under a new id if its own does not fit), unless that file exists."""
    doc = migrate(raw)
    overflow = split_log(doc)
    doc = validated(doc, content)
    game_id = doc["id"] if GAME_ID.match(str(doc["id"])) else new_id(files)
    doc["id"] = game_id
    if not files.exists(game_id):
        files.archive_log(game_id, overflow)
        doc["rev"] = doc.get("rev", 0) + 1
        files.write(game_id, doc)
    writer.wrote(game_id, doc)
