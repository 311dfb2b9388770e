"""Game content is validated on load: counts, ranges and cross-links."""

from __future__ import annotations

import copy
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import companion.core.content as content_module
import companion.core.datafiles as datafiles
from companion.core.content import Content, _parse, load_content, load_json
from companion.core.errors import ContentError
from tests.helpers import needs_processes


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
    ladybugs = {"schema": 1, "modules": {"ladybugs": {"name": "Ladybugs", "expansion": "winter", "order": 50}}}
    fault = "data/ladybugs/module.json: modules.ladybugs.expansion: unknown expansion 'winter'"
    with pytest.raises(ContentError, match="^" + re.escape(fault)):
        _parse(games, steps, [("data/ladybugs/module.json", ladybugs)])


def test_a_module_two_units_declare_is_caught() -> None:
    games, steps = raw()
    aphids = {"schema": 1, "modules": {"aphids": {"name": "Aphids", "expansion": "minions", "order": 20}}}
    fault = "data/b/module.json: modules.aphids: declared by another module unit"
    with pytest.raises(ContentError, match="^" + re.escape(fault)):
        _parse(games, steps, [("data/a/module.json", aphids), ("data/b/module.json", aphids)])


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


# --- a malformed data file is refused whole, naming the file and the field -------------------------

GAMES, SETUP = "data/game/games.json", "data/game/setup.json"


def rounds_as_text(g: Any) -> None:
    g["games"]["mota"]["rounds"] = "4"


def phase_without_id(g: Any) -> None:
    g["games"]["mota"]["phases"][2].pop("id")


def step_with_a_colour(s: Any) -> None:
    s["steps"][0]["colour"] = "red"


def long_phase_name(g: Any) -> None:
    g["games"]["mota"]["phases"][2]["name"] = "Harvest" * 12


def step_of_an_unknown_module(s: Any) -> None:
    s["steps"][2]["when"]["module"] = "ladybugs"


def game_of_an_unknown_expansion(g: Any) -> None:
    g["games"]["evolved"]["expansions"].append("winter")


def unknown_mode(g: Any) -> None:
    g["games"]["mota"]["modes"]["duel"] = [2, 2]


def unknown_condition(s: Any) -> None:
    s["steps"][3]["when"]["season"] = "spring"


MALFORMED = [
    ("game/games.json", rounds_as_text, f"{GAMES}: games.mota.rounds: Input should be a valid integer"),
    ("game/games.json", phase_without_id, f"{GAMES}: games.mota.phases[2].id: Field required"),
    ("game/setup.json", step_with_a_colour, f"{SETUP}: steps[0].colour: Extra inputs are not permitted"),
    ("game/games.json", long_phase_name, f"{GAMES}: games.mota.phases[2].name: String should have at most 80"),
    ("game/setup.json", step_of_an_unknown_module, f"{SETUP}: steps[2].when.module: unknown module 'ladybugs'"),
    ("game/games.json", game_of_an_unknown_expansion,
     f"{GAMES}: games.evolved.expansions[1]: expansion 'winter' unknown or of another game"),
    ("game/games.json", unknown_mode, f"{GAMES}: games.mota.modes.duel (the key): Input should be 'competitive'"),
    ("game/setup.json", unknown_condition, f"{SETUP}: steps[3].when.season: Extra inputs are not permitted"),
]


@pytest.mark.parametrize(("relative", "change", "message"), MALFORMED, ids=[m for _, _, m in MALFORMED])
def test_a_malformed_content_file_is_refused_naming_file_and_field(
    edit_data: Callable[..., Path], relative: str, change: Callable[[Any], None], message: str
) -> None:
    edit_data(relative, change)
    with pytest.raises(ContentError, match="^" + re.escape(message)):
        load_content.__wrapped__()


def test_a_file_checked_once_is_not_checked_again_until_it_changes(
    edit_data: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPANION_CACHE", str(tmp_path / "cache"))
    games = edit_data("game/games.json", lambda g: None)
    load_content.__wrapped__()
    assert len(list((tmp_path / "cache" / "checked").iterdir())) == 2  # a stamp per file
    calls: list[object] = []
    monkeypatch.setattr(datafiles, "check", lambda shape, data: calls.append(shape))
    load_content.__wrapped__()
    assert calls == []
    games.write_text(games.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # a new version
    load_content.__wrapped__()
    assert calls == [content_module.GamesFile]


@needs_processes
def test_the_terminal_cold_start_does_not_import_pydantic(tmp_path: Path) -> None:
    """The content files are checked whole once (pydantic), when a command first needs them; after that a start
    reads their stamps, and listing games the index knows needs no content at all."""
    env = dict(os.environ, COMPANION_DB=str(tmp_path / "games.json"), COMPANION_CACHE=str(tmp_path / "cache"))
    first = subprocess.run([sys.executable, "-X", "importtime", "-m", "companion", "game", "new", "--player", "Ana:red",
                            "--player", "Bo:blue"], env=env,
                           capture_output=True, text=True, check=True)
    assert "pydantic" in first.stderr  # the first start that reads the content checks its files whole
    listing = [sys.executable, "-X", "importtime", "-m", "companion", "game", "list"]
    subprocess.run(listing, env=env, capture_output=True, text=True, check=True)  # the index learns the new game
    again = subprocess.run(listing, env=env, capture_output=True, text=True, check=True)
    assert again.stdout.count("g-") == 1 and "pydantic" not in again.stderr
