"""The aphid tracker in a game: hexes and herds, the Harvest booked in one undoable step, breeding."""

from __future__ import annotations

import copy
import re

import pytest

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.harvest.commands import (
    AddAphidHex,
    ApplyHarvest,
    BreedAphids,
    Devour,
    LeaveInOutskirts,
    NymphEatsAphid,
    RemoveAphidHex,
    SetController,
    SetHerd,
    SetLoose,
)
from companion.core.harvest.model import validate_state
from companion.core.harvest.view import aphids_view
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.session import Session
from tests.scoring_helpers import go_to, run, session


@pytest.fixture
def game(content: Content) -> Session:
    s = session(content, 3, modules=("aphids",))
    run(s, AddAphidHex("Lichen", 4), AddAphidHex("Stoney Mound", 3), SetHerd("h1", "p1", 3),
        SetHerd("h1", "p2", 1), SetHerd("h2", "p1", 2), SetController("h2", "p1"))
    go_to(s, "harvest")
    return s


def herds(s: Session) -> list[dict[str, object]]:
    return s.state["modules_state"]["aphids"]["hexes"]


def test_harvest_books_the_points_in_one_labelled_undoable_step(game: Session) -> None:
    # Lichen: 4 shared (Ana 3, Bo 1) -> 1 card and 1 CP each; Stoney Mound: Ana alone with 2 -> 1 card.
    before = copy.deepcopy(game.state)
    label = game.execute(ApplyHarvest()).text
    assert label == "Harvest: Ana +1 CP, +2 cards; Bo +1 CP, +1 card"
    assert game.state["scores"] == {"p1": [1, 0, 0, 0], "p2": [1, 0, 0, 0], "p3": [0, 0, 0, 0]}
    assert game.undo_label == label
    with pytest.raises(CommandError, match="already in the scores"):
        game.execute(ApplyHarvest())
    assert game.undo().text == label
    assert game.state == before


def test_breeding_after_harvest(game: Session) -> None:
    with pytest.raises(CommandError, match="Pay the aphid farms first"):
        game.execute(BreedAphids())
    game.execute(ApplyHarvest())
    # Lichen is full (4 of 4); Stoney Mound has 2 of 3 and Ana controls it.
    assert game.execute(BreedAphids()).text == "Breeding: +1 aphid in Stoney Mound (Ana places it)"
    assert [h["loose"] for h in herds(game)] == [0, 1]
    with pytest.raises(CommandError, match="already bred"):
        game.execute(BreedAphids())


def test_breeding_with_no_controller_goes_on_the_control_site(content: Content) -> None:
    s = session(content, 2, modules=("aphids",))
    run(s, AddAphidHex("Clover", 4), SetLoose("h1", 1))
    with pytest.raises(CommandError, match=r"Aphids breed at Harvest .* this is Worker Phase"):
        s.execute(BreedAphids())
    go_to(s, "harvest")
    assert s.execute(BreedAphids()).text == "Breeding: +1 aphid in Clover (on the control site)"


def test_nothing_to_pay_or_breed_is_said(content: Content) -> None:
    s = session(content, 2, modules=("aphids",))
    s.execute(AddAphidHex("Clover", 4))
    go_to(s, "harvest")
    with pytest.raises(CommandError, match="No aphid farm pays anything"):
        s.execute(ApplyHarvest())
    with pytest.raises(CommandError, match="No hex breeds"):
        s.execute(BreedAphids())


@pytest.mark.parametrize(("command", "message"), [
    (SetHerd("h1", "p1", 5), "Lichen has 4 collection sites, so it holds at most 4 aphids"),
    (SetHerd("h1", "p3", 1), "Lichen has 4 collection sites"),
    (SetHerd("h1", "p9", 1), "No player 'p9'"),
    (SetHerd("h1", "p1", -1), "between 0 and 9"),
    (SetHerd("h9", "p1", 1), "No aphid hex 'h9'"),
    (SetHerd("h1", "p1", 1, where="air"), "Where is one of sites, outskirts"),
    (SetLoose("h1", 1), "holds at most 4 aphids"),
    (AddAphidHex("Lichen", 4), "already tracked"),
    (AddAphidHex("Moss", 0), "between 1 and 9"),
    (SetController("h1", "p9"), "No player 'p9'"),
    (NymphEatsAphid("h1"), "no aphid without an ant"),
    (LeaveInOutskirts("h1", "p1"), "herds no aphid in the outskirts"),
    (Devour("h1", "p3"), "Cy herds no aphid in Lichen"),
])
def test_bad_input_is_refused_and_nothing_changes(game: Session, command: object, message: str) -> None:
    before = copy.deepcopy(game.doc)
    with pytest.raises(CommandError, match=message):
        game.execute(command)  # type: ignore[arg-type]
    assert game.doc == before


def test_outskirts_devour_and_nymph(game: Session) -> None:
    assert game.execute(SetHerd("h2", "p2", 1, where="outskirts")).text == "Stoney Mound: Bo herds 1 in the outskirts"
    assert game.execute(LeaveInOutskirts("h2", "p2")).text == \
        "Stoney Mound: Bo's aphid left in the outskirts moves to a free collection site"
    assert herds(game)[1]["loose"] == 1
    assert game.execute(NymphEatsAphid("h2")).text == "Stoney Mound: a nymph destroys an aphid"
    assert game.execute(Devour("h1", "p2")).text == "Lichen: Bo devours an aphid (2 ant steps, draw 1 card)"
    assert herds(game)[0]["herds"] == {"p1": 3}
    game.execute(SetHerd("h1", "p2", 1, where="outskirts"))
    # Lichen has 3 of 4 sites taken: one free, so Bo's aphid finds a site ...
    game.execute(SetLoose("h1", 1))
    assert "dies (no free collection site)" in game.execute(LeaveInOutskirts("h1", "p2")).text
    game.execute(RemoveAphidHex("h2"))
    assert [h["name"] for h in herds(game)] == ["Lichen"]


def test_the_view_explains_each_hex(game: Session) -> None:
    view = aphids_view(game.state, game.content)
    lichen, mound = view["hexes"]
    assert render(lichen["farm"], "en") == "4 herded on sites: shared farm pays each herder +1 CP, +1 card"
    assert render(lichen["breeding"], "en") == "full: no free collection site, no new aphid"
    assert render(mound["breeding"], "en") == "gains 1 aphid after Harvest (Ana places it)"
    assert render(view["harvest"], "en") == "Ana +1 CP, +2 cards; Bo +1 CP, +1 card"
    assert any(render(text, "en").startswith("Interpretation:") for text in view["interpretations"])
    assert render(view["reminders"][0], "en") == (
        "Devour: spend 2 ant steps to eat an aphid of your herd and draw 1 card.")
    assert len(view["reminders"]) == 2  # the nymph reminder is for games against the Broodmother


def test_a_game_saved_before_the_tracker_gets_its_state(game: Session) -> None:
    state = copy.deepcopy(game.state)
    del state["modules_state"]["aphids"]
    state["module_versions"] = {}
    bring_up_to_date(state, game.content)
    assert state["modules_state"]["aphids"] == {"hexes": [], "harvested": [], "bred": [], "ticked": []}
    assert state["module_versions"]["aphids"] == 1


@pytest.mark.parametrize(("change", "message"), [
    (lambda a: a["hexes"][0].update(sites="4"), "hexes[0].sites: Input should be a valid integer"),
    (lambda a: a["hexes"][0]["herds"].update(p1=4), "hexes.0: Lichen has 4 collection sites"),
    (lambda a: a["hexes"][0]["herds"].update(p7=1), "hexes.0: No player 'p7'"),
    (lambda a: a.pop("bred"), "bred: Field required"),
    (lambda a: a.update(extra=1), "extra: Extra inputs are not permitted"),
])
def test_a_damaged_saved_state_is_refused_naming_the_field(game: Session, change: object, message: str) -> None:
    state = copy.deepcopy(game.state)
    change(state["modules_state"]["aphids"])  # type: ignore[operator]
    with pytest.raises(InvalidModuleState, match=re.escape(message)):
        validate_state(state["modules_state"]["aphids"], state, game.content)
    with pytest.raises(InvalidModuleState, match=re.escape(f"aphids: {message}")):
        bring_up_to_date(state, game.content)


def test_against_the_broodmother_her_nymphs_are_a_reminder_and_one_tap(content: Content) -> None:
    from companion.core.session import new_doc
    from companion.core.setup import GameSetup, PlayerSpec, new_state

    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",),
                      modules=("aphids",))
    s = Session(new_doc("g-solo", "Solo", new_state(setup, content, seed=2)), content=content)
    run(s, AddAphidHex("Lichen", 3), SetLoose("h1", 1))
    assert "nymph" in render(aphids_view(s.state, s.content)["reminders"][2], "en")
    assert s.execute(NymphEatsAphid("h1")).text == "Lichen: a nymph destroys an aphid"
    assert herds(s)[0]["loose"] == 0
