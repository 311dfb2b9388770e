"""Antscape's end-game scoring on hand-checked grids: every Bonus Card, queens, totals, the tie-break.

Grids are written one row per string, a cell per word: "A:2" is A's territory worth 2,
"A" is A's worth 0, "-" unclaimed. Every expected number was counted by hand from the
grid drawn beside it (rulebook: Antscape, "Game End and Scoring", "A) Bonus Card Scoring").
"""

from __future__ import annotations

import pytest

from companion.core.antscape.scoring import (
    Board,
    end_conditions,
    find_colonies,
    grid_of,
    has_straight_four,
    score_board,
)

P3 = ("A", "B", "C")
P2 = ("A", "B")


def board(rows: list[str], bonus: str | None, players: tuple[str, ...] = P3, **extra: object) -> Board:
    return Board(players=players, grid=grid_of(rows), bonus=bonus, **extra)  # type: ignore[arg-type]


def bonus_points(rows: list[str], bonus: str, players: tuple[str, ...] = P3) -> dict[str, int]:
    result = score_board(board(rows, bonus, players))
    return {p: s.bonus for p, s in result.scores.items()}


def colonies(rows: list[str], bonus: str | None = None, players: tuple[str, ...] = P3) -> list[tuple[str, int, int]]:
    """(owner, size, bonus) per colony, in reading order."""
    return [(c.owner, c.size, c.bonus) for c in score_board(board(rows, bonus, players)).colonies]


# A: a single (1,1); a pair (1,3)-(1,4); a trio (3,1),(4,1),(4,2)
# B: a column of four (2,5)..(5,5); C: a trio in row 5 (5,1)-(5,3) is not touching A's trio? (4,1),(4,2) sit on
# (5,1),(5,2): different owners never join.
MIXED = [
    "A - A A -",
    "- - - - B",
    "A - - - B",
    "A A - - B",
    "C C C - B",
]


def test_colonies_are_orthogonal_groups_of_one_owner() -> None:
    assert colonies(MIXED) == [("A", 1, 0), ("A", 2, 0), ("B", 4, 0), ("A", 3, 0), ("C", 3, 0)]
    diagonal = ["A - - - -", "- A - - -", "- - A - -", "- - - - -", "- - - - -"]
    assert colonies(diagonal) == [("A", 1, 0)] * 3  # diagonals do not connect


def test_trio_triumph_scores_colonies_of_exactly_three() -> None:
    assert colonies(MIXED, "trio-triumph") == [("A", 1, 0), ("A", 2, 0), ("B", 4, 0), ("A", 3, 3), ("C", 3, 3)]
    assert bonus_points(MIXED, "trio-triumph") == {"A": 3, "B": 0, "C": 3}
    two_trios = ["A A A - B", "- - - - B", "A A A - B", "- - - - B", "- - - - B"]  # B: five in a column
    assert bonus_points(two_trios, "trio-triumph") == {"A": 6, "B": 0, "C": 0}


def test_bigger_is_better_by_size() -> None:
    # sizes: A 1 -> 0, A 2 -> 1, B 4 -> 5, A 3 -> 3, C 3 -> 3
    assert colonies(MIXED, "bigger-is-better") == [("A", 1, 0), ("A", 2, 1), ("B", 4, 5), ("A", 3, 3), ("C", 3, 3)]
    assert bonus_points(MIXED, "bigger-is-better") == {"A": 4, "B": 5, "C": 3}
    big = ["A A A A A", "A A A A A", "- - - - -", "B - - - -", "- - - - -"]  # 10 territories still 5; B 1 -> 0
    assert bonus_points(big, "bigger-is-better") == {"A": 5, "B": 0, "C": 0}


def test_land_baron_goes_to_the_largest_colony() -> None:
    # B's four is the largest: 6 to B alone, on that colony
    assert colonies(MIXED, "land-baron") == [("A", 1, 0), ("A", 2, 0), ("B", 4, 6), ("A", 3, 0), ("C", 3, 0)]
    assert bonus_points(MIXED, "land-baron") == {"A": 0, "B": 6, "C": 0}


def test_land_baron_tie_pays_every_tied_player() -> None:
    tie = ["A A A - B", "- - - - B", "C - - - B", "C - - - -", "- - - - -"]  # A 3, B 3, C 2
    assert bonus_points(tie, "land-baron") == {"A": 6, "B": 6, "C": 0}
    # A has two colonies of the top size: 6 once, shown on the first one in reading order
    twice = ["A A A - -", "- - - - -", "A A A - -", "- - - - -", "B B - - -"]
    assert colonies(twice, "land-baron") == [("A", 3, 6), ("A", 3, 0), ("B", 2, 0)]
    assert bonus_points(twice, "land-baron") == {"A": 6, "B": 0, "C": 0}


def test_land_baron_with_colonies_of_one_and_on_an_empty_grid() -> None:
    singles = ["A - B - C", "- - - - -", "A - - - -", "- - - - -", "- - - - -"]
    assert bonus_points(singles, "land-baron") == {"A": 6, "B": 6, "C": 6}  # every largest colony is 1 big
    empty = ["- - - - -"] * 5
    assert bonus_points(empty, "land-baron") == {"A": 0, "B": 0, "C": 0}


def test_divide_and_conquer_counts_colonies_of_two_or_more() -> None:
    # A: pair + trio (the single does not count) = 2; B: 1; C: 1 -> A
    assert bonus_points(MIXED, "divide-and-conquer") == {"A": 6, "B": 0, "C": 0}
    assert [c[2] for c in colonies(MIXED, "divide-and-conquer")] == [0, 0, 0, 0, 0]  # an award to a player
    # many colonies of one do not help: A has four singles, B one pair
    singles = ["A - A - A", "- - - - -", "A - - B B", "- - - - -", "- - - - -"]
    assert bonus_points(singles, "divide-and-conquer") == {"A": 0, "B": 6, "C": 0}


def test_divide_and_conquer_tie_and_nobody() -> None:
    tie = ["A A - B B", "- - - - -", "A A - B B", "- - - - -", "C - - - -"]  # A 2, B 2, C 0 (a single)
    assert bonus_points(tie, "divide-and-conquer") == {"A": 6, "B": 6, "C": 0}
    only_singles = ["A - B - C", "- - - - -", "- - - - -", "- - - - -", "- - - - -"]
    assert bonus_points(only_singles, "divide-and-conquer") == {"A": 0, "B": 0, "C": 0}


L_WITH_FOUR = ["A A A A -", "A - - - -", "- - - - -", "- - - - -", "- - - - -"]  # row 1 cols 1-4 + (2,1)
L_WITHOUT_FOUR = ["A A A - -", "- - A - -", "- - A - -", "- - - - -", "- - - - -"]  # 3 across, 3 down
FIVE_IN_A_ROW = ["- - - - -", "- - - - -", "B B B B B", "- - - - -", "- - - - -"]


@pytest.mark.parametrize(("rows", "points"), [
    (L_WITH_FOUR, 6),
    (L_WITHOUT_FOUR, 0),
    (FIVE_IN_A_ROW, 6),
    (["A - - - -", "A - - - -", "A - - - -", "A - - - -", "- - - - -"], 6),  # four down a column
    (["A A - - -", "A A - - -", "- - - - -", "- - - - -", "- - - - -"], 0),  # a square of four
    (["A A - A A", "- - - - -", "- - - - -", "- - - - -", "- - - - -"], 0),  # a gap breaks the line
    (["A A A A -", "A - - - -", "A - - - -", "A - - - -", "- - - - -"], 6),  # two lines: one award
])
def test_barricade_needs_four_side_by_side_in_a_row_or_column(rows: list[str], points: int) -> None:
    assert sum(c[2] for c in colonies(rows, "barricade")) == points
    assert bonus_points(rows, "barricade")["A" if "A" in "".join(rows) else "B"] == points


def test_barricade_per_colony_and_the_straight_line_helper() -> None:
    two = ["A A A A -", "- - - - -", "A A A A -", "- - - - -", "B B B - -"]
    assert bonus_points(two, "barricade") == {"A": 12, "B": 0, "C": 0}
    assert has_straight_four([(1, 1), (1, 2), (1, 3), (1, 4)])
    assert not has_straight_four([(1, 1), (1, 2), (1, 3), (2, 3)])


def test_small_but_mighty_costs_three_per_colony_of_four_or_fewer() -> None:
    # A: 1, 2, 3 -> -9; B: 4 -> -3; C: 3 -> -3
    assert bonus_points(MIXED, "small-but-mighty") == {"A": -9, "B": -3, "C": -3}
    five = [*FIVE_IN_A_ROW[:2], "B B B B B", "- - - - -", "A - - - -"]
    assert bonus_points(five, "small-but-mighty") == {"A": -3, "B": 0, "C": 0}  # five territories: safe


def test_totals_add_bonus_queen_and_territories() -> None:
    rows = [
        "A:2 A:1 A:3 - B:2",
        "- - - - B:1",
        "C:1 - - - B:3",
        "- - - - -:4",
        "- - - - -",
    ]
    result = score_board(board(rows, "trio-triumph", queens=frozenset({"B"})))
    scores = {p: (s.bonus, s.queen, s.territories, s.total) for p, s in result.scores.items()}
    assert scores == {"A": (3, 0, 6, 9), "B": (3, 2, 6, 11), "C": (0, 0, 1, 1)}
    assert result.winners == ("B",) and result.tie_break == "none"
    # unclaimed points (the 4 at row 4) go to nobody


def test_two_player_grids_are_four_by_four() -> None:
    rows = [
        "A:1 A:2 A:1 A:3",   # A: a straight four plus (2,1): one colony of 5
        "A:2 B:1 B:2 -:1",
        "- B:3 - -",
        "B:1 - - B:2",
    ]
    result = score_board(board(rows, "barricade", P2, queens=frozenset({"A", "B"})))
    assert [(c.owner, c.size, c.bonus) for c in result.colonies] == [
        ("A", 5, 6), ("B", 3, 0), ("B", 1, 0), ("B", 1, 0)]
    assert {p: s.total for p, s in result.scores.items()} == {"A": 6 + 2 + 9, "B": 0 + 2 + 9}
    assert bonus_points(rows, "divide-and-conquer", P2) == {"A": 6, "B": 6}  # 1 colony of 2+ each: a tie
    assert bonus_points(rows, "land-baron", P2) == {"A": 6, "B": 0}
    assert bonus_points(rows, "small-but-mighty", P2) == {"A": 0, "B": -9}


def test_two_player_divide_and_conquer_tie_pays_both() -> None:
    rows = ["A A - B", "- - - B", "A - - -", "A - B B"]
    assert bonus_points(rows, "divide-and-conquer", P2) == {"A": 6, "B": 6}


TIED = ["A:3 - B:3 - -", "- - - - -", "C:1 - - - -", "- - - - -", "- - - - -"]


def test_tie_break_most_colony_cards_left() -> None:
    result = score_board(board(TIED, "trio-triumph", cards_left={"A": 4, "B": 6, "C": 9}))
    assert result.leaders == ("A", "B") and result.winners == ("B",) and result.tie_break == "cards"


def test_tie_break_missing_numbers_and_a_shared_win() -> None:
    missing = score_board(board(TIED, "trio-triumph", cards_left={"A": 4}))
    assert missing.winners == ("A", "B") and missing.tie_break == "missing"
    shared = score_board(board(TIED, "trio-triumph", cards_left={"A": 5, "B": 5, "C": 0}))
    assert shared.winners == ("A", "B") and shared.tie_break == "shared"
    # the trailing player's cards do not matter
    clear = score_board(board(["A:3 - - - -", *TIED[1:]], "trio-triumph", cards_left={"C": 9}))
    assert clear.winners == ("A",) and clear.tie_break == "none"


def test_what_the_grid_says_about_the_end() -> None:
    full = ["A B A B A"] * 5
    assert end_conditions(board(full, None)) == {"all-claimed": True, "queens-open": False}
    open_queens = ["A B A B A", "A B - B A", "A B A B A", "A B A - A", "A B A B A"]
    marks = frozenset({(2, 3), (4, 4)})
    assert end_conditions(board(open_queens, None, queen_territories=marks)) == {
        "all-claimed": False, "queens-open": True}
    assert end_conditions(board(open_queens, None)) == {"all-claimed": False, "queens-open": False}


def test_find_colonies_lists_cells_in_reading_order() -> None:
    found = find_colonies(board(L_WITH_FOUR, None))
    assert found[0].cells == ((1, 1), (1, 2), (1, 3), (1, 4), (2, 1))
