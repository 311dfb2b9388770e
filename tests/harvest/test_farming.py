"""The Farming table cell by cell (Minions of the Meadow > Farming), breeding and the outskirts rule."""

from __future__ import annotations

import pytest

from companion.core.errors import CommandError
from companion.core.harvest import breeding, farm_reward, harvest_rewards, hex_farm
from companion.core.harvest.farming import breed, leave_in_outskirts
from companion.core.harvest.model import AphidHex

# aphids -> (single-player farm, shared farm), as {"cards", "cp"} for each herder
TABLE = {
    1: ({"cards": 0, "cp": 0}, {"cards": 0, "cp": 0}),
    2: ({"cards": 1, "cp": 0}, {"cards": 1, "cp": 0}),
    3: ({"cards": 1, "cp": 1}, {"cards": 0, "cp": 1}),
    4: ({"cards": 0, "cp": 3}, {"cards": 1, "cp": 1}),
}


@pytest.mark.parametrize("aphids", [1, 2, 3, 4])
def test_single_player_farm(aphids: int) -> None:
    assert farm_reward(aphids, 1) == TABLE[aphids][0]


@pytest.mark.parametrize(("aphids", "herders"), [(2, 2), (3, 2), (3, 3), (4, 2), (4, 3), (4, 4)])
def test_shared_farm_pays_every_herder_the_same(aphids: int, herders: int) -> None:
    assert farm_reward(aphids, herders) == TABLE[aphids][1]


def test_no_aphids_pays_nothing() -> None:
    assert farm_reward(0) == {"cards": 0, "cp": 0}


def test_a_bigger_hex_above_the_table_pays_as_four() -> None:
    assert farm_reward(5, 1, sites=5) == {"cards": 0, "cp": 3}
    assert farm_reward(5, 2, sites=5) == {"cards": 1, "cp": 1}


@pytest.mark.parametrize(("aphids", "herders", "sites", "message"), [
    (-1, 1, 4, "cannot be negative"),
    (5, 1, 4, "5 aphids cannot fit on a hex with 4 collection sites"),
    (1, 2, 4, "2 herders cannot share 1 aphid"),
    (2, 0, 4, "need at least one herder"),
    (2, 1, 0, "1 to 9 collection sites"),
])
def test_impossible_farms_are_refused(aphids: int, herders: int, sites: int, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        farm_reward(aphids, herders, sites)


def hexagon(herds: dict[str, int], *, sites: int = 4, outskirts: dict[str, int] | None = None, loose: int = 0,
            controller: str | None = None) -> AphidHex:
    return {"id": "h1", "name": "Lichen", "sites": sites, "herds": herds, "outskirts": outskirts or {},
            "loose": loose, "controller": controller}


def test_a_hex_farm_single_and_shared_whatever_the_share() -> None:
    assert hex_farm(hexagon({"p1": 3}))["reward"] == {"cards": 1, "cp": 1}
    shared = hex_farm(hexagon({"p1": 3, "p2": 1}))
    assert shared["shared"] and shared["aphids"] == 4 and shared["reward"] == {"cards": 1, "cp": 1}
    assert harvest_rewards([hexagon({"p1": 3, "p2": 1}), {**hexagon({"p1": 2}), "id": "h2"}]) == {
        "p1": {"cards": 2, "cp": 1}, "p2": {"cards": 1, "cp": 1}}


def test_outskirts_aphids_neither_count_nor_share_the_farm() -> None:
    # Ana herds 2 on sites; Bo's ant in the outskirts herds 2: a single farm of 2, not a shared 4.
    farm = hex_farm(hexagon({"p1": 2}, outskirts={"p2": 2}))
    assert (farm["aphids"], farm["herders"], farm["shared"]) == (2, ["p1"], False)
    assert farm["reward"] == {"cards": 1, "cp": 0} and farm["ignored_outskirts"] == 2
    assert harvest_rewards([hexagon({"p1": 2}, outskirts={"p2": 2})]) == {"p1": {"cards": 1, "cp": 0}}


def test_outskirts_aphids_do_not_breed() -> None:
    assert breeding(hexagon({}, outskirts={"p1": 2}))["why"] == "no-aphid"


def test_breeding_by_the_controller_and_on_the_control_site() -> None:
    by_ana = breeding(hexagon({"p1": 1}, controller="p1"))
    assert (by_ana["breeds"], by_ana["placed_by"]) == (True, "p1")
    nobody = breeding(hexagon({}, loose=1))
    assert (nobody["breeds"], nobody["placed_by"]) == (True, None)


def test_no_breeding_in_a_full_hex_or_an_empty_one() -> None:
    full = hexagon({"p1": 2, "p2": 1}, loose=1)
    assert breeding(full)["why"] == "full" and not breed(full) and full["loose"] == 1
    assert breeding(hexagon({}))["why"] == "no-aphid"


def test_only_one_new_aphid_per_hex() -> None:
    h = hexagon({"p1": 1}, sites=4)
    assert breed(h) and h["loose"] == 1


def test_an_aphid_left_in_the_outskirts_moves_to_a_free_site_or_dies() -> None:
    h = hexagon({"p1": 3}, outskirts={"p2": 2})
    assert leave_in_outskirts(h, "p2") is True and h["loose"] == 1 and h["outskirts"] == {"p2": 1}
    assert leave_in_outskirts(h, "p2") is False and h["loose"] == 1 and h["outskirts"] == {}
    with pytest.raises(CommandError):
        leave_in_outskirts(h, "p2")
