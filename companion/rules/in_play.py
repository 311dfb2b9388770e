"""What a game has in play, as rulebooks and headings, so that a search started from it ranks them first.

The books are the expansions chosen (their names are the rulebooks' names) and Antscape's own book; the
sections are the rulebook headings named after a module, variant or mode in play: a heading counts when it
holds every word of the name (by stem), so "Aphids" picks "Aphids" and "Aphid Hexes", and "Solo: Against the
Broodmother" picks "Against the Broodmother: Solo/Co-op". The asymmetric mode's heading is named differently
in the book, so it is listed.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.content import Content
from companion.core.state import State
from companion.rules.corpus import Corpus
from companion.rules.search import InPlay
from companion.rules.text import content_tokens, stem

# Names in our content whose rulebook heading shares none of their words' order or form.
EXTRA_SECTIONS = {"asymmetric": ("Broodmother Asymmetrical Play Variant",)}


def _stems(text: str) -> set[str]:
    return {stem(word, "en") for word in content_tokens(text, "en")}


def in_play_sections(corpus: Corpus, books: Iterable[str], names: Iterable[str]) -> frozenset[str]:
    """The headings of ``books`` that hold every word of one of ``names`` (compared by stem)."""
    wanted = [words for name in names if (words := _stems(name))]
    found = set()
    for book in books:
        if book not in corpus.books():
            continue
        for section in corpus.sections(book):
            have = _stems(section)
            if any(words <= have for words in wanted):
                found.add(section)
    return frozenset(found)


def in_play(state: State, content: Content, corpus: Corpus) -> InPlay:
    """The books and headings of the game in ``state`` (``content`` is the game content it was set up with)."""
    books = {content.expansions[e].name for e in state.get("expansions", ()) if e in content.expansions}
    game = content.games.get(state.get("game"))
    if game is not None and game.name in corpus.books():
        books.add(game.name)
    names = [content.modules[m].name for m in state.get("modules", ()) if m in content.modules]
    names += [content.variants[v].name for v in state.get("variants", ()) if v in content.variants]
    mode = state.get("mode", "competitive")
    if mode != "competitive" and mode in content.modes:
        names.append(content.modes[mode].name)
    sections = in_play_sections(corpus, books, names) | set(EXTRA_SECTIONS.get(mode, ()))
    return InPlay(frozenset(books), frozenset(sections))
