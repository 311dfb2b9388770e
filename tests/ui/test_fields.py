"""Number fields use exactly what they show: no silent rewriting, a sentence instead."""

from __future__ import annotations

import pytest

from companion.ui.fields import number_field, whole_number
from companion.ui.theme import Sizes


@pytest.mark.parametrize(("typed", "value"), [("12", 12), (" 7 ", 7), ("-3", -3), ("0", 0)])
def test_whole_numbers_are_taken_as_typed(typed: str, value: int) -> None:
    assert whole_number(typed) == (value, None)


@pytest.mark.parametrize("typed", ["4.5", "-", "1 2", "+5", "5e2", "1,000", "abc", "--5", "٣"])
def test_anything_else_is_refused_never_rewritten(typed: str) -> None:
    value, problem = whole_number(typed)
    assert value is None and problem == "Type a whole number, such as 12 or -3."


def test_blank_is_not_answered_yet_rather_than_wrong() -> None:
    assert whole_number("") == (None, None)
    assert whole_number("   ") == (None, None)


def test_the_range_is_part_of_the_sentence() -> None:
    assert whole_number("-5", 1, 99) == (None, "Type a whole number from 1 to 99.")  # was rewritten to hex 5
    assert whole_number("4.5", 1, 99) == (None, "Type a whole number from 1 to 99.")  # was rewritten to hex 45
    assert whole_number("100", 1, 99)[1] == "Type a whole number from 1 to 99."
    assert whole_number("99", 1, 99) == (99, None)
    assert whole_number("-1", 0)[1] == "Type a whole number of at least 0."
    assert whole_number("11", None, 10)[1] == "Type a whole number of at most 10."


def test_the_field_has_no_rewriting_filter_and_says_what_is_wrong_from_the_start() -> None:
    box = number_field("New hex number", "-5", Sizes(), low=1, high=99)
    assert box.input_filter is None
    assert box.value == "-5"
    assert box.error == "Type a whole number from 1 to 99."
    assert number_field("New hex number", "", Sizes(), low=1, high=99).error is None
