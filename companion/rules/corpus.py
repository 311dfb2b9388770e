"""The rules corpus: every entry file under ``data/rules/``, and each module unit's own ``rules.json``
(``data/<area>/rules.json``), validated as it loads.

A broken entry must fail loudly at load time, naming its file and id, rather than
surface later as a search that silently misses or a dangling "see also" link.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Annotated, NotRequired

from annotated_types import MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import Label, NotBlank, check_once
from companion.core.errors import ContentError
from companion.core.schema import Json, SchemaError, holds, path, strict
from companion.paths import data_dir
from companion.rules.model import ACTORS as ACTORS
from companion.rules.model import KINDS as KINDS
from companion.rules.model import LANGS as LANGS
from companion.rules.model import SAME_RULES_FILE, Actor
from companion.rules.model import Book as Book
from companion.rules.model import Corpus as Corpus
from companion.rules.model import Entry as Entry
from companion.rules.model import Kind as Kind
from companion.rules.model import entry_files as entry_files
from companion.rules.model import unit_rule_files as unit_rule_files

ID_PATTERN = re.compile(r"^(mm|pp|ee|as)-[a-z0-9-]+$")
_SPANISH_FIELDS = ("title_es", "body_es", "aliases_es")


def an_entry_id(text: str) -> bool:
    return bool(ID_PATTERN.match(text))


Title = Annotated[str, MaxLen(120), NotBlank]
Body = Annotated[str, MaxLen(2_000), NotBlank]
Names = Annotated[list[Title], MaxLen(30)]


@strict
class EntryData(TypedDict):
    """One entry as written in an entry file; absent, null or "" Spanish means "no translation"."""

    id: Annotated[str, MaxLen(64), holds(an_entry_id, f"must match {ID_PATTERN.pattern}")]
    book: Label
    section: Label
    kind: Kind
    #: who acts in it: the players, the Broodmother, a creature, the game, or none (what a thing is)
    actor: Actor
    title: Title
    body: Body
    aliases: NotRequired[Names]
    related: NotRequired[Names]
    title_es: NotRequired[Annotated[str, MaxLen(120)] | None]
    body_es: NotRequired[Annotated[str, MaxLen(2_000)] | None]
    aliases_es: NotRequired[Names | None]
    #: true when the entry reads what the book leaves unsaid (shown labelled "Interpretation")
    interpretation: NotRequired[bool]
    #: an overview's (a module, a turn, a scoring, a box summed up) entries it sums up: the rules a player asking for
    #: one of them by name wants rather than the overview, and the search reads the question's form to choose
    sums_up: NotRequired[Annotated[list[Annotated[str, MaxLen(64)]], MinLen(1), MaxLen(30)]]
    #: true on an entry that says what a term is (a nymph, a shared farm, a Tactic), not what to do with it: a question
    #: asking what the term is wants it, any other question about the term the rule of its section that states it
    definition: NotRequired[bool]


@strict
class EntryFile(TypedDict):
    """An entry file: ``data/rules/<name>.json`` other than ``sections.json`` and ``topics.json``, or a unit's
    ``data/<area>/rules.json`` (each entry names its book and section, as in a book's file)."""

    entries: Annotated[list[EntryData], MaxLen(2_000)]


@strict
class BookData(TypedDict):
    code: Annotated[str, MinLen(2), MaxLen(2)]
    spanish_source: bool
    #: in book order, or ``{heading: position}`` (the shipped file's form)
    sections: Annotated[list[Label], MaxLen(500)] | Annotated[dict[Label, int], MaxLen(500)]
    #: the game's other names, in Spanish: a question may name it so (``companion.rules.book_terms``)
    names: NotRequired[Annotated[list[Label], MaxLen(5)]]


@strict
class SectionsFile(TypedDict):
    """``data/rules/sections.json``: the books, their id codes and headings."""

    note: NotRequired[str]
    books: Annotated[dict[Label, BookData], MinLen(1), MaxLen(20)]


Figures = Annotated[list[Annotated[list[Title], MinLen(1), MaxLen(5)]], MinLen(1), MaxLen(10)]


@strict
class SameRuleData(TypedDict):
    """One rule stated by several books: its entries, and the figures (words or numbers, each with the forms it may
    take) that every one of them says, in English and in Spanish."""

    rule: Body
    entries: Annotated[list[Annotated[str, MaxLen(64)]], MinLen(2), MaxLen(6)]
    figures: Figures
    figures_es: Figures


@strict
class SameRulesFile(TypedDict):
    """``data/rules/same-rules.json``: the rules that several books state, each listed once."""

    note: NotRequired[str]
    groups: Annotated[list[SameRuleData], MaxLen(500)]


class CorpusError(ContentError, ValueError):
    """The corpus files are missing, malformed or inconsistent; the message names the file, entry and field."""


def read_books(folder: Path) -> tuple[Book, ...]:
    """Parse ``sections.json``: the books, their id codes and headings."""
    raw, data = _read_json(folder / "sections.json")
    try:
        check_once(SectionsFile, data, raw)
    except SchemaError as exc:
        raise CorpusError(f"sections.json: {exc}") from None
    return tuple(_book(name, info) for name, info in data["books"].items())


def _book(name: str, info: BookData) -> Book:
    sections = info["sections"]
    headings = sorted(sections, key=sections.__getitem__) if isinstance(sections, dict) else sections
    return Book(name, info["code"], info["spanish_source"], tuple(headings), tuple(info.get("names", ())))


def read_corpus(folder: Path, units: Sequence[tuple[str, Path]] = ()) -> Corpus:
    """Load and validate every entry file in ``folder``, then the ``units``' own (``(label, file)``, as
    ``unit_rule_files`` finds them), uncached: tests point it at fixtures. Ids are unique across them all."""
    books = {book.name: book for book in read_books(folder)}
    entries: list[Entry] = []
    where: dict[str, str] = {}
    for file_label, file in [*entry_files(folder), *units]:
        for position, raw in enumerate(_raw_entries(file, file_label), start=1):
            label = _label(file_label, raw, position)
            entry = _entry(raw)
            _check_values(entry, label, books)
            if entry.id in where:
                raise CorpusError(f"{label}: duplicate id (first defined in {where[entry.id]})")
            where[entry.id] = file_label
            entries.append(entry)
    _check_related(entries, where)
    linked = _same_rules(read_same_rules(folder), {entry.id: entry.book for entry in entries})
    entries = [replace(entry, same_rule=linked[entry.id]) if entry.id in linked else entry for entry in entries]
    return Corpus(tuple(entries), tuple(books.values()))


def read_same_rules(folder: Path) -> list[SameRuleData]:
    """The groups of ``folder/same-rules.json``, its shape checked; none when the folder has no such file."""
    file = folder / SAME_RULES_FILE
    if not file.is_file():
        return []
    raw, data = _read_json(file)
    try:
        check_once(SameRulesFile, data, raw)
    except SchemaError as exc:
        raise CorpusError(f"{SAME_RULES_FILE}: {exc}") from None
    groups: list[SameRuleData] = data["groups"]
    return groups


def _same_rules(groups: list[SameRuleData], books: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Each linked entry's fellows, from every group it stands in (an entry may state two rules, each also stated
    by another book). Every id exists and a group's books all differ: one book stating a rule twice is a
    duplicate to remove, not a link. ``books``: each entry's book, by id."""
    fellows: dict[str, dict[str, None]] = {}
    for number, group in enumerate(groups, start=1):
        ids = group["entries"]
        label = f"{SAME_RULES_FILE}: group {number} ({group['rule']!r})"
        unknown = [entry_id for entry_id in ids if entry_id not in books]
        if unknown:
            raise CorpusError(f"{label}: no entry {', '.join(map(repr, unknown))}")
        if len({books[entry_id] for entry_id in ids}) != len(ids):
            raise CorpusError(f"{label}: its entries must come from different books")
        for entry_id in ids:
            fellows.setdefault(entry_id, {}).update(dict.fromkeys(other for other in ids if other != entry_id))
    return {entry_id: tuple(others) for entry_id, others in fellows.items()}


@cache
def load_corpus() -> Corpus:
    """The game's corpus, loaded once per process: the books' entry files and the units' own."""
    return read_corpus(data_dir() / "rules", unit_rule_files())


def _read_json(file: Path) -> tuple[bytes, Json]:
    """A file's bytes and its parsed JSON."""
    try:
        raw = file.read_bytes()
        return raw, json.loads(raw.decode("utf-8"))
    except FileNotFoundError as exc:
        raise CorpusError(f"{file.name}: file not found in {file.parent}") from exc
    except OSError as exc:
        raise CorpusError(f"{file.name}: cannot be read ({exc.strerror})") from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CorpusError(f"{file.name}: not valid JSON ({exc})") from exc


def _raw_entries(file: Path, label: str) -> list[EntryData]:
    """The file's entries, its whole shape checked: a fault names the file (``label``), the entry and the field."""
    raw, data = _read_json(file)
    try:
        check_once(EntryFile, data, raw)
    except SchemaError as exc:
        raise _fault(label, data, exc) from None
    entries: list[EntryData] = data["entries"]
    return entries


def _fault(file_name: str, data: Json, exc: SchemaError) -> CorpusError:
    loc = exc.loc
    if not loc:
        return CorpusError(f'{file_name}: expected an object with an "entries" list')
    if len(loc) < 2 or not isinstance(loc[1], int):
        return CorpusError(f"{file_name}: {exc}")
    label = _label(file_name, data["entries"][loc[1]], loc[1] + 1)
    return CorpusError(f"{label}: {path(loc[2:])}: {exc.detail}" if loc[2:] else f"{label}: {exc.detail}")


def _label(file_name: str, raw: Json, position: int) -> str:
    """How messages name an entry: by id when it has one, else by its position in the file."""
    entry_id = raw.get("id") if isinstance(raw, dict) else None
    return f"{file_name}: entry {entry_id!r}" if isinstance(entry_id, str) else f"{file_name}: entry #{position}"


def _entry(raw: EntryData) -> Entry:
    return Entry(
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
        interpretation=raw.get("interpretation", False),
        sums_up=tuple(raw.get("sums_up", ())),
        definition=raw.get("definition", False),
        actor=raw["actor"],
    )


def _check_values(entry: Entry, label: str, books: Mapping[str, Book]) -> None:
    """The book and section exist, the id's prefix is the book's code, and the Spanish the book calls for."""
    book = books.get(entry.book)
    if book is None:
        raise CorpusError(f"{label}: book: unknown book {entry.book!r} (valid: {', '.join(books)})")
    prefix = entry.id.partition("-")[0]
    if prefix != book.code:
        raise CorpusError(f"{label}: id: prefix {prefix!r} does not match book code {book.code!r}")
    if entry.section not in book.sections:
        raise CorpusError(f"{label}: section: {entry.section!r} is not a heading of {entry.book}")
    if book.spanish_source:
        missing = [name for name in _SPANISH_FIELDS if not getattr(entry, name)]
        if missing:
            raise CorpusError(f"{label}: {entry.book} needs Spanish; missing {', '.join(missing)}")


def _check_related(entries: list[Entry], where: Mapping[str, str]) -> None:
    """Every id an entry links to (``related``) or sums up (``sums_up``) exists."""
    for entry in entries:
        for name in ("related", "sums_up"):
            for n, target in enumerate(getattr(entry, name)):
                if target not in where:
                    raise CorpusError(f"{where[entry.id]}: entry {entry.id!r}: {name}[{n}]: "
                                      f"{name.replace('_', ' ')} id {target!r} does not exist")


def suggest_ids(corpus: Corpus, wrong_id: str, limit: int = 3) -> list[str]:
    """The ids closest to a mistyped one, best first, for "did you mean" hints."""
    from rapidfuzz import fuzz, process  # here: only a wrong id pays for it, not every rules command's start

    found = process.extract(wrong_id.lower(), corpus.ids(), scorer=fuzz.WRatio, limit=limit, score_cutoff=50)
    return [choice for choice, _, _ in found]
