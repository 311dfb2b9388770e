"""Who acts: the question's subject against the entry's ``actor``.

Siblings share their words, and often the very verb: "cuando la atacamos" (the players attacking the Broodmother)
meets "attack" in her own Strike and Invade as well as in the players' battle against her. Which of them answers is
who acts, which the words do not say and the question's form does: "can I / we / a player ...", "puedo / podemos
...", a verb said as "we" ("atacamos") name the players; "does the Broodmother / she ...", "when the Broodmother ...",
"gana puntos la madre de la camada" name her; "when a predator ...", "puede el ciempiés ..." a creature. Each entry
carries who acts in it (``actor`` in the corpus: the players, the Broodmother, a creature, the game, or none);
``actor_points`` turns the two into score points the ranking adds, as ``overviews.overview_points`` does.
"""

from __future__ import annotations

import re
from functools import cache

#: points an entry gains when the question names who acts in it: 4-8 move the same three tuning questions (3 one of
#: them, 10 loses one of ``table_8``), and the judges hold at 4-6 (8 loses two). The other actors' entries giving up
#: points too (1-3, those of the players, the Broodmother or a creature) moved no tuning question and lost a judge's
#: at every weight, so they give up none (swept in the sixteenth round). 6 since the seventeenth: 5.5-7 answer
#: ``table_11``'s "can i have two predators at once" (the one-predator rule, not the Minions setup choosing two: 0.3
#: points apart at 5), every other set the same
ACTOR_BONUS = 6.0

_AUX_EN = r"(?:can|cant|cannot|may|must|should|could|does|do|did|will|would|when|if|once|after|before)"
_CREATURES_EN = (r"(?:predators?|centipedes?|spiders?|mantis|ladybugs?|cordyceps|dragonfl(?:y|ies)|nymphs?|aphids?"
                 r"|creatures?|monsters?)")
_VERBS_EN = (r"(?:attacks?|moves?|wins?|breeds?|moults?|molts?|eats?|kills?|reveals?|enters?"
             r"|arrives?|appears?|spawns?|scores?|fights?|battles?|strikes?|invades?|can|cant|cannot|will|must|may)")
_CREATURES_ES = (r"(?:depredador(?:es)?|ciempies|aranas?|mantis|mariquitas?|catarinas?|cordyceps|libelulas?"
                 r"|ninfas?|pulgon(?:es)?|bichos?|monstruos?)")
_AUX_ES = r"(?:puede|pueden|cuando|si|como|donde|que hace|que hacen|debe|deben)"
_VERBS_ES = (r"(?:ataca|atacan|mueve|mueven|gana|ganan|consigue|consiguen|cria|crian"
             r"|muda|mudan|come|comen|mata|matan|revela|entra|entran|aparece|aparecen|sale|salen|puntua|puntuan"
             r"|juega|pone|ponen|roba)")
#: what follows a creature or the Broodmother said as undergoing, not acting: "when a predator is killed" asks what the
#: players get for killing it, "cuando muere el ciempiés" what happens to its nymphs
_UNDERGOES = (r"(?! (?:is|are|was|were|gets|get|got|has been|have been|dies|die|loses|lose|lost|es|son|fue|muere"
              r"|mueren|pierde|pierden)\b)")
#: and what follows a creature's name said of a thing of the game ("the aphid cards", "the predator deck")
_THING = (r"(?! (?:cards?|tokens?|hex|hexes|symbols?|icons?|deck|pieces?|minis?|miniatures?|cartas?|fichas?|mazo"
          r"|hexagonos?|simbolos?|iconos?)\b)")
_BROOD_EN = rf"(?:the )?(?:broodmother|brood mother|she){_UNDERGOES}"
_BROOD_ES = rf"(?:la )?madre(?: de la camada)?{_UNDERGOES}"

#: each actor's forms, on the folded question (lowercase, no accents); the players' are read first: a question
#: saying "I" or "we" asks what the players do, whoever else it names ("can I attack the broodmother")
_FORMS = (
    ("players", (
        rf"\b(?:can|cant|cannot|may|must|should|could|shall|if|when) (?:i|we|you|a player|players|the players"
        rf"|(?:my|our) (?!{_CREATURES_EN})\w+)\b",  # "can my ants", not "can my predator": the predator acts
        r"\b(?:am i|are we|is a player) allowed\b|\b(?:do|does) (?:i|we|a player) (?:have|need) to\b",
        r"\b(?:puedo|podemos|puedes|debo|debemos|tengo que|tenemos que|puede un jugador|pueden los jugadores)\b"
        r"|\b(?:si|cuando) (?:yo|mis?|nuestr[oa]s?)\b",
        # a verb said as "we" ("atacamos", "ponemos"), not "últimos"
        r"\b(?!(?:ult|max|min|prox)imos\b)[a-z]{3,}(?:amos|emos|imos)\b",
    )),
    ("broodmother", (
        rf"\b{_AUX_EN} {_BROOD_EN}\b|\b{_BROOD_EN} {_VERBS_EN}\b",
        rf"\b{_AUX_ES} {_BROOD_ES}\b|\b{_BROOD_ES} (?:se )?{_VERBS_ES}\b|\b{_VERBS_ES} (?:\w+ ){{0,2}}la madre\b",
    )),
    ("creature", (
        rf"\b{_AUX_EN} (?:the |a |an |my |our )?{_CREATURES_EN}\b{_UNDERGOES}{_THING}"
        rf"|\b(?:the |a |an |my |our ){_CREATURES_EN} {_VERBS_EN}\b",
        rf"\b{_AUX_ES} (?:el |la |los |las |un |una )?{_CREATURES_ES}\b{_UNDERGOES}{_THING}"
        rf"|\b(?:el |la |los |las |un |una ){_CREATURES_ES} (?:se )?{_VERBS_ES}\b"
        rf"|\b{_VERBS_ES} (?:el |la |los |las |un |una ){_CREATURES_ES}\b",
    )),
)


@cache
def _patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The forms compiled, once, on the first question (a cold search for one word does not pay for them)."""
    return tuple((actor, re.compile("|".join(forms))) for actor, forms in _FORMS)


def asked_actor(folded: str) -> str | None:
    """Who the question (folded) names as acting: the players when it says "I" or "we" so, else whichever of the
    Broodmother and a creature it names first; None when it names no one."""
    found = None
    for actor, pattern in _patterns():
        match = pattern.search(folded)
        if match is not None and (actor == "players" or found is None or match.start() < found[1]):
            if actor == "players":
                return actor
            found = (actor, match.start())
    return found[0] if found else None


def actor_points(actor: str, asked: str | None) -> float:
    """The points an entry whose actor is ``actor`` gets for a question naming ``asked`` as acting."""
    return ACTOR_BONUS if asked is not None and actor == asked else 0.0
