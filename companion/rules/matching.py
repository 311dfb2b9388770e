"""The first stage of the rules search: which words of the rules' vocabulary each word of a question stands for.

A word meets the vocabulary by its stem (another form of the same word), by a synonym players use, and by a typing
slip; each match carries how sure it is (1 for the word itself, less for a form, a synonym or a slip), which the
search's scoring (``companion.rules.search``) weighs by the words' rarity.
"""

from __future__ import annotations

from typing import Protocol

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA, Levenshtein

from companion.rules.packed import Stems
from companion.rules.text import STOP_WORDS, STOP_WORDS_EN, stem, synonyms

STEM_SIMILARITY = 0.8  # "moulting" for "moults": a form of the same word, not a typo
PLURAL_SIMILARITY = 0.9  # "scores" for "score", "pulgones" for "pulgon": the same word
TYPO_SHARPNESS = 3  # typo similarity is raised to this power: "cuesta"/"cuenta" (83%) counts 0.57
KNOWN_WORD_TYPO = 0.7  # a word the rules use as typed is most likely meant: "ally" is not a slip for "rally"

Matches = dict[str, list[tuple[int, float]]]  # vocabulary word -> (query word number, similarity)


class Vocabulary(Protocol):
    """What matching reads of one language's index."""

    @property
    def vocab(self) -> list[str]: ...

    @property
    def word_ids(self) -> dict[str, int]: ...

    @property
    def stems(self) -> Stems: ...


def match_words(index: Vocabulary, words: list[str], lang: str) -> Matches:
    """The vocabulary words close to each query word: the same stem, or a small typo away.

    Words of three letters or fewer must match exactly ("ant" is not "and"); four letters allow
    one slip. Typo similarity is sharpened so that chance resemblances ("cuesta"/"cuenta")
    count far less than true typos ("ladybg"/"ladybug").
    """
    matches: Matches = {}
    stop = STOP_WORDS_EN | STOP_WORDS.get(lang, frozenset())
    stems = [stem(word, lang) for word in words]
    for position, word in enumerate(words):
        found = {form: _form_similarity(word, form) for form in index.stems.get(stems[position])}
        for synonym in synonyms(word, lang):
            found |= dict.fromkeys(index.stems.get(stem(synonym, lang)), STEM_SIMILARITY)
        if len(word) > 3:
            said = {other for at, other in enumerate(stems) if at != position and other != stems[position]}
            for choice, typo in _typos(index, word, stop).items():
                if said and stem(choice, lang) in said:  # the question says that word itself: no slip for it
                    continue  # ("huecos con forma de huevo" is no "huevos" twice)
                found[choice] = max(found.get(choice, 0.0), typo)
        if word in index.word_ids:
            found[word] = 1.0
        else:
            _add_slips_synonyms(index, found, lang)
        for choice, similarity in found.items():
            matches.setdefault(choice, []).append((position, similarity))
    return matches


def _typos(index: Vocabulary, word: str, stop: frozenset[str]) -> dict[str, float]:
    """The vocabulary words a typo away from ``word`` (of four letters or more), with their similarity: the
    ratio sharpened, less for a word the rules use as typed."""
    cutoff = 85.0 if len(word) == 4 else 75.0
    doubt = KNOWN_WORD_TYPO if word in index.word_ids else 1.0
    found = {}
    for choice, score, _ in process.extract(word, index.vocab, scorer=fuzz.ratio, score_cutoff=cutoff, limit=None):
        if choice not in stop:
            found[choice] = doubt * (_slip_score(word, choice, score) / 100.0) ** TYPO_SHARPNESS
    return found


def _slip_score(word: str, choice: str, score: float) -> float:
    """``fuzz.ratio``'s score, but two swapped neighbours ("predaotr") count as one slip, as a letter missing
    does, not as the two edits the ratio sees: a swap is a typing slip, almost never another word."""
    if len(word) != len(choice) or OSA.distance(word, choice) != 1 or Levenshtein.distance(word, choice) != 2:
        return score
    return 100.0 * (1 - 1 / (2 * len(word)))


def _add_slips_synonyms(index: Vocabulary, found: dict[str, float], lang: str) -> None:
    """A word the rules never use is a slip ("maximun"): what its likely meanings mean counts too, a step less
    ("maximum" is also "limit")."""
    for form, similarity in list(found.items()):
        for synonym in synonyms(form, lang):
            for target in index.stems.get(stem(synonym, lang)):
                found[target] = max(found.get(target, 0.0), similarity * STEM_SIMILARITY)


def _form_similarity(word: str, form: str) -> float:
    """How close another form of the same stem is: a plural ("scores", "pulgones") is nearly the word itself,
    a derived form ("moulting" for "moults") less so."""
    short, long = sorted((word, form), key=len)
    return PLURAL_SIMILARITY if long in {short + "s", short + "es"} else STEM_SIMILARITY
