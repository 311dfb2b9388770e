"""Every session command, its validation and its label, with concrete numbers."""

from __future__ import annotations

import pytest

from companion.core.commands.scoring import AdjustScore, SetScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.state import cumulative_scores, total_score
from tests.helpers import four_players


def make_session(content: Content, game: str = "mota", players: tuple[PlayerSpec, ...] | None = None,
                 advanced: bool = False) -> Session:
    setup = GameSetup(game=game, players=players or four_players(), advanced_track=advanced)
    return Session(new_doc("g-test", "Test", new_state(setup, content, seed=7)), content=content)


def test_adjust_score_books_points_in_the_current_round(content: Content) -> None:
    s = make_session(content)
    assert s.execute(AdjustScore("p2", 3)).text == "Bo +3 CP"
    s.execute(NextRound())
    s.execute(AdjustScore("p2", 2))
    s.execute(AdjustScore("p2", -1))
    assert s.state["scores"]["p2"] == [3, 1, 0, 0]
    assert total_score(s.state, "p2") == 4
    assert cumulative_scores(s.state, "p2") == [3, 4, 4, 4]


@pytest.mark.parametrize(
    ("player_id", "delta", "message"),
    [
        ("p9", 1, "No player 'p9'"),
        ("p1", 0, "A change of 0 does nothing"),
        ("p1", 51, "between -50 and 50"),
        ("p1", 2.5, "whole number"),
        ("p1", True, "whole number"),
        ("p1", -1, "Ana has 0 CP; the total cannot go below 0"),
    ],
)
def test_adjust_score_refuses_bad_input_and_changes_nothing(
    content: Content, player_id: str, delta: object, message: str
) -> None:
    s = make_session(content)
    before = s.doc
    with pytest.raises(CommandError, match=message):
        s.execute(AdjustScore(player_id, delta))  # type: ignore[arg-type]
    assert s.doc is before
    assert s.state["scores"]["p1"] == [0, 0, 0, 0]


def test_set_score_books_the_difference_in_the_current_round(content: Content) -> None:
    s = make_session(content)
    s.execute(AdjustScore("p1", 5))
    s.execute(NextRound())
    assert s.execute(SetScore("p1", 12)).text == "Ana total set to 12 CP"
    assert s.state["scores"]["p1"] == [5, 7, 0, 0]
    s.execute(SetScore("p1", 2))
    assert s.state["scores"]["p1"] == [5, -3, 0, 0]
    assert total_score(s.state, "p1") == 2
    with pytest.raises(CommandError, match="already has 2"):
        s.execute(SetScore("p1", 2))
    with pytest.raises(CommandError, match="between 0 and 999"):
        s.execute(SetScore("p1", -1))


def test_antscape_scores_may_go_negative(content: Content) -> None:
    players = (PlayerSpec("Irene", "pink"), PlayerSpec("Jo", "green"))
    s = make_session(content, game="antscape", players=players)
    assert s.execute(AdjustScore("p1", -3)).text == "Irene -3 pts"
    assert total_score(s.state, "p1") == -3


def test_phases_run_in_order_then_the_round_advances(content: Content) -> None:
    s = make_session(content)
    labels = [s.execute(NextPhase()).text for _ in range(6)]
    assert labels == [
        "Next: Soldier Phase",
        "Next: Queen Phase: Harvest",
        "Next: Queen Phase: Feeding",
        "Next: Queen Phase: Royal Decree",
        "Next: Queen Phase: Slumber",
        "Round 2: Worker Phase",
    ]
    assert (s.state["round"], s.state["phase"]) == (2, "worker")


def test_evolved_edition_uses_its_own_names_and_the_advanced_track(content: Content) -> None:
    s = make_session(content, game="evolved", advanced=True)
    assert s.state["rounds"] == 5
    assert s.state["scores"]["p1"] == [0, 0, 0, 0, 0]
    for _ in range(5):
        s.execute(NextPhase())
    assert s.state["phase"] == "slumber"
    assert content.games["evolved"].phase("slumber").label == "Queen phase: Dormancy"


def test_next_round_skips_the_remaining_phases(content: Content) -> None:
    s = make_session(content)
    s.execute(NextPhase())
    assert s.execute(NextRound()).text == "Start round 2"
    assert (s.state["round"], s.state["phase"]) == (2, "worker")


def test_the_last_round_cannot_be_passed_and_finishing_names_the_winner(content: Content) -> None:
    s = make_session(content)
    for _ in range(3):
        s.execute(NextRound())
    with pytest.raises(CommandError, match="last round"):
        s.execute(NextRound())
    for _ in range(5):
        s.execute(NextPhase())
    with pytest.raises(CommandError, match="last phase of the last round"):
        s.execute(NextPhase())
    s.execute(AdjustScore("p3", 9))
    s.execute(FinishGame())
    ended = s.state["ended"]
    assert (ended["code"], ended["winners"]) == ("rounds-complete", ["p3"])
    assert render(ended["reason"], "en") == "All 4 rounds played: Cy wins with 9."
    assert render(ended["reason"], "es") == "Jugadas las 4 rondas: gana Cy con 9."
    with pytest.raises(CommandError, match="The game is over"):
        s.execute(AdjustScore("p1", 1))


def test_finishing_early_is_refused_and_ties_are_shared(content: Content) -> None:
    s = make_session(content)
    with pytest.raises(CommandError, match="Round 1 of 4 is still to play"):
        s.execute(FinishGame())
    for _ in range(3):
        s.execute(NextRound())
    s.execute(AdjustScore("p1", 4))
    s.execute(AdjustScore("p4", 4))
    s.execute(FinishGame())
    assert s.state["ended"]["winners"] == ["p1", "p4"]
    assert render(s.state["ended"]["reason"], "en") == "All 4 rounds played: Ana and Di tie with 4."
    assert render(s.state["ended"]["reason"], "es") == "Jugadas las 4 rondas: Ana y Di empatan con 4."
