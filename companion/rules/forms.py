"""The question's form read for which way it asks, beyond what its words say.

"What do I pay to get a Major Worker" names the Major Worker as what the payment gets, not what it is paid with: the
rule of paying *with* a Major Worker ("Paying card costs with a Major Worker") meets the same words, and yields
(``direction_points``) to the cost of getting one. "If the Cordyceps comes out in round 3" puts the case its worked
example works ("Cordyceps played in round 3"): the example keeps the points it would give up (``case_points``).
"If at the start of the worker phase I can't pay" says when a thing cannot be done: the moment's words say when, not
what (``moment_words``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Sequence
from functools import cache

from companion.rules.model import Entry
from companion.rules.text import CANNOT, content_tokens, fold, stem, tokens

Ranked = tuple[float, int, float]  # an entry ranked: its score, its number, its rank

#: points an entry whose title pays *with* the thing gives up when the question pays *to get* it (8-40 alike: no set
#: moves but the question it was found on)
DIRECTION_YIELD = 10.0

# a payment and then what it gets: "pay to get a Major Worker", "cost to buy", "pagar para conseguir una obrera"
_PAID_FOR = {
    "en": re.compile(r"\b(?:pay|pays|paid|paying|spend|spent|cost|costs)\b(?: \w+){0,3}? (?:to (?:get|buy|make|bring"
                     r"|have|breed|recruit)|for) ((?:\w+ ?){1,3})"),
    "es": re.compile(r"\b(?:pag\w*|gast\w*|cuesta|cuestan|coste)\b(?: \w+){0,3}? (?:para (?:conseguir|tener|obtener"
                     r"|sacar|criar|reclutar)|por) ((?:\w+ ?){1,3})"),
}
_MEANS = {"en": "with", "es": "con"}  # a title's word saying what is paid with ("with a Major Worker")
# where or when, not what: the rest of the phrase ("onto the board", "en el tablero")
_END = {"en": re.compile(r"\b(?:onto|on|into|in|to|with|at|from|when|if)\b.*"),
        "es": re.compile(r"\b(?:sobre|en|a|al|con|cuando|si)\b.*")}


def _object_of(phrases: dict[str, re.Pattern[str]], ends: dict[str, re.Pattern[str]], query: str,
               lang: str) -> frozenset[str]:
    """The stems of the words a phrase of ``phrases`` is about (its group), cut where ``ends`` starts the rest."""
    pattern = phrases.get(lang)
    found = pattern.search(fold(query)) if pattern is not None else None
    if found is None:
        return frozenset()
    return frozenset(stem(word, lang) for word in content_tokens(ends[lang].sub("", found.group(1)), lang))


def paid_for(query: str, lang: str) -> frozenset[str]:
    """The stems of what the question pays to get ("a major worker" of "pay to get a major worker onto the board")."""
    return _object_of(_PAID_FOR, _END, query, lang)


@cache
def _paid_with(title: str, lang: str) -> frozenset[str]:
    """The stems of the words a title says something is paid or done with ("with a Major Worker")."""
    words = fold(title).split()
    means = _MEANS[lang]
    return frozenset(stem(word, lang) for at, said in enumerate(words) if said == means
                     for word in words[at + 1: at + 4])


def direction_points(entries: Sequence[Entry], found: Collection[int], query: str, lang: str) -> dict[int, float]:
    """``-DIRECTION_YIELD`` for each entry of ``found`` whose title pays with what the question pays to get."""
    gained = paid_for(query, lang)
    if not gained:
        return {}
    return {number: -DIRECTION_YIELD for number in found
            if not gained.isdisjoint(_paid_with(entries[number].title_in(lang), lang))}


# a question's opening clause naming the variant, module or mode it is asked in ("In the asymmetric variant, what
# ...", "round draft variant: do we ...", "en el cooperativo, ..."): up to its comma, colon or dash, within its first
# words
_CONTEXT = re.compile(r"^\W*((?:[^\W_]+\W+){0,5}?(?:variant|variants|variante|variantes|module|modulo|mode|modo"
                      r"|co-?op|cooperative|cooperativ[oa])"
                      r"(?:\W+[^\W_]+){0,3}?)\s*(?:,|:|;| - )")
#: words that make the opening clause a question itself ("what is the asymmetric variant, really")
_ASKING = frozenset(
    "what how which who when where why is are do does can que como cual cuando donde quien es son puedo puede".split()  # noqa: SIM905
)


def context_words(query: str, lang: str) -> set[str]:
    """The words of the question's opening clause naming where it is asked (``_CONTEXT``): they say where, not what,
    and count as a game's name does (``scoring.BOOK_NAME_WORD_WEIGHT``)."""
    found = _CONTEXT.search(_fold_keeping_marks(query))
    if found is None or not _ASKING.isdisjoint(said := found.group(1).split()):
        return set()
    return set(content_tokens(" ".join(said), lang))


# the moment a thing is said to happen at ("at the start of the worker phase", "al principio de la fase de obreras"),
# up to who does what in it
_MOMENT = {
    "en": re.compile(r"\b(?:at|by) the (?:start|beginning|end) of (?:the |a |my |each |every )?(?:\w+ ?){1,3}"),
    "es": re.compile(r"\bal (?:principio|comienzo|inicio|final) de (?:la |el |cada |mi )?(?:\w+ ?){1,3}"),
}
_MOMENT_END = {"en": re.compile(r"\b(?:i|we|you|he|she|they|and|but|if|can|cannot|cant|when)\b.*"),
               "es": re.compile(r"\b(?:no|y|pero|si|puedo|puede|tengo|cuando)\b.*")}


def moment_words(folded: str, lang: str) -> set[str]:
    """The words of the moment (``_MOMENT``) a question (``folded``: ``text.fold``'s) asking about what one cannot do
    says it at ("what if at the start of the worker phase I can't pay the Offering"): the rule of not being able
    answers, and the rule of what is done at that moment meets the moment's words; they say when, not what, and count
    as a game's name does."""
    pattern = _MOMENT.get(lang)
    if pattern is None or (found := pattern.search(folded)) is None or CANNOT not in tokens(folded):
        return set()
    return set(content_tokens(_MOMENT_END[lang].sub("", found.group(0)), lang)) - {CANNOT}


def _fold_keeping_marks(text: str) -> str:
    """Lowercase without accents, the punctuation kept (the clause ends at a comma or a colon)."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(ch))


# "does X count as Y" / "cuenta como Y": what the question asks X to be, up to where or what for it is counted
_COUNTED_AS = {
    "en": re.compile(r"\b(?:count|counts|counted|counting) as ((?:\w+ ?){1,3})"),
    "es": re.compile(r"\b(?:cuenta|cuentan|cuento|contar|cuentas) como ((?:\w+ ?){1,3})"),
}
_COUNTED_END = {"en": re.compile(r"\b(?:for|when|to|in|on|at|if|or|and)\b.*"),
                "es": re.compile(r"\b(?:para|a|al|en|cuando|si|o|y)\b.*")}
LINK_HOPS = 2  # how far the links of the question's own thing are followed to the entry on what it counts as


def counted_as(query: str, lang: str) -> frozenset[str]:
    """The stems of what a "does X count as Y" question asks X to be ("evolution" of "does it count as evolution")."""
    return _object_of(_COUNTED_AS, _COUNTED_END, query, lang)


def _names_it(entry: Entry, said: frozenset[str], lang: str, body: bool = False) -> bool:
    """Whether the entry's title and aliases (and its body, with ``body``) say every word of ``said``."""
    texts = (entry.title_in(lang), *entry.aliases_in(lang), *((entry.body_in(lang),) if body else ()))
    return said <= {stem(word, lang) for text in texts for word in content_tokens(text, lang)}


def _linked(entry: Entry, lookup: Callable[[str], Entry | None]) -> dict[str, int]:
    """The ids ``entry``'s links reach within ``LINK_HOPS``, each with its distance."""
    near = {entry.id: 0}
    edge = [entry]
    for hop in range(1, LINK_HOPS + 1):
        edge = [linked for item in edge for name in item.related
                if name not in near and (linked := lookup(name)) is not None]
        near |= {item.id: hop for item in edge if item.id not in near}
    return near


def counted_first(entries: Sequence[Entry], lookup: Callable[[str], Entry | None], ranked: list[Ranked], query: str,
                  lang: str) -> list[Ranked]:
    """``ranked`` ((score, entry number, rank), best first) with, when the question asks whether X counts as Y and the
    first entry (X's own) does not say Y, the nearest entry X's links reach that names Y put first: the rule of what
    X counts as is linked from X's entry, and the words X shares with its own entry outweigh it."""
    said = counted_as(query, lang)
    if not said or not ranked or _names_it(entries[ranked[0][1]], said, lang, body=True):
        return ranked
    near = _linked(entries[ranked[0][1]], lookup)
    found = [(near[entries[item[1]].id], at) for at, item in enumerate(ranked)
             if entries[item[1]].id in near and _names_it(entries[item[1]], said, lang)]
    if not found:
        return ranked
    _, at = min(found)
    score, number, _ = ranked[at]
    return [(score, number, ranked[0][2] + 1.0), *ranked[:at], *ranked[at + 1:]]


#: points a worked example gets back (``search.EXAMPLE_PENALTY``) when its title names the case the question puts: a
#: count beside the same word ("si el hongo sale en la ronda 3": "jugado en la ronda 3")
CASE_POINTS = 8.0


def _counts(words: Sequence[str], lang: str) -> frozenset[tuple[str, str]]:
    """Each number of ``words`` (content tokens) with the stem of a word beside it: ("rond", "3") of "ronda 3"."""
    return frozenset((stem(words[near], lang), word) for at, word in enumerate(words) if word.isdigit()
                     for near in (at - 1, at + 1) if 0 <= near < len(words) and not words[near].isdigit())


@cache
def _title_counts(title: str, lang: str) -> frozenset[tuple[str, str]]:
    return _counts(content_tokens(title, lang), lang)


def case_points(entries: Sequence[Entry], found: Collection[int], said: Sequence[str], lang: str) -> dict[int, float]:
    """``CASE_POINTS`` for each worked example of ``found`` whose title says a count of the question's (``said``, its
    content words) beside the same word: the question puts that case, and the example works it."""
    asked = _counts(said, lang) if any(word.isdigit() for word in said) else frozenset()
    if not asked:
        return {}
    return {number: CASE_POINTS for number in found if entries[number].kind == "example"
            and not asked.isdisjoint(_title_counts(entries[number].title_in(lang), lang))}
