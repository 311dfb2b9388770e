"""The grid file: the example scores as counted by hand, and each invalid file is refused naming the cell or field."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.antscape import GridFileError, parse_grid_file, read_grid_file, result_json, score_board

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "docs" / "examples" / "antscape-3p.json"


def three_players() -> dict[str, Any]:
    return {
        "players": ["Ana", "Bo", "Cy"],
        "bonus": "land-baron",
        "grid": [["Ana:2", "Bo:1", "-:3", "-", "Cy:1"]] + [["-"] * 5 for _ in range(4)],
        "queens": ["Ana"],
        "cards_left": {"Ana": 7, "Bo": 5, "Cy": 5},
    }


def two_players() -> dict[str, Any]:
    return {"players": ["Ana", "Bo"], "bonus": "trio-triumph",
            "grid": [["Ana:1", "Ana:1", "Ana:1", "Bo:2"]] + [["-"] * 4 for _ in range(3)]}


def refused(data: Any) -> str:
    with pytest.raises(GridFileError) as caught:
        parse_grid_file(data)
    return str(caught.value)


def changed(base: dict[str, Any], **fields: Any) -> dict[str, Any]:
    out = copy.deepcopy(base)
    out.update(fields)
    return out


def with_cell(base: dict[str, Any], row: int, col: int, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(base)
    out["grid"][row - 1][col - 1] = value
    return out


def test_the_example_file_scores_as_counted_by_hand() -> None:
    board = read_grid_file(EXAMPLE.read_text(encoding="utf-8"))
    out = result_json(score_board(board))
    # Ana: row 1 cols 1-4 + (2,4) = a straight four: Barricade 6; territories 3+1+3+1+2+3+2 = 15
    # Bo: queen 2; territories 2+1+3+2+1+1+2+1 = 13; Cy: column 1 rows 2-5 is a straight four: 6; 15
    assert out["scores"] == {
        "Ana": {"bonus": 6, "queen": 0, "territories": 15, "total": 21},
        "Bo": {"bonus": 0, "queen": 2, "territories": 13, "total": 15},
        "Cy": {"bonus": 6, "queen": 0, "territories": 15, "total": 21},
    }
    assert out["winners"] == ["Cy"]  # the tie at 21 goes to Cy: 5 colony cards left against Ana's 4
    assert out["colonies"][0] == {"owner": "Ana", "cells": [[1, 1], [1, 2], [1, 3], [1, 4], [2, 4]], "bonus": 6}
    assert [(c["owner"], len(c["cells"]), c["bonus"]) for c in out["colonies"]] == [
        ("Ana", 5, 6), ("Bo", 3, 0), ("Cy", 5, 6), ("Bo", 3, 0), ("Ana", 1, 0), ("Cy", 3, 0), ("Bo", 2, 0),
        ("Ana", 1, 0)]


def test_the_issue_s_shape_of_a_file_and_optional_fields() -> None:
    out = result_json(score_board(parse_grid_file(three_players())))
    assert out["scores"]["Ana"] == {"bonus": 6, "queen": 2, "territories": 2, "total": 10}  # three singles tie
    assert out["scores"]["Bo"]["total"] == 7 and out["scores"]["Cy"]["total"] == 7
    assert out["winners"] == ["Ana"]
    bare = two_players()
    assert result_json(score_board(parse_grid_file(bare)))["scores"]["Ana"]["total"] == 6  # trio 3 + 3 points


@pytest.mark.parametrize(("data", "message"), [
    # the grid's size for the player count
    (changed(three_players(), grid=[["-"] * 4 for _ in range(4)]),
     "grid: a 3-player game is scored on a 5x5 grid; this one has 4 rows."),
    (changed(two_players(), grid=[["-"] * 5 for _ in range(5)]),
     "grid: a 2-player game is scored on a 4x4 grid; this one has 5 rows."),
    (changed(three_players(), grid=[["-"] * 5, ["-"] * 4, ["-"] * 5, ["-"] * 5, ["-"] * 5]),
     "grid row 2: a 3-player game is scored on a 5x5 grid; this row has 4 cells."),
    # a cell
    (with_cell(three_players(), 2, 3, "Dee:2"),
     "grid row 2, column 3: 'Dee' is not a player here (the players are Ana, Bo, Cy)."),
    (with_cell(three_players(), 1, 2, "Bo:-1"),
     "grid row 1, column 2: a territory cannot be worth a negative number of points ('Bo:-1')."),
    (with_cell(three_players(), 3, 1, "Ana:x"), "grid row 3, column 1: the points in 'Ana:x' must be a whole number."),
    (with_cell(three_players(), 4, 5, "Ana"),
     "grid row 4, column 5: 'Ana': write OWNER:POINTS, like \"Ana:2\" (or \"-\" for an unclaimed territory)."),
    (with_cell(three_players(), 5, 2, 3),
     "grid row 5, column 2: write the cell as text, like \"Ana:2\" (or \"-\" for unclaimed)."),
    (with_cell(three_players(), 1, 1, "Ana:25"),
     "grid row 1, column 1: 25 points for one territory is surely a typo (at most 20)."),
    # the bonus
    (changed(three_players(), bonus="biggest-wins"),
     "bonus: unknown bonus card 'biggest-wins'; choose one of trio-triumph, bigger-is-better, land-baron, "
     "divide-and-conquer, barricade, small-but-mighty."),
    (changed(three_players(), bonus=3), "bonus: must be text in quotes."),
    # queens and queen territories
    (changed(three_players(), queens=["Dee"]),
     "queens item 1: 'Dee' is not a player here (the players are Ana, Bo, Cy)."),
    (changed(three_players(), queens=["Bo", "Bo"]), "queens item 2: Bo is listed twice; each player has one queen."),
    (changed(three_players(), queens=["Ana", "Cy"], grid=[["Ana:2", "Bo:1", "-", "-", "-"]] + [["-"] * 5] * 4),
     "queens item 2: Cy claimed no territory on the grid, so no queen can sit on one."),
    (changed(two_players(), queen_territories=[[1, 1], [2, 2]]),
     "queen_territories: a 2-player game has only one queen territory; this file marks 2."),
    (changed(three_players(), queen_territories=[[1, 1], [2, 2], [3, 3]]),
     "queen_territories: a 3-player game has 2 queen territories; this file marks 3."),
    (changed(three_players(), queen_territories=[[6, 1]]),
     "queen_territories item 1: write [row, column] with both from 1 to 5; got [6, 1]."),
    # cards left
    (changed(three_players(), cards_left={"Ana": "7"}), "cards_left, Ana: must be a whole number."),
    (changed(three_players(), cards_left={"Ana": -1}),
     "cards_left, Ana: -1 colony cards left; a player has 10 colony cards in all."),
    (changed(three_players(), cards_left={"Dee": 3}),
     "cards_left, Dee: 'Dee' is not a player here (the players are Ana, Bo, Cy)."),
    # players and the file's shape
    (changed(three_players(), players=["Ana"]), "players: Antscape is for 2-4 players; this file lists 1."),
    (changed(three_players(), players=["Ana", "Bo", "ana"]), "players item 3: 'ana' is listed twice."),
    ({k: v for k, v in three_players().items() if k != "bonus"}, "bonus: is required."),
    (changed(three_players(), colours=["blue"]),
     "colours: unknown field; the fields are players, bonus, grid, queens, cards_left, queen_territories."),
    ([1, 2, 3], "The file must hold one JSON object with players, bonus and grid."),
    (changed(three_players(), grid="Ana:2"), "grid: must be a list [...]."),
])
def test_an_invalid_file_is_refused_naming_the_cell_or_field(data: Any, message: str) -> None:
    assert refused(data) == message


def test_text_that_is_not_json() -> None:
    with pytest.raises(GridFileError, match=r"^Not valid JSON \(line 1, column 2"):
        read_grid_file("{players: []}")


def test_cell_spelling_is_forgiving_where_it_is_unambiguous() -> None:
    data = with_cell(three_players(), 1, 3, "-:3")
    data["grid"][1][0] = " Ana : 4 "
    board = parse_grid_file(data)
    assert board.cell((1, 3)).owner is None and board.cell((1, 3)).points == 3
    assert board.cell((2, 1)).owner == "Ana" and board.cell((2, 1)).points == 4
    assert json.loads(json.dumps(result_json(score_board(board))))  # plain JSON all through
