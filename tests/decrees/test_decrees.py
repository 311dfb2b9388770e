"""Queen's Decrees (Empires of the Earth > Queen's Decrees): the Adaptive Colony example over a game."""

from __future__ import annotations

import copy

import pytest

from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.decrees import decree_points, known_decree
from companion.core.decrees.commands import ApplyDecree, ChooseDecree, SetMeasure
from companion.core.decrees.model import validate_state
from companion.core.decrees.view import decree_view
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.session import Session
from companion.core.state import total_score
from tests.scoring_helpers import go_to, run, session


def test_the_best_colony_gains_the_round_number() -> None:
    assert [decree_points(r, {"Ana": 3, "Bo": 1}) for r in (1, 2, 3, 4)] == [
        {"Ana": 1, "Bo": 0}, {"Ana": 2, "Bo": 0}, {"Ana": 3, "Bo": 0}, {"Ana": 4, "Bo": 0}]


def test_tied_colonies_gain_one_each_whatever_the_round() -> None:
    assert decree_points(4, {"Ana": 3, "Bo": 3, "Cy": 1}) == {"Ana": 1, "Bo": 1, "Cy": 0}
    assert decree_points(4, {"Ana": 2, "Bo": 2, "Cy": 2}) == {"Ana": 1, "Bo": 1, "Cy": 1}


def test_every_measure_zero_scores_nobody() -> None:
    assert decree_points(3, {"Ana": 0, "Bo": 0}) == {"Ana": 0, "Bo": 0}


@pytest.mark.parametrize(("round_number", "measures", "message"), [
    (0, {"Ana": 1}, "between 1 and 4; got 0"),
    (5, {"Ana": 1}, "between 1 and 4; got 5"),
    (2, {"Ana": -1}, "Ana's measure must be between 0 and 99"),
    (2, {}, "at least one colony"),
])
def test_bad_input(round_number: int, measures: dict[str, int], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        decree_points(round_number, measures)


@pytest.fixture
def game(content: Content) -> Session:
    s = session(content, 3, expansions=("empires",), modules=("queens-decrees",))
    s.execute(ChooseDecree("adaptive-colony"))
    return s


def slumber(s: Session, evolutions: dict[str, int]) -> str:
    go_to(s, "slumber")
    for pid, n in evolutions.items():
        s.execute(SetMeasure(pid, n))
    return s.execute(ApplyDecree()).text


def test_adaptive_colony_over_four_rounds_with_ties(game: Session) -> None:
    assert known_decree("adaptive-colony")["measure"] == "Evolutions"
    labels = []
    for evolutions in ({"p1": 1, "p2": 0, "p3": 0}, {"p1": 2, "p2": 2, "p3": 1},
                       {"p1": 2, "p2": 3, "p3": 3}, {"p1": 4, "p2": 3, "p3": 3}):
        labels.append(slumber(game, evolutions))
        if game.state["round"] < 4:
            game.execute(NextPhase())
    assert labels == [
        "Adaptive Colony, round 1: Ana +1 CP",
        "Adaptive Colony, round 2: tie: Ana +1 CP, Bo +1 CP",
        "Adaptive Colony, round 3: tie: Bo +1 CP, Cy +1 CP",
        "Adaptive Colony, round 4: Ana +4 CP",
    ]
    assert game.state["scores"] == {"p1": [1, 1, 0, 4], "p2": [0, 1, 1, 0], "p3": [0, 0, 1, 0]}
    assert [total_score(game.state, p) for p in ("p1", "p2", "p3")] == [6, 2, 1]


def test_apply_and_undo(game: Session) -> None:
    go_to(game, "slumber")
    run(game, SetMeasure("p1", 0), SetMeasure("p2", 0), SetMeasure("p3", 0))
    before = copy.deepcopy(game.state)
    assert game.execute(ApplyDecree()).text == "Adaptive Colony, round 1: nobody scores (no colony has any)"
    assert game.state["scores"] == before["scores"]
    game.undo()
    assert game.state == before


def test_refusals_leave_the_game_unchanged(game: Session, content: Content) -> None:
    with pytest.raises(CommandError, match="scores at Slumber; this is Worker Phase"):
        game.execute(ApplyDecree())
    go_to(game, "slumber")
    game.execute(SetMeasure("p1", 2))
    before = copy.deepcopy(game.doc)
    for command, message in [
        (ApplyDecree(), "Enter every colony's Evolutions first: Bo and Cy still missing"),
        (SetMeasure("p9", 1), "No player 'p9'"),
        (SetMeasure("p2", -2), "Bo's measure must be between 0 and 99"),
        (SetMeasure("p1", 2), "already has 2 Evolutions"),
        (ChooseDecree("grand-design"), "No Queen's Decree 'grand-design'"),
        (ChooseDecree(decree_name="", measure="Chambers", criterion="x"), "name: String should have at least 1"),
    ]:
        with pytest.raises(CommandError, match=message):
            game.execute(command)
    assert game.doc == before
    unchosen = session(content, 2, expansions=("empires",), modules=("queens-decrees",))
    with pytest.raises(CommandError, match="Choose the Queen's Decree first"):
        unchosen.execute(SetMeasure("p1", 1))


def test_a_decree_typed_from_the_card(game: Session) -> None:
    label = game.execute(ChooseDecree(decree_name="Deep Tunnels", measure="Chambers",
                                      criterion="The colony with the most Chambers.")).text
    assert label == "Queen's Decree: Deep Tunnels"
    go_to(game, "slumber")
    run(game, SetMeasure("p1", 1), SetMeasure("p2", 2), SetMeasure("p3", 0))
    assert render(decree_view(game.state, game.content)["preview"], "en") == "Bo +1 CP"
    assert game.execute(ApplyDecree()).text == "Deep Tunnels, round 1: Bo +1 CP"


def test_adopt_and_validate(game: Session) -> None:
    state = copy.deepcopy(game.state)
    del state["modules_state"]["queens-decrees"]
    bring_up_to_date(state, game.content)
    assert state["modules_state"]["queens-decrees"]["measures"] == [{}, {}, {}, {}]
    state["modules_state"]["queens-decrees"]["measures"][0] = {"p8": 1}
    with pytest.raises(InvalidModuleState, match=r"measures\.0: no colony 'p8'"):
        validate_state(state["modules_state"]["queens-decrees"], state, game.content)
    state["modules_state"]["queens-decrees"]["measures"][0] = {"p1": True}
    with pytest.raises(InvalidModuleState, match=r"measures\[0\]\.p1: Input should be a valid integer"):
        validate_state(state["modules_state"]["queens-decrees"], state, game.content)
