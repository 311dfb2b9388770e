"""The Broodmother's remaining rule defects, each a scenario with the rulebook's numbers.

1. Her plot pile stays out of her deck when the draw pile runs out (Minions of the Meadow,
   "Broodmother Machinations Track").
2. Her deck holds Empires Chambers only in a solo game (Empires of the Earth, "Solo and Cooperative Play").
3. The Nest revealed by her Expand keeps that Expand's nymphs and her battle numbers count them
   (Minions of the Meadow, "Nest of Centipedes"; "Nymph Rules" > Moulting; "Broodmother Machinations Track").
4. A physical card outside the make-up the players entered is refused (Minions of the Meadow,
   "Against the Broodmother: Solo/Co-op" > Cards).
5. The co-op checklist has each colony's two starting hexes (Minions of the Meadow,
   "Against the Broodmother: Solo/Co-op" > Hexes).

1 and 5 already held when these tests were written (they guard the rule); 2, 3 and 4 failed before
their fixes.
"""

from __future__ import annotations

import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.checklist import checklist
from companion.core.broodmother.commands import AnswerExpand, DrawCard, EnterCard, SetDeck
from companion.core.broodmother.content import brood_content
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.turns import NextRound
from companion.core.errors import CommandError
from companion.core.session import Session

from .helpers import brood, hex_of, lines, make_session, run


def piles(s: Session) -> tuple[int, int, int]:
    d = brood(s)["deck"]
    return len(d["draw"]), len(d["discard"]), len(d["plot"])


# -- 1. the plot pile stays out of a reshuffle and keeps counting ------------------------------
def test_solo_reshuffle_leaves_the_plot_pile_face_up_and_counting() -> None:
    # Difficulty Chart, 1 colony: plot threshold 3. Her deck: 4 Evolutions and 1 Event.
    s = make_session(deck="physical")
    s.execute(SetDeck((("evolution", 1, 4), ("event", 1, 1))))
    s.execute(AddHex(3, "inner", 9))
    for _ in range(3):  # 3 of 3: the pile is discarded and the track moves to level 1
        s.execute(EnterCard("evolution", 1))
    assert brood(s)["machinations"] == 1 and piles(s) == (2, 3, 0)
    s.execute(EnterCard("evolution", 1))  # 1 of 3 on the plot pile
    s.execute(EnterCard("event", 1))
    assert piles(s) == (0, 4, 1)
    plotted = list(brood(s)["deck"]["plot"])
    s.execute(EnterCard("evolution", 1))  # the draw pile ran out: only the 4 discards are shuffled
    said = lines(s)
    assert said[0] == "Her draw pile ran out: shuffle her discard pile to make a new one."
    assert "Put the card face up on her plot pile (2 of 3)." in said
    assert brood(s)["deck"]["plot"][0] == plotted[0] and piles(s) == (3, 0, 2)
    s.execute(EnterCard("evolution", 1))  # the card from before the reshuffle still counts: 3 of 3
    assert "Put the card face up on her plot pile (3 of 3)." in lines(s)
    assert brood(s)["machinations"] == 2


def test_coop_virtual_reshuffle_never_takes_the_plot_pile() -> None:
    # Difficulty Chart, 2 colonies: plot threshold 5. Her deck: 6 Evolutions, so every card is a Plot.
    s = make_session("coop", 2, seed=9)
    s.execute(SetDeck((("evolution", 2, 6),)))
    for _ in range(5):
        s.execute(DrawCard())
    assert brood(s)["machinations"] == 1 and piles(s) == (1, 5, 0)
    s.execute(DrawCard())  # 1 of 5
    kept = list(brood(s)["deck"]["plot"])
    s.execute(DrawCard())  # reshuffle: the 5 discards only
    assert piles(s) == (4, 0, 2) and brood(s)["deck"]["plot"][0] == kept[0]
    assert "Put the card face up on her plot pile (2 of 5)." in lines(s)


# -- 2. Empires Chambers: solo only --------------------------------------------------------------
@pytest.mark.parametrize("colonies", [2, 3, 4])
def test_coop_with_empires_has_no_chamber_in_her_deck(colonies: int) -> None:
    s = make_session("coop", colonies, empires=True, deck="physical")
    assert not any(c["chamber"] for c in brood(s)["deck"]["cards"].values())
    assert len(brood(s)["deck"]["cards"]) == 50
    with pytest.raises(CommandError, match="Chambers are in her deck only in a solo game"):
        s.execute(EnterCard("chamber"))
    assert not any(c["chamber"] for c in brood(s)["deck"]["cards"].values())
    s.execute(SetDeck((("evolution", 2, 3),)))  # a make-up entered in co-op adds no Chamber either
    assert len(brood(s)["deck"]["cards"]) == 3
    steps = [step["id"] for step in checklist(s.state, brood_content())]
    assert not any(step.startswith("empires-solo") for step in steps)
    assert "empires-coop-mix" in steps


def test_solo_with_empires_keeps_its_six_chambers() -> None:
    s = make_session(empires=True, deck="physical")
    assert sum(c["chamber"] for c in brood(s)["deck"]["cards"].values()) == 6
    s.execute(EnterCard("chamber"))
    assert len(brood(s)["deck"]["plot"]) == 1


# -- 3. the Nest from her Expand keeps that Expand's nymphs ------------------------------------
def test_the_nest_from_her_expand_keeps_its_nymph_and_she_counts_it() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(3, "inner", 0, 2))
    s.execute(NextRound())  # round 2: up to 2 centipedes from one Expand
    s.execute(EnterCard("colony-goal", 1))
    s.execute(AnswerExpand(number=30, sites=2, zone="outer", nest=True))
    nest = hex_of(s, 30)
    assert (nest["nymphs"], nest["centipede"], nest["sites"]) == (1, False, 1)
    assert hex_of(s, 3)["centipede"] is True  # the other hexes still moult
    battle = broodmother_view(s.state, s.content)["battle"]["broodmother"]
    assert (battle["hex"], battle["size_bonus"], battle["extra_cards"]) == (30, 1, 1)


def test_at_machinations_level_1_the_nest_gets_two_nymphs_and_she_is_two_bigger() -> None:
    s = make_session(deck="physical")  # solo plot threshold 3: three Plots reach level 1
    for ferocity in (1, 2, 3):
        s.execute(EnterCard("evolution", ferocity))
    assert brood(s)["machinations"] == 1
    s.execute(EnterCard("colony-goal", 2))
    s.execute(AnswerExpand(number=31, sites=3, zone="inner", nest=True))
    nest = hex_of(s, 31)
    assert (nest["nymphs"], nest["centipede"], nest["sites"]) == (2, False, 1)
    assert "Hex 31: place it in the Inner Meadow with 2 nymphs." in lines(s)
    battle = broodmother_view(s.state, s.content)["battle"]["broodmother"]
    assert (battle["size_bonus"], battle["extra_cards"]) == (2, 0)
    shown = broodmother_view(s.state, s.content)["interpretations"]["current"]
    assert "nest-nymphs-stay" in [reading["id"] for reading in shown]  # the reading is shown beside her report


# -- 4. physical cards against an entered make-up ------------------------------------------------
def test_an_entered_make_up_refuses_a_second_ferocity_two_evolution() -> None:
    s = make_session(deck="physical")
    s.execute(SetDeck((("event", 1, 2), ("colony-goal", 3, 1), ("evolution", 1, 1), ("evolution", 2, 1))))
    s.execute(EnterCard("evolution", 2))
    with pytest.raises(CommandError) as refused:
        s.execute(EnterCard("evolution", 2))
    said = str(refused.value)
    assert "make-up you entered" in said and "Evolution with Ferocity 2 x1" in said
    assert "Ferocity 1 x1, Ferocity 2 x1" in said  # what the entered make-up holds of that type
    assert "change her deck's make-up" in said
    assert len(brood(s)["deck"]["cards"]) == 5  # nothing was adjusted


def test_an_entered_make_up_refuses_a_ferocity_nine_colony_goal() -> None:
    s = make_session(deck="physical", deck_composition=[{"type": "colony-goal", "ferocity": 3, "count": 2},
                                                         {"type": "event", "ferocity": 1, "count": 1}])
    with pytest.raises(CommandError) as refused:
        s.execute(EnterCard("colony-goal", 9))
    said = str(refused.value)
    assert "make-up you entered for her deck has no Colony Goal with Ferocity 9" in said
    assert "Ferocity 3 x2" in said and "change her deck's make-up" in said
    assert sorted(brood(s)["deck"]["cards"]) == ["colony-goal-3-1", "colony-goal-3-2", "event-1-1"]
    assert broodmother_view(s.state, s.content)["deck"]["makeup"] == "entered"


def test_the_estimated_make_up_accepts_any_card_and_says_it_is_an_estimate() -> None:
    s = make_session(deck="physical")  # the default make-up: 1 Colony Goal of Ferocity 4, none of 9
    assert broodmother_view(s.state, s.content)["deck"]["makeup"] == "estimated"
    s.execute(EnterCard("colony-goal", 9))
    said = [t for t in lines(s) if "estimate" in t]
    assert said == ["The app's estimate of her deck had no Colony Goal with Ferocity 9 left, so one of its cards "
                    "(Colony Goal with Ferocity 2) becomes one: the box is right."]
    assert "physical-deck-adjusts" in brood(s)["report"]["interpretations"]


# -- 5. the co-op checklist: each colony's starting hexes ----------------------------------------
@pytest.mark.parametrize("colonies", [2, 3, 4])
def test_coop_checklist_has_an_aphid_and_a_non_aphid_hex_per_colony(colonies: int) -> None:
    s = make_session("coop", colonies)
    steps = {step["id"]: step for step in checklist(s.state, brood_content())}
    hexes = steps["starting-hexes"]
    assert hexes["text"] == (f"Starting hexes: {colonies} with aphids and {colonies} without "
                             "(one of each per colony).")
    assert hexes["source"] == "Against the Broodmother: Solo/Co-op > Hexes"
