"""Symbiote tokens (Minions of the Meadow > Symbiote Tokens): swaps at Slumber, none in Autumn, end points."""

from __future__ import annotations

import copy

import pytest

from companion.core.actions import action_key
from companion.core.checklist import phase_items
from companion.core.commands.turns import EndEarly, FinishGame, NextPhase
from companion.core.content import Content
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.session import Session
from companion.core.state import total_score
from companion.core.symbiotes import end_points, symbiotes_view
from companion.core.symbiotes.commands import Exchange, ReturnForBattle
from companion.core.symbiotes.model import validate_state
from tests.module_helpers import refused, session, undo_all
from tests.scoring_helpers import go_to

TOKENS = ("symbiote-tokens",)


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 3, variants=TOKENS, expansions=("minions",))


def next_slumber(s: Session) -> None:
    s.execute(NextPhase())
    go_to(s, "slumber")


def test_each_colony_starts_with_its_three(game: Session) -> None:
    view = symbiotes_view(game.state, game.content)
    assert [t["id"] for t in view["players"][0]["held"]] == ["p1:head", "p1:thorax", "p1:abdomen"]
    assert [render(b, "en") for b in view["players"][0]["bonus"]] == [
        "1 x +1 army size in battle", "1 x +1 step when you March", "1 x each food feeds 1 more ant"]
    assert end_points(game.state) == {"p1": 0, "p2": 0, "p3": 0}


def test_exchanges_at_slumber_none_in_autumn_and_points_at_the_end(game: Session) -> None:
    refused(game, Exchange("p1", "p1:head", "p2", "p2:thorax"), "exchanged at Slumber; this is Worker Phase")
    go_to(game, "slumber")
    assert game.execute(Exchange("p1", "p1:head", "p2", "p2:thorax")).text == \
        "Symbiotes: Ana gives Ana's head token to Bo for Bo's thorax token"
    refused(game, Exchange("p2", "p2:head", "p1", "p1:thorax"), "Bo and Ana already swapped at this Slumber")
    game.execute(Exchange("p1", "p2:thorax", "p3", "p3:abdomen"))  # a received token may be passed on
    assert [render(b, "en") for b in symbiotes_view(game.state, game.content)["players"][0]["bonus"]] == [
        "1 x +1 step when you March", "2 x each food feeds 1 more ant"]
    next_slumber(game)  # round 2
    game.execute(Exchange("p1", "p1:thorax", "p2", "p2:abdomen"))
    next_slumber(game)  # round 3
    game.execute(Exchange("p2", "p2:head", "p3", "p3:head"))
    next_slumber(game)  # round 4: Autumn
    assert game.state["round"] == 4
    refused(game, Exchange("p1", "p1:abdomen", "p3", "p3:thorax"), r"Autumn \(round 4\) has no Symbiote exchange")
    [item] = phase_items(game.state, game.content)
    assert item["text"] == "Autumn: no Symbiote exchange this Slumber."
    # Ana holds p3:abdomen, p2:abdomen, p1:abdomen -> 2; Bo: p1:head, p1:thorax, p3:head -> 3;
    # Cy: p2:thorax, p3:thorax, p2:head -> 2.
    assert end_points(game.state) == {"p1": 2, "p2": 3, "p3": 2}
    game.execute(FinishGame())
    assert [total_score(game.state, p) for p in ("p1", "p2", "p3")] == [2, 3, 2]
    assert game.state["scores"]["p2"] == [0, 0, 0, 3]
    assert game.state["ended"]["winners"] == ["p2"]
    assert game.state["modules_state"]["symbiote-tokens"]["booked"] == {"p1": 2, "p2": 3, "p3": 2}
    game.undo()
    assert [total_score(game.state, p) for p in ("p1", "p2", "p3")] == [0, 0, 0]


def test_a_battle_gives_tokens_back(game: Session) -> None:
    go_to(game, "slumber")
    game.execute(Exchange("p1", "p1:head", "p2", "p2:thorax"))
    game.execute(Exchange("p1", "p1:thorax", "p3", "p3:head"))
    refused(game, ReturnForBattle("p2", "p3"), "Bo and Cy hold none of each other's Symbiote tokens")
    assert game.execute(ReturnForBattle("p2", "p1")).text == "Battle: Bo and Ana give back 2 Symbiote tokens"
    holders = game.state["modules_state"]["symbiote-tokens"]["holders"]
    assert holders["p1:head"] == "p1" and holders["p2:thorax"] == "p2" and holders["p3:head"] == "p1"


def test_bad_input_changes_nothing(game: Session) -> None:
    go_to(game, "slumber")
    refused(game, Exchange("p1", "p2:head", "p2", "p2:thorax"), "Ana does not hold 'p2:head'")
    refused(game, Exchange("p1", "p1:head", "p1", "p1:thorax"), "not with itself")
    refused(game, Exchange("p1", "p1:head", "p9", "p9:head"), "No player 'p9'")
    refused(game, ReturnForBattle("p1", "p1"), "between two colonies")


def test_undo_across_and_adopt(game: Session) -> None:
    before = copy.deepcopy(game.state)
    go_to(game, "slumber")
    game.execute(Exchange("p1", "p1:head", "p2", "p2:thorax"))
    game.execute(ReturnForBattle("p1", "p2"))
    undo_all(game)
    assert game.state == before
    state = copy.deepcopy(before)
    del state["modules_state"]["symbiote-tokens"]
    bring_up_to_date(state, game.content)
    assert state["modules_state"]["symbiote-tokens"] == before["modules_state"]["symbiote-tokens"]
    bad = copy.deepcopy(before["modules_state"]["symbiote-tokens"])
    bad["holders"]["p1:head"] = "p8"
    with pytest.raises(InvalidModuleState, match="No player 'p8'"):
        validate_state(bad, before, game.content)
    del bad["holders"]["p1:head"]
    with pytest.raises(InvalidModuleState, match="not the 3 tokens of each colony"):
        validate_state(bad, before, game.content)


def test_end_points_are_booked_before_the_broodmother_settles_an_asymmetric_game(content: Content) -> None:
    """Her finish decides the winner; the symbiote points must already be in the scores then."""
    from companion.core.session import new_doc
    from companion.core.setup import GameSetup, PlayerSpec, new_state

    setup = GameSetup(game="mota", mode="asymmetric", expansions=("minions",), variants=TOKENS,
                      players=(PlayerSpec("Ana", "blue"), PlayerSpec("Bo", "red"),
                               PlayerSpec("Brood", None, "broodmother")))
    s = Session(new_doc("g-asym0001", "t", new_state(setup, content, seed=2)), content=content)
    go_to(s, "slumber")
    s.execute(Exchange("p1", "p1:head", "p2", "p2:thorax"))
    while s.state["round"] < s.state["rounds"]:
        next_slumber(s)
    go_to(s, "slumber")
    assert end_points(s.state) == {"p1": 1, "p2": 1}
    s.execute(FinishGame())
    assert s.state["modules_state"]["symbiote-tokens"]["booked"] == {"p1": 1, "p2": 1}
    assert (total_score(s.state, "p1"), total_score(s.state, "p2")) == (1, 1)
    assert s.state["ended"] is not None and s.state["ended"]["code"]


def _allowed(s: Session) -> list[str]:
    return [k for k, reason in symbiotes_view(s.state, s.content)["actions"].items() if reason is None]


def test_the_view_says_which_pairs_may_swap_and_which_battles_give_back(game: Session) -> None:
    """Each pair's swap and battle, as the game answers them now; ``exchange`` and ``says`` read off those."""
    view = symbiotes_view(game.state, game.content)
    assert render(view["exchange"], "en") == "Symbiote tokens are exchanged at Slumber; this is Worker Phase."
    assert _allowed(game) == [] and view["says"] == {}  # each colony holds only its own: no battle gives back
    go_to(game, "slumber")
    assert symbiotes_view(game.state, game.content)["exchange"] is None
    assert len(_allowed(game)) == 3  # the three pairs may swap; still no battle
    game.execute(Exchange("p1", "p1:head", "p2", "p2:thorax"))
    view = symbiotes_view(game.state, game.content)
    battle = action_key(ReturnForBattle("p1", "p2"))
    assert view["exchange"] is None and battle in _allowed(game)
    assert render(view["says"][battle], "en") == "Battle: Ana and Bo give back 2 Symbiote tokens"
    game.execute(Exchange("p1", "p1:thorax", "p3", "p3:head"))
    game.execute(Exchange("p2", "p2:head", "p3", "p3:thorax"))
    assert render(symbiotes_view(game.state, game.content)["exchange"], "en") == (
        "Every pair of colonies has swapped at this Slumber.")
    assert render(symbiotes_view(game.state, game.content)["exchange"], "es") == (
        "Cada pareja de colonias ya intercambió en esta Inactividad.")
    game.execute(EndEarly("leaders"))
    assert _allowed(game) == []  # the game is over: no swap, no battle


def test_the_panel_offers_the_battles_the_view_allows(game: Session) -> None:
    from tests.ui.test_module_panels import built, find, tap

    panel = built(game)["symbiotes"]
    assert find(panel, "symbiotes-no-battle").label == (
        "No colony holds another's Symbiote token: a battle gives none back.")
    go_to(game, "slumber")
    game.execute(Exchange("p1", "p1:head", "p2", "p2:thorax"))
    panel = built(game)["symbiotes"]
    with pytest.raises(AssertionError):
        find(panel, "symbiotes-battle-p1-p3")  # nothing to give back between Ana and Cy
    tap(panel, "symbiotes-battle-p1-p2")
    assert game.undo_label == "Battle: Ana and Bo give back 2 Symbiote tokens"
