"""Empires of the Earth's worked examples: Scavenger's Cache, the Mutations example, the Adaptive Colony decree.

Each test is named after its corpus entry (``test_rulebook_examples.replay_name``) and replays the example
through the app's commands, checking the numbers the book gives.
"""

from __future__ import annotations

import pytest

from companion.core.chambers import chambers_view
from companion.core.chambers.commands import ActivateChamber, PlaceEgg, PlayChamber
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.decrees import decree_points
from companion.core.decrees.commands import ApplyDecree, ChooseDecree, SetMeasure
from companion.core.i18n import render
from companion.core.mutations import body, mutations_view
from companion.core.mutations.commands import DealMutations, EnterDealt, KeepMutations, PlayEvolution
from companion.core.session import Session
from tests.module_helpers import session
from tests.scoring_helpers import go_to, run

CACHE = "Scavenger's Cache"


# -- Empires of the Earth > Chambers (red is Ana, blue is Bo) -------------------------------------------
@pytest.fixture
def chambers(content: Content) -> Session:
    return session(content, 2, modules=("chambers",))


def cache(s: Session) -> dict[str, object]:
    chamber: dict[str, object] = chambers_view(s.state, s.content)["players"][0]["chambers"][0]
    return chamber


def test_ee_example_scavengers_cache_playing(chambers: Session) -> None:
    """Red plays Scavenger's Cache paying 2 larvae: 2 eggs from his supply onto the card."""
    assert chambers.execute(PlayChamber("p1", CACHE, 2, "larvae")).text == \
        "Ana plays Scavenger's Cache paying 2 larvae: 2 of 3 eggs"
    assert (cache(chambers)["eggs"], cache(chambers)["capacity"], cache(chambers)["full"]) == (2, 3, False)


def test_ee_example_scavengers_cache_reaction(chambers: Session) -> None:
    """When blue plays a card, red's Reaction is 1 egg onto the Cache instead of a card swap: full at 3."""
    chambers.execute(PlayChamber("p1", CACHE, 2))
    assert chambers.execute(PlaceEgg("c1")).text == "Ana: an egg into Scavenger's Cache instead of a Reaction (3 of 3)"
    assert (cache(chambers)["eggs"], cache(chambers)["full"]) == (3, True)


def test_ee_example_scavengers_cache_activation(chambers: Session) -> None:
    """Full, it activates at the start of the Queen Phase: its 3 eggs go back to red's supply.

    What the unoccupied sites of Fungalreach give (a food and a larva) is read off the board, not computed.
    """
    run(chambers, PlayChamber("p1", CACHE, 2), PlaceEgg("c1"))
    assert render(cache(chambers)["why_not"], "en") == \
        "Scavenger's Cache activates in the Queen Phase; this is Worker Phase."
    go_to(chambers, "harvest")  # the Queen Phase
    assert [render(n, "en") for n in chambers_view(chambers.state, chambers.content)["now"]] == \
        ["Ana: Scavenger's Cache"]
    assert chambers.execute(ActivateChamber("c1")).text == (
        "Ana activates Scavenger's Cache (At the start of the Queen Phase, take what every unoccupied collection "
        "site of one hex gives.): 3 eggs back to the supply")
    assert cache(chambers)["eggs"] == 0


# -- Empires of the Earth > Mutations (blue is Bo) ------------------------------------------------------
@pytest.fixture
def mutations(content: Content) -> Session:
    return session(content, 2, modules=("mutations",))


def test_ee_example_mutations_setup(mutations: Session) -> None:
    """4 Mutations dealt to each player; each keeps 2 on the ant's body and the other 2 are discarded."""
    assert mutations.execute(DealMutations()).text == "Mutations dealt: 4 to each colony"
    view = mutations_view(mutations.state, mutations.content)
    assert [len(p["dealt"]) for p in view["players"]] == [4, 4] and not view["all_kept"]
    for p in view["players"]:
        by_part = {d["part"]: d["id"] for d in p["dealt"]}
        first, second = list(by_part.values())[:2]
        mutations.execute(KeepMutations(p["id"], first, second))
    view = mutations_view(mutations.state, mutations.content)
    assert view["all_kept"] and [len(p["kept"]) for p in view["players"]] == [2, 2]
    assert [len(p["mutations"]) for p in view["players"]] == [2, 2]  # the other 2 are not on the body


def mapmaker(s: Session) -> None:
    """Blue keeps Hunter Head and Cannibal Ant Abdomen, then plays the Mapmaker Thorax (an Evolution)."""
    s.execute(EnterDealt("p2", ("m1", "m17", "m9", "m18")))
    s.execute(KeepMutations("p2", "m1", "m17"))
    assert s.execute(PlayEvolution("p2", "thorax")).text == "Bo plays an Evolution on the thorax"


def test_ee_example_mapmaker_thorax(mutations: Session) -> None:
    """Every body part holds a card, yet no 3 Colony Points: the Mutations are not Evolutions."""
    mapmaker(mutations)
    b = body(mutations.state, "p2")
    assert b["parts"] == {"head": "mutation", "thorax": "evolution", "abdomen": "mutation"}
    assert not b["fully_developed"]
    assert render(b["developed_text"], "en") == ("Not a fully developed ant (no 3 Colony Points): the head and the "
                                                 "abdomen hold Mutations, not Evolutions.")


def test_ee_example_mutation_feeding(mutations: Session) -> None:
    """The Cannibal Ant Abdomen gives no abdomen caste bonus, so blue feeds at the plain rate.

    The app computes the caste bonus (0 on the abdomen); the food itself (1 per 4 ants) is paid at the table.
    """
    mapmaker(mutations)
    assert body(mutations.state, "p2")["caste_bonus"] == {"head": 0, "thorax": 1, "abdomen": 0}


# -- Empires of the Earth > Queen's Decrees ---------------------------------------------------------------
def test_ee_card_adaptive_colony(content: Content) -> None:
    """At each Slumber the colony with the most Evolutions gains crown points equal to the round: 3 in round 3."""
    s = session(content, 3, expansions=("empires",), modules=("queens-decrees",))
    s.execute(ChooseDecree("adaptive-colony"))
    while s.state["round"] < 3:
        s.execute(NextPhase())
    go_to(s, "slumber")
    run(s, SetMeasure("p1", 2), SetMeasure("p2", 4), SetMeasure("p3", 1))
    assert s.execute(ApplyDecree()).text == "Adaptive Colony, round 3: Bo +3 CP"
    assert s.state["scores"]["p2"] == [0, 0, 3, 0]
    assert [decree_points(r, {"Bo": 4, "Ana": 2}) for r in (1, 4)] == [{"Bo": 1, "Ana": 0}, {"Bo": 4, "Ana": 0}]
