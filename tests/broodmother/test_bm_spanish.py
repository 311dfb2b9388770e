"""The Broodmother in Spanish: her refusals, labels, end reasons, interpretations and powers, with real values."""

from __future__ import annotations

import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.asymmetric import GainEgg, UnlockPower, UsePower
from companion.core.broodmother.commands import CancelReaction, DrawCard
from companion.core.broodmother.meadow_commands import AddHex, CentipedeWon, DestroyBroodmother, SetSites
from companion.core.commands.base import Command
from companion.core.commands.turns import NextPhase
from companion.core.errors import CommandError
from companion.core.i18n import render, using

from .helpers import make_session, run


def refusal(session: object, command: Command) -> str:
    with pytest.raises(CommandError) as caught:
        session.execute(command)  # type: ignore[attr-defined]
    return render(caught.value.args[0], "es")


def test_her_refusals_read_in_spanish_with_their_numbers() -> None:
    s = make_session()
    run(s, AddHex(4, "inner", 2))
    assert refusal(s, AddHex(4)) == "El hexágono 4 ya está en el prado."
    assert refusal(s, SetSites(4, 2)) == "El hexágono 4 ya tiene 2 lugares libres."
    assert refusal(s, SetSites(9, 1)) == ("No hay hexágono 9 en el prado de la aplicación (hexágonos: 4). Añádelo "
                                          "antes (Añadir un hexágono en el panel de la Madre de la Camada; "
                                          "`companion solo hex add ID 9` en el terminal).")
    assert refusal(s, CancelReaction()) == "No hay ninguna reacción suya que cancelar."
    assert refusal(s, DestroyBroodmother()) == ("Todavía no la han encontrado: el Nido de Ciempiés sigue oculto.")
    run(s, NextPhase())
    assert refusal(s, DrawCard()) == (
        "Reacciona después del turno de cada jugador, y los jugadores juegan sus turnos en la Fase de Obrera. "
        "Fase actual: Fase de Soldado; su próxima carta espera a la Fase de Obrera.")
    # the same refusal in English, one sentence with the phase as its value
    with pytest.raises(CommandError) as caught:
        s.execute(DrawCard())
    assert render(caught.value.args[0], "en") == (
        "She reacts after each player's turn, and players take their turns in the Worker Phase. It is the Soldier "
        "Phase now: her next card waits for the Worker Phase.")


def test_her_undo_labels_and_her_end_reason_in_spanish() -> None:
    s = make_session()
    run(s, AddHex(4, "inner", 2), SetSites(4, 1))
    with using("es"):
        assert s.undo_label == "Hexágono 4: 1 lugar libre"
    for _ in range(12):
        s.execute(CentipedeWon())
    assert render(s.state["ended"]["reason"], "es") == (
        "Su ventaja sobre todas las colonias es de 12 PC (12 a 0), al menos el límite de Puntos de Colonia de 12: "
        "gana la Madre de la Camada.")
    with using("es"):
        assert broodmother_view(s.state, s.content)["end"]["ended"]["reason"].startswith("Su ventaja sobre todas")


def test_an_interpretation_and_her_powers_show_in_spanish_in_her_view() -> None:
    s = make_session()
    with using("es"):
        view = broodmother_view(s.state, s.content)
    reading = {i["id"]: i["text"] for i in view["interpretations"]["all"]}
    assert reading["centipede-threshold-exceeded"] == (
        "Interpretación: tener tantos ciempiés como el límite de ciempiés todavía no hace perder; uno más termina la "
        "partida.")
    assert all(text.startswith("Interpretación: ") for text in reading.values())
    assert view["deck"]["actions"] == {"event": "Desove", "colony-goal": "Expandir", "evolution": "Tierra"}
    assert {o["action_name"] for o in view["deck"]["odds"]} == {"Desove", "Expandir", "Tierra"}

    a = make_session(mode="asymmetric", ants=2)
    with using("es"):
        powers = {p["id"]: p for p in broodmother_view(a.state, a.content)["asym"]["powers"]}
        reactions = broodmother_view(a.state, a.content)["asym"]["reactions"]
    assert powers["advance"]["name"] == "Avanzar"
    assert powers["advance"]["text"] == ("Da 5 pasos (número de ronda + 4) con ninfas y/o ciempiés y luego libra un "
                                         "combate en un hexágono que dispute.")
    assert powers["infest"]["text"].endswith("tantas ninfas como el número de ronda (1) donde quieras del Prado.")
    assert [r["name"] for r in reactions] == ["Ganar un huevo", "Mover una ninfa"]
    with using("en"):
        assert broodmother_view(a.state, a.content)["asym"]["powers"][0]["name"] == "Machinate"


def test_an_asymmetric_refusal_counts_her_eggs_in_spanish() -> None:
    a = make_session(mode="asymmetric", ants=2)
    while a.state["phase"] not in ("harvest", "feeding", "royal-decree", "slumber"):
        a.execute(NextPhase())
    run(a, UnlockPower("frenzy"), GainEgg())
    assert refusal(a, UsePower("frenzy")) == "Un poder cuesta 5 huevos; ella tiene 1."
    assert refusal(a, UnlockPower("frenzy")) == "El poder Frenesí ya está desbloqueado."


def test_a_finished_games_summary_reads_her_cards_in_spanish() -> None:
    from companion.core.broodmother.commands import EnterCard
    from companion.core.picture import game_picture

    s = make_session(deck="physical")
    run(s, AddHex(4, "inner", 2), EnterCard("event", 2))
    for _ in range(30):  # her lead reaches the solo threshold well before that
        if s.state["ended"] is None:
            s.execute(CentipedeWon())
    with using("es"):
        picture = game_picture(s.state)
    assert picture.her_cards[0].words == "Evento, Ferocidad 2 - Desove"  # (its reason: i18n-score's reason_message)


def test_her_machinations_levels_read_in_spanish() -> None:
    """The track's level names and what each does come from the content's Spanish catalogue, as her actions do."""
    s = make_session()
    with using("es"):
        levels = {lv["level"]: lv for lv in broodmother_view(s.state, s.content)["machinations"]["levels"]}
    assert levels[2]["name"] == "Invocar un Depredador"
    assert levels[2]["text"].startswith("Un Depredador elegido al azar va al hexágono con más hormigas")
    assert levels[3]["name"] == "Triple Expandir"
