"""The predators' refusals, undo labels and views are messages: they read in Spanish with their real values."""

from __future__ import annotations

import json

import pytest

from companion.catalog import extract
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.predators.alliance_commands import LoseAlly, Recruit, SetAllyTunnel
from companion.core.predators.alliances import alliances
from companion.core.predators.battle import FinishBattle, RevealCard, StartBattle
from companion.core.predators.commands import Damage, SetSpores, Summon
from companion.core.predators.content import NAMES
from companion.core.predators.rules import commit_step
from companion.core.predators.view import predators_view
from companion.core.session import Session
from companion.paths import data_dir
from tests.predators.test_alliances import game as pp_game
from tests.predators.test_predators import CORDYCEPS, game, to_round


def label(s: Session, lang: str = "es") -> str:
    return render(s.doc["undo"][-1]["label"], lang)


def refusal(s: Session, command: object) -> str:
    with pytest.raises(CommandError) as caught:
        s.execute(command)  # type: ignore[arg-type]
    return render(caught.value.args[0], "es")


def test_a_damage_label_and_a_battle_refusal_in_spanish(content: Content) -> None:
    s = game(content)
    to_round(s, 2)
    s.execute(Summon("praying-mantis", 7))
    s.execute(Damage("praying-mantis", 2, "p2"))
    assert label(s) == "El Depredador Mantis Religiosa sufre 2 bajas: Salud 6 -> 4, Nivel 2 -> 1"
    assert label(s, "en") == "Praying Mantis takes 2 casualties: Health 6 -> 4, Tier 2 -> 1"
    s.execute(Damage("praying-mantis", 1))
    assert label(s) == "El Depredador Mantis Religiosa sufre 1 baja: Salud 4 -> 3"
    s.execute(Damage("praying-mantis", 3, "p2"))
    assert label(s) == ("El Depredador Mantis Religiosa sufre 3 bajas: Salud 3 -> 0. Sale de la partida para "
                        "siempre; Blue gana 1 de comida.")
    assert refusal(s, Damage("praying-mantis", 1)) == \
        "El Depredador Mantis Religiosa llegó a 0 de Salud: está fuera de la partida."
    assert refusal(s, Summon("praying-mantis", 2)) == \
        "El Depredador Mantis Religiosa ya llegó a 0 de Salud: no puede volver."
    assert refusal(s, RevealCard(2)) == "No hay ningún combate contra un Depredador en curso."


def test_the_battle_in_spanish_with_its_plurals(content: Content) -> None:
    s = game(content)
    s.execute(Summon(CORDYCEPS, 12))
    s.execute(SetSpores(CORDYCEPS, 3))
    assert label(s) == "Hongo Oruga: 3 fichas de espora en su hexágono"
    s.execute(SetSpores(CORDYCEPS, 1))
    assert label(s) == "Hongo Oruga: 1 ficha de espora en su hexágono"
    s.execute(SetSpores(CORDYCEPS, 0))
    assert label(s) == "Hongo Oruga: 0 fichas de espora en su hexágono"
    s.execute(SetSpores(CORDYCEPS, 1))
    s.execute(StartBattle(CORDYCEPS, "p1"))
    assert label(s) == "Red combate al Depredador Hongo Oruga: descarta 1 carta"
    assert refusal(s, StartBattle(CORDYCEPS, "p2")) == "Hay un combate contra el Depredador Hongo Oruga en curso."
    assert refusal(s, FinishBattle(3)) == "Al Depredador Hongo Oruga aún le queda 1 carta por descartar."
    s.execute(RevealCard(2))
    assert refusal(s, FinishBattle(2)) == ("Las fuerzas del Ejército empatan a 2: indica quién gana según la regla "
                                           "de empate de los combates de hormigas.")
    s.execute(FinishBattle(3))
    assert label(s) == ("Red (3) vence al Depredador Hongo Oruga (2), +1 PC; el Depredador Hongo Oruga sufre 3 bajas "
                        "(Salud 3 -> 0); Red pierde 1 hormiga. Sale de la partida para siempre; Red gana 1 de comida.")


@pytest.mark.parametrize(("cards", "revealed", "es"), [
    (0, 0, "No descarta ninguna carta: cada jugador elige ahora si juega una carta de Ferocidad."),
    (1, 0, "Solo descarta 1 carta: cada jugador elige ahora si juega una carta de Ferocidad, antes de que descarte."),
    (3, 1, "Cada jugador elige ahora si juega una carta de Ferocidad; luego descarta su siguiente carta (quedan 2)."),
    (2, 1, "Cada jugador elige ahora si juega una carta de Ferocidad; luego descarta su siguiente carta (queda 1)."),
    (4, 2, "Descarta su siguiente carta (quedan 2)."),
    (3, 2, "Descarta su siguiente carta (queda 1)."),
])
def test_the_battle_steps_in_spanish(cards: int, revealed: int, es: str) -> None:
    assert render(commit_step(cards, revealed), "es") == es


def test_a_missing_tier_row_and_the_view_names_in_spanish(content: Content) -> None:
    s = game(content)
    s.execute(Summon("ladybug", 3))
    card = predators_view(s.state, content)["predators"][0]
    assert render(card["name"], "es") == "Mariquita"
    assert render(card["band"], "es") == "Salud 1-4"
    assert render(card["abilities"][0]["text"], "es") == "Nivel 1: escribe esta fila desde la carta una vez."
    assert refusal(s, StartBattle("ladybug", "p1")).startswith("¿Cuántas cartas descarta el Depredador Mariquita")


def test_an_alliance_refusal_and_labels_in_spanish(content: Content) -> None:
    s = pp_game(content)
    shown = alliances(s.state)["available"][0]
    s.execute(Recruit("p1", shown))
    name = render({"key": next(c["name"] for c in json.loads(
        (data_dir() / "predators" / "alliances.json").read_text("utf-8"))["predators"] if c["id"] == shown)}, "es")
    assert label(s).startswith(f"Red se alía con el depredador {name}")
    assert refusal(s, SetAllyTunnel("p1", False)) == "Ya está fuera del Gran Túnel."
    assert refusal(s, LoseAlly("p2", "offering")) == "Blue no está aliado con ningún depredador."
    assert refusal(s, LoseAlly("p1", "battle")) == "¿Quién ganó el combate? El ganador obtiene el botín del depredador."
    s.execute(SetAllyTunnel("p1", True))
    assert label(s) == f"El depredador {name} de Red entra en el Gran Túnel"


def test_every_predator_name_of_the_data_is_in_the_catalogue() -> None:
    names = set()
    for file in ("predators.json", "alliances.json"):
        data = json.loads((data_dir() / "predators" / file).read_text("utf-8"))
        names |= {p["name"] for p in data["predators"]}
        names |= {p["destroyed"] for p in data["predators"] if "destroyed" in p}
    assert names <= set(NAMES)
    assert set(NAMES) <= set(extract())
    assert render({"key": "Centipede Mother"}, "es") == "Madre Ciempiés"
