"""The scoring areas in Spanish: a refusal and an undo label of each, plurals, and a saved game's reason.

The numbers are the rulebooks' where they print some: the Farming table (3 aphids herded alone pay
1 CP and 1 card; shared, 1 CP each), Queen's Decrees (round 3: the best colony gains 3 CP) and Eve
of the Antperium (Enclave 2, each hex next to it 2, any other 1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.antscape.commands import ApplyScores, SetBonus, SetCellOwner, SetCellPoints, SetQueen
from companion.core.antscape.view import colony_note, points_text
from companion.core.checklist import TickItem, next_warning
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.content import Content
from companion.core.decrees.commands import ApplyDecree, ChooseDecree, SetMeasure
from companion.core.errors import CommandError
from companion.core.eve.commands import ApplyEve, SetEnclave, SetHexes
from companion.core.harvest.commands import AddAphidHex, ApplyHarvest, BreedAphids, SetHerd, SetLoose
from companion.core.i18n import nmsg, render, using
from companion.core.outcome import reason_message
from companion.core.points import reward_text
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state, validate_setup
from companion.store import GameStore
from tests.scoring_helpers import go_to, run, session


def refusal(s: Session, command: Command) -> str:
    """The session's refusal of ``command``, read in Spanish."""
    with pytest.raises(CommandError) as caught:
        s.execute(command)
    return render(caught.value.args[0], "es")


def spanish_label(s: Session, command: Command) -> str:
    with using("es"):
        return s.execute(command).text


def test_aphids_refuse_and_label_in_spanish(content: Content) -> None:
    s = session(content, 2, modules=("aphids",))
    run(s, AddAphidHex("Liquen", 4), SetHerd("h1", "p1", 3))
    assert refusal(s, ApplyHarvest()) == ("Las granjas de pulgones pagan en la Cosecha (el primer paso de la Fase de "
                                          "Reina); ahora es Fase de Obrera.")
    go_to(s, "harvest")
    assert refusal(s, BreedAphids()) == ("Paga antes las granjas de pulgones: los pulgones se reproducen después de "
                                         "la Cosecha.")
    assert spanish_label(s, ApplyHarvest()) == "Cosecha: Ana +1 PC, +1 carta"  # 3 aphids herded alone
    with using("es"):
        assert s.undo_label == "Cosecha: Ana +1 PC, +1 carta"
        assert s.execute(BreedAphids()).text == "Reproducción: +1 pulgón en Liquen (en el lugar de control)"


def test_a_shared_farm_of_three_pays_each_herder_in_spanish(content: Content) -> None:
    s = session(content, 2, modules=("aphids",))
    run(s, AddAphidHex("Liquen", 4), SetHerd("h1", "p1", 2), SetHerd("h1", "p2", 1))
    go_to(s, "harvest")
    assert spanish_label(s, ApplyHarvest()) == "Cosecha: Ana +1 PC; Bo +1 PC"


def test_eve_refuses_and_labels_in_spanish(content: Content) -> None:
    s = session(content, 4, variants=("eve-of-the-antperium",))
    run(s, SetEnclave("p1"), SetHexes("p1", "adjacent", 1), SetHexes("p2", "adjacent", 5))
    assert refusal(s, SetHexes("p3", "adjacent", 1)) == "Solo 6 hexágonos tocan el Enclave; se introdujeron 7 en total."
    assert refusal(s, ApplyEve()) == "La Víspera del Hormiguperio puntúa en la Inactividad; ahora es Fase de Obrera."
    go_to(s, "slumber")
    # Ana: 2 (Enclave) + 2 x 1; Bo: 2 x 5
    assert spanish_label(s, ApplyEve()) == "Víspera del Hormiguperio: Ana +4 PC; Bo +10 PC"
    assert spanish_label(s, SetHexes("p3", "other", 2)) == "Víspera: Cy controla 2 hexágonos más"


def test_a_decree_refuses_and_labels_in_spanish(content: Content) -> None:
    s = session(content, 2, expansions=("minions", "empires"), modules=("queens-decrees",))
    assert refusal(s, SetMeasure("p1", 4)) == "Elige primero el Decreto de la Reina (la carta junto al Gran Túnel)."
    assert spanish_label(s, ChooseDecree("adaptive-colony")) == "Decreto de la Reina: Colonia Adaptable"
    for _ in range(2):
        s.execute(NextRound())
    run(s, SetMeasure("p1", 4))
    assert refusal(s, ApplyDecree()) == ("Colonia Adaptable puntúa en la Inactividad; ahora es Fase de Obrera.")
    go_to(s, "slumber")
    assert refusal(s, ApplyDecree()) == "Introduce antes las Evoluciones de cada colonia: aún faltan Bo."
    s.execute(SetMeasure("p2", 2))
    assert spanish_label(s, ApplyDecree()) == "Colonia Adaptable, ronda 3: Ana +3 PC"  # round 3: the best gains 3


def antscape(content: Content) -> Session:
    setup = GameSetup(game="antscape", players=(PlayerSpec("Irene", "pink"), PlayerSpec("Jo", "yellow")))
    return Session(new_doc("g-as", "Test", new_state(setup, content, seed=1)), saver=lambda doc: None,
                   content=content)


def test_antscape_refuses_and_labels_in_spanish(content: Content) -> None:
    s = antscape(content)
    assert refusal(s, SetQueen("p1", True)) == ("Irene no tiene ningún territorio reclamado en la cuadrícula donde "
                                                "poner la reina.")
    assert refusal(s, ApplyScores()) == ("Elige primero la Carta de Bonificación activa (en el panel de Antscape; "
                                         "`companion game do ID antscape_bonus bonus=...` en el terminal).")
    assert spanish_label(s, SetCellOwner(2, 1, "p1")) == "Antscape: fila 2, columna 1 para Irene"
    assert spanish_label(s, SetCellPoints(2, 1, 3)) == "Antscape: fila 2, columna 1 vale 3"
    assert spanish_label(s, SetBonus("trio-triumph")) == "Antscape: Carta de Bonificación Triunfo del trío"
    assert spanish_label(s, ApplyScores()) == "Antscape: puntuaciones aplicadas (Irene 3, Jo 0)"


def test_the_game_itself_refuses_and_labels_in_spanish(content: Content) -> None:
    s = session(content, 2)
    assert refusal(s, AdjustScore("p1", 60)) == "El cambio: debe estar entre -50 y 50; se recibió 60."
    assert refusal(s, FinishGame()) == ("Aún queda por jugar la ronda 1 de 4; termina después de la última ronda, o "
                                        "termina la partida ya (Terminar antes en la aplicación; `companion game "
                                        "end-early ID` en el terminal).")
    assert spanish_label(s, AdjustScore("p1", 2)) == "Ana +2 PC"
    with pytest.raises(CommandError) as caught:
        validate_setup(GameSetup("mota", players=(PlayerSpec("A", "red"), PlayerSpec("B", "red"))), content)
    assert render(caught.value.args[0], "es") == "Dos jugadores eligieron Rojo; cada colonia necesita su propio color."


def test_a_checklist_tick_and_the_question_before_next_in_spanish(content: Content) -> None:
    s = session(content, 3, variants=("eve-of-the-antperium",))
    run(s, SetEnclave("p1"))
    go_to(s, "slumber")
    assert render(next_warning(s.state, s.content), "es") == (
        "Fase de Reina: Inactividad tiene recompensas aún sin aplicar: Víspera del Hormiguperio: Ana +2 PC. "
        "¿Seguir sin ellas?")
    assert spanish_label(s, TickItem("eve-of-the-antperium", "eve:evolution")).startswith(
        "Hecho: Comienzo de la Inactividad: Ana (Enclave) nombra cabeza, tórax o abdomen")


@pytest.mark.parametrize(("n", "english", "spanish"), [
    (0, "+0 cards", "+0 cartas"), (1, "+1 card", "+1 carta"), (2, "+2 cards", "+2 cartas")])
def test_cards_said_in_both_languages_for_0_1_2(n: int, english: str, spanish: str) -> None:
    said = nmsg("+{n} card", "+{n} cards", n)
    assert (render(said, "en"), render(said, "es")) == (english, spanish)


@pytest.mark.parametrize(("n", "spanish"), [(0, "0 puntos"), (1, "1 punto"), (2, "2 puntos"), (-1, "-1 punto")])
def test_points_said_for_0_1_2(n: int, spanish: str) -> None:
    assert render(points_text(n), "es") == spanish


def test_a_reward_of_cards_and_points_in_spanish() -> None:
    assert [render(reward_text({"cards": n, "cp": 1}, "CP"), "es") for n in (0, 1, 2)] == [
        "+1 PC", "+1 PC, +1 carta", "+1 PC, +2 cartas"]


@pytest.mark.parametrize(("n", "spanish"), [(0, "Liquen: 0 pulgones sin pastor"), (1, "Liquen: 1 pulgón sin pastor"),
                                            (2, "Liquen: 2 pulgones sin pastor")])
def test_unherded_aphids_labelled_for_0_1_2(content: Content, n: int, spanish: str) -> None:
    s = session(content, 2, modules=("aphids",))
    run(s, AddAphidHex("Liquen", 4), SetLoose("h1", 3))
    assert spanish_label(s, SetLoose("h1", n)) == spanish


@pytest.mark.parametrize(("n", "spanish"), [(1, "Víspera: Ana controla 1 hexágono junto al Enclave"),
                                            (2, "Víspera: Ana controla 2 hexágonos junto al Enclave"),
                                            (0, "Víspera: Ana controla 0 hexágonos junto al Enclave")])
def test_hexes_next_to_the_enclave_for_0_1_2(content: Content, n: int, spanish: str) -> None:
    s = session(content, 3, variants=("eve-of-the-antperium",))
    run(s, SetHexes("p1", "adjacent", 3))
    assert spanish_label(s, SetHexes("p1", "adjacent", n)) == spanish


def test_colony_sizes_for_1_and_2() -> None:
    from companion.core.antscape.scoring import Colony

    assert [render(colony_note(None, Colony("A", ((1, 1),) * n)), "es") for n in (1, 2)] == [
        "1 territorio.", "2 territorios."]


def finished_game(tmp_path: Path) -> tuple[Path, str]:
    db = tmp_path / "games.json"
    store = GameStore(db)
    s = store.create(GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Cy", "blue"))), seed=1)
    for _ in range(3):
        s.execute(NextRound())
    s.execute(AdjustScore("p2", 9))
    s.execute(FinishGame())
    store.close()
    return db, s.id


def test_a_saved_games_reason_reads_in_spanish(tmp_path: Path) -> None:
    from companion.core.views import game_view

    db, game_id = finished_game(tmp_path)
    store = GameStore(db)
    s = store.session(game_id)
    view = game_view(s)
    assert render(view["ended"]["reason"], "es") == "Jugadas las 4 rondas: gana Cy con 9."
    assert render(view["ended"]["reason"], "en") == "All 4 rounds played: Cy wins with 9."
    with using("es"):
        assert s.why_not(NextPhase()) == ("La partida ha terminado (Jugadas las 4 rondas: gana Cy con 9.). Deshaz "
                                          "para seguir jugando (Deshacer en la aplicación; `companion game undo ID` "
                                          "en el terminal).")
    store.close()


@pytest.mark.parametrize(("old", "spanish"), [
    ("All 4 rounds played: Cy wins with 9.", "Jugadas las 4 rondas: gana Cy con 9."),
    ("All 4 rounds played: Ana, Bo and Di tie with 4.", "Jugadas las 4 rondas: Ana, Bo y Di empatan con 4."),
    ("Irene and Jo tie with -1 point; Jo wins with 8 colony cards left.",
     "Irene y Jo empatan con -1 punto; gana Jo, con 8 cartas de colonia restantes."),
    ("Something no version wrote.", "Something no version wrote."),
])
def test_an_old_saves_english_reason_reads_in_spanish(old: str, spanish: str) -> None:
    ended = {"code": "rounds-complete", "reason": old, "winners": ["p1"]}
    assert render(reason_message(ended), "es") == spanish
    assert render(reason_message(ended), "en") == old


def test_her_asymmetric_bonus_is_said_in_the_reason_in_spanish() -> None:
    from tests.broodmother.test_bm_asymmetric import game as asymmetric_game

    s = asymmetric_game()
    run(s, AdjustScore("p1", 5), AdjustScore("p3", 3), *(NextRound() for _ in range(3)), FinishGame())
    name = next(p["name"] for p in s.state["players"] if p["id"] == "p3")
    assert render(s.state["ended"]["reason"], "es") == (
        f"Jugadas las 4 rondas: gana {name} con 6. (el total de la Madre de la Camada incluye su bonificación de 3 "
        "puntos)")
