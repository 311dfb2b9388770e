"""The Broodmother's content files are checked whole on load: a fault names the file and the field."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.core.broodmother.content import BROOD
from companion.core.errors import ContentError

BM = "data/broodmother"


def set_at(*keys: str | int, value: Any) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in keys[:-1]:
            data = data[key]
        data[keys[-1]] = value
    return change


def drop(*keys: str | int) -> Callable[[Any], None]:
    def change(data: Any) -> None:
        for key in keys[:-1]:
            data = data[key]
        del data[keys[-1]]
    return change


def repeat_first_step(data: Any) -> None:
    data["steps"].append(dict(data["steps"][0]))


MALFORMED = [
    ("difficulty.json", set_at("rows", 2, "plot", value="6"),
     "difficulty.json: rows[2].plot: Input should be a valid integer"),
    ("difficulty.json", set_at("rows", 0, "cp", value=61),
     "difficulty.json: rows[0].cp: Input should be less than or equal to 60"),
    ("deck.json", drop("limits", "max_cards"), "deck.json: limits.max_cards: Field required"),
    ("difficulty.json", set_at("rows", 0, "easy", "food", value=1),
     "difficulty.json: rows[0].easy.food: Extra inputs are not permitted"),
    ("asymmetric.json", set_at("powers", 0, "text", value="x" * 601),
     "asymmetric.json: powers[0].text: String should have at most 600"),
    ("deck.json", set_at("actions", 1, "summary", value="  "),
     "deck.json: actions[1].summary: expected a non-empty text"),
    ("deck.json", set_at("default_composition", 0, "type", value="ambush"),
     "deck.json: default_composition[0].type: unknown card type 'ambush'"),
    ("deck.json", set_at("card_types", 0, "share", value=39),
     "deck.json: card_types: card type shares must add up to 100"),
    ("checklist.json", repeat_first_step, "checklist.json: steps[20].id: duplicate id 'hex-deck'"),
    ("checklist.json", set_at("steps", 3, "when", "difficulty", value=["hard"]),
     "checklist.json: steps[3].when.difficulty[0]: Input should be 'easy', 'normal' or 'difficult', not 'hard'"),
    ("interpretations.json", set_at("interpretations", 3, "text", value="Because."),
     "interpretations.json: interpretations[3].text: text must start with 'Interpretation: '"),
    ("machinations.json", set_at("after_level_3", 1, "id", value="nothing"),
     "machinations.json: after_level_3: must offer nothing and expand-again"),
]


@pytest.mark.parametrize(("name", "change", "message"), MALFORMED, ids=[m for _, _, m in MALFORMED])
def test_a_malformed_broodmother_file_is_refused_naming_file_and_field(
    edit_data: Callable[..., Path], name: str, change: Callable[[Any], None], message: str
) -> None:
    edit_data(f"broodmother/{name}", change)
    with pytest.raises(ContentError, match="^" + re.escape(f"{BM}/{message}")):
        BROOD.read("broodmother")


def test_the_shipped_files_load_with_their_numbers() -> None:
    bc = BROOD.read("broodmother")
    assert (bc.rows[3].plot, bc.rows[3].cp, bc.rows[3].centipedes) == (6, 18, 9)
    assert bc.rows[1].adjustments("easy") == {"larvae": 2, "initiative": 1}
    assert bc.deck_limits == {"max_count": 60, "max_ferocity": 9, "max_cards": 120}
    assert (bc.chambers.type, bc.chambers.count) == ("evolution", 6)
    assert len(bc.interpretations) >= 30 and all(i.text.startswith("Interpretation: ")
                                                 for i in bc.interpretations.values())
