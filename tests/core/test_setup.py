"""New-game rules from data: player counts, colours, expansions, variants, and the setup list."""

from __future__ import annotations

import pytest

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.setup import GameSetup, PlayerSpec, new_state, setup_summary, validate_setup
from tests.helpers import four_players

MINIONS = ("minions",)


def players(*colours: str) -> tuple[PlayerSpec, ...]:
    return tuple(PlayerSpec(c.capitalize(), c) for c in colours)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (GameSetup("mota", "solo", players("red", "blue"), MINIONS), "for 1 players; you have 2"),
        (GameSetup("mota", "solo", players("red")), "needs Minions of the Meadow"),
        (GameSetup("mota", "competitive", players("red")), "for 2-5 players; you have 1"),
        (GameSetup("mota", "coop", players("red", "blue", "black", "yellow", "purple"), MINIONS), "for 2-4 players"),
        (GameSetup("antscape", "competitive", (*players("blue", "pink", "yellow", "green"), PlayerSpec("E", "blue"))),
         "for 2-4 players; you have 5"),
        (GameSetup("antscape", "competitive", players("blue", "red")), "choose a colour from Blue, Pink, Yellow"),
        (GameSetup("mota", "competitive", (PlayerSpec("A", "red"), PlayerSpec("B", "red"))), "Two players chose Red"),
        (GameSetup("mota", "solo", players("purple"), MINIONS), "Purple is not available in this mode"),
        (GameSetup("mota", "competitive", (PlayerSpec("Ana", "red"), PlayerSpec("ana", "blue"))),
         "Two players are called 'ana'"),
        (GameSetup("mota", "competitive", (PlayerSpec("  ", "red"), PlayerSpec("B", "blue"))), "Player 1: a name"),
        (GameSetup("mota", "competitive", players("red", "blue"), MINIONS, variants=("eve-of-the-antperium",)),
         "Eve of the Antperium is for 3-4 players"),
        (GameSetup("mota", "competitive", players("red", "blue"), variants=("seasons",)),
         "Seasons needs Minions of the Meadow"),
        (GameSetup("mota", "competitive", players("red", "blue"), modules=("aphids",)),
         "The Aphids module needs Minions of the Meadow"),
        (GameSetup("mota", "competitive", players("red", "blue"), ("predators-and-prey",)),
         "Predators & Prey is not an expansion of March of the Ants"),
        (GameSetup("mota", "competitive", players("red", "blue"), MINIONS, variants=("round-draft", "deck-draft")),
         "Choose one of"),
        (GameSetup("mota", "asymmetric", players("red", "blue", "black"), MINIONS),
         "needs exactly one player as the Broodmother"),
        (GameSetup("mota", "competitive", players("red", "blue"), advanced_track=True), "has no advanced round track"),
        (GameSetup("evolved", "solo", players("red")), "can be played as: Competitive"),
    ],
)
def test_invalid_setups_are_refused_with_a_reason(content: Content, setup: GameSetup, message: str) -> None:
    with pytest.raises(CommandError, match=message):
        validate_setup(setup, content)


@pytest.mark.parametrize(
    "setup",
    [
        GameSetup("mota", "solo", players("red"), MINIONS),
        GameSetup("mota", "coop", players("red", "blue", "black", "yellow"), MINIONS),
        GameSetup("mota", "competitive", players("red", "blue", "black"), MINIONS, variants=("eve-of-the-antperium",)),
        GameSetup("mota", "competitive", four_players(), MINIONS, variants=("eve-of-the-antperium", "setup-draft")),
        GameSetup("mota", "asymmetric", (*players("red", "blue"), PlayerSpec("Mo", None, "broodmother")), MINIONS),
        GameSetup("antscape", "competitive", players("blue", "pink")),
        GameSetup("evolved", "competitive", players("red", "blue", "black", "yellow", "purple"),
                  ("predators-and-prey",), ("pp-predators",), advanced_track=True),
    ],
)
def test_valid_setups_pass(content: Content, setup: GameSetup) -> None:
    validate_setup(setup, content)


def test_eve_brings_the_setup_draft_and_minions_its_base_module(content: Content) -> None:
    state = new_state(GameSetup("mota", "competitive", four_players(), MINIONS,
                                variants=("eve-of-the-antperium",)), content, seed=1)
    assert state["variants"] == ["eve-of-the-antperium", "setup-draft"]
    assert state["modules"] == ["minions-base"]


def summary_ids(content: Content, setup: GameSetup) -> list[str]:
    return [step["id"] for step in setup_summary(new_state(setup, content, seed=1), content)]


def test_solo_setup_lists_the_broodmother_and_solo_steps(content: Content) -> None:
    ids = summary_ids(content, GameSetup("mota", "solo", players("red"), MINIONS, modules=("aphids",)))
    assert ids == [
        "minions-major-workers", "minions-unused-module-cards", "aphids-hexes", "aphids-cards",
        "broodmother-hex-deck", "broodmother-starting-hexes", "broodmother-deck", "broodmother-initiative",
        "solo-remove-three", "solo-aphid-hex", "solo-resources",
    ]


def test_predators_and_prey_setup_depends_on_player_count(content: Content) -> None:
    three = summary_ids(content, GameSetup("evolved", "competitive", players("red", "blue", "black"),
                                           ("predators-and-prey",), ("pp-predators",)))
    five = summary_ids(content, GameSetup("evolved", "competitive", players("red", "blue", "black", "yellow", "purple"),
                                          ("predators-and-prey",), ("pp-predators",)))
    assert "pp-predators-2-3" in three and "pp-off-meadow" in three and "pp-predators-4-5" not in three
    assert "pp-predators-4-5" in five and "pp-off-meadow-4" in five


def test_two_player_coop_points_to_the_two_player_setup(content: Content) -> None:
    ids = summary_ids(content, GameSetup("mota", "coop", players("red", "blue"), MINIONS))
    assert "broodmother-two-player-setup" in ids and "broodmother-standard-setup" not in ids


def test_antscape_two_players_use_the_small_grid(content: Content) -> None:
    two = summary_ids(content, GameSetup("antscape", "competitive", players("blue", "pink")))
    assert "antscape-territories-2p" in two and "antscape-territories" not in two


def test_a_plain_base_game_needs_no_extra_setup(content: Content) -> None:
    assert summary_ids(content, GameSetup("mota", "competitive", four_players())) == []
