"""A book's own terms: two-word names only one book's titles use ("large worker" in Predators & Prey, "major
worker" in Minions of the Meadow). Each edition's term is an alias in the other's entries, since players mix them, so
a question using one book's term is taken to ask about that book (``SearchIndex`` ranks its entries higher)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from companion.rules.model import Entry
from companion.rules.text import content_tokens

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
