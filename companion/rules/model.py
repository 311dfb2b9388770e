"""The rules corpus as the search and the screens use it: books, entries and their lookups, and which files hold
them. No validation here (``corpus.py`` checks every file as it loads), so a reader that already has checked
entries - the search's cache (``index_cache.py``) - rebuilds them without importing the checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, Protocol, TypeVar, get_args

Kind = Literal["rule", "setup", "clarification", "card note", "glossary", "example", "symbol"]
KINDS: tuple[str, ...] = get_args(Kind)
#: who acts in an entry: the players (or their ants), the Broodmother, a predator or other creature acting on its own,
#: the game itself (setup, the end, scoring), or no one (what a thing is: a term, a symbol, a module summed up)
Actor = Literal["players", "broodmother", "creature", "game", "none"]
ACTORS: tuple[str, ...] = get_args(Actor)
LANGS = ("en", "es")
SAME_RULES_FILE = "same-rules.json"
"""Entries of different books that state one rule (``corpus.read_same_rules``): search shows each group once."""
NOT_ENTRY_FILES = frozenset({"sections.json", "topics.json", "headings-es.json", SAME_RULES_FILE})
UNIT_FILE = "rules.json"
"""A module unit's own entries, in its data folder."""


class StatesARule(Protocol):
    """An entry or a hit: its id, and the entries of other books that state the same rule."""

    @property
    def id(self) -> str: ...

    @property
    def same_rule(self) -> tuple[str, ...]: ...


Ranked = TypeVar("Ranked")


def one_per_rule(ranked: Iterable[Ranked], rule_of: Callable[[Ranked], StatesARule]) -> list[Ranked]:
    """``ranked`` (best first) with each rule that several books state kept once, where it ranks best: the player
    reads the answer once, with every book that states it, and the answers under it are other rules. The search
    keeps its candidates so; the Rules screen, merging the hits of a half-typed question's forms, does it again."""
    shown: set[str] = set()
    kept = []
    for item in ranked:
        rule = rule_of(item)
        if rule.id not in shown:
            kept.append(item)
            shown.update(rule.same_rule)
    return kept


def entry_files(folder: Path) -> list[tuple[str, Path]]:
    """The books' entry files in ``folder`` (``data/rules``), as ``(label, path)`` in load order."""
    return [(file.name, file) for file in sorted(folder.glob("*.json")) if file.name not in NOT_ENTRY_FILES]


def unit_rule_files() -> list[tuple[str, Path]]:
    """Each module unit's own entries, ``rules.json`` in its data folder (``data/symbiotes/rules.json``), the
    shape of a book's entry file: a new module brings the rules it needs without editing ``data/rules``."""
    from companion.core.unit_files import own_files

    return [(label, path) for _, label, path in own_files(UNIT_FILE)]


@dataclass(frozen=True)
class Book:
    """One rulebook as described by ``sections.json``."""

    name: str
    code: str
    spanish_source: bool
    sections: tuple[str, ...]
    #: the other names players call the game by, in Spanish ("Depredadores y Presas"): a question may name it so
    names: tuple[str, ...] = ()


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
    #: the entry infers what the book leaves unsaid, so every place that shows it labels it a reading, not a rule
    interpretation: bool = False
    #: the entries of other books that state this same rule (``same-rules.json``): search shows them as one answer
    same_rule: tuple[str, ...] = ()
    #: an overview's entries it sums up (empty for any other entry): see ``companion.rules.overviews``
    sums_up: tuple[str, ...] = ()
    #: the entry says what a term is (a definition), not what to do with it: see ``companion.rules.definitions``
    definition: bool = False
    #: who acts in the entry (``ACTORS``): a question naming who acts favours it (``companion.rules.actors``)
    actor: str = "none"

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


@dataclass(frozen=True)
class Hit:
    """One search result; ``highlights`` are (start, end) spans of ``snippet`` matching the query."""

    id: str
    title: str
    book: str
    section: str
    kind: str
    score: float
    snippet: str
    highlights: list[tuple[int, int]] = field(default_factory=list)
    interpretation: bool = False  # the entry reads what its book leaves unsaid (labelled wherever it is shown)
    same_rule: tuple[str, ...] = ()  # the entries of other books that state the same rule, shown with this one
    rank: float = 0.0  # what hits are ordered by: the score plus points for what the question asks and what is in play

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form (spans as two-item lists)."""
        return {
            "id": self.id,
            "title": self.title,
            "book": self.book,
            "section": self.section,
            "kind": self.kind,
            "score": self.score,
            "snippet": self.snippet,
            "highlights": [list(span) for span in self.highlights],
            "interpretation": self.interpretation,
            "same_rule": list(self.same_rule),
            "rank": self.rank,
        }
