"""Fields: every text field labelled one way (its label above it at the player's size); number fields use exactly
what they show: no silent rewriting, a sentence instead."""

from __future__ import annotations

import re
from pathlib import Path

import flet as ft
import pytest

from companion.ui.fields import number_field, text_field, whole_number
from companion.ui.theme import Sizes

COMPANION = Path(__file__).resolve().parents[2] / "companion"


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
    box = number_field("New hex number", "-5", Sizes(), low=1, high=99).box
    assert box.input_filter is None
    assert box.value == "-5"
    assert box.error == "Type a whole number from 1 to 99."
    assert number_field("New hex number", "", Sizes(), low=1, high=99).box.error is None


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_a_label_is_a_text_above_its_field_at_the_players_size(scale: float) -> None:
    """The label drawn above the field grows with the text size (Flutter's own label stayed at 12-16 px), and the
    field keeps the same words as its name (in its decoration's label, in a box of no size)."""
    sizes = Sizes(scale)
    field = text_field("Code from the host's screen", sizes, value="12")
    assert isinstance(field.control, ft.Column)
    words, placed = field.control.controls
    assert isinstance(words, ft.Semantics) and isinstance(placed, ft.Semantics)
    label, box = words.content, placed.content
    assert box is field.box and isinstance(label, ft.Text)
    assert label.value == "Code from the host's screen" and label.size == 16 * scale
    assert not label.no_wrap and label.max_lines is None  # wraps on as many lines as it needs
    name = box.label
    assert isinstance(name, ft.Container) and name.width == 0 and name.height == 0
    assert isinstance(name.content, ft.Text) and name.content.value == label.value
    assert box.value == "12" and box.label_style is None


def test_no_text_field_is_built_outside_the_one_helper() -> None:
    """``fields.text_field`` is the one way: a field built with Flet's own label draws it inside its border."""
    found = [f"{path.relative_to(COMPANION)}:{n}" for path in sorted(COMPANION.rglob("*.py"))
             if path.name != "fields.py" or path.parent.name != "ui"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if re.search(r"\bTextField\(", line)]
    assert found == []
