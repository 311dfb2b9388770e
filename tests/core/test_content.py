"""Game content is validated on load: counts, ranges and cross-links."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from companion.core.content import Content, _parse, load_json
from companion.core.errors import ContentError


def test_the_shipped_content_has_the_games_and_their_numbers(content: Content) -> None:
    mota, evolved, antscape = content.games["mota"], content.games["evolved"], content.games["antscape"]
    assert mota.colours == ("red", "yellow", "black", "blue", "purple")
    assert antscape.colours == ("blue", "pink", "yellow", "green")
    assert (mota.rounds, evolved.rounds, evolved.advanced_rounds) == (4, 4, 5)
    assert mota.modes == {"competitive": (2, 5), "solo": (1, 1), "coop": (2, 4), "asymmetric": (3, 5)}
    assert antscape.modes == {"competitive": (2, 4)}
    assert [p.label for p in mota.phases] == [
        "Worker Phase", "Soldier Phase", "Queen Phase: Harvest", "Queen Phase: Feeding",
        "Queen Phase: Royal Decree", "Queen Phase: Slumber",
    ]
    assert content.variants["eve-of-the-antperium"].players == (3, 4)
    assert set(content.expansions["minions"].modules) == {"minions-base", "aphids", "parasites", "predators"}
    assert len(content.modules) == 12 and len(content.setup_steps) >= 40


def raw() -> tuple[dict[str, Any], dict[str, Any]]:
    return copy.deepcopy(load_json("game/games.json")), copy.deepcopy(load_json("game/setup.json"))


def test_a_module_of_an_unknown_expansion_is_caught() -> None:
    games, steps = raw()
    games["expansions"]["minions"]["modules"].append("ladybugs")
    with pytest.raises(ContentError, match="module 'ladybugs' unknown"):
        _parse(games, steps)


def test_a_bad_player_range_is_caught() -> None:
    games, steps = raw()
    games["games"]["mota"]["modes"]["solo"] = [0, 1]
    with pytest.raises(ContentError, match="outside 1-5"):
        _parse(games, steps)


def test_duplicate_phase_ids_are_caught() -> None:
    games, steps = raw()
    games["games"]["mota"]["phases"].append(dict(games["games"]["mota"]["phases"][0]))
    with pytest.raises(ContentError, match="unique ids"):
        _parse(games, steps)


def test_a_setup_step_naming_an_unknown_variant_is_caught() -> None:
    games, steps = raw()
    steps["steps"][0]["when"] = {"variant": "winter"}
    with pytest.raises(ContentError, match="unknown variant 'winter'"):
        _parse(games, steps)


def test_duplicate_setup_step_ids_are_caught() -> None:
    games, steps = raw()
    steps["steps"].append(dict(steps["steps"][0]))
    with pytest.raises(ContentError, match="duplicate step id"):
        _parse(games, steps)
