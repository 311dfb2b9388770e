"""Who acts (``companion.rules.actors``): the question's subject against each entry's ``actor``."""

from __future__ import annotations

import pytest

from companion.rules.actors import ACTOR_BONUS, actor_points, asked_actor
from companion.rules.search import SearchIndex
from companion.rules.text import fold


@pytest.mark.parametrize(("question", "actor"), [
    ("can we chase nymphs", "players"),
    ("can my ants push a nymph", "players"),  # "my ants": the player's
    ("what if i cant claim or recruit", "players"),
    ("can I attack the broodmother", "players"),  # "I" first: the players act, whoever else the question names
    ("cómo de grande es la madre de la camada cuando la atacamos", "players"),  # a verb said as "we"
    ("podemos mezclar los módulos", "players"),
    ("si mi hormiga muere", "players"),
    ("does the broodmother move", "broodmother"),
    ("when the broodmother attacks what happens", "broodmother"),
    ("cuando la madre de la camada ataca", "broodmother"),
    ("cómo gana puntos la madre de la camada", "broodmother"),  # the verb before its subject
    ("can my predator walk into the great tunnel", "creature"),  # "my predator": the predator moves
    ("when a predator attacks", "creature"),
    ("do aphids breed every round", "creature"),
    ("puede el depredador entrar en el gran túnel", "creature"),
    ("cuándo crían los pulgones", "creature"),
    ("el depredador se mueve solo", "creature"),
])
def test_a_question_names_who_acts(question: str, actor: str) -> None:
    assert asked_actor(fold(question)) == actor


@pytest.mark.parametrize("question", [
    "what is a nymph",  # what a thing is: no one acts
    "how many points do i get",  # the scoring answers, whoever asks
    "when a predator is killed what do i get",  # the predator undergoes: the players killed it
    "when the broodmother is defeated",
    "cuando un depredador es derrotado",
    "los últimos turnos",  # an adjective, not a verb said as "we"
    "do the aphid cards get shuffled in",  # a thing of the game named after the creature
    "cuando el mazo de depredador se acaba",
    "ladybug",
])
def test_a_question_naming_no_one_acting(question: str) -> None:
    assert asked_actor(fold(question)) is None


def test_only_the_entries_of_the_one_named_gain() -> None:
    assert actor_points("players", "players") == ACTOR_BONUS
    assert actor_points("broodmother", "players") == 0.0
    assert actor_points("game", "creature") == 0.0
    assert actor_points("players", None) == 0.0


@pytest.mark.parametrize(("question", "lang", "first"), [
    # each second or lower before the rule: the players' entry against one summing up the modules, the centipede
    # guarding its nymphs, the Broodmother's own Strike
    ("can we use all three modules at once", "en", "mm-where-to-start-combinations"),
    ("podemos usar los tres modulos a la vez", "es", "mm-where-to-start-combinations"),
    ("can we chase nymphs", "en", "mm-nymphs-chasing"),
    ("cuando atacamos a la madre de la camada cuantas cartas descarta", "es", "mm-battling-broodmother"),
    # first before, and still: the one named acting is the Broodmother, a predator
    ("when the broodmother attacks what happens", "en", "mm-broodmother-strike"),
    ("does the predator have to move after we pay", "en", "pp-predator-mandatory-move"),
    ("puede el depredador entrar en el gran tunel", "es", "pp-predator-great-tunnel-entry"),
])
def test_the_entry_where_the_one_named_acts_comes_first(real_index: SearchIndex, question: str, lang: str,
                                                        first: str) -> None:
    assert real_index.search(question, lang=lang, limit=3)[0].id == first


@pytest.mark.parametrize(("question", "lang", "first"), [
    # the players attacking her: their battle against her (no set's question; 6th and not in the first ten before
    # the players' words "attack the Broodmother" / "atacar a la Madre de la Camada" were on it)
    ("can i attack the broodmother in her nest", "en", "mm-battling-broodmother"),
    ("podemos atacar a la madre de la camada", "es", "mm-battling-broodmother"),
    # and she attacking: her Strike, which the players' words on their battle must not take (in English: above)
    ("cuando la madre de la camada ataca que pasa", "es", "mm-broodmother-strike"),
    ("la madre de la camada nos ataca", "es", "mm-broodmother-strike"),
])
def test_who_attacks_whom_the_broodmother(real_index: SearchIndex, question: str, lang: str, first: str) -> None:
    assert real_index.search(question, lang=lang, limit=3)[0].id == first
