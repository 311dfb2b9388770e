"""What a question's words say of the books: a game it names, and a book's own terms.

A game named: each book's names (its English name, and those players say in Spanish, ``names`` in ``sections.json``:
"depredadores y presas") and the short names players use ("minions", "empires"). A player who names the game wants its
rule, whatever game is in play; the name's words say where, not what.

A book's own terms: two-word names only one book's titles use ("large worker" in Predators & Prey, "major
worker" in Minions of the Meadow). Each edition's term is an alias in the other's entries, since players mix them, so
a question using one book's term is taken to ask about that book (``SearchIndex`` ranks its entries higher)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise

from companion.rules.model import Corpus, Entry
from companion.rules.text import content_tokens, tokens

BOOK_TERM_TITLES = 2  # a term is a book's own when at least this many of its titles use it and no other book's do


def book_terms(entries: Sequence[Entry], lang: str) -> dict[tuple[str, str], str]:
    """The two-word terms (neighbours among a title's content words) that at least ``BOOK_TERM_TITLES`` titles of
    one book use and no other book's titles do, each with its book: "large worker", "queen territory"."""
    books: dict[tuple[str, str], set[str]] = {}
    counts: dict[tuple[str, str], int] = {}
    for entry in entries:
        words = content_tokens(entry.title_in(lang), lang)
        for pair in set(pairwise(words)):
            books.setdefault(pair, set()).add(entry.book)
            counts[pair] = counts.get(pair, 0) + 1
    return {pair: next(iter(found)) for pair, found in books.items()
            if len(found) == 1 and counts[pair] >= BOOK_TERM_TITLES}


def books_termed(words: list[str], terms: dict[tuple[str, str], str]) -> frozenset[str]:
    """The one book whose own term (``terms``) the question's content ``words`` use, or none when they use none or
    the terms of several books (a single word holds no term)."""
    books = {terms[pair] for pair in pairwise(words) if pair in terms}
    return frozenset(books) if len(books) == 1 else frozenset()


Names = dict[str, tuple[frozenset[str], ...]]  # book -> the words of each of its names


def name_words(corpus: Corpus) -> Names:
    """Each book's names as their words: the English name first, then its ``names`` (read as Spanish)."""
    return {book.name: tuple(frozenset(content_tokens(name, lang)) for name, lang in
                             ((book.name, "en"), *((other, "es") for other in book.names)))
            for book in corpus.book_list}


def short_names(corpus: Corpus) -> dict[str, str]:
    """The first word of a book's longer name, when no other book's titles (in the name's language) use it, as
    players name the game: "minions", "empires" ("predators" is also a Minions module, so it names no book)."""
    title_words: dict[tuple[str, str], set[str]] = {}
    for entry in corpus.entries:
        for lang, title in (("en", entry.title), ("es", entry.title_es or "")):
            for word in tokens(title):
                title_words.setdefault((lang, word), set()).add(entry.book)
    shorts = {}
    for book in corpus.book_list:
        for name, lang in ((book.name, "en"), *((other, "es") for other in book.names)):
            first, *rest = content_tokens(name, lang)
            if rest and title_words.get((lang, first), set()) <= {book.name}:
                shorts[first] = book.name
    return shorts


def books_named(names: Names, shorts: dict[str, str], words: Iterable[str]) -> frozenset[str]:
    """The books one of whose whole names the question holds beside other words ("antscape tie break"), or, in a
    question of two words or more, whose short name it says."""
    asked = set(words)
    named = {book for book, said in names.items() if any(name and name < asked for name in said)}
    if len(asked) > 1:
        named |= {book for word, book in shorts.items() if word in asked}
    return frozenset(named)


def whole_names_said(names: Names, named: frozenset[str], words: Iterable[str]) -> set[str]:
    """The words of each named book's names of two words or more that the question says in full ("predators and
    prey", not "minions")."""
    asked = set(words)
    return {word for book in named for name in names[book] if len(name) > 1 and name <= asked for word in name}
