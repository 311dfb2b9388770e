"""Phrases a player says for a rules word: the question reads each as that word, in place of its words.

"Jugando solo" is the solo game ("solitario" in the Spanish books), not a card played, "solo" alone being also "only";
"nothing but recruit cards" is "only"; to "put" a card "on top of" a territory is to "cover" it (not the deck's top
card); a predator "on offer" is "available"; a Scout that "goes off" is triggered, a Chamber that "fires off"
activated; "I'm the only one" herding a hex herds it "alone", as do aphids "all herded by me" or "all mine"; "we both
have 14 points" is a "tie on points" ("empatados a 12": "empate a puntos"); "gana / saca puntos" is "puntúa"; "the
game's over" is the "game end" (not the alias "game over" of losing to the Broodmother's lead); "jugando solo dos",
"somos tres", "playing with just two" are "2 / 3 players", not the solo game; "before we start" / "antes de empezar"
is the setup; "without paying" / "sin pagar" is "free" / "gratis" (not "sin coste": the cost is said).
"""

from __future__ import annotations

import re

from companion.rules.text import fold

# a tie said with the score ("we both have 14 points", "tied at 12", "empatados a 12", "los dos tenemos 14 puntos"):
# the rules say "tie on points", not the count
_TIED_EN = (r"\b(?:(?:we|they|you) )?(?:both|all) (?:have|has|had|got|get|score|scored|are on|are at"
            r"|end(?:ed)? (?:on|with)|finish(?:ed)? (?:on|with)|on) (?:\d+|the same(?: number of)?|equal)"
            r" (?:colony )?points?\b"
            r"|\b(?:tied|level|even|equal) (?:on|at|with) (?:\d+(?: colony)?(?: points?)?|(?:colony )?points?)\b"
            r"|\bthe same (?:number of )?(?:colony )?points\b")
_TIED_ES = (r"\b(?:empatados|empatadas|empatamos|empatan|empate) (?:a|con|en) \d+(?: puntos)?\b"
            r"|\b(?:los dos|las dos|ambos|ambas)(?: \w+)? (?:tenemos|teneis|tienen|con|hacemos|sacamos|acabamos con"
            r"|terminamos con) (?:\d+|los mismos|igual de) puntos\b"
            r"|\b(?:los )?mismos puntos\b|\bmismo numero de puntos\b|\bpuntos iguales\b")

# how many play, said as a count of people ("jugando solo dos", "somos tres", "playing with just two", "there are
# three of us"): the rules say "2 players" / "dos jugadores"; "solo" there is "only", not the solo game; not a count
# of the things played or on the board ("play two actions", "jugar dos cartas", "playing two chambers")
_NOT_A_THING = (r"(?! (?:cartas?|acciones?|veces|turnos?|rondas?|hormigas?|fichas?|hexagonos?|camaras?|ciempies"
                r"|depredadores?|ninfas?|huevos?|obreras?|pulgones|puntos|jugadores"
                r"|cards?|actions?|times|turns?|rounds?|ants?|tokens?|hex|hexes|chambers?|centipedes?|predators?"
                r"|nymphs?|eggs?|workers?|aphids?|points?|players?)\b)")
_PLAYERS_EN = (r"\b(?:playing|we play|we re playing)(?: with)?(?: only| just)? (two|three|four|[1-4])"
               r"(?: of us| people)?\b" + _NOT_A_THING)
_US_EN = r"\bthere (?:are|s)(?: only| just)? (two|three|four|[1-4]) (?:of us|people)\b"  # not "there are two hexes"
_PLAYERS_ES = (r"\b(?:jugando|jugamos|juegan|somos|al jugar)(?: solo| solamente)?(?: con)? (dos|tres|cuatro|[1-4])\b"
               + _NOT_A_THING)

# the moment before the game begins ("before we start", "before the game starts", "antes de empezar la partida"): the
# rules call it the setup ("preparación"), not the start of a round or a phase ("before the round starts")
_NOT_A_PART = (r"(?! (?:the |a |an |my |your |our |each |every |el |la |un |una |mi |tu |cada )?"
               r"(?:turn|round|phase|battle|harvest|turno|ronda|fase|batalla|cosecha)s?\b)")
_BEFORE_EN = (r"\bbefore (?:(?:we|you|i|they|everyone|the game|a game) (?:starts?|begins?|get going|get started)"
              r"|starting|beginning|the game(?! (?:ends?|is over))|a game)\b" + _NOT_A_PART)
_BEFORE_ES = (r"\bantes de (?:empezar|comenzar|que empiece|que empecemos|la partida|una partida)"
              r"(?: la partida| a jugar)?\b" + _NOT_A_PART)

#: each phrase's pattern (on the folded question), its rules word, and the words one of which it holds: its pattern
#: runs (and ``re`` compiles it, once) only on a question saying one
PHRASES = {
    "en": ((_PLAYERS_EN, r"\1 players", frozenset({"playing", "play"})),
           (_US_EN, r"\1 players", frozenset({"there"})),
           (r"\bplay(?:s|ed|ing)? (?:it )?(?:alone|by myself|on my own)\b", "solo",
            frozenset({"alone", "myself", "own"})),
           (_BEFORE_EN, "setup", frozenset({"before"})),
           (r"\bnothing but\b", "only", frozenset({"nothing"})),
           (r"\b(?:without (?:paying|spending)(?: anything)?|at no cost|free of charge)\b", "free",
            frozenset({"without", "no", "free"})),
           (r"\b(?:i m|i am|im|me|only i)(?: being)? the only (?:one|player)\b", "alone", frozenset({"only"})),
           (r"\b(?:all|only) (?:(?:herded|held|controlled|owned|occupied|taken) )?by (?:me|myself)\b"
            r"|\ball (?:mine|my own)\b", "alone", frozenset({"me", "myself", "mine", "own"})),
           (r"\b(?:on|up for) offer\b", "available", frozenset({"offer"})),
           (r"\b(?:go|goes|going|went|gone|set|sets|setting) off\b(?! (?:the|a|an|my|your|its)\b)", "trigger",
            frozenset({"off"})),
           (r"\b(?:fire|fires|fired|firing) off\b", "activate", frozenset({"off"})),
           (r"\b(?:put|puts|putting|place|places|placing|lay|lays|laying)(?: \w+)? on top of\b"
            r"(?! (?:the |your |my |their |a )?(?:deck|pile|draw|discard|stack))", "cover", frozenset({"top"})),
           (_TIED_EN, "tie on points", frozenset({"both", "all", "same", "equal", "tied", "level", "even"})),
           (r"\b(?:the )?game(?: s| is| was| has been)? (?:over|done|finished)\b", "game end", frozenset({"game"}))),

    "es": ((_PLAYERS_ES, r"\1 jugadores", frozenset({"jugando", "jugamos", "juegan", "somos", "jugar"})),
           (r"(?<!\bel )(?<!\bun )\b(?:jueg[oa]s?|juegan|jugamos|jugando|jugar)(?: yo| tu)? sol[oa]s?\b", "solitario",
            frozenset({"solo", "sola", "solos", "solas"})),
           (_BEFORE_ES, "preparacion", frozenset({"antes"})),
           (r"\bnada mas que\b", "solo", frozenset({"nada"})),
           (r"\bsin (?:pagar|gastar)(?: nada)?\b", "gratis", frozenset({"sin"})),
           (r"\b(?:gana|ganan|ganas|gano|ganamos|ganar|consigue|consiguen|consigo|conseguimos|conseguir|saca|sacan"
            r"|suma|suman) puntos\b", "puntua", frozenset({"puntos"})),
           (_TIED_ES, "empate a puntos", frozenset({"dos", "ambos", "ambas", "mismos", "igual", "iguales", "empatados",
                                                  "empatadas", "empatamos", "empatan", "empate"}))),
}


def rephrased(text: str, lang: str) -> str:
    """The folded question with each of ``PHRASES`` read as its rules word."""
    folded = fold(text)
    for pattern, word, hints in PHRASES.get(lang, ()):
        if not hints.isdisjoint(folded.split()):
            folded = re.sub(pattern, word, folded)
    return folded
