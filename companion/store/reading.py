"""What a player has read in the rules lookup: recently opened entries and bookmarks.

They live in a small JSON file beside the saves database (like the settings), so a
``--db`` in a test folder or on a USB stick carries its own reading list. Every change
is written atomically. A file that cannot be read is moved aside under a timestamped
name, exactly like a damaged saves database, and the player is told: a reading list
is a convenience, never a reason to lose a file or to stop the app.

Only entry ids are stored; whether an id still names an entry is for the rules corpus
to say when the list is shown, so a renamed entry never makes this file "damaged".
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from companion.core.i18n import Msg, msg
from companion.store.aside import remove_stale_temp_files, set_aside
from companion.store.atomic import message_of, write_atomically

READING_FILE = "reading.json"
FORMAT = "march-of-the-ants-companion/reading"
VERSION = 1
MAX_RECENT = 20
MAX_BOOKMARKS = 500  # far beyond any real list; stops a runaway file from growing without end
MAX_ID_LENGTH = 200


class DamagedReadingFile(Exception):
    """The file exists but is not a reading list this version of the app understands."""


def reading_path(db_path: str | Path) -> Path:
    """The reading-list file that belongs to a saves database: same folder."""
    return Path(db_path).with_name(READING_FILE)


def _ids(raw: object, name: str) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(i, str) and 0 < len(i) <= MAX_ID_LENGTH for i in raw):
        raise DamagedReadingFile(msg('its "{name}" is not a list of entry ids', name=name))
    return list(dict.fromkeys(raw))


def parse_reading(text: str) -> tuple[list[str], list[str]]:
    """``(recent, bookmarks)`` from the file's text; ``DamagedReadingFile`` says what is wrong."""
    if not text.strip():
        raise DamagedReadingFile(msg("the file is empty"))
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DamagedReadingFile(msg("it is not complete JSON ({kind})", kind=exc.__class__.__name__)) from exc
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise DamagedReadingFile(msg("it is not a March of the Ants companion reading list"))
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > VERSION:
        raise DamagedReadingFile(msg("it was written by a newer version of the app (version {version})",
                                     version=repr(version)))
    return _ids(raw.get("recent", []), "recent")[:MAX_RECENT], _ids(raw.get("bookmarks", []), "bookmarks")


class ReadingStore:
    """Recent entries (newest first, at most ``MAX_RECENT``) and bookmarks (newest first).

    One store per file is shared by every tab of a server (see ``open_reading``), so two
    phones at one table add to the same list instead of overwriting each other's.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.notice: Msg | None = None
        self._lock = threading.Lock()
        self._recent: list[str] = []
        self._bookmarks: list[str] = []
        self._load()

    def _load(self) -> None:
        remove_stale_temp_files(self.path)
        try:
            text = self.path.read_bytes().decode("utf-8")
        except FileNotFoundError:
            return
        except UnicodeDecodeError:
            self._set_aside(DamagedReadingFile(msg("it is not text")))
            return
        try:
            self._recent, self._bookmarks = parse_reading(text)
        except DamagedReadingFile as exc:
            self._set_aside(exc)

    def _set_aside(self, reason: DamagedReadingFile) -> None:
        kept = set_aside(self.path)
        self.notice = msg("Your rules reading list (recent entries and bookmarks) could not be read: {reason}. "
                          "The file was kept as {kept}; the lists start empty.", reason=message_of(reason),
                          kept=str(kept))

    # -- reading ----------------------------------------------------------------------
    def recent(self) -> list[str]:
        """Entry ids opened lately, the newest first."""
        with self._lock:
            return list(self._recent)

    def bookmarks(self) -> list[str]:
        """Bookmarked entry ids, the newest first."""
        with self._lock:
            return list(self._bookmarks)

    def is_bookmarked(self, entry_id: str) -> bool:
        with self._lock:
            return entry_id in self._bookmarks

    # -- changing ---------------------------------------------------------------------
    def opened(self, entry_id: str) -> None:
        """Put ``entry_id`` at the top of the recent list (once), dropping the oldest beyond the limit."""
        with self._lock:
            if self._recent[:1] == [entry_id]:
                return  # a reload of the same page: nothing to write
            self._recent = [entry_id, *(i for i in self._recent if i != entry_id)][:MAX_RECENT]
            self._save()

    def set_bookmark(self, entry_id: str, on: bool) -> None:
        """Bookmark ``entry_id`` (newest first) or remove its bookmark; saying it twice changes nothing."""
        with self._lock:
            if (entry_id in self._bookmarks) == on:
                return
            rest = [i for i in self._bookmarks if i != entry_id]
            self._bookmarks = [entry_id, *rest][:MAX_BOOKMARKS] if on else rest
            self._save()

    def toggle_bookmark(self, entry_id: str) -> bool:
        """Flip the bookmark and return whether the entry is bookmarked now."""
        with self._lock:
            on = entry_id not in self._bookmarks
        self.set_bookmark(entry_id, on)
        return on

    def clear_recent(self) -> None:
        with self._lock:
            if self._recent:
                self._recent = []
                self._save()

    def _save(self) -> None:
        """Write the whole list atomically (the caller holds the lock)."""
        data = {"format": FORMAT, "version": VERSION, "recent": self._recent, "bookmarks": self._bookmarks}
        write_atomically(self.path, json.dumps(data, indent=1, ensure_ascii=False))


_OPEN: dict[Path, ReadingStore] = {}
_OPEN_LOCK = threading.Lock()


def open_reading(db_path: str | Path) -> ReadingStore:
    """The one store for the reading list beside ``db_path``, shared by every tab of this process.

    The app context belongs to the app shell; keeping the registry here lets the Rules
    screens share one store without the shell knowing about reading lists.
    """
    path = reading_path(db_path).resolve()
    with _OPEN_LOCK:
        store = _OPEN.get(path)
        if store is None:
            store = _OPEN[path] = ReadingStore(path)
        return store
