"""Seasons (Minions of the Meadow > Seasons): 2 Early on top of 2 Late, one revealed a round."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.core.actions import action_key
from companion.core.checklist import phase_items
from companion.core.commands.turns import EndEarly, NextRound
from companion.core.content import Content
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.seasons import seasons_view
from companion.core.seasons.commands import BuildSeasons, DescribeSeason, EnterSeasons, RevealSeason
from companion.core.seasons.model import validate_state
from companion.core.session import Session
from tests.module_helpers import refused, session, undo_all
from tests.scoring_helpers import go_to
from tests.terminal import companion


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 2, variants=("seasons",), expansions=("minions",))


def deck(s: Session) -> list[str]:
    return list(s.state["modules_state"]["seasons"]["deck"])


def test_the_seeded_deck_and_a_reveal_each_round(game: Session) -> None:
    refused(game, RevealSeason(), "Build the Seasons deck first")
    game.execute(BuildSeasons())
    built = deck(game)
    assert [c[0] for c in built] == ["e", "e", "l", "l"] and len(set(built)) == 4
    game.undo()
    game.execute(BuildSeasons())
    assert deck(game) == built  # the seeded generator: the same deck again
    [item] = phase_items(game.state, game.content)
    assert item["text"] == "Reveal round 1's Season" and item["ready"]
    game.execute(DescribeSeason(built[0], "Thaw", "Each Forage gains 1 more larva."))
    assert game.execute(RevealSeason()).text == "Round 1: the Season is Thaw: Each Forage gains 1 more larva."
    refused(game, RevealSeason(), "Round 1's Season is already revealed")
    assert seasons_view(game.state, game.content)["in_force"]["name"] == "Thaw"
    go_to(game, "soldier")
    game.execute(NextRound())
    assert seasons_view(game.state, game.content)["in_force"]["name"] == "Thaw"  # until the next is revealed
    game.execute(RevealSeason())
    game.execute(NextRound())
    game.execute(RevealSeason())
    game.execute(NextRound())
    game.execute(RevealSeason())
    view = seasons_view(game.state, game.content)
    assert [r["id"] for r in view["revealed"]] == built and view["left"] == 0
    assert view["in_force"]["stage"] == "late"


def test_the_deck_entered_from_the_table(game: Session) -> None:
    refused(game, EnterSeasons(("l1", "e2", "e3", "l4")), "2 Early Seasons on top of 2 Late Seasons")
    refused(game, EnterSeasons(("e1", "e1", "l3", "l4")), "Enter 4 different Season cards")
    refused(game, EnterSeasons(("e1", "e9", "l3", "l4")), "No Season card 'e9'")
    assert game.execute(EnterSeasons(("e2", "e4", "l1", "l3"))).text == (
        "Seasons deck entered: Early Season 2, Early Season 4, Late Season 1, Late Season 3")
    refused(game, BuildSeasons(), "already built")


def test_reveal_only_at_the_start_of_the_round_and_bad_names(game: Session) -> None:
    game.execute(BuildSeasons())
    go_to(game, "soldier")
    refused(game, RevealSeason(), "revealed at the start of the round; this is Soldier Phase")
    refused(game, DescribeSeason("e1", ""), "Name the Season card in 1 to 40 characters")
    refused(game, DescribeSeason("e1", "Thaw", "x" * 301), "Say the effect in at most 300 characters")
    game.execute(DescribeSeason("e1", "Thaw"))
    refused(game, DescribeSeason("e2", "thaw"), "Another Season is already called thaw")


def test_undo_across_and_adopt(game: Session) -> None:
    before = copy.deepcopy(game.state)
    game.execute(BuildSeasons())
    game.execute(DescribeSeason("e1", "Thaw"))
    game.execute(RevealSeason())
    undo_all(game)
    assert game.state == before
    state = copy.deepcopy(before)
    del state["modules_state"]["seasons"]
    bring_up_to_date(state, game.content)
    assert state["modules_state"]["seasons"]["deck"] == [] and len(state["modules_state"]["seasons"]["cards"]) == 8
    bad = copy.deepcopy(before["modules_state"]["seasons"])
    bad["deck"], bad["revealed"] = ["e1", "e2", "l1", "l2"], ["e2"]
    with pytest.raises(InvalidModuleState, match="not the top of the Seasons deck"):
        validate_state(bad, before, game.content)


def test_the_view_says_its_actions_and_an_ended_game_reveals_none(game: Session) -> None:
    """Build and reveal as the game answers them (the game-over gate too: the old ``due`` flag, a bare ``can``,
    offered a reveal in a game ended early); the panel shows Reveal exactly when the view allows it."""
    from tests.ui.test_module_panels import built, find

    build, reveal = action_key(BuildSeasons()), action_key(RevealSeason())
    acts = seasons_view(game.state, game.content)["actions"]
    assert acts[build] is None and render(acts[reveal], "en") == "Build the Seasons deck first."
    game.execute(BuildSeasons())
    acts = seasons_view(game.state, game.content)["actions"]
    assert acts[reveal] is None
    assert render(acts[build], "en") == "The Seasons deck is already built (Undo takes it back)."
    assert find(built(game)["seasons"], "seasons-reveal").label == "Reveal this round's Season"
    game.execute(EndEarly("leaders"))
    acts = seasons_view(game.state, game.content)["actions"]
    assert acts[reveal] == acts[build] and render(acts[reveal], "en") == game.why_not(RevealSeason())
    with pytest.raises(AssertionError):
        find(built(game)["seasons"], "seasons-reveal")


def test_the_terminal_reveals_no_season_in_a_game_ended_early(db_path: Path) -> None:
    """The same gate in the terminal: after ``game end-early`` a reveal is refused in one line and the save is kept
    as it was (its deck built, nothing revealed)."""
    made = companion("game", "new", "--player", "Ana:red", "--player", "Bo:blue", "--expansion", "minions",
                     "--variant", "seasons", "--db", str(db_path))
    game_id = made.stdout.strip()
    assert companion("game", "do", game_id, "seasons_build", "--db", str(db_path)).returncode == 0
    assert companion("game", "end-early", game_id, "--db", str(db_path)).returncode == 0
    refused_now = companion("game", "do", game_id, "seasons_reveal", "--db", str(db_path))
    assert refused_now.returncode == 2 and "Traceback" not in refused_now.stderr
    assert "The game is over" in refused_now.stderr, refused_now.stderr
    saved = json.loads(companion("game", "show", game_id, "--json", "--db", str(db_path)).stdout)
    seasons = saved["state"]["modules_state"]["seasons"]
    assert len(seasons["deck"]) == 4 and seasons["revealed"] == [] and saved["state"]["ended"]
