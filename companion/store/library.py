"""The cards players typed, kept beside the saves (``library.json``) for every new game.

What is kept is the commands themselves (``to_dict``), only those marked ``remembered``
(see ``companion.core.library``), one per card: typing a card again replaces it. The file is
written atomically under a lock, checked whole when read (a damaged one is set aside and
the player told, never overwritten), and can be exported and imported as a file of its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import AbstractContextManager
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from annotated_types import MaxLen
from typing_extensions import TypedDict

from companion import platform
from companion.core.errors import GameError
from companion.core.i18n import Msg, msg
from companion.core.schema import SchemaError, check, strict
from companion.store.aside import set_aside
from companion.store.atomic import (
    FileProblem,
    UnreadableFile,
    message_of,
    os_problem,
    parse_json,
    read_regular_file,
    reason_of,
    write_atomically,
)

if TYPE_CHECKING:
    from companion.core.library import Entry

LIBRARY_FILE = "library.json"
LIBRARY_FORMAT = "march-of-the-ants-companion/library"
MAX_ENTRIES = 500

Value = str | int | bool | None
EntryShape = Annotated[dict[Annotated[str, MaxLen(40)], Value], MaxLen(12)]


@strict
class LibraryFile(TypedDict):
    format: Literal["march-of-the-ants-companion/library"]
    schema: Literal[1]
    entries: Annotated[list[EntryShape], MaxLen(MAX_ENTRIES)]


def library_path(db_path: str | Path) -> Path:
    """The library that belongs to a saves database: same folder."""
    return Path(db_path).with_name(LIBRARY_FILE)


def _entries_of(path: Path, source: str) -> list[Entry]:
    """The remembered entries of a library file, or ``UnreadableFile`` naming ``source`` and why."""
    try:
        data = check(LibraryFile, parse_json(read_regular_file(path)), "library")
    except (UnreadableFile, SchemaError) as exc:
        raise UnreadableFile(msg("{source}: {reason}", source=source, reason=message_of(exc))) from None
    for entry in data["entries"]:
        for value in entry.values():
            if isinstance(value, str) and len(value) > 600:
                raise UnreadableFile(msg("{source}: a card's text is longer than 600 characters", source=source))
    from companion.core.library import is_remembered  # the commands' registry: not needed to list the games

    return [dict(e) for e in data["entries"] if is_remembered(e)]


class LibraryStore:
    """Read on demand (another process may have added cards), written under a lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.notice: Msg | None = None

    @cached_property
    def _lock(self) -> AbstractContextManager[object]:
        """Made at the first write: listing the games imports no lock (filelock, ~10 ms)."""
        return platform.file_lock(self.path.with_name(f".{self.path.name}.lock"), timeout=5.0, poll_interval=0.01,
                                  preserve_lock_file=True)

    def entries(self) -> list[Entry]:
        if not self.path.exists():
            return []
        try:
            return _entries_of(self.path, self.path.name)
        except (UnreadableFile, FileProblem) as exc:
            kept = set_aside(self.path)
            self.notice = msg("The cards you typed could not be read ({reason}); the file was kept as {kept}. "
                              "New games start without them.", reason=reason_of(exc), kept=str(kept))
            return []

    def remember(self, entry: Entry) -> None:
        """Keep ``entry`` (a remembered command) for every new game; nothing happens if it is not one."""
        from companion.core.library import is_remembered, merged

        if is_remembered(entry):
            self._update(lambda entries: merged(entries, dict(entry)))

    def add_all(self, entries: list[Entry]) -> int:
        """Merge ``entries`` (an import); return how many there are now."""
        self._update(lambda current: _merge_all(current, entries))
        return len(self.entries())

    def clear(self) -> None:
        self._update(lambda entries: [])

    def export_bytes(self) -> bytes:
        return json.dumps({"format": LIBRARY_FORMAT, "schema": 1, "entries": self.entries()},
                          ensure_ascii=False, indent=1).encode("utf-8")

    def _update(self, change: Callable[[list[Entry]], list[Entry]]) -> None:
        try:
            with self._lock:
                current = self.entries()
                new = change(current)[-MAX_ENTRIES:]
                if new != current:
                    write_atomically(self.path, json.dumps(
                        {"format": LIBRARY_FORMAT, "schema": 1, "entries": new}, ensure_ascii=False, indent=1))
        except OSError as exc:
            if platform.is_lock_timeout(exc):
                raise GameError(msg("The cards you typed are being saved by another window; try again.")) from None
            raise os_problem(exc, self.path, "save the cards you typed to") from None


def _merge_all(current: list[Entry], new: list[Entry]) -> list[Entry]:
    from companion.core.library import merged

    for entry in new:
        current = merged(current, entry)
    return current


def read_library_file(path: Path) -> list[Entry]:
    """The entries of an exported library file, or a StoreError-like GameError saying why not."""
    try:
        return _entries_of(path, str(path))
    except (UnreadableFile, FileProblem) as exc:
        raise GameError(message_of(exc)) from None
