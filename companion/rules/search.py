"""Typo-tolerant rules search over the corpus, in English or Spanish.

Two stages keep it fast and sensible. First every query word is matched
fuzzily against the corpus vocabulary (so "ladybg" finds "ladybug") and each
entry collects an IDF-weighted coverage: rare words count more than "player",
and a word in a title or alias counts more than one in a body. Then the best
few candidates are re-ranked by how closely a title or alias matches the whole
question. Everything the query does not depend on is computed at build time.
"""

from __future__ import annotations

import heapq
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from rapidfuzz import fuzz, process

from companion.rules.corpus import KINDS, LANGS, Corpus, Entry, load_corpus
from companion.rules.text import content_tokens, fold, tokens, word_spans

BODY_WEIGHT = 0.55  # a word found only in the body counts this much of a title/alias word
SHARED_NAME_WEIGHT = 0.9  # Spanish search: English titles and aliases (card names are English in both)
COVERAGE_SHARE = 0.7  # the rest of the score is the whole-question match against a title or alias
CANDIDATES = 40  # entries re-ranked by the second stage
SNIPPET_MAX = 200
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


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
        }


def min_similarity(word: str) -> float:
    """How close a vocabulary word must be to a query word: short words must match exactly."""
    if len(word) <= 3:
        return 100.0
    return 85.0 if len(word) == 4 else 75.0


@dataclass
class _LangIndex:
    """Everything one language's search needs, precomputed from the corpus."""

    vocab: list[str]
    word_ids: dict[str, int]
    idf: list[float]
    short_postings: list[list[int]]  # word -> entries having it in a title or alias
    body_postings: list[list[int]]  # word -> entries having it only in the body
    short_fields: list[list[tuple[str, float]]]  # entry -> (folded title/alias, weight)
    default_idf: float


def _short_fields(entry: Entry, lang: str) -> list[tuple[str, float]]:
    own = [entry.title_in(lang), *entry.aliases_in(lang)]
    fields = [(fold(text), 1.0) for text in own]
    if lang == "es" and entry.title_es:
        fields += [(fold(text), SHARED_NAME_WEIGHT) for text in (entry.title, *entry.aliases)]
    return [(text, weight) for text, weight in fields if text]


def _build_lang_index(entries: Sequence[Entry], lang: str) -> _LangIndex:
    vocab: list[str] = []
    word_ids: dict[str, int] = {}
    short_sets: list[set[int]] = []
    body_sets: list[set[int]] = []
    short_fields = [_short_fields(entry, lang) for entry in entries]

    def ids_of(words: Iterable[str]) -> set[int]:
        return {word_ids.setdefault(word, len(word_ids)) for word in words}

    for entry, fields in zip(entries, short_fields, strict=True):
        short = ids_of(word for text, _ in fields for word in text.split())
        short_sets.append(short)
        body_sets.append(ids_of(tokens(entry.body_in(lang))) - short)
    vocab = list(word_ids)
    short_postings: list[list[int]] = [[] for _ in vocab]
    body_postings: list[list[int]] = [[] for _ in vocab]
    for number, (short, body) in enumerate(zip(short_sets, body_sets, strict=True)):
        for word in short:
            short_postings[word].append(number)
        for word in body:
            body_postings[word].append(number)
    total = max(len(entries), 1)
    idf = [math.log(1 + total / (len(s) + len(b))) for s, b in zip(short_postings, body_postings, strict=True)]
    default_idf = sorted(idf)[len(idf) // 2] if idf else 1.0
    return _LangIndex(vocab, word_ids, idf, short_postings, body_postings, short_fields, default_idf)


class SearchIndex:
    """A search index over one corpus; build once, query many times."""

    def __init__(self, corpus: Corpus) -> None:
        self.corpus = corpus
        self.entries = corpus.entries
        self._langs = {lang: _build_lang_index(self.entries, lang) for lang in LANGS}
        self._book_names = {fold(name): name for name in corpus.books()}
        self._book_names |= {fold(book.code): book.name for book in corpus.book_list}

    def resolve_book(self, book: str) -> str:
        """A book's full name from its name or code, any case; ValueError listing the choices."""
        name = self._book_names.get(fold(book))
        if name is None:
            codes = ", ".join(f"{b.code} ({b.name})" for b in self.corpus.book_list)
            raise ValueError(f"unknown book {book!r}; choose one of: {codes}")
        return name

    def search(
        self,
        query: str,
        lang: str = "en",
        limit: int = 10,
        book: str | None = None,
        kind: str | None = None,
    ) -> list[Hit]:
        """The best ``limit`` entries for ``query``, best first; [] for a blank query."""
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
        if kind is not None and kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; choose one of: {', '.join(KINDS)}")
        if limit < 1:
            raise ValueError("limit must be at least 1")
        book_name = self.resolve_book(book) if book is not None else None
        words = list(dict.fromkeys(content_tokens(query, lang)))
        if not words:
            return []
        index = self._langs[lang]
        matches = [self._expand(index, word) for word in words]
        coverage = self._coverage(index, matches, book_name, kind)
        top = heapq.nlargest(CANDIDATES, coverage.items(), key=lambda item: item[1])
        phrase = " ".join(words)
        scored = [(self._final_score(index, number, cover, phrase), number) for number, cover in top]
        scored.sort(key=lambda item: (-item[0], item[1]))
        matched = {word for found in matches for word, _ in found}
        return [self._hit(number, score, lang, matched) for score, number in scored[:limit]]

    @staticmethod
    def _expand(index: _LangIndex, word: str) -> list[tuple[str, float]]:
        """The vocabulary words close enough to a query word, with their similarity (0-1)."""
        exact = index.word_ids.get(word)
        if len(word) <= 3:
            return [(word, 1.0)] if exact is not None else []
        found = process.extract(word, index.vocab, scorer=fuzz.ratio, score_cutoff=min_similarity(word), limit=None)
        return [(choice, score / 100.0) for choice, score, _ in found]

    def _coverage(
        self,
        index: _LangIndex,
        matches: list[list[tuple[str, float]]],
        book: str | None,
        kind: str | None,
    ) -> dict[int, float]:
        """Per entry, the IDF-weighted share of the query words it contains (0-1)."""
        weights = [self._word_weight(index, found) for found in matches]
        total = sum(weights) or 1.0
        coverage: dict[int, float] = {}
        for weight, found in zip(weights, matches, strict=True):
            for number, similarity in self._best_per_entry(index, found).items():
                coverage[number] = coverage.get(number, 0.0) + weight * similarity / total
        if book is None and kind is None:
            return coverage
        return {
            number: value
            for number, value in coverage.items()
            if (book is None or self.entries[number].book == book)
            and (kind is None or self.entries[number].kind == kind)
        }

    @staticmethod
    def _word_weight(index: _LangIndex, found: list[tuple[str, float]]) -> float:
        """A query word weighs as much as the rarest word it closely matches (the median if none)."""
        if not found:
            return index.default_idf
        best = max(similarity for _, similarity in found)
        return max(index.idf[index.word_ids[word]] for word, similarity in found if similarity >= best - 0.1)

    @staticmethod
    def _best_per_entry(index: _LangIndex, found: list[tuple[str, float]]) -> dict[int, float]:
        best: dict[int, float] = {}
        for word, similarity in found:
            word_id = index.word_ids[word]
            for number in index.short_postings[word_id]:
                if similarity > best.get(number, 0.0):
                    best[number] = similarity
            body_similarity = similarity * BODY_WEIGHT
            for number in index.body_postings[word_id]:
                if body_similarity > best.get(number, 0.0):
                    best[number] = body_similarity
        return best

    @staticmethod
    def _final_score(index: _LangIndex, number: int, coverage: float, phrase: str) -> float:
        """Coverage blended with the closest title or alias to the whole question, 0-100."""
        closest = max(
            (fuzz.token_sort_ratio(phrase, text) * weight for text, weight in index.short_fields[number]),
            default=0.0,
        )
        return round(100 * COVERAGE_SHARE * coverage + (1 - COVERAGE_SHARE) * closest, 1)

    def _hit(self, number: int, score: float, lang: str, matched: set[str]) -> Hit:
        entry = self.entries[number]
        snippet = make_snippet(entry.body_in(lang), matched)
        spans = [(start, end) for start, end, word in word_spans(snippet) if word in matched]
        return Hit(entry.id, entry.title_in(lang), entry.book, entry.section, entry.kind, score, snippet, spans)


def make_snippet(body: str, matched: set[str], limit: int = SNIPPET_MAX) -> str:
    """The sentence of ``body`` with most matched words, widened with neighbours up to ``limit`` chars."""
    if len(body) <= limit:
        return body
    sentences = _SENTENCE_END.split(body)
    counts = [sum(word in matched for _, _, word in word_spans(sentence)) for sentence in sentences]
    first = last = counts.index(max(counts))
    while True:
        grew = False
        if last + 1 < len(sentences) and _joined_len(sentences, first, last + 1) <= limit:
            last, grew = last + 1, True
        if first > 0 and _joined_len(sentences, first - 1, last) <= limit:
            first, grew = first - 1, True
        if not grew:
            break
    text = " ".join(sentences[first : last + 1])
    if len(text) > limit:
        cut = text.rfind(" ", 0, limit - 1)
        text = text[: cut if cut > 0 else limit - 1].rstrip(",;:") + "…"
    return text


def _joined_len(sentences: list[str], first: int, last: int) -> int:
    return sum(len(sentence) + 1 for sentence in sentences[first : last + 1]) - 1


def suggest_ids(corpus: Corpus, wrong_id: str, limit: int = 3) -> list[str]:
    """The ids closest to a mistyped one, best first, for "did you mean" hints."""
    found = process.extract(wrong_id.lower(), corpus.ids(), scorer=fuzz.WRatio, limit=limit, score_cutoff=50)
    return [choice for choice, _, _ in found]


@cache
def default_index() -> SearchIndex:
    """The index over the game's corpus, built once per process."""
    return SearchIndex(load_corpus())


def search(
    query: str, lang: str = "en", limit: int = 10, book: str | None = None, kind: str | None = None
) -> list[Hit]:
    """Search the game's corpus; see ``SearchIndex.search``."""
    return default_index().search(query, lang=lang, limit=limit, book=book, kind=kind)
