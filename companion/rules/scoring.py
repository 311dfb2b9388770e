"""The rules search's scoring: how much each word of a question weighs, and how well an entry answers it.

An entry's score blends its coverage of the question's words (each weighted by its rarity: ``word_weights``) with its
single closest title or alias (``field_match``); ``companion.rules.search`` finds the entries, adds the points the
question's form gives, and ranks them.
"""

from __future__ import annotations

from typing import Protocol

from companion.rules.matching import Matches
from companion.rules.packed import Fields
from companion.rules.text import CANNOT, FUNCTION_WORDS

COVERAGE_SHARE = 0.7  # the rest of the score is the closest single title or alias
META_WORD_WEIGHT = 0.3  # a word about the answer's form ("overview", "resumen") counts this much of its rarity
# and when the question says a whole name of two words or more, each of its words counts this much of its rarity: it
# says where, not what ("que modulos trae predators and prey" asks for the game's modules, not the Predators module);
# so does the rest of a Spanish name the English says in one word ("camada" of "madre de la camada":
# ``text.NAME_TAILS``; 0.1-0.3 alike)
BOOK_NAME_WORD_WEIGHT = 0.2
PLACE_WORD_WEIGHT = 0.3  # and a word of the place it names with "on" ("on a predator card": ``text.PLACE``)
FUNCTION_WORD_WEIGHT = 0.3  # and a pronoun ("someone", "she", "alguien": ``text.FUNCTION_WORDS``; 0.3-0.5 alike)
# and a negated "can" (``text.CANNOT``) counts this much more: of two siblings on the same words it decides between
# what one does and what one cannot do ("can't afford the Offering"; 1.5-2 alike, 3 takes "what can a Major Worker do
# that normal ants can't" from the list of its abilities)
CANNOT_WEIGHT = 2.0


class ScoredIndex(Protocol):
    """What scoring reads of one language's index."""

    @property
    def word_ids(self) -> dict[str, int]: ...

    @property
    def idf(self) -> list[float]: ...

    @property
    def fields(self) -> Fields: ...

    @property
    def default_idf(self) -> float: ...


def word_weights(index: ScoredIndex, matches: Matches, words: list[str], name_words: set[str],
                 meta: frozenset[str], place: set[str] | frozenset[str] = frozenset()) -> list[float]:
    """Each query word's weight: its rarity (``word_weight``), less for a word about the answer's form (``meta``),
    for a word of a game's whole name said in full, for a word of the place the question names (``place``) and for a
    pronoun (``text.FUNCTION_WORDS``), and more for a negated "can" (``CANNOT_WEIGHT``)."""
    return [word_weight(index, matches, number) * (META_WORD_WEIGHT if word in meta else 1.0)
            * (FUNCTION_WORD_WEIGHT if word in FUNCTION_WORDS else 1.0)
            * (BOOK_NAME_WORD_WEIGHT if word in name_words else 1.0) * (PLACE_WORD_WEIGHT if word in place else 1.0)
            * (CANNOT_WEIGHT if word == CANNOT else 1.0)
            for number, word in enumerate(words)]


def word_weight(index: ScoredIndex, matches: Matches, position: int) -> float:
    """A query word weighs the IDF of its closest vocabulary matches (the commonest of them, so that a
    rare inflection does not inflate it), or the median IDF when it matches nothing."""
    found = [
        (similarity, index.idf[index.word_ids[word]])
        for word, hits in matches.items()
        for number, similarity in hits
        if number == position
    ]
    if not found:
        return index.default_idf
    best = max(similarity for similarity, _ in found)
    return min(idf for similarity, idf in found if similarity >= best - 0.1)


def final_score(index: ScoredIndex, number: int, coverage: float, matches: Matches, weights: list[float]) -> float:
    """Coverage blended with the closest single title or alias, 0-100."""
    closest = max(
        (
            field_match(index, field_words, matches, weights) * weight
            for field_words, weight in index.fields[number]
            if not matches.keys().isdisjoint(field_words)
        ),
        default=0.0,
    )
    return round(100 * (COVERAGE_SHARE * coverage + (1 - COVERAGE_SHARE) * closest), 1)


def field_match(index: ScoredIndex, field_words: tuple[str, ...], matches: Matches, weights: list[float]) -> float:
    """How much of the question one title or alias covers, scaled by how much of the field the question uses.

    Both sides are IDF-weighted: missing "ladybug" costs more than missing "player", and a
    title's unmatched "action" costs less than an unmatched "placing".
    """
    best = [0.0] * len(weights)
    used = unused = 0.0
    for word in field_words:
        found = matches.get(word)
        rarity = index.idf[index.word_ids[word]]
        if found:
            used += rarity
            for position, similarity in found:
                best[position] = max(best[position], similarity)
        else:
            unused += rarity
    recall = sum(weight * value for weight, value in zip(weights, best, strict=True)) / sum(weights)
    return recall * (0.5 + 0.5 * used / ((used + unused) or 1.0))
