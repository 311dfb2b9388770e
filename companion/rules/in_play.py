"""What a game has in play, as rulebooks and headings, so that a search started from it ranks them first.

The books are the expansions chosen (their names are the rulebooks' names) and Antscape's own book; the
sections are the rulebook headings named after a module, variant or mode in play: a heading counts when it
holds every word of the name (by stem), so "Aphids" picks "Aphids" and "Aphid Hexes", and "Solo: Against the
Broodmother" picks "Against the Broodmother: Solo/Co-op". The asymmetric mode's heading is named differently
in the book, so it is listed.

Many of a game area's headings share no word with its name ("Difficulty Chart" and "Nest of Centipedes" are
the Broodmother's), so each area's own "?" topics (its ``module.json``) also say which headings are its own:
a heading is in play when an area in play lists one of its entries, and left out when only areas not in play
do (a Minions game without Seasons leaves "Seasons" out; its book stays in play).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.core.content import Content, ModuleFile
from companion.core.state import State
from companion.rules.corpus import Corpus
from companion.rules.in_play_rank import InPlay
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
    owned, left_out = areas_sections(state, content, corpus, books)
    return InPlay(frozenset(books), frozenset(sections | owned), frozenset(left_out - owned - sections))


def areas_sections(state: State, content: Content, corpus: Corpus, books: set[str]) -> tuple[set[str], set[str]]:
    """The headings the game areas' topics name: those of areas in play (in ``books``, the books in play),
    and those of the areas left out."""
    from companion.core.content import declarations
    from companion.rules.topics import load_topics

    topics = load_topics()
    owned: set[str] = set()
    left_out: set[str] = set()
    for _, _, declared in declarations():
        for topic_id in declared.get("topics", {}):
            found = topics.get(topic_id)
            if found is None:
                continue
            playing = topic_in_play(topic_id, declared, state, content)
            entries = [entry for e in found.entries if (entry := corpus.get(e)) is not None]
            if playing:
                owned.update(entry.section for entry in entries if entry.book in books)
            else:
                left_out.update(entry.section for entry in entries)
    return owned, left_out


def topic_in_play(topic_id: str, declared: ModuleFile, state: State, content: Content) -> bool:
    """Whether a game area's topic applies to this game: its area is in play, and each part of its id that
    names a module, variant or mode ("broodmother.asymmetric") is one the game has."""
    chosen = {*state.get("modules", ()), *state.get("variants", ()), state.get("mode", "competitive")}
    known = {*content.modules, *content.variants, *content.modes}
    named = [part for part in topic_id.split(".") if part in known]
    if named:
        return all(part in chosen for part in named)
    return area_in_play(declared, state)


def area_in_play(declared: ModuleFile, state: State) -> bool:
    """An area is in play when the game has one of its modules or variants, or (an area of none: the
    Broodmother, Antscape) when one of its setup steps is for this game's mode or game."""
    ids = {*declared.get("modules", {}), *declared.get("variants", {})}
    if ids:
        return not ids.isdisjoint({*state.get("modules", ()), *state.get("variants", ())})
    return any(_step_for(step.get("when", {}), state) for step in declared.get("steps", []))


def _step_for(when: Mapping[str, object], state: State) -> bool:
    modes, games = when.get("modes"), when.get("games")
    return (isinstance(modes, list) and state.get("mode") in modes) or (
        isinstance(games, list) and state.get("game") in games)
