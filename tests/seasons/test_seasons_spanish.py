"""Seasons in Spanish: refusals, undo labels and the checklist with real values; the app's card names translated."""

from __future__ import annotations

import pytest

from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render, trn, using
from companion.core.seasons import seasons_view
from companion.core.seasons.commands import BuildSeasons, DescribeSeason, EnterSeasons, RevealSeason
from companion.core.session import Session
from tests.module_helpers import session
from tests.scoring_helpers import go_to


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 2, variants=("seasons",), expansions=("minions",))


def _refusal(s: Session, command: object) -> CommandError:
    with pytest.raises(CommandError) as caught:
        s.execute(command)  # type: ignore[arg-type]
    return caught.value


def test_refusals_in_spanish(game: Session) -> None:
    with using("es"):
        assert str(_refusal(game, RevealSeason())) == "Forma antes el mazo de Estaciones."
        assert str(_refusal(game, EnterSeasons(("e1", "l1", "e2", "l2")))) == \
            "El mazo son 2 Estaciones Tempranas sobre 2 Estaciones Tardías."
    game.execute(EnterSeasons(("e2", "e4", "l1", "l3")))
    go_to(game, "soldier")
    error = _refusal(game, RevealSeason())
    assert render(error.args[0], "es") == "La Estación se revela al empezar la ronda; ahora es Fase de Soldado."


def test_labels_and_the_checklist_in_spanish(game: Session) -> None:
    game.execute(EnterSeasons(("e2", "e4", "l1", "l3")))
    assert render(game.doc["undo"][-1]["label"], "es") == (
        "Mazo de Estaciones introducido: Estación Temprana 2, Estación Temprana 4, Estación Tardía 1, "
        "Estación Tardía 3")
    with using("es"):
        [item] = phase_items(game.state, game.content)
        assert item["text"] == "Revelar la Estación de la ronda 1"
    game.execute(RevealSeason())
    with using("es"):
        assert game.undo_label == "Ronda 1: la Estación es Estación Temprana 2"
    game.execute(DescribeSeason("e4", "Deshielo", "Cada Buscar alimento da 1 larva más."))  # typed: kept as typed
    assert render(game.doc["undo"][-1]["label"], "es") == "Carta de Estación e4: Deshielo"
    assert render(seasons_view(game.state, game.content)["cards"][3]["label"], "es") == "Deshielo"
    assert render(seasons_view(game.state, game.content)["cards"][0]["label"], "es") == "Estación Temprana 1"


def test_a_built_deck_is_said_in_spanish(game: Session) -> None:
    game.execute(BuildSeasons())
    assert render(game.doc["undo"][-1]["label"], "es") == \
        "Mazo de Estaciones formado: 2 Estaciones Tempranas sobre 2 Estaciones Tardías, boca abajo"


@pytest.mark.parametrize(("n", "es"), [(0, "Quedan 0 cartas en el mazo de Estaciones"),
                                       (1, "Queda 1 carta en el mazo de Estaciones"),
                                       (2, "Quedan 2 cartas en el mazo de Estaciones")])
def test_cards_left_plural(n: int, es: str) -> None:
    with using("es"):
        assert trn("1 card left in the Seasons deck", "{n} cards left in the Seasons deck", n) == es
