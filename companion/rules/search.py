"""Typo-tolerant rules search over the corpus, in English or Spanish.

Two stages keep it fast and sensible. First every query word is matched
against the corpus vocabulary, by stem and fuzzily (so "moults" finds
"moulting" and "ladybg" finds "ladybug"), and each
entry collects an IDF-weighted coverage: rare words count more than "player",
and a word in a title or alias counts more than one in a body. Then the best
few candidates are re-ranked by their single closest title or alias: how much
of the question it covers and how much of it the question covers. Everything
the query does not depend on is computed when the index is built.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property

from companion.rules.actors import actor_points, asked_actor
from companion.rules.book_terms import book_terms, books_named, books_termed, name_words, short_names, whole_names_said
from companion.rules.definitions import asked_about, definition_points
from companion.rules.forms import case_points, context_words, counted_first, direction_points, moment_words
from companion.rules.implied import implied_words
from companion.rules.in_play_rank import InPlay
from companion.rules.matching import Matches, match_words
from companion.rules.model import KINDS, LANGS, Corpus, Entry, one_per_rule
from companion.rules.model import Hit as Hit
from companion.rules.overviews import asks_for_overview, overview_points
from companion.rules.packed import Field, Fields, PlainFields, PlainPostings, PlainStems, Postings, Stems
from companion.rules.phrases import rephrased
from companion.rules.scoring import final_score, word_weights
from companion.rules.snippets import BodyText
from companion.rules.text import (
    CARD_WORDS,
    COUNT_AT_SETUP,
    EXAMPLE_WORDS,
    IN_PLAY_WORDS,
    META_WORDS,
    PURPOSE,
    PURPOSE_WORDS,
    content_tokens,
    fold,
    name_tails,
    place_words,
    stem,
    tokens,
)

TITLE_WEIGHT = 1.0
ALIAS_WEIGHT = 0.85
SHARED_NAME_WEIGHT = 0.9  # Spanish search: English titles and aliases (card names are English in both)
BODY_WEIGHT = 0.6  # a word found only in the body counts this much of a title/alias word
SECTION_WEIGHT = 0.4  # the rulebook heading ("eve of the antperium homeland")
BOOK_WEIGHT = 0.5  # the book's own name ("antscape end") counts for each of its entries
EXAMPLE_PENALTY = 8.0  # score points a worked example gives up to the rule it shows
EXAMPLE_WANTED_BONUS = 15.0  # and the points it gains when the question asks for an example
SETUP_YIELD = 6.0  # score points a setup entry gives up when the question asks how something works in play
SETUP_WANTED_BONUS = 10.0  # and gains when it asks how many are placed or dealt (``text.COUNT_AT_SETUP``; 8-15 hold)
PURPOSE_YIELD = 15.0  # and when it asks what a thing is for or does (``text.PURPOSE``; 10-20 hold every set)
# added to the entries of a section whose heading says the place the question names with "on" ("queen icon on a colony
# card": the Colony Cards' icon, not the Recruit Cards'); 2-15 move no set, 25 takes two questions whose answer's
# heading does not say the place
PLACE_SECTION_BONUS = 6.0
CANDIDATES = 40  # entries re-ranked by the second stage
NAMED_BOOK_BONUS = 15.0  # added to the score of an entry from a book the question names ("antscape tie break")
BOOK_TERM_BONUS = 8.0  # added to the entries of the one book whose own term the question uses ("large worker")

@dataclass(frozen=True)
class _LangIndex:
    """Everything one language's search needs, precomputed from the corpus (bodies parsed when shown)."""

    vocab: list[str]
    word_ids: dict[str, int]
    idf: list[float]
    postings: Postings  # word -> (entry number, weight of its best field)
    stems: Stems  # stem -> the vocabulary words that have it
    fields: Fields  # entry -> its titles and aliases
    texts: list[str]  # entry -> its body, for snippets
    default_idf: float  # the weight of a query word found nowhere
    _bodies: dict[int, BodyText] = field(default_factory=dict, compare=False, repr=False)

    def body(self, number: int) -> BodyText:
        """Entry ``number``'s body with its words and sentences located (once, on first use)."""
        found = self._bodies.get(number)
        if found is None:
            found = self._bodies[number] = BodyText.of(self.texts[number])
        return found

    def to_plain(self) -> PlainLangIndex:
        """The index as plain lists, dicts and bytes (no word_ids, no texts: both follow from the rest)."""
        return (self.vocab, self.idf, self.postings.to_plain(), self.stems.to_plain(), self.fields.to_plain(),
                self.default_idf)

    @classmethod
    def from_plain(cls, plain: PlainLangIndex, texts: list[str]) -> _LangIndex:
        """The inverse of ``to_plain``; the caller has checked the shape (``index_cache.check_plain``)."""
        vocab, idf, postings, stems, fields, default_idf = plain
        word_ids = dict(zip(vocab, range(len(vocab)), strict=True))
        return cls(vocab, word_ids, idf, Postings.from_plain(postings), Stems.from_plain(stems, vocab),
                   Fields.from_plain(fields, vocab), texts, default_idf)


PlainLangIndex = tuple[list[str], list[float], PlainPostings, PlainStems, PlainFields, float]


def _fields(entry: Entry, lang: str) -> list[Field]:
    found = _named(entry.title_in(lang), entry.aliases_in(lang), 1.0)
    if lang == "es" and entry.title_es:
        found += _named(entry.title, entry.aliases, SHARED_NAME_WEIGHT)
    return [(tuple(content_tokens(text, lang)), weight) for text, weight in found if fold(text)]


def _named(title: str, aliases: Sequence[str], scale: float) -> list[tuple[str, float]]:
    return [(title, TITLE_WEIGHT * scale)] + [(alias, ALIAS_WEIGHT * scale) for alias in aliases]


def _entry_words(entry: Entry, fields: list[Field], lang: str) -> dict[str, float]:
    """Each word of the entry with the weight of the best field it appears in."""
    words = dict.fromkeys(tokens(entry.book), BOOK_WEIGHT)
    words |= dict.fromkeys(tokens(entry.section), SECTION_WEIGHT)
    words |= dict.fromkeys(tokens(entry.body_in(lang)), BODY_WEIGHT)
    for field_words, weight in sorted(fields, key=lambda item: item[1]):
        words |= dict.fromkeys(field_words, weight)
    return words


def _build_lang_index(entries: Sequence[Entry], lang: str) -> _LangIndex:
    word_ids: dict[str, int] = {}
    postings: list[list[tuple[int, float]]] = []
    all_fields = [_fields(entry, lang) for entry in entries]
    for number, (entry, fields) in enumerate(zip(entries, all_fields, strict=True)):
        for word, weight in _entry_words(entry, fields, lang).items():
            if word not in word_ids:
                word_ids[word] = len(postings)
                postings.append([])
            postings[word_ids[word]].append((number, weight))
    total = max(len(entries), 1)
    idf = [math.log(1 + total / len(posting)) for posting in postings]
    default_idf = sorted(idf)[len(idf) // 2] if idf else 1.0
    stems: dict[str, list[str]] = {}
    for word in word_ids:
        stems.setdefault(stem(word, lang), []).append(word)
    texts = [entry.body_in(lang) for entry in entries]
    vocab = list(word_ids)
    return _LangIndex(vocab, word_ids, idf, Postings.of(postings), Stems.of(stems, vocab),
                      Fields.of(all_fields, vocab), texts, default_idf)


class SearchIndex:
    """A search index over one corpus; build once, query many times."""

    def __init__(self, corpus: Corpus, langs: dict[str, _LangIndex] | None = None) -> None:
        self.corpus = corpus
        self.entries = corpus.entries
        self._langs = langs if langs is not None else {lang: _build_lang_index(self.entries, lang) for lang in LANGS}
        self._book_names = {fold(name): name for name in corpus.books()}
        self._book_names |= {fold(book.code): book.name for book in corpus.book_list}
        self._names = name_words(corpus)
        self._book_words = {book: frozenset().union(*said) for book, said in self._names.items()}
        self._linked = sum(bool(entry.same_rule) for entry in self.entries)  # at most this many hidden in one search

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
        in_play: InPlay | None = None,
    ) -> list[Hit]:
        """The best ``limit`` entries for ``query``, best first; [] for a blank query.

        With ``in_play`` (a game's books and modules), entries from them rank as if they scored a few
        points more, so that among answers of about the same quality the game's own rules come first;
        each hit still shows its own score.
        """
        _check_asked(lang, kind, limit)
        book_name = self.resolve_book(book) if book is not None else None
        said = content_tokens(rephrased(query, lang), lang)
        words = list(dict.fromkeys(said + implied_words(query, lang)))
        if not words:
            return []
        matches = match_words(index := self._langs[lang], words, lang)
        name_words = self._whole_names_said(named := self._books_named(words), words) | name_tails(words, lang)
        name_words |= context_words(query, lang) | moment_words(folded := fold(query), lang)  # where asked; when
        purpose = bool(PURPOSE.search(folded))  # what a thing is for or does: no setup, no overview
        place = place_words(query, lang)
        weights = word_weights(index, matches, words, name_words, META_WORDS | PURPOSE_WORDS if purpose else META_WORDS,
                               place)
        coverage = self._coverage(index, matches, weights, book_name, kind)
        boost = self._boosts(coverage, in_play, _kind_points(query, words, purpose), named,
                             frozenset() if named or len(said) < 2 else books_termed(said, self.book_terms[lang]),
                             _place_met(matches, words, place), asked_actor(folded))
        _add_forms(boost, self.entries, coverage, query, said, lang)  # "pay to get X"; the case an example works
        form = (asks_for_overview(query) and not purpose,  # "what are the stickers for" asks for no list
                *asked_about(query, lang, words, weights, named, self._book_words), purpose)
        ranked = self._ranked(index, coverage, boost, matches, weights, max(CANDIDATES, limit), form)
        if len(ranked) < limit < len(coverage):  # rules kept once left too few: as many more as could be hidden
            ranked = self._ranked(index, coverage, boost, matches, weights, max(CANDIDATES, limit) + self._linked, form)
        ranked = counted_first(self.entries, self.corpus.get, ranked, query, lang)  # "does X count as Y"
        return [self._hit(number, score, lang, set(matches), rank) for score, number, rank in ranked[:limit]]

    @cached_property
    def _section_words(self) -> list[frozenset[str]]:
        """Each entry's section heading as its folded words (on the first question that names a place)."""
        return [frozenset(tokens(entry.section)) for entry in self.entries]

    def _ranked(self, index: _LangIndex, coverage: dict[int, float], boost: dict[int, float], matches: Matches,
                weights: list[float], pool: int, form: tuple[bool, bool, dict[int, float], bool],
                ) -> list[tuple[float, int, float]]:
        """The ``pool`` entries of best coverage re-ranked by their final score (and boosts, and the points of an
        overview and a definition for the question's ``form``: whether it asks for an overview, whether it asks what a
        thing is, the weight of its words that say about what, whether it asks what a thing is for), best first, each
        rule several books state once."""
        top = heapq.nlargest(pool, coverage.items(), key=lambda item: item[1] + boost.get(item[0], 0.0) / 100)
        scored = [(self._scored(index, number, cover, matches, weights), number) for number, cover in top]
        scored = [(score, number) for score, number in scored if score > 0]  # an example that matched next to nothing
        found = [number for _, number in scored]
        named = cache(lambda number: {  # the positions of the question's words its titles and aliases meet
            position for words, _ in index.fields[number] for word in words for position, _ in matches.get(word, ())})
        points = overview_points(self.entries, found, form[0], named, form[3])
        for number, more in definition_points(self.entries, found, form[1], form[2], named).items():
            points[number] = points.get(number, 0.0) + more
        ranks = {number: score + boost.get(number, 0.0) + points.get(number, 0.0) for score, number in scored}
        ranked = sorted([(score, number, ranks[number]) for score, number in scored], key=lambda it: (-it[2], it[1]))
        return one_per_rule(ranked, lambda item: self.entries[item[1]])  # with a game in play, its book's first

    def _scored(self, index: _LangIndex, number: int, cover: float, matches: Matches, weights: list[float]) -> float:
        """The final score, less a little for a worked example: it shows a rule at work, so when both answer
        about as well the rule itself comes first ("carry a spore": the rule, then the example)."""
        score = final_score(index, number, cover, matches, weights)
        return score - EXAMPLE_PENALTY if self.entries[number].kind == "example" else score

    @cached_property
    def short_names(self) -> dict[str, str]:
        """The books' short names (``book_terms.short_names``), found on the first question that could use them, not
        when the index is built: a cold search for one word does not pay for them."""
        return short_names(self.corpus)

    def _books_named(self, words: list[str]) -> frozenset[str]:
        """The books whose whole name the question holds, beside other words, or its short name (``book_terms``)."""
        return books_named(self._names, self.short_names if len(set(words)) > 1 else {}, words)

    def _whole_names_said(self, named: frozenset[str], words: list[str]) -> set[str]:
        """The words of each named book's whole name of two words or more that the question says in full: they count
        for little (``scoring.BOOK_NAME_WORD_WEIGHT``), as the game is named already."""
        return whole_names_said(self._names, named, words)

    @cached_property
    def book_terms(self) -> dict[str, dict[tuple[str, str], str]]:
        """Per language, the two-word terms only one book's titles use (``book_terms.book_terms``), found on the
        first question of two words or more, as ``short_names`` are."""
        return {lang: book_terms(self.entries, lang) for lang in LANGS}

    def _boosts(
        self, coverage: dict[int, float], in_play: InPlay | None, kinds: dict[str, float], books: frozenset[str],
        termed: frozenset[str], place: frozenset[str], actor: str | None = None,
    ) -> dict[int, float]:
        """Score points added to rank (not shown): for what is in play, for the books the question names or
        whose own term it uses, for a section whose heading says the place the question names (``place``: "on a
        colony card" favours the Colony Cards), for who the question names as acting (``actor``: the entries where
        that one acts, ``actors.actor_points``), and per kind of entry the question asks for or away from
        (``_kind_points``). A question that names a game has said whose rules it wants: then what is in play adds
        nothing, however many of its modules are in play."""
        if books:
            in_play = None
        if in_play is None and not kinds and not books and not termed and not place and actor is None:
            return {}
        boosts = {}
        for number in coverage:
            entry = self.entries[number]
            bonus = (in_play.bonus(entry) if in_play is not None else 0.0) + kinds.get(entry.kind, 0.0)
            bonus += NAMED_BOOK_BONUS if entry.book in books else 0.0
            bonus += BOOK_TERM_BONUS if entry.book in termed else 0.0
            bonus += PLACE_SECTION_BONUS if place and not place.isdisjoint(self._section_words[number]) else 0.0
            bonus += actor_points(entry.actor, actor) if actor is not None else 0.0
            if bonus:
                boosts[number] = bonus
        return boosts

    def to_plain(self) -> dict[str, PlainLangIndex]:
        """Each language's index as plain data (what ``index_cache`` stores)."""
        return {lang: index.to_plain() for lang, index in self._langs.items()}

    @classmethod
    def from_plain(cls, corpus: Corpus, plain: dict[str, PlainLangIndex]) -> SearchIndex:
        """An index from ``to_plain``'s data, already checked against ``corpus``."""
        langs = {
            lang: _LangIndex.from_plain(plain[lang], [entry.body_in(lang) for entry in corpus.entries])
            for lang in LANGS
        }
        return cls(corpus, langs)

    def _coverage(
        self,
        index: _LangIndex,
        matches: Matches,
        weights: list[float],
        book: str | None,
        kind: str | None,
    ) -> dict[int, float]:
        """Per entry, the IDF-weighted share of the query words it contains (0-1), field weights applied."""
        best: list[dict[int, float]] = [{} for _ in weights]
        for word, found in matches.items():
            for position, similarity in found:
                seen = best[position]
                for number, weight in index.postings.of_word(index.word_ids[word]):
                    if similarity * weight > seen.get(number, 0.0):
                        seen[number] = similarity * weight
        total = sum(weights)
        coverage: dict[int, float] = {}
        for weight, seen in zip(weights, best, strict=True):
            for number, value in seen.items():
                coverage[number] = coverage.get(number, 0.0) + weight * value / total
        if book is None and kind is None:
            return coverage
        return {
            number: value
            for number, value in coverage.items()
            if (book is None or self.entries[number].book == book)
            and (kind is None or self.entries[number].kind == kind)
        }

    def _hit(self, number: int, score: float, lang: str, matched: set[str], rank: float) -> Hit:
        entry = self.entries[number]
        snippet, spans = self._langs[lang].body(number).snippet(matched)
        return Hit(entry.id, entry.title_in(lang), entry.book, entry.section, entry.kind, score, snippet, spans,
                   entry.interpretation, entry.same_rule, rank)


def _add_forms(boost: dict[int, float], entries: Sequence[Entry], coverage: dict[int, float], query: str,
               said: list[str], lang: str) -> None:
    """The points of the question's forms (``forms``) added to ``boost``: the direction of a payment, and the case a
    worked example works."""
    for points in direction_points(entries, coverage, query, lang), case_points(entries, coverage, said, lang):
        for number, more in points.items():
            boost[number] = boost.get(number, 0.0) + more


def _check_asked(lang: str, kind: str | None, limit: int) -> None:
    """ValueError for a language or a kind of entry the corpus does not have, or a limit under 1."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    if kind is not None and kind not in KINDS:
        raise ValueError(f"unknown kind {kind!r}; choose one of: {', '.join(KINDS)}")
    if limit < 1:
        raise ValueError("limit must be at least 1")


def _place_met(matches: Matches, words: list[str], place: set[str]) -> frozenset[str]:
    """The vocabulary words that the place's own words meet ("colony" of "on a colony card"; not "card" itself)."""
    at = {position for position, word in enumerate(words) if word in place and word not in CARD_WORDS}
    if not at:
        return frozenset()
    return frozenset(word for word, found in matches.items() if any(position in at for position, _ in found))


def _kind_points(query: str, words: list[str], purpose: bool) -> dict[str, float]:
    """Points per kind of entry that the question's form asks for or away from: the worked examples when it asks
    for one ("example of claiming"), which then also keep the points they give up otherwise; and not the setup
    when it asks how a thing works in play ("how does the Earthmoving card work": playing it, not dealing it) or
    what it is for (``purpose``); and the setup when it asks how many are placed or dealt ("cuántos se ponen")."""
    points = {}
    if not EXAMPLE_WORDS.isdisjoint(words):
        points["example"] = EXAMPLE_WANTED_BONUS + EXAMPLE_PENALTY
    if not IN_PLAY_WORDS.isdisjoint(tokens(query)):
        points["setup"] = -SETUP_YIELD
    elif purpose:
        points["setup"] = -PURPOSE_YIELD
    elif COUNT_AT_SETUP.search(fold(query)):
        points["setup"] = SETUP_WANTED_BONUS
    return points
