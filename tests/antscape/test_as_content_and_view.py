"""The scorer's data file is checked on load; the view's sentences for ties, colonies and readings."""

from __future__ import annotations

import copy

import pytest

from companion.core.antscape.content import interpretations_for, parse_content, scorer_content
from companion.core.antscape.scoring import Board, grid_of, score_board
from companion.core.antscape.view import colony_badge, colony_note, winner_text
from companion.core.errors import ContentError
from companion.core.i18n import render


def test_the_data_file_has_the_six_cards_and_three_endings() -> None:
    content = scorer_content()
    assert [c["name"] for c in content["bonus_cards"]] == [
        "Trio triumph", "Bigger is better", "Land baron", "Divide and conquer", "Barricade", "Small but mighty"]
    assert [w["name"] for w in content["end_ways"]] == [
        "Everything is full", "The queen areas remain open", "Everyone passes"]
    assert len(content["turn"]) == 4


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["bonus_cards"].pop(), "bonus_cards must be the six cards"),
    (lambda d: d["bonus_cards"][0].update(id="trio"), r"bonus_cards\[0\]\.id: Input should be 'trio-triumph'"),
    (lambda d: d["turn"][0].update(extra=1), r"turn\[0\]\.extra: Extra inputs are not permitted"),
    (lambda d: d["end_ways"].reverse(), "end_ways must be all-claimed, queens-open, everyone-passed"),
])
def test_a_broken_data_file_is_refused_naming_the_field(change: object, message: str) -> None:
    data = copy.deepcopy(dict(scorer_content()))
    change(data)  # type: ignore[operator]
    with pytest.raises(ContentError, match=message):
        parse_content(data)


def test_interpretations_shown_with_each_card() -> None:
    assert any("straight line" in t for t in interpretations_for("barricade"))
    assert not any("straight line" in t for t in interpretations_for("land-baron"))
    assert any("Divide and conquer on a tie" in t for t in interpretations_for("divide-and-conquer"))
    assert len(interpretations_for(None)) == len(scorer_content()["interpretations"])


def test_the_sentences_for_colonies_and_ties() -> None:
    board = Board(players=("A", "B"), grid=grid_of(["A A - B", "- - - B", "- - - -", "- - - -"]),
                  bonus="divide-and-conquer", cards_left={"A": 3, "B": 3})
    result = score_board(board)
    assert [render(colony_note(board.bonus, c), "en") for c in result.colonies] == [
        "2 territories: counts for Divide and conquer.", "2 territories: counts for Divide and conquer."]
    assert [colony_badge(board.bonus, c) for c in result.colonies] == ["x2", "x2"]
    assert render(winner_text(result, {"A": "Ana", "B": "Bo"}, {"A": 3, "B": 3}), "en") == (
        "Ana and Bo tie with 6 points and have as many colony cards left: they share the win.")
    three = Board(players=("A", "B", "C"), grid=grid_of(["A:1 - B:1 - C:1"] + ["- - - - -"] * 4), bonus="trio-triumph",
                  cards_left={"A": 5, "B": 5, "C": 2})
    said = winner_text(score_board(three), {"A": "Ana", "B": "Bo", "C": "Cy"}, {"A": 5, "B": 5, "C": 2})
    assert render(said, "en") == (
        "Ana, Bo and Cy tie with 1 point; Ana and Bo have the most colony cards left (5) and share the win.")
    assert colony_badge("small-but-mighty", result.colonies[0]) == "x2 +0"
