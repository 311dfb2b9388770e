"""What the Rules screens show, worked out without Flet so that pytest alone can check it.

The screens only draw these rows. Everything here comes from the rules engine
(``companion.rules``): the ranking, the snippets and their highlighted words, the
topics each tracker's "?" opens, the rulebook order for browsing. This module adds
only what a search box needs that a command line does not:

* **as-you-type queries.** The engine answers whole questions; while a player types,
  the last word is usually unfinished ("lady", "brood"). The query is therefore also
  tried with that word completed to the commonest title or alias word it begins
  ("ladybug", "broodmother") and, when it is a lone letter, without it; each entry
  keeps its best score. A finished word or a typo ("ladybg") goes to the engine as is.
* **rows ready to draw**: text split into plain and highlighted parts, the rulebook
  citation ("Minions of the Meadow > Nest of Centipedes"), the kind.
* **recent entries and bookmarks** from the reading list, minus ids the corpus no
  longer has, and the routes that carry a search to an entry page and back.
"""

from __future__ import annotations

import bisect
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from urllib.parse import urlencode

from companion.rules.corpus import KINDS, LANGS, Corpus, Entry
from companion.rules.headings import INTERPRETATION_LABEL, KIND_LABELS
from companion.rules.in_play_rank import InPlay
from companion.rules.index_cache import default_index
from companion.rules.model import one_per_rule
from companion.rules.search import Hit, SearchIndex
from companion.rules.text import content_tokens, fold, tokens, word_spans
from companion.rules.topics import Topic, topic
from companion.store.reading import ReadingStore

RESULT_LIMIT = 20
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
CITATION_SEPARATOR = " > "

Part = tuple[str, bool]  # a piece of text and whether it is highlighted


# -- text with highlights ------------------------------------------------------------------
def split_highlights(text: str, spans: Iterable[tuple[int, int]]) -> list[Part]:
    """``text`` cut into (piece, highlighted) parts; spans may overlap, touch or overrun the text."""
    merged: list[list[int]] = []
    for start, end in sorted((max(0, a), min(len(text), b)) for a, b in spans):
        if start >= end:
            continue
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    parts: list[Part] = []
    position = 0
    for start, end in merged:
        if start > position:
            parts.append((text[position:start], False))
        parts.append((text[start:end], True))
        position = end
    if position < len(text) or not parts:
        parts.append((text[position:], False))
    return parts


def highlight_words(text: str, words: set[str]) -> list[Part]:
    """Highlight the words of ``text`` whose folded form is in ``words`` (titles get the snippet's words)."""
    return split_highlights(text, [(a, b) for a, b, word in word_spans(text) if word in words])


def plain(parts: Sequence[Part]) -> str:
    return "".join(piece for piece, _ in parts)


def citation(book: str, section: str) -> str:
    """Where the entry stands in the reader's rulebook, so a player can find it on paper: the Spanish
    rulebook's heading for a Spanish reader where it has the section, else the English one, marked."""
    from companion.core.i18n import language
    from companion.rules.headings import citation as cited

    lang = language()
    return f"{book}{CITATION_SEPARATOR}{section}" if lang == "en" else cited(book, section, lang)


def kind_label(kind: str) -> str:
    """"card note" -> "Card note": the kind as a chip shows it, in the reader's language."""
    from companion.core.i18n import gettext

    return gettext(KIND_LABELS.get(kind, kind[:1].upper() + kind[1:]))


def interpretation_label() -> str:
    """"Interpretation", in the reader's language: the chip of an entry that reads what its book leaves unsaid,
    so a player never takes our reading for the book's rule."""
    from companion.core.i18n import gettext

    return gettext(INTERPRETATION_LABEL)


def labels(kind: str, interpretation: bool) -> list[str]:
    """The chips under an entry's title: its kind, then "Interpretation" when it is one."""
    return [kind_label(kind), *([interpretation_label()] if interpretation else [])]


def content_language(setting: str | None) -> str:
    """The language rules open in: the app's language when the corpus has it, else English."""
    return setting if setting in LANGS else "en"


# -- routes ------------------------------------------------------------------------------
def _query_string(query: str = "", lang: str = "en", book: str | None = None, kind: str | None = None) -> str:
    values = {"q": query.strip(), "lang": lang if lang != "en" else "", "book": book or "", "kind": kind or ""}
    kept = {key: value for key, value in values.items() if value}
    return f"?{urlencode(kept)}" if kept else ""


def search_route(query: str = "", lang: str = "en", book: str | None = None, kind: str | None = None) -> str:
    """The Rules screen showing this search (an entry page's way back to its results)."""
    return "/rules" + _query_string(query, lang, book, kind)


def entry_route(entry_id: str, query: str = "", lang: str = "en", book: str | None = None,
                kind: str | None = None) -> str:
    """An entry page that remembers the search it came from."""
    return f"/rules/{entry_id}" + _query_string(query, lang, book, kind)


# -- rows ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class EntryRow:
    """One entry in a list (recent, bookmarks, a topic, a section, related): tap to open."""

    id: str
    title: str
    citation: str
    kind: str
    interpretation: bool = False
    elsewhere: bool = False  # about what the game it was opened from does not have


@dataclass(frozen=True)
class ResultRow:
    """One search result with its highlighted title and snippet."""

    id: str
    title: list[Part]
    citation: str
    kind: str
    snippet: list[Part]
    score: float
    interpretation: bool = False
    #: where else the rulebooks state this same rule ("Empires of the Earth > Tactics"): shown under the citation
    also: list[str] = field(default_factory=list)

    @property
    def title_text(self) -> str:
        return plain(self.title)

    @property
    def snippet_text(self) -> str:
        return plain(self.snippet)


@dataclass(frozen=True)
class Results:
    """The answer to one state of the search box."""

    query: str
    rows: list[ResultRow] = field(default_factory=list)

    @property
    def blank(self) -> bool:
        return not self.query.strip()


@dataclass(frozen=True)
class EntryPage:
    """Everything an entry page shows, in the chosen language."""

    id: str
    title: str
    book: str
    section: str
    citation: str
    kind: str
    body: str
    lang: str
    translated: bool  # False when Spanish was asked for and the entry has only English
    related: list[EntryRow]
    bookmarked: bool
    interpretation: bool = False
    #: the entries of other books that state this same rule, each citing its own book
    same_rule: list[EntryRow] = field(default_factory=list)


@dataclass(frozen=True)
class BookGroup:
    """A rulebook in the browse list: its sections, in rulebook order, and its entry count."""

    name: str
    code: str
    sections: list[str]
    count: int


@dataclass(frozen=True)
class TopicView:
    """What a tracker's "?" opens: the topic's title and its entries, in the topic's order."""

    id: str
    title: str
    rows: list[EntryRow]


# -- the model -----------------------------------------------------------------------------
class _Completer:
    """Finishes a half-typed last word from the words of titles and aliases, commonest first."""

    def __init__(self, entries: Sequence[Entry], lang: str) -> None:
        named: Counter[str] = Counter()
        everything: set[str] = set()
        for entry in entries:
            names = [entry.title_in(lang), *entry.aliases_in(lang)]
            if lang != "en":
                names += [entry.title, *entry.aliases]  # card names stay English in Spanish play
            named.update({word for name in names for word in tokens(name)})
            everything.update(tokens(entry.body_in(lang)), tokens(entry.section), tokens(entry.book))
        everything.update(named)
        self._known = everything
        self._named = sorted(named)
        self._count = named

    def complete(self, prefix: str) -> str | None:
        """The commonest title/alias word that starts with ``prefix``; None for a known word or no match."""
        if prefix in self._known:
            return None
        start = bisect.bisect_left(self._named, prefix)
        found = []
        for word in self._named[start:]:
            if not word.startswith(prefix):
                break
            found.append(word)
        return max(found, key=lambda word: (self._count[word], -len(word)), default=None)


class RulesModel:
    """Search, entry pages, browsing, topics, recent and bookmarks for one reading list."""

    def __init__(self, index: SearchIndex | None = None, reading: ReadingStore | None = None,
                 topic_lookup: Callable[[str], Topic | None] = topic) -> None:
        self.index = index or default_index()
        self.corpus: Corpus = self.index.corpus
        self.reading = reading
        self._topic = topic_lookup
        self._completers = _completers_for(self.index)

    # search
    def queries(self, query: str, lang: str) -> list[str]:
        """The forms of a half-typed query worth asking the engine (the query itself first)."""
        forms = [query]
        if not query or query[-1].isspace():
            return forms  # the last word is finished
        words = tokens(query)
        if not words:
            return forms
        last, head = words[-1], " ".join(words[:-1])
        if len(last) == 1:
            if head:
                forms.append(head)
        else:
            completed = self._completers[lang].complete(last)
            if completed:
                forms.append(f"{head} {completed}".strip())
        return forms

    def search(self, query: str, lang: str = "en", book: str | None = None, kind: str | None = None,
               limit: int = RESULT_LIMIT, in_play: InPlay | None = None) -> Results:
        """The results for the search box as it stands; blank for a blank box. ``in_play`` (the game the
        rules were opened from) ranks its books and modules first, as ``SearchIndex.search`` does."""
        if not query.strip():
            return Results(query)
        book_name = self.index.resolve_book(book) if book else None
        best: dict[str, tuple[Hit, str]] = {}
        for form in self.queries(query, lang):
            for hit in self.index.search(form, lang=lang, limit=limit, book=book_name, kind=kind or None,
                                         in_play=in_play):
                if hit.id not in best or hit.rank > best[hit.id][0].rank:
                    best[hit.id] = (hit, form)
        # in the engine's order (its rank: a definition asked for, a book named, what is in play), not by the score
        ranked = one_per_rule(sorted(best.values(), key=lambda pair: -pair[0].rank), lambda pair: pair[0])[:limit]
        return Results(query, [self._result_row(hit, form, lang) for hit, form in ranked])

    def _result_row(self, hit: Hit, form: str, lang: str) -> ResultRow:
        words = {fold(hit.snippet[a:b]) for a, b in hit.highlights} | set(content_tokens(form, lang))
        also = list(dict.fromkeys(citation(entry.book, entry.section)
                                  for entry in map(self.corpus.get, hit.same_rule) if entry))
        return ResultRow(hit.id, highlight_words(hit.title, words), citation(hit.book, hit.section), hit.kind,
                         split_highlights(hit.snippet, hit.highlights), hit.score, hit.interpretation, also)

    # entries
    def row(self, entry: Entry, lang: str) -> EntryRow:
        return EntryRow(entry.id, entry.title_in(lang), citation(entry.book, entry.section), entry.kind,
                        entry.interpretation)

    def rows(self, ids: Iterable[str], lang: str) -> list[EntryRow]:
        """Rows for the ids the corpus still has, in the given order."""
        return [self.row(entry, lang) for entry in map(self.corpus.get, ids) if entry is not None]

    def entry(self, entry_id: str, lang: str = "en") -> EntryPage | None:
        """The entry page's content, or None for an id the corpus does not have."""
        entry = self.corpus.get(entry_id)
        if entry is None:
            return None
        return EntryPage(
            id=entry.id, title=entry.title_in(lang), book=entry.book, section=entry.section,
            citation=citation(entry.book, entry.section), kind=entry.kind, body=entry.body_in(lang), lang=lang,
            translated=lang == "en" or bool(entry.title_es and entry.body_es),
            related=self.rows(entry.related, lang),
            bookmarked=self.reading is not None and self.reading.is_bookmarked(entry.id),
            interpretation=entry.interpretation, same_rule=self.rows(entry.same_rule, lang),
        )

    def open_entry(self, entry_id: str) -> None:
        """Note that the player opened this entry (top of Recent)."""
        if self.reading is not None and self.corpus.get(entry_id) is not None:
            self.reading.opened(entry_id)

    def toggle_bookmark(self, entry_id: str) -> bool:
        """Bookmark or un-bookmark; returns whether it is bookmarked now."""
        if self.reading is None:
            raise RuntimeError("no reading list to keep bookmarks in")
        return self.reading.toggle_bookmark(entry_id)

    def recent(self, lang: str = "en") -> list[EntryRow]:
        return self.rows(self.reading.recent(), lang) if self.reading else []

    def bookmarks(self, lang: str = "en") -> list[EntryRow]:
        return self.rows(self.reading.bookmarks(), lang) if self.reading else []

    # browsing
    def books(self) -> list[BookGroup]:
        """The rulebooks in order, each with the headings that have entries, in rulebook order."""
        summary = self.corpus.summary()["book"]
        return [BookGroup(book.name, book.code, self.corpus.sections(book.name), summary[book.name])
                for book in self.corpus.book_list]

    def section_rows(self, book: str, section: str, lang: str = "en") -> list[EntryRow]:
        return [self.row(entry, lang) for entry in self.corpus.in_section(book, section)]

    def book_name(self, book: str | None) -> str | None:
        """A book's full name from its code or name; None for none or an unknown one (a stale link)."""
        if not book:
            return None
        try:
            return self.index.resolve_book(book)
        except ValueError:
            return None

    def book_code(self, book: str | None) -> str | None:
        name = self.book_name(book)
        return self.corpus.book(name).code if name else None

    @staticmethod
    def kind(kind: str | None) -> str | None:
        """A kind from a link, or None when it is not one the corpus knows."""
        return kind if kind in KINDS else None

    # topics
    def topic(self, topic_id: str | None, lang: str = "en", in_play: InPlay | None = None) -> TopicView | None:
        """The entries a tracker's "?" asks for (a sub-topic falls back to its parent). Opened from a game
        (``in_play``), those about what it has come first and the others are marked as not in it."""
        found = self._topic(topic_id) if topic_id else None
        if found is None:
            return None
        entries = [entry for entry in map(self.corpus.get, found.entries) if entry is not None]
        if in_play is None:
            return TopicView(found.id, found.title_in(lang), [self.row(entry, lang) for entry in entries])
        rows = [replace(self.row(entry, lang), elsewhere=not in_play.bonus(entry)) for entry in in_play.first(entries)]
        return TopicView(found.id, found.title_in(lang), rows)


@cache
def _completers_for(index: SearchIndex) -> dict[str, _Completer]:
    """Word completers per language, built once per index (every tab shares the default one)."""
    return {lang: _Completer(index.corpus.entries, lang) for lang in LANGS}
