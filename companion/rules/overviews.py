"""An overview against the specific rule: which of the two a question asks for.

An overview (an entry with ``sums_up``: a module, a turn, a scoring, a box summed up) shares its words with every
rule it lists, so on words alone it often ranks beside them, and in the tuning sets the miss went both ways: "what are
the modules" answered by one module's entry, "how many points does she get for centipedes at Slumber" by the overview
of her scoring. The words do not tell the two apart; the question's form does. A player asking for a list, for the
parts of a thing or for how a whole thing works ("what are the ...", "which modules", "how does X work", "cuáles
son", "qué ... hay", "cómo funciona"), or for steps in their order ("first ... then ...", "en qué orden"), wants the
overview; any other question naming something the overview lists
wants the rule that states it. ``overview_points`` turns that into score points the ranking adds, as ``_boosts`` does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from companion.rules.model import Entry
from companion.rules.text import META_WORDS, NOT_AT_A_MOMENT, fold

#: points an overview gains when the question asks for a list or how a whole thing works: its many words (every part
#: it lists) dilute its match against one part's rule on the same words. 10 is the least that reaches every such
#: question of the tuning sets (8 leaves one); up to 25 no tuning set falls, at 30 two do (swept in the ninth round)
OVERVIEW_WANTED_BONUS = 10.0
#: points an overview gives up, when the question has no such form, to a rule it sums up that names a thing of the
#: question it does not: that part's own entry says more about it. 5-8 hold every tuning set (4 leaves one question;
#: 9 and more lose one asking for the overview in words no form catches, "mover hormigas dentro del mismo hexágono")
OVERVIEW_YIELD = 6.0
#: and when the question asks what one thing is for or does (``text.PURPOSE``, "para qué son las pegatinas"): it asks
#: about the part, which the overview only names (6-9 move no question, 12-25 one of ``held_out_6`` and no other set,
#: swept in the fourteenth round)
PURPOSE_OVERVIEW_YIELD = 15.0

# The forms, on the folded question (lowercase, no accents, punctuation as spaces), in both languages: a player may
# ask in either whatever the screen's language. Each asks for several things at once or for a whole.
_LIST_FORMS = re.compile(
    "|".join((
        r"\bwhat (?:are|r) (?:the|all)\b",  # what are the modules / what are all the steps
        r"\b(?:which|what) (?:\w+ )?(?:modules|variants|predators|abilities|powers|steps|phases|actions|types|kinds"
        r"|parts|options|ways)\b",  # which predators, what battle actions
        r"\bhow (?:does|do) (?:\w+ ){1,5}(?:work|go|play)\b",  # how does the aphids module work
        r"\b(?:list|all) (?:of )?the\b|\blist of\b",
        r"\bhow many (?:\w+ ){1,3}are there\b",
        r"\bwhat can (?!i |we |you )(?:\w+ ){1,4}do\b" + NOT_AT_A_MOMENT,  # what can a Major Worker do: all it can
        r"\bcuales son\b",
        r"\bque (?:\w+ )?(?:modulos|variantes|depredadores|habilidades|poderes|pasos|fases|acciones|tipos|formas)\b",
        r"\bcomo (?:funciona|funcionan|se juega)\b",
        r"\bde que va\b|\ben que consiste\b|\blista de\b|\btod[oa]s l[oa]s\b",
        r"\bcuant[oa]s (?:\w+ ){1,3}hay\b",
        # the steps in turn ("first the action, then claim, and last draw?", "primero ... y luego ...", "en qué orden");
        # not a sequence asked if allowed ("can i first breed and then move", "si primero muevo y luego ...")
        r"^(?!.*\b(?:if|can|could|may|si|puedo|puedes|puede|podemos)\b.*\b(?:first|primero)\b)"
        r".*\b(?:first|primero)\b(?: \w+){1,8}? (?:then|next|after that|luego|despues)\b|\b(?:in )?what order\b"
        r"|\ben que orden\b",
        r"\bque (?:puede|pueden) hacer\b" + NOT_AT_A_MOMENT,
    ))
)


def asks_for_overview(query: str) -> bool:
    """The question asks for a list, a thing's parts or how a whole thing works, or says "overview" itself."""
    folded = fold(query)
    return bool(_LIST_FORMS.search(folded)) or not META_WORDS.isdisjoint(folded.split())


def overview_points(entries: Sequence[Entry], found: Sequence[int], wanted: bool,
                    named: Callable[[int], set[int]], purpose: bool = False) -> dict[int, float]:
    """Score points for the overviews among ``found`` (entry numbers the ranking scored): ``OVERVIEW_WANTED_BONUS``
    when the question asks for one (``wanted``); else ``-OVERVIEW_YIELD`` for each that sums up another entry found
    whose title or aliases meet a word of the question its own do not (``named``: the positions of the question's
    words an entry's title and aliases meet, by stem, synonym or slip): the question names a thing the overview only
    mentions ("shared farm" is one part of the farm rewards' overview), while "cuándo avanza el contador de
    maniobras" says only the overview's own title words, a rule it states itself. A question asking what the thing
    is for (``purpose``) takes ``PURPOSE_OVERVIEW_YIELD`` instead."""
    overviews = [number for number in found if entries[number].sums_up]
    if not overviews:
        return {}
    if wanted:
        return dict.fromkeys(overviews, OVERVIEW_WANTED_BONUS)
    numbers = {entries[number].id: number for number in found}
    points = {}
    for number in overviews:
        own = named(number)
        if any(named(numbers[part]) - own for part in entries[number].sums_up if part in numbers):
            points[number] = -(PURPOSE_OVERVIEW_YIELD if purpose else OVERVIEW_YIELD)
    return points
