"""Opening a saves database: its path checked, its index (``games.json``) read, set aside or moved.

An index that cannot be read (not ours, damaged, written by a newer version) is kept beside as
``games.damaged-<time>.json`` and started again empty: it is only a cache, and every game in ``games.d/`` is
still listed. An index of the old one-file layout (schema 1) holds the games themselves: they are moved to one
file each (``legacy``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from companion.core.i18n import Msg, msg, nmsg
from companion.store.aside import set_aside
from companion.store.atomic import FileProblem, UnreadableFile, parse_tinydb, read_regular_file, reason_of
from companion.store.folder import GameFolder
from companion.store.index import DB_SCHEMA, SummaryIndex, meta_of
from companion.store.legacy import move_single_file
from companion.store.migrations import NewerSchema
from companion.store.writer import GameWriter

if TYPE_CHECKING:
    from companion.core.content import Content


def checked_db_path(path: Path) -> Path:
    """``path`` if it can name the saves database; else why not, as a ``FileProblem``."""
    if str(path) in ("", "."):
        raise FileProblem(msg("The saves database needs a file name (for example games.json); none was given."))
    if path.is_dir():
        raise FileProblem(msg("{path} is a folder: name a file inside it, for example {example}.", path=str(path),
                              example=str(path / "games.json")))
    if path.exists() and not path.is_file():
        raise FileProblem(msg("{path} is not a regular file: name a file such as games.json.", path=str(path)))
    return path


def open_index(path: Path, files: GameFolder, content: Callable[[], Content], writer: GameWriter,
               notices: list[Msg | str]) -> SummaryIndex:
    """The index at ``path``: read, written new, or set aside; an old one-file database moved into ``files``
    (each game's revision told to ``writer``). What the player should know is added to ``notices``."""
    index = SummaryIndex(path)
    if not path.exists():
        index.write()
        return index
    try:
        tables = parse_tinydb(read_regular_file(path))
        meta = meta_of(tables)
        if meta is None:
            raise UnreadableFile(msg("it is not a March of the Ants companion database"))
        schema = meta.get("schema")
        if not isinstance(schema, int) or isinstance(schema, bool) or schema > DB_SCHEMA:
            raise NewerSchema(msg("it was written by a newer version of the app (database schema {schema})",
                                  schema=repr(schema)))
    except (UnreadableFile, NewerSchema, FileProblem) as exc:
        notices.append(_set_aside(path, files, reason_of(exc)))
        index.write()
        return index
    if schema < DB_SCHEMA:
        notices.extend(move_single_file(path, tables, files, index, content, writer))
    else:
        index.load(tables)
    return index


def _set_aside(path: Path, files: GameFolder, reason: Msg | str) -> Msg:
    """Keep an unreadable index beside, untouched; what to tell the player."""
    kept = set_aside(path)
    games = len(files.ids())
    if games:
        return nmsg(
            "Your saved games' list could not be read: {reason}. The file was kept as {kept} and nothing in it "
            "was changed; the {n} game in {folder} is kept.",
            "Your saved games' list could not be read: {reason}. The file was kept as {kept} and nothing in it "
            "was changed; the {n} games in {folder} are all kept.",
            games, reason=reason, kept=str(kept), folder=str(files.folder))
    return msg(
        "Your saved games' list could not be read: {reason}. The file was kept as {kept} and nothing in it "
        "was changed; the app starts with an empty list.", reason=reason, kept=str(kept))
