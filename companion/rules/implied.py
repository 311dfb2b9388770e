"""A question's form that stands for a rules word it does not say (moved out of ``text.py``, #34).

"What can a Major Worker do" asks for its abilities; "do we keep our hand" asks whether it is kept or discarded, and the
rule may say either (the opposite named, not only the word said); "nobody can" says a thing of everyone ("everyone
passes"); another player taking one's card ("can someone else take my Earthmoving card", "me la pueden quitar") claims
it; cards "face up" / "boca arriba" are revealed ones (not when a flip or turn already says it: "flip two face up");
"two X on the same Y" / "dos X en el mismo Y" asks for the limit of X a Y holds; "how much X is left" / "cuánta X le
queda" asks for the current X (not where it starts); "how many X can ... per round" ("cuántos ... puede ... por ronda")
asks for its limit; four mutations "all for the thorax" are all of the "same body part". Each pattern is matched on the
folded question; its words join the question's words.
"""

from __future__ import annotations

import re

from companion.rules.text import NOT_AT_A_MOMENT, fold

# another player taking what is one's own ("can someone else take my Earthmoving card"): in the rules, claiming it
_OTHERS_EN = r"(?:someone|somebody|anyone|anybody|another player|other players|an opponent|opponents|my opponent)"
# every one of them of one body part ("all four mutations are for the thorax", "son todas de tórax"): the rules
# say "same body part"; not a thing of that part ("all on the head site", "todos de cabeza evolucionada")
_NOT_A_PART_S = (r"(?! (?:evolutions?|evos?|sites?|symbiotes?|evoluciones|evolucion|evolucionadas?|lugar|lugares"
                 r"|simbiontes?)\b)")
IMPLIED_WORDS = {
    "en": (
        (re.compile(r"\bwhat can (?!i |we |you )(?:\w+ ){1,4}do\b" + NOT_AT_A_MOMENT), "abilities"),
        (re.compile(r"\b(?:have|has|had|need) to\b"), "must"),
        (re.compile(r"\b(?:do|does|did|can|should|must|will) (?:\w+ ){1,3}keep\b"), "discard"),
        (re.compile(r"\b(?:nobody|no one|noone)\b"), "everyone"),
        (re.compile(r"\ball (?:\w+ ){0,6}?(?:are|is|be|for|of|on) (?:the |a )?(?:heads?|thorax|thoraxes|abdomens?)\b"
                    + _NOT_A_PART_S), "same body part"),
        (re.compile(rf"\b{_OTHERS_EN}(?: else)?(?: \w+)? (?:take|takes|took|taking|steal|steals|grab|grabs) "
                    r"(?:my|our|your|his|her|their)\b|\b(?:take|steal|grab) (?:another player s|someone else s"
                    r"|an opponent s|other players)\b"), "claim"),
        (re.compile(r"\bhow many (?:\w+ ){1,5}(?:can|may|could) (?:\w+ ){0,5}(?:per|in (?:a|one|each)|each|every|a) "
                    r"(?:round|turn)\b"), "limit"),
        (re.compile(r"^(?!.*\b(?:flip\w*|turn\w* (?:\w+ ){0,3}(?:face|over))\b).*\bface ?up\b"), "reveal"),
        (re.compile(r"\bhow (?:much|many) (?:\w+ ){1,5}(?:left|remaining|remain)\b"), "current"),
        (re.compile(r"\b(?:two|2|more than one|several) (?:\w+ ){1,3}(?:on|in|at) (?:the|one) same\b"), "limit"),
    ),
    "es": (
        (re.compile(r"\bque (?:puede|pueden|sabe|saben) hacer\b" + NOT_AT_A_MOMENT), "habilidades"),
        (re.compile(r"\b(?:tengo|tienes|tiene|tenemos|hay) que\b"), "debes"),
        (re.compile(r"\bnadie\b"), "todos"),
        (re.compile(r"\btod[oa]s (?:\w+ ){0,6}?(?:son|es|de|para) (?:la |el )?(?:cabezas?|torax|abdomen|abdomenes)\b"
                    + _NOT_A_PART_S), "misma parte cuerpo"),
        (re.compile(r"\bcuant[oa]s (?:\w+ ){1,5}(?:puede|pueden|puedo|podemos|puedes) (?:\w+ ){0,5}"
                    r"(?:por|en (?:una|cada)|cada) (?:ronda|turno)\b"), "limite"),
        (re.compile(r"\b(?:(?:me|le|te|nos|les) (?:\w+ )?quitar|quitar(?:me|le|te|nos|les))\b"), "reclamar"),
        (re.compile(r"\b(?:(?:me|nos|te|se) (?:l[oa]s? )?(?:quedo|quedamos|quedas|queda|quedan) con|(?:me|nos|te|se) "
                    r"l[oa]s? (?:quedo|quedamos|quedas|queda|quedan)|conserv(?:o|amos|as|a|an))\b"), "descartar"),
        (re.compile(r"^(?!.*\b(?:voltea\w*|gira\w*|vuelta)\b).*\bboca arriba\b"), "revelar"),
        (re.compile(r"\bcuant[oa]s? (?:\w+ ){1,5}(?:le |les |me |nos |te )?(?:queda|quedan|restantes?)\b"),
         "actual"),
        (re.compile(r"\b(?:dos|2|mas de un[oa]?|vari[oa]s) (?:\w+ ){1,3}en (?:el|la) mism[oa]\b"), "limite"),
    ),
}


def implied_words(text: str, lang: str) -> list[str]:
    """The rules words ``IMPLIED_WORDS`` reads in the question's form."""
    folded = fold(text)
    return [word for pattern, said in IMPLIED_WORDS.get(lang, ()) if pattern.search(folded) for word in said.split()]
