"""Text normalisation shared by the index and the queries, so both sides fold the same way."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")
_WORD = re.compile(r"\w+")

# Words that carry no meaning in a rules question; dropping them keeps "how much" from matching everything.
STOP_WORDS_EN = frozenset(
    """
    a about after all also am an and any are as at be been before being but by can cant could did do
    does dont during each for from get gets got had has have how i if in into is it its just me my no
    not of off on one or our out so than that the their them then there these they this those to up
    us was we were what when where which while who why will with would you your
    """.split()  # noqa: SIM905 - a word list reads better as text
)
STOP_WORDS_ES = frozenset(
    """
    a al algo como con cual cuales cuando cuanta cuantas cuanto cuantos de del desde donde el ella ellas
    ellos en entre es esa ese eso esta este esto hay la las le les lo los mas me mi mis muy no o para
    pero por puedo puede que quien se si sin sobre son su sus te tengo tiene tu un una uno unos unas y ya
    yo
    """.split()  # noqa: SIM905
)
STOP_WORDS = {"en": STOP_WORDS_EN, "es": STOP_WORDS_ES}


def fold(text: str) -> str:
    """Lowercase, strip accents and turn punctuation into single spaces, so "Túnel," matches "tunel"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", bare).strip()


def tokens(text: str) -> list[str]:
    """The folded words of ``text``, in order."""
    folded = fold(text)
    return folded.split() if folded else []


def content_tokens(text: str, lang: str) -> list[str]:
    """The folded words minus stop words; all of them when nothing else is left ("how do i")."""
    words = tokens(text)
    stop = STOP_WORDS_EN | STOP_WORDS.get(lang, frozenset())
    kept = [word for word in words if word not in stop]
    return kept or words


def word_spans(text: str) -> list[tuple[int, int, str]]:
    """Each word of ``text`` as (start, end, folded word), for highlighting the original string."""
    return [(m.start(), m.end(), fold(m.group())) for m in _WORD.finditer(text)]
