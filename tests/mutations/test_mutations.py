"""Mutations (Empires of the Earth > Mutations): deal 4, keep 2, the redeal, and the Mapmaker Thorax example."""

from __future__ import annotations

import copy

import pytest

from companion.core.content import Content
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.mutations import body, mutations_view
from companion.core.mutations.commands import DealMutations, EnterDealt, KeepMutations, NameMutation, PlayEvolution
from companion.core.mutations.model import validate_state
from companion.core.session import Session
from tests.module_helpers import refused, session, undo_all


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 2, modules=("mutations",))


def dealt(s: Session) -> dict[str, list[str]]:
    return dict(s.state["modules_state"]["mutations"]["dealt"])


def test_the_seeded_deal_gives_four_each_and_undo_brings_back_the_same_cards(game: Session) -> None:
    assert game.execute(DealMutations()).text == "Mutations dealt: 4 to each colony"
    first = dealt(game)
    assert first == {"p1": ["m5", "m11", "m3", "m13"], "p2": ["m10", "m12", "m20", "m8"]}
    refused(game, DealMutations(), "a new deal is only for a colony dealt 4 for one body part")
    game.undo()
    game.execute(DealMutations())
    assert dealt(game) == first


def test_four_for_one_body_part_calls_for_a_new_deal(content: Content) -> None:
    s = session(content, 4, modules=("mutations",), seed=15)
    s.execute(DealMutations())
    view = mutations_view(s.state, s.content)
    assert render(view["redeal"], "en").endswith("was dealt 4 Mutations for one body part: everyone gets a new deal.")
    who = next(p for p in view["players"] if len({d["part"] for d in p["dealt"]}) == 1)
    ids = [d["id"] for d in who["dealt"]]
    refused(s, KeepMutations(who["id"], ids[0], ids[1]), "shuffle them all and deal 4 new ones to every colony first")
    label = s.execute(DealMutations()).text
    assert label == f"New Mutation deal: {who['name']} was dealt 4 for one body part"
    assert s.state["modules_state"]["mutations"]["deals"] == 2
    assert mutations_view(s.state, s.content)["redeal"] is None


def test_a_redeal_from_an_entered_deal(game: Session) -> None:
    game.execute(EnterDealt("p2", ("m1", "m2", "m3", "m4")))  # four heads
    refused(game, KeepMutations("p2", "m1", "m2"), "Bo was dealt 4 Mutations for one body part")
    game.execute(DealMutations())
    assert len(dealt(game)["p2"]) == 4


def test_mapmaker_thorax_example(game: Session) -> None:
    # Blue (Bo) keeps Hunter Head and Cannibal Ant Abdomen, then plays the Mapmaker Thorax Evolution.
    game.execute(EnterDealt("p2", ("m1", "m17", "m9", "m18")))
    assert game.execute(KeepMutations("p2", "m1", "m17")).text == "Bo keeps Hunter Head and Cannibal Ant Abdomen"
    assert game.execute(PlayEvolution("p2", "thorax")).text == "Bo plays an Evolution on the thorax"
    b = body(game.state, "p2")
    assert b["parts"] == {"head": "mutation", "thorax": "evolution", "abdomen": "mutation"}
    assert not b["fully_developed"]  # no 3 Colony Points: Mutations are not Evolutions
    assert render(b["developed_text"], "en") == ("Not a fully developed ant (no 3 Colony Points): the head and the "
                                                 "abdomen hold Mutations, not Evolutions.")
    assert b["caste_bonus"] == {"head": 0, "thorax": 1, "abdomen": 0}  # feeding: no abdomen bonus
    # An Evolution on the head discards Hunter Head.
    assert game.execute(PlayEvolution("p2", "head")).text == (
        "Bo plays an Evolution on the head: Hunter Head is discarded")
    game.execute(PlayEvolution("p2", "abdomen"))
    b = body(game.state, "p2")
    assert b["fully_developed"] and b["mutations"] == {}
    assert render(b["developed_text"], "en") == \
        "Fully developed ant: an Evolution on every body part (3 Colony Points)."
    refused(game, PlayEvolution("p2", "head"), "Bo's head already has an Evolution")


def test_no_mutation_is_kept_under_an_evolution(game: Session) -> None:
    # Found by the property machine: an Evolution entered before the Mutations were kept, then a Mutation kept for
    # that body part, let a second Evolution go on the part; the game it made could not be saved ("please report").
    game.execute(EnterDealt("p2", ("m1", "m17", "m9", "m18")))  # a head, a thorax, two abdomens
    game.execute(PlayEvolution("p2", "abdomen"))
    refused(game, KeepMutations("p2", "m1", "m17"), "Bo's abdomen already has an Evolution")
    game.execute(KeepMutations("p2", "m1", "m9"))  # head and thorax: parts with no Evolution
    for part in ("thorax", "head"):
        game.execute(PlayEvolution("p2", part))
    refused(game, PlayEvolution("p2", "abdomen"), "Bo's abdomen already has an Evolution")
    assert game.state["modules_state"]["mutations"]["evolved"]["p2"] == ["abdomen", "thorax", "head"]


def test_bad_input_is_refused_and_changes_nothing(game: Session) -> None:
    game.execute(DealMutations())
    refused(game, KeepMutations("p1", "m5", "m3"), "both for the head: keep two for different body parts")
    refused(game, KeepMutations("p1", "m5", "m10"), "is not among Ana's 4")
    refused(game, KeepMutations("p1", "m5", "m99"), "No Mutation 'm99'")
    refused(game, EnterDealt("p1", ("m1", "m1", "m2", "m3")), "Enter the 4 different Mutations Ana was dealt")
    refused(game, EnterDealt("p1", ("m10", "m1", "m2", "m3")), "was dealt to Bo")
    refused(game, PlayEvolution("p1", "wing"), "The body part is one of head, thorax, abdomen")
    refused(game, NameMutation("m5", ""), "Name the Mutation as printed, in 1 to 40 characters")
    refused(game, NameMutation("m5", "Hunter Head"), "Another Mutation is already called Hunter Head")
    game.execute(KeepMutations("p1", "m5", "m11"))
    refused(game, KeepMutations("p1", "m5", "m13"), "already keeps two Mutations")
    refused(game, DealMutations(), "the deal happens once, before the game")


def test_a_card_named_once_shows_everywhere(game: Session) -> None:
    assert game.execute(NameMutation("m5", "Sentinel Head")).text == "Mutation Head Mutation 5 is Sentinel Head"
    game.execute(DealMutations())
    assert mutations_view(game.state, game.content)["players"][0]["dealt"][0]["name"] == "Sentinel Head"


def test_solo_deals_at_the_table(content: Content) -> None:
    s = session(content, 1, mode="solo", modules=("mutations",))
    refused(s, DealMutations(), "Solo: take out the Mutations with the centipede icon")
    assert "Solo: take the Mutations with the centipede icon out first" in \
        render(mutations_view(s.state, s.content)["reminders"][-1], "en")


def test_undo_across_the_tracker_and_adopt(game: Session) -> None:
    before = copy.deepcopy(game.state)
    game.execute(DealMutations())
    game.execute(KeepMutations("p1", "m5", "m11"))
    game.execute(PlayEvolution("p1", "head"))
    undo_all(game)
    assert game.state == before
    state = copy.deepcopy(before)
    del state["modules_state"]["mutations"]
    bring_up_to_date(state, game.content)
    adopted = state["modules_state"]["mutations"]
    assert adopted["dealt"] == {} and len(adopted["cards"]) == 24
    bad = copy.deepcopy(before["modules_state"]["mutations"])
    bad["kept"] = {"p1": ["m1", "m9"]}
    with pytest.raises(InvalidModuleState, match=r"kept\.p1: a kept Mutation that was not dealt"):
        validate_state(bad, before, game.content)
    bad["kept"] = {"p5": []}
    with pytest.raises(InvalidModuleState, match=r"kept\.p5: No player 'p5'"):
        validate_state(bad, before, game.content)
