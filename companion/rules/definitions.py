"""A term's definition against the rules that use it: which of them a question asks for.

A definition (an entry marked ``definition``: what a nymph, a shared farm or a Tactic is) names its term in its title
and aliases and restates the rules that use it in brief, so on words alone it ranks beside them, and in the tuning
sets the miss went both ways: "what does nymph mean" answered by a rule on nymphs, "shared farm does the one with more
aphids get more" by the definition of a shared farm. The words do not tell the two apart; the question's form does.
A question asking what a thing is ("what is", "what does X mean", "qué es", "qué significa", "who is the host") about
the term a definition names wants the definition; any other question that says more than the term wants the rule of
the definition's own section that states it. ``definition_points`` turns that into score points the ranking adds,
as ``overviews.overview_points`` does for an overview.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from functools import cache

from companion.rules.model import Entry
from companion.rules.text import content_tokens, fold

#: points a definition gains when the question asks what the term it names is
DEFINITION_WANTED_BONUS = 10.0
#: points a definition gives up, when the question asks something else than what a thing is and says more than the
#: term, to the rule of its section that was found: that rule states what the question asks
DEFINITION_YIELD = 7.0
#: the share of the question's weight (its form's words aside, and a game's name) that a definition's title and
#: aliases must meet for the question to be about its term: "what is the cost of a tactic" is about the cost
DEFINITION_SHARE = 2 / 3

# The forms, on the folded question (lowercase, no accents, punctuation as spaces), in both languages: a player may
# ask in either whatever the screen's language. Each asks what a thing is or means.
_DEFINITION_FORMS = (
    r"^(?:what (?:is|are|s)|whats|who (?:is|are)|define|definition of|meaning of)\b",
    r"\bwhat (?:does|do) (?:\w+ ){1,4}mean\b",  # what does nymph mean
    r"\bwhat counts as\b|\bmeaning\b",  # what counts as an empty tile, predator overwhelmed meaning
    r"^(?:que|q) (?:es|son)\b|^quien(?:es)? (?:es|son)\b",
    r"\bque (?:significa|quiere decir)\b|\bque cuenta como\b|\bsignificado\b|^definicion de\b",
)
#: a word every one of the forms holds: a question with none of them ("ladybug") is no definition question, and a cold
#: search for it does not compile the forms (a millisecond of its hundred)
_FORM_OPENERS = frozenset({"what", "whats", "who", "define", "definition", "meaning", "que", "q", "quien", "quienes",
                           "significado", "definicion"})


@cache
def _forms() -> re.Pattern[str]:
    return re.compile("|".join(_DEFINITION_FORMS))


#: the words of those forms that are no stop words ("meaning of", "what counts as", "qué quiere decir", "q es")
_FORM_WORDS = frozenset({"meaning", "definition", "define", "counts", "q", "quiere", "decir", "cuenta", "significado",
                         "definicion"})


def definition_form(query: str, lang: str) -> frozenset[str] | None:
    """The question's words that name what it asks about (the form's own words aside: most are stop words, the rest
    ``_FORM_WORDS``), when it asks what a thing is; else None."""
    folded = fold(query)
    if _FORM_OPENERS.isdisjoint(folded.split()) or _forms().search(folded) is None:
        return None
    return frozenset(content_tokens(query, lang)) - _FORM_WORDS


def asked_about(query: str, lang: str, words: Sequence[str], weights: Sequence[float], games: Collection[str],
                names: Mapping[str, frozenset[str]]) -> tuple[bool, dict[int, float]]:
    """Whether the question asks what a thing is (``definition_form``), and the weight of each position of its
    ``words`` that says what it asks about: its form's words left out, and the ``names`` of the ``games`` it names
    (a game named says where, not what)."""
    about = definition_form(query, lang)
    aside = {word for game in games for word in names[game]}
    return about is not None, {number: weights[number] for number, word in enumerate(words)
                               if word not in aside and (about is None or word in about)}


def definition_points(entries: Sequence[Entry], found: Sequence[int], asked: bool, counted: dict[int, float],
                      named: Callable[[int], set[int]]) -> dict[int, float]:
    """Score points for the definitions among ``found`` (entry numbers the ranking scored). ``asked``: the question
    has a definition form (``definition_form``); ``counted``: the weight of each position of the question's words
    that tell what it is about (the form's words and a game's name aside); ``named``: the positions an entry's title
    and aliases meet (by stem, synonym or slip). A definition gains ``DEFINITION_WANTED_BONUS`` when the question asks
    what its term is (its title and aliases meet ``DEFINITION_SHARE`` of ``counted``); it gives up
    ``DEFINITION_YIELD`` when the question has no such form, says more than its term (a counted word its title and
    aliases miss) and a rule of its section (not a definition) was found."""
    definitions = [number for number in found if entries[number].definition]
    total = sum(counted.values())
    if not definitions or not total:
        return {}

    def share(number: int) -> float:
        return sum(weight for position, weight in counted.items() if position in named(number)) / total

    if asked:
        return {number: DEFINITION_WANTED_BONUS for number in definitions if share(number) >= DEFINITION_SHARE}
    sections = {(entries[number].book, entries[number].section) for number in found if not entries[number].definition}
    return {number: -DEFINITION_YIELD for number in definitions
            if share(number) < 1.0 and (entries[number].book, entries[number].section) in sections}
