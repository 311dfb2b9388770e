"""Minions of the Meadow > Predators: Health, tiers, the Cordyceps Fungus Diagram step by step, undo, old saves."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.core.checklist import TickItem, phase_items
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.predators import starting_health, summon, tier_of
from companion.core.predators.battle import CancelBattle, FinishBattle, RevealCard, StartBattle
from companion.core.predators.commands import (
    ChoosePredators,
    ClearSpores,
    Damage,
    DrawPredators,
    Heal,
    MovePredator,
    PlaceSpores,
    SetHealth,
    SetSpores,
    SetTierText,
    Summon,
    WinAgainst,
)
from companion.core.predators.model import KEY, tracker, validate_state
from companion.core.predators.rules import spores_for
from companion.core.predators.view import predators_view
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.store import GameStore
from tests.scoring_helpers import go_to, run

CORDYCEPS = "cordyceps-fungus"


def game(content: Content, modules: tuple[str, ...] = ("predators",)) -> Session:
    specs = (PlayerSpec("Red", "red"), PlayerSpec("Blue", "blue"), PlayerSpec("Purple", "purple"))
    setup = GameSetup(game="mota", players=specs, expansions=("minions",), modules=modules)
    return Session(new_doc("g-test", "Test", new_state(setup, content, seed=11)), saver=lambda d: None,
                   content=content)


def to_round(s: Session, round_number: int, phase: str = "worker") -> None:
    while (s.state["round"], s.state["phase"]) != (round_number, phase):
        s.execute(NextPhase())


def card(s: Session, predator: str) -> dict[str, object]:
    return next(p for p in predators_view(s.state, s.content)["predators"] if p["id"] == predator)


@pytest.mark.parametrize(("health", "tier"), [(0, 0), (1, 1), (4, 1), (5, 2), (8, 2), (9, 3), (12, 3), (15, 3)])
def test_every_tier_boundary(health: int, tier: int) -> None:
    assert tier_of(health) == tier


def test_cordyceps_spores_follow_the_tier() -> None:
    assert [spores_for(CORDYCEPS, h) for h in (1, 4, 5, 8, 9, 12)] == [2, 2, 3, 3, 4, 4]
    assert spores_for("ladybug", 9) is None


@pytest.mark.parametrize(("round_number", "health", "tier"), [(1, 3, 1), (2, 6, 2), (3, 9, 3), (4, 12, 3)])
def test_a_summon_in_each_round(content: Content, round_number: int, health: int, tier: int) -> None:
    s = game(content)
    to_round(s, round_number)
    assert s.execute(Summon("ladybug", 4)).text == f"Ladybug summoned in hex 4: Health {health}, Tier {tier}"
    assert (card(s, "ladybug")["health"], card(s, "ladybug")["tier"], card(s, "ladybug")["round"]) == \
        (health, tier, round_number)
    assert starting_health(5) == 15 and tier_of(15) == 3


def test_the_cordyceps_fungus_diagram_step_by_step(content: Content) -> None:
    s = game(content)
    to_round(s, 3)
    # 1. Round 3: Health 9, Tier 3, four spore tokens in its hex.
    assert s.execute(Summon(CORDYCEPS, 12, "p1")).text == \
        "Cordyceps Fungus summoned in hex 12: Health 9, Tier 3; 4 spore tokens in its hex"
    assert (card(s, CORDYCEPS)["health"], card(s, CORDYCEPS)["tier"], card(s, CORDYCEPS)["spores"]) == (9, 3, 4)
    # Its placement for this round is done: the start-of-round item is ticked already.
    items = {i["id"]: i for i in phase_items(s.state, content)}
    assert items[f"predators:spores:{CORDYCEPS}"]["done"] is True
    assert "erupts" in items[f"predators:erupt:{CORDYCEPS}"]["text"]
    # 2-5. Red carries a spore to Lichen; it erupts there at the end of the Worker Phase.
    assert s.execute(SetSpores(CORDYCEPS, 3)).text == "Cordyceps Fungus: 3 spore tokens in its hex"
    go_to(s, "soldier")
    # 6. Three spores in its hex: three cards; the Ferocity choice comes after the first.
    assert s.execute(StartBattle(CORDYCEPS, "p3")).text == "Purple battles the Cordyceps Fungus: it discards 3 cards"
    battle = predators_view(s.state, content)["battle"]
    assert battle["cards"] == 3 and render(battle["step"], "en").startswith("Discard its first card")
    s.execute(RevealCard(1))
    assert render(predators_view(s.state, content)["battle"]["step"], "en").startswith(
        "Each player chooses now whether to play a Ferocity card")
    run(s, RevealCard(0), RevealCard(0))
    assert predators_view(s.state, content)["battle"]["strength"] == 1
    with pytest.raises(CommandError, match="has discarded all its 3 cards"):
        s.execute(RevealCard(2))
    # 7. Purple wins with Army Strength 2: Health 9 -> 7; the Cordyceps deals half its own (0).
    label = s.execute(FinishBattle(2)).text
    assert label == ("Purple (2) beats the Cordyceps Fungus (1), +1 CP; the Cordyceps Fungus takes 2 casualties "
                     "(Health 9 -> 7, Tier 3 -> 2); Purple loses 0 ants")
    assert card(s, CORDYCEPS)["health"] == 7 and card(s, CORDYCEPS)["tier"] == 2
    assert s.state["scores"]["p3"] == [0, 0, 1, 0]
    assert predators_view(s.state, content)["battle"] is None
    # 8. Slumber removes every spore; next Worker Phase, Tier 2 places three.
    go_to(s, "slumber")
    (clear,) = [i for i in phase_items(s.state, content) if i["id"] == "predators:clear-spores"]
    assert clear["ready"] and not clear["done"]
    assert s.execute(ClearSpores()).text == "Slumber: every spore token is removed"
    to_round(s, 4)
    (place,) = [i for i in phase_items(s.state, content) if i["id"] == f"predators:spores:{CORDYCEPS}"]
    assert place["text"] == "Cordyceps Fungus: place 3 spore tokens in hex 12 (Tier 2)" and place["ready"]
    assert s.execute(PlaceSpores()).text == "Cordyceps Fungus (Tier 2) places 3 spore tokens in hex 12"
    assert card(s, CORDYCEPS)["spores"] == 3
    with pytest.raises(CommandError, match="has placed its spores for round 4"):
        s.execute(PlaceSpores())


def test_health_zero_leaves_for_good_and_the_finisher_gains_a_food(content: Content) -> None:
    s = game(content)
    to_round(s, 2)
    s.execute(Summon("praying-mantis", 7))
    assert s.execute(Damage("praying-mantis", 2, "p2")).text == \
        "Praying Mantis takes 2 casualties: Health 6 -> 4, Tier 2 -> 1"
    assert s.execute(Damage("praying-mantis", 9, "p2")).text == \
        "Praying Mantis takes 9 casualties: Health 4 -> 0. It leaves the game for good; Blue gains 1 food."
    assert card(s, "praying-mantis")["gone"] is True
    for command, message in [(Damage("praying-mantis", 1), "out of the game"),
                             (Summon("praying-mantis", 3), "cannot come back")]:
        with pytest.raises(CommandError, match=message):
            s.execute(command)


def test_the_mantis_strikes_at_the_start_of_the_soldier_phase(content: Content) -> None:
    s = game(content)
    s.execute(Summon("praying-mantis", 5))
    assert not [i for i in phase_items(s.state, content) if "mantis" in i["id"]]
    go_to(s, "soldier")
    (item,) = [i for i in phase_items(s.state, content) if "mantis" in i["id"]]
    assert item["text"] == "Praying Mantis strikes hex 5: each nest there loses the ants its Tier 1 mantis number says."
    s.execute(TickItem(KEY, item["id"]))
    assert next(i for i in phase_items(s.state, content) if "mantis" in i["id"])["done"] is True


def test_typed_tiers_are_shown_with_every_lower_tier_and_drive_the_battle(content: Content) -> None:
    s = game(content)
    to_round(s, 3)
    s.execute(Summon("ladybug", 2))
    rows = card(s, "ladybug")["abilities"]
    assert [r["missing"] for r in rows] == [True, True, True]
    with pytest.raises(CommandError, match="How many cards does the Ladybug discard"):
        s.execute(StartBattle("ladybug", "p1"))
    run(s, SetTierText("ladybug", 1, "Discard 1 card.", cards=1),
        SetTierText("ladybug", 3, "Discard 3 cards; +1 strength.", cards=3, strength=1))
    rows = card(s, "ladybug")["abilities"]
    assert [(r["tier"], render(r["text"], "en"), r["missing"]) for r in rows] == [
        (1, "Discard 1 card.", False), (2, "Tier 2: type this row from the card once.", True),
        (3, "Discard 3 cards; +1 strength.", False)]
    assert s.execute(StartBattle("ladybug", "p1")).text == "Red battles the Ladybug: it discards 3 cards and adds 1"
    run(s, RevealCard(2), RevealCard(0), RevealCard(1))
    with pytest.raises(CommandError, match="tie at 4"):
        s.execute(FinishBattle(4))
    assert s.execute(FinishBattle(4, "predator")).text == (
        "The Ladybug (4) beats Red (4); the Ladybug takes 2 casualties (Health 9 -> 7, Tier 3 -> 2); Red loses 4 ants")
    assert s.state["scores"]["p1"] == [0, 0, 0, 0]
    with pytest.raises(CommandError, match="printed in the rulebook"):
        s.execute(SetTierText(CORDYCEPS, 1, "x"))


def test_one_card_means_the_ferocity_choice_comes_first(content: Content) -> None:
    s = game(content)
    s.execute(Summon(CORDYCEPS, 1))
    s.execute(SetSpores(CORDYCEPS, 1))
    s.execute(StartBattle(CORDYCEPS, "p2"))
    assert render(predators_view(s.state, content)["battle"]["step"], "en").startswith(
        "It discards only 1 card: each player chooses now")


def test_bad_input_is_refused_and_changes_nothing(content: Content) -> None:
    s = game(content)
    run(s, ChoosePredators(("ladybug", CORDYCEPS)), Summon(CORDYCEPS, 3))
    before = copy.deepcopy(s.doc)
    for command, message in [
        (Damage(CORDYCEPS, -2), "Casualties must be between 1 and 15; got -2"),
        (Damage(CORDYCEPS, 0), "Casualties must be between 1 and 15; got 0"),
        (Heal(CORDYCEPS, -1), "Health gained must be between 1 and 15"),
        (Heal(CORDYCEPS, 13), "its track stops at 15"),
        (SetHealth(CORDYCEPS, 16), "Health must be between 0 and 15"),
        (Summon("wolf", 3), "No Predator 'wolf'"),
        (Summon("praying-mantis", 3), "not one of this game's Predators"),
        (Summon(CORDYCEPS, 3), "already on the board"),
        (Summon("ladybug", 0), "A hex is its number on the board"),
        (Damage("ladybug", 1), "is not on the board"),
        (SetSpores("ladybug", 1), "is not on the board"),
        (WinAgainst("ladybug", "p1"), "has not been summoned"),
        (WinAgainst(CORDYCEPS, "p9"), "No player 'p9'"),
        (MovePredator(CORDYCEPS, 3), "already in hex 3"),
        (FinishBattle(3), "No battle against a Predator is in progress"),
        (CancelBattle(), "No battle"),
        (ChoosePredators(("ladybug",)), "Choose 2 different Predators"),
        (DrawPredators(), "summoned already"),
    ]:
        with pytest.raises(CommandError, match=message):
            s.execute(command)
    for bad_round in (0, 6):
        with pytest.raises(CommandError, match=f"The round must be between 1 and 5; got {bad_round}"):
            summon(copy.deepcopy(s.state), "ladybug", 2, bad_round)
    assert s.doc == before


def test_undo_across_all_of_it(content: Content) -> None:
    s = game(content)
    start = copy.deepcopy(s.state)
    s.execute(ChoosePredators((CORDYCEPS, "praying-mantis")))
    labels = run(s, Summon(CORDYCEPS, 9, "p1"), MovePredator(CORDYCEPS, 10), SetSpores(CORDYCEPS, 1),
                 SetTierText("praying-mantis", 1, "Mantis strike 1."), Summon("praying-mantis", 2),
                 Damage("praying-mantis", 1), Heal("praying-mantis", 1), SetHealth(CORDYCEPS, 2),
                 StartBattle(CORDYCEPS, "p2"), RevealCard(3), FinishBattle(1),
                 WinAgainst("praying-mantis", "p3"))
    assert labels[-2].startswith("The Cordyceps Fungus (3) beats Blue (1)")
    assert s.state["scores"]["p3"][0] == 1
    for _ in range(len(labels) + 1):
        s.undo()
    assert s.state == start
    for _ in range(len(labels) + 1):
        s.redo()
    assert s.state["scores"]["p3"][0] == 1 and card(s, CORDYCEPS)["health"] == 2


def test_drawn_predators_replay_after_undo(content: Content) -> None:
    s = game(content)
    first = s.execute(DrawPredators()).text
    s.undo()
    assert s.execute(DrawPredators()).text == first
    assert len(s.state["modules_state"][KEY]["in_play"]) == 2


def test_summon_without_the_module_creates_the_tracker(content: Content) -> None:
    """What the Broodmother's machinations level 2 will call: her game has no Predators module."""
    s = game(content, modules=())
    state = copy.deepcopy(s.state)
    assert KEY not in state["modules_state"]
    entry = summon(state, "trapdoor-spider", 4, 2, by="broodmother")
    assert entry == {"id": "trapdoor-spider", "hex": 4, "health": 6, "round": 2, "by": "broodmother", "spores": 0,
                     "gone": False}
    bring_up_to_date(state, content)  # active now, so validated
    assert state["modules_state"][KEY]["predators"] == [entry]
    assert render(predators_view(state, content)["predators"][0]["by"], "en") == "the Broodmother"


def test_validate_state_names_the_field(content: Content) -> None:
    s = game(content)
    s.execute(Summon("ladybug", 2))
    bad = copy.deepcopy(s.state["modules_state"][KEY])
    bad["predators"][0]["health"] = "9"
    with pytest.raises(InvalidModuleState, match=r"predators\[0\]\.health"):
        validate_state(bad, s.state, content)
    bad = copy.deepcopy(s.state["modules_state"][KEY])
    bad["predators"][0]["id"] = "wolf"
    with pytest.raises(InvalidModuleState, match="no Predator 'wolf'"):
        validate_state(bad, s.state, content)
    bad = copy.deepcopy(s.state["modules_state"][KEY])
    bad["predators"][0]["by"] = "p7"
    with pytest.raises(InvalidModuleState, match="no player 'p7'"):
        validate_state(bad, s.state, content)


def test_a_game_saved_before_the_tracker_gains_it_when_opened(db_path: Path) -> None:
    store = GameStore(db_path)
    specs = (PlayerSpec("Red", "red"), PlayerSpec("Blue", "blue"))
    session = store.create(GameSetup(game="mota", players=specs, expansions=("minions",), modules=("predators",)))
    game_id = session.id
    store.close()
    path = db_path.parent / "games.d" / f"{game_id}.json"
    on_disk = json.loads(path.read_text())
    doc = on_disk["game"]["1"]
    del doc["state"]["modules_state"][KEY]
    doc["state"].get("module_versions", {}).pop(KEY, None)
    path.write_text(json.dumps(on_disk))
    again = GameStore(db_path)
    try:
        reopened = again.session(game_id)
        assert reopened.state["modules_state"][KEY] == {"in_play": [], "predators": [], "tiers": {}, "battle": None,
                                                        "spores_placed": [], "ticked": []}
        assert reopened.execute(Summon("ladybug", 3)).text == "Ladybug summoned in hex 3: Health 3, Tier 1"
    finally:
        again.close()


def test_whoever_destroys_the_trapdoor_spider_loses_half_their_ants(content: Content) -> None:
    s = game(content)
    s.execute(Summon("trapdoor-spider", 8))
    assert s.execute(Damage("trapdoor-spider", 3, "p1")).text == (
        "Trapdoor Spider takes 3 casualties: Health 3 -> 0. It leaves the game for good; Red gains 1 food, "
        "and Red loses half of their ants to the Spider.")


def test_the_ladybug_goes_to_the_hex_with_the_most_aphids(content: Content) -> None:
    from companion.core.harvest.commands import AddAphidHex, SetHerd, SetLoose

    s = game(content, modules=("aphids", "predators"))
    assert predators_view(s.state, content)["ladybug"] is None
    run(s, AddAphidHex("7", 4), AddAphidHex("3", 4), SetHerd("h1", "p1", 2), SetLoose("h2", 1))
    assert render(predators_view(s.state, content)["ladybug"], "en") == \
        "The Ladybug goes to 7, the hex with the most aphids (2)."
    s.execute(SetLoose("h2", 2))
    assert render(predators_view(s.state, content)["ladybug"], "en") == (
        "7 and 3 tie with 2 aphids each: hex 3, the lower number (with Herd Omen, its player picks).")
    s.execute(Summon("ladybug", 3))
    assert predators_view(s.state, content)["ladybug"] is None


def test_a_predator_in_battle_leaves_the_board_only_by_the_battles_end(content: Content) -> None:
    """Found by the property machine: 0 Health typed (or dealt) while a battle against that Predator was on left the
    battle fought against a Predator gone from the board, a game the app could not read back."""
    s = game(content)
    to_round(s, 3)
    run(s, Summon("ladybug", 2), SetTierText("ladybug", 3, "Discard 3 cards.", cards=3), StartBattle("ladybug", "p1"))
    health = card(s, "ladybug")["health"]
    for command in (SetHealth("ladybug", 0), Damage("ladybug", health)):
        with pytest.raises(CommandError, match="Finish or cancel the battle in progress first"):
            s.execute(command)
    assert card(s, "ladybug")["health"] == health  # the refusals changed nothing
    s.execute(Damage("ladybug", 1))  # casualties short of 0 still count during the battle
    assert card(s, "ladybug")["health"] == health - 1
    s.execute(CancelBattle())
    s.execute(SetHealth("ladybug", 0))  # and once it is over, 0 Health takes it out for good
    assert [p["gone"] for p in tracker(s.state)["predators"] if p["id"] == "ladybug"] == [True]
    validate_state(tracker(s.state), s.state, content)
