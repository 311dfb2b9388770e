"""Parasites in Spanish: refusals, undo labels and the Soldier Phase checklist with real values."""

from __future__ import annotations

import pytest

from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render, using
from companion.core.parasites import parasites_view
from companion.core.parasites.commands import DestroyParasite, HostDidNotBattle, PlayParasite
from companion.core.session import Session
from tests.module_helpers import session
from tests.scoring_helpers import go_to


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 3, modules=("parasites",), expansions=("minions",))


def _refusal(s: Session, command: object) -> CommandError:
    with pytest.raises(CommandError) as caught:
        s.execute(command)  # type: ignore[arg-type]
    return caught.value


def test_refusals_in_spanish(game: Session) -> None:
    game.execute(PlayParasite("Incubator Head", "p1", "p2"))
    with using("es"):
        assert str(_refusal(game, PlayParasite("Incubator Head", "p3", "p2"))) == \
            "La cabeza de Bo ya lleva un Parásito: antes debe destruirlo una Evolución jugada encima."
        assert str(_refusal(game, HostDidNotBattle("x1"))) == \
            "Incubator Head se dispara al final de la Fase de Soldado; ahora es Fase de Obrera."
        assert str(_refusal(game, PlayParasite("Leech", "p1", "p1", "thorax"))) == \
            "Una Evolución Parasitaria solo se juega en la hormiga de otra colonia."


def test_labels_and_the_checklist_in_spanish(game: Session) -> None:
    game.execute(PlayParasite("Incubator Head", "p1", "p2"))
    assert render(game.doc["undo"][-1]["label"], "es") == "Ana juega Incubator Head en la cabeza de Bo"
    go_to(game, "soldier")
    with using("es"):
        items = phase_items(game.state, game.content)
    assert items[0]["text"].startswith("Final de la Fase de Soldado, Incubator Head (Ana sobre Bo): Al terminar la "
                                       "Fase de Soldado, el jugador parásito")
    assert items[1]["text"] == ("Final de la Fase de Soldado, Incubator Head (Ana sobre Bo): Bo no libró ningún "
                                "combate, Ana +1")
    game.execute(HostDidNotBattle("x1"))
    with using("es"):
        assert game.undo_label == "Incubator Head: Bo no libró ningún combate, Ana +1 PC"
    game.execute(PlayParasite("Leech Thorax", "p3", "p1", "thorax", "Roba 1 carta."))
    game.execute(DestroyParasite("x2"))
    assert render(game.doc["undo"][-1]["label"], "es") == \
        "Una Evolución cubre Leech Thorax en el tórax de Ana: se descarta"
    view = parasites_view(game.state, game.content)
    assert [render(d, "es") for d in view["destroyed"]] == ["Leech Thorax (Ana)"]
    assert render(view["parasites"][0]["says"], "es").startswith("Al terminar la Fase de Soldado")
