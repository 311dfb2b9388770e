"""The picture of a game: running totals by round for every side, and the finished game's summary."""

from __future__ import annotations

from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextRound
from companion.core.i18n import render
from companion.core.picture import game_picture
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore

TWO = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))


def test_running_totals_up_to_the_current_round(store: GameStore) -> None:
    session = store.create(GameSetup(game="mota", players=TWO), seed=1)
    for command in (AdjustScore("p1", 3), AdjustScore("p2", 5), NextRound(), AdjustScore("p1", 4), NextRound(),
                    AdjustScore("p2", 2), AdjustScore("p1", 1)):
        session.execute(command)
    picture = game_picture(session.state)
    assert picture.rounds == 3 and not picture.ended
    assert [(s.name, s.totals) for s in picture.series] == [("Ana", [3, 7, 8]), ("Bo", [5, 5, 7])]
    assert render(picture.said(), "en") == "Points at the end of each round, round 1 to 3: Ana 3, 7, 8; Bo 5, 5, 7."


def test_a_finished_game_names_the_winner_and_why(store: GameStore) -> None:
    session = store.create(GameSetup(game="mota", players=TWO), seed=1)
    session.execute(AdjustScore("p2", 6))
    for _ in range(session.state["rounds"] - 1):
        session.execute(NextRound())
    session.execute(AdjustScore("p1", 2))
    session.execute(FinishGame())
    picture = game_picture(session.state)
    assert picture.ended and picture.winners == ["Bo"]
    assert "Bo wins with 6" in render(picture.reason, "en")
    assert picture.rounds == session.state["rounds"]
    assert picture.series[0].totals[-1] == 2 and picture.series[1].total == 6
    assert picture.her_cards == []


def test_solo_adds_her_points_and_her_cards(store: GameStore) -> None:
    from companion.core.broodmother.meadow_commands import AddHex

    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
    session = store.create(setup, seed=2)
    session.execute(AddHex(4, "inner", 2))
    session.state["modules_state"]["broodmother"]["cp"][0] = 3  # as her Slumber points would be booked
    picture = game_picture(session.state)
    assert [s.id for s in picture.series] == ["p1", "broodmother"]
    assert render(picture.series[1].name, "en") == "The Broodmother" and picture.series[1].totals == [3]
    assert render(picture.series[1].name, "es") == "La Madre de la Camada"
