"""Minions of the Meadow's worked examples: the Farming table, the Cordyceps Fungus Diagram, the Major Workers.

Each test is named after its corpus entry (``test_rulebook_examples.replay_name``) and replays the example
through the app's commands or calculators, checking the numbers the book gives.
"""

from __future__ import annotations

import pytest

from companion.core.broodmother.commands import AnswerPredator, EnterCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.checklist import phase_items
from companion.core.commands.turns import NextPhase, NextRound
from companion.core.content import Content
from companion.core.harvest import farm_reward
from companion.core.harvest.commands import AddAphidHex, ApplyHarvest, SetHerd
from companion.core.i18n import render
from companion.core.predators.battle import FinishBattle, RevealCard, StartBattle
from companion.core.predators.commands import ClearSpores, PlaceSpores, SetSpores, Summon
from companion.core.predators.view import predators_view
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.workers.commands import SetEvolved, SetWorkers
from companion.core.workers.view import workers_view
from tests.broodmother.helpers import brood, make_session
from tests.module_helpers import session
from tests.scoring_helpers import go_to, run

CORDYCEPS = "cordyceps-fungus"


# -- Minions of the Meadow > Farming ------------------------------------------------------------------
def test_mm_farming_table_example(content: Content) -> None:
    """1 aphid: nothing; 2: 1 card either way; 3: 1 card + 1 CP alone, 1 CP shared; 4: 3 CP alone, 1 card + 1 CP
    shared (each herder of a shared farm gets the shared reward)."""
    nothing, card, card_cp, cp, three_cp = ({"cards": c, "cp": p} for c, p in ((0, 0), (1, 0), (1, 1), (0, 1),
                                                                                (0, 3)))
    assert [farm_reward(n, 1) for n in (1, 2, 3, 4)] == [nothing, card, card_cp, three_cp]
    assert [farm_reward(n, 2) for n in (2, 3, 4)] == [card, cp, card_cp]
    # the same table paid through the tracker: Lichen shared 4 (2 + 2), Clover Ana's alone with 4
    s = session(content, 2, modules=("aphids",))
    run(s, AddAphidHex("Lichen", 4), AddAphidHex("Clover", 4), SetHerd("h1", "p1", 2), SetHerd("h1", "p2", 2),
        SetHerd("h2", "p1", 4))
    go_to(s, "harvest")
    assert s.execute(ApplyHarvest()).text == "Harvest: Ana +4 CP, +1 card; Bo +1 CP, +1 card"


# -- Minions of the Meadow > Cordyceps Fungus Diagram ---------------------------------------------------
def cordyceps_game(content: Content) -> Session:
    """Red, Blue and Purple with the Predators module, the Cordyceps summoned in hex 12 in round 3."""
    specs = (PlayerSpec("Red", "red"), PlayerSpec("Blue", "blue"), PlayerSpec("Purple", "purple"))
    setup = GameSetup(game="mota", players=specs, expansions=("minions",), modules=("predators",))
    s = Session(new_doc("g-test", "Test", new_state(setup, content, seed=11)), saver=lambda d: None, content=content)
    while (s.state["round"], s.state["phase"]) != (3, "worker"):
        s.execute(NextPhase())
    s.execute(Summon(CORDYCEPS, 12, "p1"))
    return s


def cordyceps(s: Session) -> dict[str, object]:
    return next(p for p in predators_view(s.state, s.content)["predators"] if p["id"] == CORDYCEPS)


def test_mm_example_cordyceps_round_3(content: Content) -> None:
    """Round 3: Health 9, Power Tier 3, 4 spore tokens in its hex - summoned by hand or by the Broodmother."""
    s = cordyceps_game(content)
    assert s.undo_label == "Cordyceps Fungus summoned in hex 12: Health 9, Tier 3; 4 spore tokens in its hex"
    assert (cordyceps(s)["health"], cordyceps(s)["tier"], cordyceps(s)["spores"]) == (9, 3, 4)
    # the Broodmother's level 2 summons it with the same Health
    b = make_session(deck="physical", seed=7)  # seed 7: her random Predator is the Cordyceps
    run(b, AddHex(4, "inner", 0), NextRound(), NextRound())
    for ferocity in (1, 2, 3, 4, 1, 2):  # two full plot piles: level 2 summons her Predator
        b.execute(EnterCard("evolution", ferocity))
    q = brood(b)["pending"][0]
    assert (q["kind"], q["predator"], q["round"], q["health"]) == ("predator", CORDYCEPS, 3, 9)
    b.execute(AnswerPredator(hex=4))
    assert b.state["modules_state"]["predators"]["predators"] == [  # her summon lands in the predator tracker
        {"id": CORDYCEPS, "hex": 4, "health": 9, "round": 3, "by": "broodmother", "spores": 4, "gone": False}]


def test_mm_example_cordyceps_carrier_dies_erupts(content: Content) -> None:
    """A spore carried to Lichen erupts at the end of the Worker Phase (itself and 1 ant); those in its hex do not."""
    s = cordyceps_game(content)
    assert s.execute(SetSpores(CORDYCEPS, 3)).text == "Cordyceps Fungus: 3 spore tokens in its hex"
    (erupt,) = [i for i in phase_items(s.state, content) if i["id"] == f"predators:erupt:{CORDYCEPS}"]
    assert erupt["text"] == ("End of the Worker Phase: each spore token outside hex 12 erupts, destroying itself "
                             "and 1 ant in its hex.")
    assert cordyceps(s)["spores"] == 3


def test_mm_example_cordyceps_battle_discards(content: Content) -> None:
    """3 spores left: 3 cards; 1 when the battle starts, Purple's Ferocity choice, then its last 2."""
    s = cordyceps_game(content)
    s.execute(SetSpores(CORDYCEPS, 3))
    go_to(s, "soldier")
    assert s.execute(StartBattle(CORDYCEPS, "p3")).text == "Purple battles the Cordyceps Fungus: it discards 3 cards"
    assert render(predators_view(s.state, content)["battle"]["step"], "en").startswith("Discard its first card")
    s.execute(RevealCard(1))
    assert render(predators_view(s.state, content)["battle"]["step"], "en").startswith(
        "Each player chooses now whether to play a Ferocity card")
    run(s, RevealCard(0), RevealCard(0))
    assert predators_view(s.state, content)["battle"]["cards"] == 3


def test_mm_example_cordyceps_casualties(content: Content) -> None:
    """Purple wins with Army Strength 2: Health 9 -> 7; the Cordyceps deals half its own (1 // 2 = 0)."""
    s = cordyceps_game(content)
    s.execute(SetSpores(CORDYCEPS, 3))
    go_to(s, "soldier")
    run(s, StartBattle(CORDYCEPS, "p3"), RevealCard(1), RevealCard(0), RevealCard(0))
    assert s.execute(FinishBattle(2)).text == (
        "Purple (2) beats the Cordyceps Fungus (1), +1 CP; the Cordyceps Fungus takes 2 casualties "
        "(Health 9 -> 7, Tier 3 -> 2); Purple loses 0 ants")
    assert (cordyceps(s)["health"], cordyceps(s)["tier"]) == (7, 2)


def test_mm_example_cordyceps_next_round(content: Content) -> None:
    """Slumber clears every spore; at Health 7 (Tier 2) it places 3 at the next Worker Phase."""
    s = cordyceps_game(content)
    s.execute(SetSpores(CORDYCEPS, 3))
    go_to(s, "soldier")
    run(s, StartBattle(CORDYCEPS, "p3"), RevealCard(1), RevealCard(0), RevealCard(0), FinishBattle(2))
    go_to(s, "slumber")
    assert s.execute(ClearSpores()).text == "Slumber: every spore token is removed"
    assert cordyceps(s)["spores"] == 0
    go_to(s, "worker")
    assert s.state["round"] == 4
    assert s.execute(PlaceSpores()).text == "Cordyceps Fungus (Tier 2) places 3 spore tokens in hex 12"
    assert cordyceps(s)["spores"] == 3


# -- Minions of the Meadow > Major Worker Ability Example ----------------------------------------------
@pytest.fixture
def majors(content: Content) -> Session:
    """Ana is red, Bo blue; each has a Major Worker in the Meadow."""
    s = session(content, 2, expansions=("minions",))
    run(s, SetWorkers("p1", 1), SetWorkers("p2", 1))
    return s


def now(s: Session) -> list[str]:
    return [render(line, "en").split(" - ")[0] for line in workers_view(s.state, s.content)["now"]]


def test_mm_example_push_fungalreach(majors: Session) -> None:
    """Blue's head evolution gives its Major Worker Push when it Marches; red (no head) has none."""
    assert now(majors) == []
    majors.execute(SetEvolved("p2", "head"))
    assert now(majors) == ["Bo: Push"]
    (push,) = [a for a in workers_view(majors.state, majors.content)["colonies"][1]["abilities"] if a["name"] == "Push"]
    assert push["text"].startswith("Marching, after its steps: push an ant (not on a control site, not a Major Worker)")


def test_mm_example_explore_scout_humus(majors: Session) -> None:
    """Red's evolved thorax: after Exploring, Scout one more hex and move only the Major Worker there."""
    majors.execute(SetEvolved("p1", "thorax"))
    assert now(majors) == ["Ana: Scout"]
    (scout,) = workers_view(majors.state, majors.content)["colonies"][0]["abilities"][1:]
    assert scout["name"] == "Scout" and "move only the Major Worker there (it is not an Explore)" in scout["text"]


def test_mm_example_rally_fungalreach(majors: Session) -> None:
    """As the Soldier Phase begins, blue Rallies: 2 larvae into the contested hex its Major Worker inhabits."""
    go_to(majors, "soldier")
    items = [render(i["text"], "en") for i in phase_items(majors.state, majors.content)
             if i["id"].startswith("workers:p2")]
    assert items == ["Bo: Rally - As the Soldier Phase begins: put 2 larvae in every contested hex where you "
                     "inhabit a site and have a Major Worker."]
