"""The points tally: the floor, and what is read back from the device."""

from __future__ import annotations

import pytest

from companion.ui.tally import MAX_ENTRIES, Tally


def test_the_sum_stays_at_or_above_the_floor() -> None:
    tally = Tally()  # no game chosen: not below 0
    tally.add(3)
    assert not tally.can_add(-5)
    tally.add(-5)  # refused, not clamped
    assert tally.entries == [3] and tally.total == 3
    tally.add(-3)
    assert tally.total == 0


def test_a_game_without_a_floor_allows_negative_sums() -> None:
    tally = Tally(floor=None)
    tally.add(-5)
    assert tally.total == -5


def test_the_saved_tally_comes_back() -> None:
    tally = Tally([5, 3, -1], "g-00000001", "p2")
    again = Tally.from_saved(tally.to_saved())
    assert (again.entries, again.game_id, again.player_id) == ([5, 3, -1], "g-00000001", "p2")


@pytest.mark.parametrize("saved", [None, "", "not json", "[1, 2]", '{"entries": "5"}',
                                   '{"entries": [1.5]}', '{"entries": [true]}', '{"entries": [100000]}',
                                   '{"entries": [' + ",".join(["1"] * (MAX_ENTRIES + 1)) + "]}"])
def test_anything_else_read_back_is_ignored(saved: object) -> None:
    assert Tally.from_saved(saved).entries == []


def test_a_player_without_a_game_is_dropped() -> None:
    again = Tally.from_saved('{"entries": [2], "game": 7, "player": "p1"}')
    assert again.entries == [2] and again.game_id is None and again.player_id is None
