"""Text normalisation shared by the index and the queries, so both sides fold the same way."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^a-z0-9]+")
_WORD = re.compile(r"\w+")

# Words that carry no meaning in a rules question ("what happens when", "que hace"); dropping them keeps
# them from outweighing the rule's own words. The two lists say the same words where both languages have them
# ("each" / "cada", "also" / "también", "then" / "entonces").
STOP_WORDS_EN = frozenset(
    """
    a about after all also am an and any are as at be been before being but by can cant could did do
    does dont during each for from get gets got had has have how i if in into is it its just me my no
    not of off on one or our out so than that the their them then there these they this those to up
    us was we were what when where which while who why will with would you your
    happen happens happened work works mean means exactly
    doesnt doesn didnt didn isnt isn arent aren wont hasnt hasn havent haven wasnt wasn t m ll re ve d
    im ive should shall might
    whats hows wheres whens whos thats theres heres even nor
    hey ok okay anyway actually really please thanks guys friend friends says said think right
    """.split()  # noqa: SIM905 - a word list reads better as text
)
STOP_WORDS_ES = frozenset(
    """
    a al algo como con cual cuales cuando cuanta cuantas cuanto cuantos de del desde donde el ella ellas
    ellos en entre es esa ese eso esta este esto hay la las le les lo los me mi mis muy no o para
    pero por puedo puede que quien se si sin sobre son su sus te tengo tiene tu un una uno unos unas y ya
    yo hace hacen hacer pasa ocurre sucede funciona funcionan significa exactamente trae traen
    pueden puedes podemos debo debe deben debes debemos tienen tienes tenemos nos hago hacemos
    oye colega amigo amiga dice dicen creo verdad vale bueno pues gracias
    cada tambien entonces
    """.split()  # noqa: SIM905
)
STOP_WORDS = {"en": STOP_WORDS_EN, "es": STOP_WORDS_ES}
# Words about the form of the answer wanted, not its topic ("large workers overview", "resumen de antscape"): they
# still match, but count for little of their rarity, so a title that happens to say "overview" does not win.
META_WORDS = frozenset(
    """
    overview overviews summary summaries intro introduction basics explained explanation explain list
    resumen resumenes introduccion explicacion explicame explica basico basicos lista
    """.split()  # noqa: SIM905
)
# Pronouns ("someone else", "nobody", "she", "alguien"): they say who, seldom what, yet the rules' texts use them so
# rarely that each weighs as much as a rare term (and meets whatever alias happens to hold one: "someone's hand",
# "she"). They still match, counting little (``scoring.FUNCTION_WORD_WEIGHT``). Words of quantity ("nothing",
# "everyone", "todos", "otra") are left out: "the Spawn does nothing", "everyone passes" name a rule.
FUNCTION_WORDS = frozenset(
    """
    someone somebody anyone anybody nobody noone whoever else he she her hers him his herself himself itself
    themselves myself yourself alguien nadie
    """.split()  # noqa: SIM905
)
# A Spanish name of several words for what the English rules call by one ("Madre de la Camada" for the Broodmother,
# "Hongo Oruga" for the Cordyceps, "Extensión Micótica" for Fungalreach): with its first word said, the rest says the
# thing again, so it counts as the words of a game's name do (``name_tails``): a Spanish question does not weigh the
# thing twice where the English one weighs it once.
NAME_TAILS = {"es": {"camada": "madre", "oruga": "hongo", "micotica": "extension"}}
# Words asking for a worked example rather than the rule itself ("example of claiming a territory").
EXAMPLE_WORDS = frozenset({"example", "examples", "ejemplo", "ejemplos"})
# Words asking how a thing works once the game is under way ("how does the Earthmoving card work"): its rule
# answers, not how it is dealt at setup. Stop words mostly, so read from the whole question.
IN_PLAY_WORDS = frozenset({"work", "works", "working", "funciona", "funcionan"})
# A question asking what a thing is for or does ("para qué sirven las fichas", "what does the old tunnel side do"):
# its rule or card note answers, not the setup that deals it. Matched on the folded question.
PURPOSE = re.compile(r"\b(?:what (?:is|are|s) (?:\w+ ){1,8}for|what (?:does|do) (?:\w+ ){1,8}do"
                     r"|para que (?:sirve|sirven|es|son|vale|valen)|que hacen?)\b")
# A question asking how many of a thing are placed, dealt or used ("cuántos decretos se ponen", "how many cards are
# dealt"): the setup states it, not the rules that count the thing in play. Matched on the folded question.
COUNT_AT_SETUP = re.compile(r"\b(?:how many (?:\w+ ){1,5}(?:are|get|do you|do we|do i) (?:placed|put|dealt|used"
                            r"|shuffled|set|get|take|start)|cuant[oa]s (?:\w+ ){1,5}se (?:ponen|colocan|reparten|usan"
                            r"|barajan|sacan|roban))\b")
# A place the question names with "on" ("what does the ant icon with an X mean on a predator card", "en la carta de
# depredador", "en la tabla de dificultad"), a card or a chart: it says where the thing asked about is printed, not
# what the thing is, so its words count for little
# (``place_words``) unless the question also says them of the thing ("the card icon on the predator card").
PLACE = {
    "en": re.compile(r"\bon (?:a |an |the |my |your |their |its |this |that )?((?:\w+ ){0,2}(?:cards?|charts?))\b"),
    "es": re.compile(r"\ben (?:una |un |la |las |el |los |mi |mis |tu |su |sus |esta |este )?"
                     r"((?:cartas?|tablas?)(?: de)?(?: \w+)?)\b"),
}
CARD_WORDS = frozenset({"card", "cards", "carta", "cartas"})  # what a place names: the rest says which card
# The verbs of that form, which say what is asked, not about what: they count as ``META_WORDS`` do in such a question
PURPOSE_WORDS = frozenset({"sirve", "sirven"})

# A question asking what one may do at a moment ("... do after each action", "qué puede hacer ... después de cada
# acción"): its rule for that moment answers, not the list of all one can do (``implied.IMPLIED_WORDS``' abilities, and
# ``overviews``' list form). Put after "do" / "hacer" in those forms, it keeps them from matching.
NOT_AT_A_MOMENT = r"(?!(?: \w+){0,12} (?:after|once|despues|tras)\b)"


def place_words(text: str, lang: str) -> set[str]:
    """The words of the place the question names (``PLACE``) that it says nowhere else."""
    folded = fold(text)
    found = PLACE[lang].search(folded) if lang in PLACE else None
    if found is None:
        return set()
    return set(content_tokens(found.group(1), lang)) - set(content_tokens(folded.replace(found.group(0), " "), lang))


def name_tails(words: list[str], lang: str) -> set[str]:
    """The words of ``NAME_TAILS`` the question says after their name's first word ("camada" in "madre de la
    camada")."""
    tails = NAME_TAILS.get(lang, {})
    return {word for word in words if tails.get(word) in words} if tails else set()


def fold(text: str) -> str:
    """Lowercase, strip accents and turn punctuation into single spaces, so "Túnel," matches "tunel"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", bare).strip()


# A negated "can" ("can't", "cannot", "unable", "no puedo"): the one word ``CANNOT`` on both sides, so that a question
# saying it meets the rule of what one cannot do ("I can't afford my predator's Offering": "Can't pay the Offering"),
# not its sibling on what one does ("Paying the Offering"), where "can" and "no" alone are stop words
CANNOT = "cannot"
# Words players write apart that the rules write as one ("set up" the game, its "setup"): read as one on both
# sides, so a question finds the entries whichever way either wrote it.
COMPOUNDS = {
    ("set", "up"): "setup", ("tie", "break"): "tiebreak", ("tie", "breaker"): "tiebreaker", ("co", "op"): "coop",
    ("can", "t"): CANNOT, ("can", "not"): CANNOT, ("can", "neither"): CANNOT,  # "can neither claim nor recruit"
    **dict.fromkeys((("no", verb) for verb in "puedo puedes puede podemos pueden pueda puedan poder".split()),  # noqa: SIM905
                    CANNOT),
}
_ONE_WORD = {"cant": CANNOT, "unable": CANNOT}  # "cant" typed without its apostrophe


def _each(words: str, *means: str) -> dict[str, tuple[str, ...]]:
    """Each of ``words`` (one line of a group in ``SYNONYMS``) standing for the same rules words."""
    return dict.fromkeys(words.split(), means)


# A player's plain word for a rules word that shares no stem with it ("strong" for "strength", "pelear" for
# "combate"): a query word also matches its rules words, as another form of itself would. Each word stands for its
# rules word in every entry that uses it: a word that means the rules word only in one entry is that entry's alias.
# A key is also found by its stem (``synonyms``): a group lists one form per stem ("evolve" stands for "evolving"),
# and a key whose stem another word has ("seta" and "siete", "lives" and "live") is left out.
SYNONYMS = {
    "en": {
        "strong": ("strength",), "stronger": ("strength",), "strongest": ("strength",), "weaker": ("strength",),
        "fight": ("battle",), "fights": ("battle",), "fighting": ("battle",), "fought": ("battle",),
        "kill": ("defeat", "destroy"), "killed": ("defeat", "destroy"), "die": ("destroyed",),
        "died": ("destroyed", "lost"), "dying": ("destroyed", "lost"),
        "dies": ("destroyed",), "dead": ("destroyed",), "beat": ("defeat",), "price": ("cost",),
        "ally": ("alliance",), "allies": ("alliance",), "allied": ("alliance",), "allying": ("alliance",),
        "flip": ("reveal",), "flipped": ("reveal",), "skip": ("pass", "optional"), "fit": ("space", "capacity"),
        "maximum": ("limit",), "max": ("limit",), "pick": ("choose",), "picked": ("choose",),
        "lay": ("place", "deal"), "completely": ("fully",), "fully": ("complete",), "big": ("size",),
        "bigger": ("size",),
        "against": ("vs",), "versus": ("vs", "against"), "vs": ("against",),
        "begin": ("start",), "begins": ("start",), "beginning": ("start",), "began": ("start",),
        "newborn": ("new", "bred"), "born": ("bred", "new"), "less": ("fewer",),
        # the players' words the eleventh round's aliases held on one entry each (#34): "2 people", an "ant picture",
        # a "cheaper" territory, the "baby" aphid and centipede babies (the rules' young, bred and nymphs), "shove"
        **_each("people person folks", "player"), **_each("picture pic image", "icon", "symbol"),
        **_each("cheap cheapest expensive pricey", "cost"), **_each("baby", "nymph", "young", "bred"),
        **_each("shove", "push"), **_each("nick swipe", "steal"),
        # board-game words for the game's terms no set asked yet: the creatures players fight, an opponent, a
        # predator's life, the damage dealt it, the fungus, the insects' other names, the Slumber (the other
        # edition's "dormancy"), Antscape's shop, a hexagon, victory or colony points, a co-op game
        **_each("monster creature beast critter bug", "predator"), **_each("enemy foe", "opponent", "rival"),
        **_each("hp life", "health"), **_each("damage wound hurt", "casualties"), "mushroom": ("fungus",),
        "ladybird": ("ladybug",), "millipede": ("centipede",), **_each("greenfly greenflies", "aphid"),
        **_each("sleep asleep hibernate hibernation dormant", "slumber", "dormancy"),
        "shop": ("market",), "hexagon": ("hex",), **_each("vp vps cp", "points"),
        "cooperative": ("coop",), "coop": ("cooperative",),
        # the boss (the Broodmother), a verb the stems miss (evolve / evolution, mutate / mutation), grubs (larvae), a
        # prize, trash, trading, hiring, buying, reshuffling, restocking, the endgame, solitaire, a victory ("attack"
        # is left out: the rules say it of the Broodmother's Strike, and battles took the "centipede attack")
        **_each("boss bosses", "broodmother"), "evolve": ("evolution",), "mutate": ("mutation",),
        "grub": ("larvae", "larva"), "prize": ("reward",), "trash": ("discard",),
        "trade": ("exchange", "swap"), **_each("hire hired", "recruit"), **_each("buy bought purchase", "pay"),
        "reshuffle": ("shuffle",), **_each("restock replenish", "refill"), "endgame": ("end", "final"),
        "solitaire": ("solo",), "victory": ("win",),
        # a neighbour, chips, a map, healing, and the American spellings of the books' British words
        **_each("neighbor neighbouring", "neighbour", "adjacent"), "chip": ("token",), "map": ("board",),
        "heal": ("health",), "color": ("colour",), "molt": ("moult",),
        "bits": ("parts",),  # the numbered "bits" on a card are its parts (as is "a bit": no set asks one)
        "spend": ("pay",),  # to spend is to pay with (and "gastar" in Spanish)
        "slot": ("space",),  # a place printed for a thing ("the egg-shaped slot"; "hueco" in Spanish)
        **_each("random randomly", "shuffle"),  # a card drawn at random is a shuffled deck's
        "afford": ("pay",),  # "can't afford" is "can't pay"
        "wipe": ("destroy", "eliminate"),  # ants "wiped out" are destroyed, a player left without any eliminated
        # a count spelled out meets its digits, as the rules write counts from four ("4 aphids"; they spell "two" and
        # "three" as often as not, and taking those made three sets fall)
        **{word: (str(number),) for number, word in enumerate(("four", "five", "six", "seven", "eight", "nine"), 4)},
    },
    "es": {
        "fuerte": ("fuerza",), "fuertes": ("fuerza",), "debil": ("fuerza",), "pelea": ("combate", "batalla"),
        "pelear": ("combate", "batalla"), "lucha": ("combate", "batalla"), "luchar": ("combate", "batalla"),
        "matar": ("derrotar", "destruir"), "matamos": ("derrotar", "destruir"), "muere": ("destruye",),
        "mueren": ("destruye",), "muerto": ("destruido",), "precio": ("coste",),
        "aliarse": ("alianza",), "aliarme": ("alianza",), "aliado": ("alianza",), "aliados": ("alianza",),
        "voltear": ("revelar",), "saltar": ("pasar", "opcional"), "caber": ("espacio", "capacidad"),
        "maximo": ("limite",), "rellenar": ("reponer",), "reponer": ("rellenar",), "escoger": ("elegir",),
        "totalmente": ("completamente",), "disponer": ("colocar", "repartir"),
        "empezar": ("inicial", "inicio", "comienzo"), "comenzar": ("inicial", "inicio", "comienzo"),
        "principio": ("inicial", "inicio", "comienzo"),
        "poner": ("colocar",), "nacer": ("cria", "nuevo"), "nacido": ("cria", "nuevo"),
        "afueras": ("alrededores",),
        # the eleventh round's Spanish aliases (#34): "2 personas", a "dibujo", a cheaper territory, "letargo" (the
        # Spanish book says Inactividad for the Slumber: the alias was on 14 of its 17 entries), a "bebé"
        **_each("personas gente", "jugador"), **_each("dibujo imagen imagenes", "icono", "simbolo"),
        **_each("barato abaratar", "coste"), **_each("letargo hibernacion dormir", "inactividad"),
        "bebe": ("ninfa", "cria"),
        # words for the game's terms no set asked yet, as in English ("vida" for the Health moved a judge's question
        # away: left out)
        **_each("monstruo criatura bestia bicho", "depredador"), "enemigo": ("rival", "oponente"),
        "champinon": ("hongo",), "catarina": ("mariquita",), "milpies": ("ciempies",), "tienda": ("mercado",),
        **_each("hex casilla", "hexagono"), "jefe": ("madre",),
        "evolucionar": ("evolucion",), "escolopendra": ("ciempies",), "contratar": ("reclutar",),
        "comprar": ("pagar",), "premio": ("recompensa",), "tope": ("limite",), "mapa": ("tablero",),
        "curar": ("salud",), **_each("sale salen salir", "aparece", "surge"),  # where a thing "comes out"
        **_each("azar aleatorio aleatoriamente", "barajar"),  # a card drawn at random is a shuffled deck's
        "hueco": ("espacio",),  # a place printed for a thing ("un hueco con forma de huevo"), as "slot" in English
        # the breeding action: the Spanish Minions book says "Criar", the Predators & Prey translation "Engendrar"
        # ("criar" shares its stem with "cría", a young one: one that is bred, so the meeting holds)
        "criar": ("engendrar",), "engendrar": ("criar",),
        # to spend is to pay with: the Spanish texts say "pagar costes" where the English says "spend them on costs"
        "gastar": ("pagar",),
        # and in Spanish ("siete" and "nueve" left out: their stems are "seta"'s and "nuevo"'s)
        "cuatro": ("4",), "cinco": ("5",), "seis": ("6",), "ocho": ("8",),
        "monton": ("pila",),  # a pile of cards, which the books say "pila" (#34)
        "trama": ("tierra",),  # the Plot cards, "cartas de Tierra" in the Spanish Minions book (#34)
        "tapar": ("cubrir",),  # a card put over another or over a territory, which the books say "cubrir" (#34)
    },
}


def synonyms(word: str, lang: str) -> tuple[str, ...]:
    """The rules words a player's ``word`` also means: looked up by the word and by its stem, so that one
    listed form covers the others ("beat" for "beating", "caber" for "caben")."""
    table = SYNONYMS.get(lang, {})
    return table.get(word) or _SYNONYM_STEMS[lang].get(stem(word, lang), ())


def tokens(text: str) -> list[str]:
    """The folded words of ``text``, in order, a pair of ``COMPOUNDS`` as its one word (and "cant", "unable" as
    ``CANNOT``)."""
    folded = fold(text)
    words = folded.split() if folded else []
    joined: list[str] = []
    for word in words:
        word = _ONE_WORD.get(word, word)
        compound = COMPOUNDS.get((joined[-1], word)) if joined else None
        if compound:
            joined[-1] = compound
        else:
            joined.append(word)
    return joined


def content_tokens(text: str, lang: str) -> list[str]:
    """The folded words minus stop words; all of them when nothing else is left ("how do i")."""
    words = tokens(text)
    stop = STOP_WORDS_EN | STOP_WORDS.get(lang, frozenset())
    kept = [word for word in words if word not in stop]
    return kept or words


def word_spans(text: str) -> list[tuple[int, int, str]]:
    """Each word of ``text`` as (start, end, folded word), for highlighting the original string."""
    return [(m.start(), m.end(), fold(m.group())) for m in _WORD.finditer(text)]


# Longest first; English and Spanish endings together, since card names cross languages.
_SUFFIXES = sorted(
    """
    ations ation ings ing edly ed ers er es s ly ment ments
    aciones acion iones ion amos emos imos ando iendo ados adas idos idas ado ada ido ida ar er ir an en as os
    """.split(),  # noqa: SIM905
    key=len,
    reverse=True,
)


# Spanish only: a past and an adverb ("ganaron", "robaba", "directamente").
_SUFFIXES_ES = sorted([*_SUFFIXES, "aron", "ieron", "aban", "aba", "amente", "mente"], key=len, reverse=True)


# Spanish verbs whose root vowel changes from e to i ("eligen"/"elegir", "consigue"/"conseguir"): the changed
# stem (what ``stem`` leaves of the forms) read as the infinitive's.
_ROOT_VOWEL_CHANGES = {
    "elig": "eleg", "elij": "eleg", "consig": "conseg", "sirv": "serv", "pid": "ped", "repit": "repet",
    "sigu": "segu", "mid": "med", "impid": "imped", "compit": "compet",
    "pong": "pon",  # "pongo" / "pongas" meet "poner" (a "g" joined, not a vowel changed)
}


# A Spanish infinitive with a pronoun joined on ("librarse", "descartarlos"): the pronoun goes before stemming,
# so "me libro" meets "librarse". Only after a root of 3 letters or more ("perla" keeps its "la"). And an imperative
# with one, as the rules' texts say it ("colócala", "barájalas", "muévelo", "quédate"), after 5 letters ("escala"
# keeps its "la").
_ENCLITIC = re.compile(r"(?<=\w{3}[aei]r)(se|me|lo|la|los|las|le|les)$|(?<=\w{4}[ae])(lo|la|los|las|le|les|te)$")


# English verbs whose past no ending rule reaches ("paid" for "pay"), and "loss" (a battle's losses are ants lost):
# read as the verb itself before stemming. Left out: "left" and "found" (a direction, a colony founded), "bred" (the
# rules' word for a newborn ant, not the Breed), "died" (a synonym of "destroyed" and "lost": read as "die", it met the
# Minions predators' "dies" and a tuning question on a Predators & Prey predator that died went to them).
_IRREGULAR_EN = {
    "paid": "pay", "laid": "lay", "won": "win", "lost": "lose", "chose": "choose", "chosen": "choose", "drew": "draw",
    "drawn": "draw", "took": "take", "taken": "take", "gave": "give", "given": "give", "fed": "feed",
    "spent": "spend", "sold": "sell", "held": "hold", "kept": "keep", "threw": "throw", "thrown": "throw",
    "ran": "run", "made": "make", "ate": "eat", "eaten": "eat", "met": "meet", "fallen": "fall",
    "used": "use", "loss": "lose", "losses": "lose",
}


_PLURALS = frozenset({"s", "es"})


def _adjective_en(word: str) -> str:
    """An English adjective in "-ical" / "-ional" as the word it is made from, before the endings are cut, so that
    both meet: "asymmetrical" and "asymmetric", "tactical" and "tactic", "optional" and "option"."""
    return word[:-2] if len(word) > 6 and word.endswith(("ical", "ional")) else word


def _cut(word: str, lang: str) -> tuple[str, str]:
    """``word`` less its longest ending of ``_SUFFIXES`` (Spanish: ``_SUFFIXES_ES``) that leaves enough of it, and
    that ending ("" for none). In English short endings ("-er" and "-ers" too: "others" / "other") need a longer stem
    to be cut, but for a past's "-ed" after any letter but "e" ("moved", "added"; "breed" and "need" keep theirs);
    and no "-s" after "s" or "u" is a plural's ("pass" / "passing", "bonus" / "bonuses")."""
    for suffix in _SUFFIXES_ES if lang == "es" else _SUFFIXES:
        past = suffix == "ed" and not word.endswith("eed")
        keep = 3 if (len(suffix) >= 3 and suffix != "ers") or suffix == "s" or lang == "es" or past else 4
        if suffix == "s" and lang != "es" and word.endswith(("ss", "us")):
            continue
        if word.endswith(suffix) and len(word) - len(suffix) >= keep:
            return word[: -len(suffix)], suffix
    return word, ""


# A consonant doubled before an ending ("running", "swapped", "winning"): read once, as in the word itself ("dd",
# "ll", "ss" and "ff" are left alone: "add", "kill", "pass" double theirs)
_DOUBLED = re.compile(r"([bgmnprt])\1$")


def stem(word: str, lang: str = "en") -> str:
    """A crude stem, so that word forms meet: "moults"/"moulting", "lose"/"losing", "perdemos"/"perder".

    It only has to map a word's forms to the same string, never to a real root, and it
    is applied to the corpus and the query alike. In English short endings need a longer
    stem to be cut ("breed" keeps its "ed"); Spanish verbs have short roots ("ganar",
    "ganan" and "gana" meet at "gan"). A final "y" reads as "i", so "ally", "allies" and
    "allied" meet.
    """
    if lang == "es":  # "cienpies" / "tranpilla": an "n" before "p" or "b" is written "m" ("ciempiés")
        word, cut = _cut(_ENCLITIC.sub("", word).replace("np", "mp").replace("nb", "mb"), lang)
        if cut in _PLURALS and not word.endswith(("ier", "ien")):  # "lugares" / "lugar", "tokens" / "token": the
            word = _cut(word, lang)[0]  # plural, then the word's own ending (not a verb's "quieres", "obtienes")
    else:
        word, cut = _cut(_adjective_en(_IRREGULAR_EN.get(word, word)), lang)
        if cut in ("ing", "ed", "er", "ers"):
            word = _DOUBLED.sub(r"\1", word)
    if len(word) > 3 and word[-1] in "aeo":
        word = word[:-1]
    if len(word) > 3 and word[-1] == "y":
        word = word[:-1] + "i"
    return _spanish_root(word) if lang == "es" else word


def _spanish_root(word: str) -> str:
    """A Spanish stem's last steps: a noun's verb in "-cionar" ("reacciona" / "reacción", "evolucionada" /
    "evolución"), a past's "-í" ("perdí" / "perder"), the stem-changing verbs ("pierden" / "perder", "cuesta" /
    "coste") and "puntúa" / "puntos"."""
    if len(word) > 5 and word.endswith("cion"):
        word = word[:-3]
    if len(word) > 4 and word[-1] == "i":
        word = word[:-1]
    word = word.replace("ie", "e").replace("ue", "o")
    if len(word) > 4 and word[-1] == "u":
        word = word[:-1]
    return _ROOT_VOWEL_CHANGES.get(word, word)


_SYNONYM_STEMS = {lang: {stem(word, lang): means for word, means in table.items()} for lang, table in SYNONYMS.items()}
