"""Mutations in Spanish: refusals, undo labels and the body's sentences with real values, made-up names translated."""

from __future__ import annotations

import pytest

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render, using
from companion.core.mutations import body, mutations_view
from companion.core.mutations.commands import EnterDealt, KeepMutations, NameMutation, PlayEvolution
from companion.core.session import Session
from tests.module_helpers import session


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 2, modules=("mutations",))


def test_two_mutations_for_one_body_part_are_refused_in_spanish(game: Session) -> None:
    game.execute(EnterDealt("p1", ("m1", "m2", "m9", "m17")))
    with pytest.raises(CommandError) as caught:
        game.execute(KeepMutations("p1", "m1", "m2"))
    with using("es"):
        assert str(caught.value) == ("Hunter Head y Mutación de cabeza 2 son las dos para la cabeza: quédate dos de "
                                     "segmentos del cuerpo distintos.")
    with using("en"):
        assert str(caught.value) == ("Hunter Head and Head Mutation 2 are both for the head: keep two for different "
                                     "body parts.")


def test_labels_read_in_spanish_and_a_typed_name_stays_as_typed(game: Session) -> None:
    game.execute(EnterDealt("p2", ("m1", "m17", "m9", "m18")))
    assert render(game.doc["undo"][-1]["label"], "es") == \
        "Bo recibió Hunter Head, Cannibal Ant Abdomen, Mutación de tórax 1, Mutación de abdomen 2"
    game.execute(KeepMutations("p2", "m1", "m17"))
    game.execute(PlayEvolution("p2", "head"))
    with using("es"):
        assert game.undo_label == "Bo juega una Evolución en la cabeza: Hunter Head se descarta"
    game.execute(NameMutation("m9", "Mapmaker Thorax"))
    assert render(game.doc["undo"][-1]["label"], "es") == "La Mutación Mutación de tórax 1 es Mapmaker Thorax"
    with pytest.raises(CommandError) as caught:
        game.execute(PlayEvolution("p2", "head"))
    assert render(caught.value.args[0], "es") == "Ya hay una Evolución en la cabeza de Bo."


def test_the_body_says_whole_sentences_in_spanish(game: Session) -> None:
    game.execute(EnterDealt("p2", ("m1", "m17", "m9", "m18")))
    game.execute(KeepMutations("p2", "m1", "m17"))
    game.execute(PlayEvolution("p2", "thorax"))
    assert render(body(game.state, "p2")["developed_text"], "es") == (
        "No es una hormiga completamente evolucionada (sin 3 Puntos de Colonia): en la cabeza y el abdomen hay "
        "Mutaciones, no Evoluciones.")
    game.execute(PlayEvolution("p2", "head"))
    assert render(body(game.state, "p2")["developed_text"], "es") == (
        "No es una hormiga completamente evolucionada (sin 3 Puntos de Colonia): en el abdomen hay una Mutación, "
        "no una Evolución.")
    view = mutations_view(game.state, game.content)
    assert render(view["players"][1]["dealt"][2]["label"], "es") == "Mutación de tórax 1"
    assert render(view["players"][1]["dealt"][0]["ability"], "es").startswith("Al empezar la Fase de Soldado")

