"""The rules corpus: every entry file under ``data/rules/``, validated as it loads.

A broken entry must fail loudly at load time, naming its file and id, rather than
surface later as a search that silently misses or a dangling "see also" link.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from companion.paths import data_dir

KINDS = ("rule", "setup", "clarification", "card note", "glossary", "example", "symbol")
LANGS = ("en", "es")
ID_PATTERN = re.compile(r"^(mm|pp|ee|as)-[a-z0-9-]+$")
NOT_ENTRY_FILES = frozenset({"sections.json", "topics.json", "headings-es.json"})

_TEXT_FIELDS = ("id", "book", "section", "kind", "title", "body")
_LIST_FIELDS = ("aliases", "related")
_SPANISH_FIELDS = ("title_es", "body_es", "aliases_es")
_ALL_FIELDS = frozenset((*_TEXT_FIELDS, *_LIST_FIELDS, *_SPANISH_FIELDS))


class CorpusError(ValueError):
    """The corpus files are missing, malformed or inconsistent; the message names the file and entry."""


@dataclass(frozen=True)
class Book:
    """One rulebook as described by ``sections.json``."""

    name: str
    code: str
    spanish_source: bool
    sections: tuple[str, ...]


@dataclass(frozen=True)
class Entry:
    """One idea from a rulebook, in English and (where the rulebook has one) Spanish."""

    id: str
    book: str
    section: str
    kind: str
    title: str
    body: str
    aliases: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    title_es: str | None = None
    body_es: str | None = None
    aliases_es: tuple[str, ...] = ()

    def title_in(self, lang: str) -> str:
        """The title in ``lang``, English when there is no translation."""
        return self.title_es or self.title if lang == "es" else self.title

    def body_in(self, lang: str) -> str:
        """The body in ``lang``, English when there is no translation."""
        return self.body_es or self.body if lang == "es" else self.body

    def aliases_in(self, lang: str) -> tuple[str, ...]:
        """The aliases in ``lang``, English when there is no translation."""
        return self.aliases_es or self.aliases if lang == "es" else self.aliases


@dataclass(frozen=True)
class Corpus:
    """All entries, in file order, with lookups by id, book and section."""

    entries: tuple[Entry, ...]
    book_list: tuple[Book, ...]
    _by_id: Mapping[str, Entry] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {entry.id: entry for entry in self.entries})

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    def get(self, entry_id: str) -> Entry | None:
        """The entry with this id, or None."""
        return self._by_id.get(entry_id)

    def ids(self) -> list[str]:
        """Every id, in file order."""
        return [entry.id for entry in self.entries]

    def books(self) -> list[str]:
        """The book names, in the order of ``sections.json``."""
        return [book.name for book in self.book_list]

    def book(self, name: str) -> Book:
        """The book called ``name``; KeyError if there is none."""
        for book in self.book_list:
            if book.name == name:
                return book
        raise KeyError(name)

    def sections(self, book: str) -> list[str]:
        """The sections of ``book`` that have entries, in rulebook order (each once)."""
        used = {entry.section for entry in self.entries if entry.book == book}
        return [section for section in dict.fromkeys(self.book(book).sections) if section in used]

    def in_section(self, book: str, section: str) -> list[Entry]:
        """The entries under one heading, in file order."""
        return [entry for entry in self.entries if entry.book == book and entry.section == section]

    def summary(self) -> dict[str, dict[str, int]]:
        """Entry counts per book (in book order) and per kind (in ``KINDS`` order), zeros included."""
        return {
            "book": {name: sum(entry.book == name for entry in self.entries) for name in self.books()},
            "kind": {kind: sum(entry.kind == kind for entry in self.entries) for kind in KINDS},
        }


def read_books(folder: Path) -> tuple[Book, ...]:
    """Parse ``sections.json``: the books, their id codes and headings."""
    raw = _read_json(folder / "sections.json")
    books = raw.get("books") if isinstance(raw, dict) else None
    if not isinstance(books, dict) or not books:
        raise CorpusError('sections.json: expected {"books": {name: {...}}}')
    return tuple(_book(name, info) for name, info in books.items())


def _book(name: str, info: Any) -> Book:
    """Sections are a list in book order, or ``{heading: position}`` (the shipped file's form)."""
    try:
        sections = info["sections"]
        if isinstance(sections, dict):
            sections = sorted(sections, key=sections.__getitem__)
        return Book(name, str(info["code"]), bool(info["spanish_source"]), tuple(sections))
    except (KeyError, TypeError) as exc:
        raise CorpusError(f"sections.json: book {name!r} lacks code, spanish_source or sections") from exc


def read_corpus(folder: Path) -> Corpus:
    """Load and validate every entry file in ``folder`` (uncached; tests point it at fixtures)."""
    books = {book.name: book for book in read_books(folder)}
    entries: list[Entry] = []
    where: dict[str, str] = {}
    for path in sorted(folder.glob("*.json")):
        if path.name in NOT_ENTRY_FILES:
            continue
        for position, raw in enumerate(_raw_entries(path), start=1):
            entry = _parse_entry(raw, _label(path.name, raw, position), books)
            if entry.id in where:
                raise CorpusError(f"{path.name}: entry {entry.id!r}: duplicate id (first defined in {where[entry.id]})")
            where[entry.id] = path.name
            entries.append(entry)
    _check_related(entries, where)
    return Corpus(tuple(entries), tuple(books.values()))


@cache
def load_corpus() -> Corpus:
    """The game's corpus, loaded once per process."""
    return read_corpus(data_dir() / "rules")


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise CorpusError(f"{path.name}: file not found in {path.parent}") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{path.name}: not valid JSON ({exc})") from exc


def _raw_entries(path: Path) -> list[Any]:
    raw = _read_json(path)
    entries = raw.get("entries") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        raise CorpusError(f'{path.name}: expected an object with an "entries" list')
    return entries


def _label(file_name: str, raw: Any, position: int) -> str:
    """How messages name an entry: by id when it has one, else by its position in the file."""
    entry_id = raw.get("id") if isinstance(raw, dict) else None
    return f"{file_name}: entry {entry_id!r}" if isinstance(entry_id, str) else f"{file_name}: entry #{position}"


def _parse_entry(raw: Any, label: str, books: Mapping[str, Book]) -> Entry:
    if not isinstance(raw, dict):
        raise CorpusError(f"{label}: expected an object, got {type(raw).__name__}")
    _check_shape(raw, label)
    entry = Entry(
        id=raw["id"],
        book=raw["book"],
        section=raw["section"],
        kind=raw["kind"],
        title=raw["title"],
        body=raw["body"],
        aliases=tuple(raw.get("aliases", ())),
        related=tuple(raw.get("related", ())),
        title_es=raw.get("title_es") or None,
        body_es=raw.get("body_es") or None,
        aliases_es=tuple(raw.get("aliases_es") or ()),
    )
    _check_values(entry, label, books)
    return entry


def _check_shape(raw: dict[str, Any], label: str) -> None:
    """Required fields present, no unknown ones, every value of the right type."""
    unknown = sorted(set(raw) - _ALL_FIELDS)
    if unknown:
        raise CorpusError(f"{label}: unknown field(s) {', '.join(unknown)}")
    for name in _TEXT_FIELDS:
        if name not in raw:
            raise CorpusError(f"{label}: missing required field {name!r}")
    for name in _TEXT_FIELDS:
        if not isinstance(raw[name], str) or not raw[name].strip():
            raise CorpusError(f"{label}: field {name!r} must be a non-empty string")
    for name in ("title_es", "body_es"):  # optional: absent, null or "" all mean "no translation"
        if not isinstance(raw.get(name) or "", str):
            raise CorpusError(f"{label}: field {name!r} must be a string")
    for name in (*_LIST_FIELDS, "aliases_es"):
        value = raw.get(name) or []
        if not isinstance(value, list) or not all(isinstance(item, str) and item.strip() for item in value):
            raise CorpusError(f"{label}: field {name!r} must be a list of non-empty strings")


def _check_values(entry: Entry, label: str, books: Mapping[str, Book]) -> None:
    """Id pattern and prefix, book, section, kind and the Spanish the book calls for."""
    match = ID_PATTERN.match(entry.id)
    if not match:
        raise CorpusError(f"{label}: id must match {ID_PATTERN.pattern}")
    book = books.get(entry.book)
    if book is None:
        raise CorpusError(f"{label}: unknown book {entry.book!r} (valid: {', '.join(books)})")
    if match.group(1) != book.code:
        raise CorpusError(f"{label}: id prefix {match.group(1)!r} does not match book code {book.code!r}")
    if entry.section not in book.sections:
        raise CorpusError(f"{label}: section {entry.section!r} is not a heading of {entry.book}")
    if entry.kind not in KINDS:
        raise CorpusError(f"{label}: unknown kind {entry.kind!r} (valid: {', '.join(KINDS)})")
    if book.spanish_source:
        missing = [name for name in _SPANISH_FIELDS if not getattr(entry, name)]
        if missing:
            raise CorpusError(f"{label}: {entry.book} needs Spanish; missing {', '.join(missing)}")


def _check_related(entries: list[Entry], where: Mapping[str, str]) -> None:
    for entry in entries:
        for target in entry.related:
            if target not in where:
                raise CorpusError(f"{where[entry.id]}: entry {entry.id!r}: related id {target!r} does not exist")
