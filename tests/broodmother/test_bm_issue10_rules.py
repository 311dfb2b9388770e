"""The six rules issue #10 found wrong, each reproduced: Slumber, open questions, the Nest, aphids,
the phases of her card, and the physical deck (its own tests are in test_bm_deck.py)."""

from __future__ import annotations

import pytest

from companion.core.actions import allowed
from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import AnswerExpand, AnswerPredator, DrawCard, EnterCard, ScoreSlumber
from companion.core.broodmother.meadow_commands import AddHex, ChaseNymph
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.session import Session

from .helpers import brood, hex_of, lines, make_session, run


def to_slumber(s: Session) -> None:
    while s.state["phase"] != "slumber":
        s.execute(NextPhase())


# -- 1. her Slumber points are never lost ---------------------------------------------------------
def test_next_out_of_slumber_scores_her_points_with_the_sum_in_the_log_and_undo_takes_them_back() -> None:
    s = make_session()
    run(s, AddHex(5, "outer", 0, 0, centipede=True), AddHex(3, "inner", 1, 1))
    to_slumber(s)
    label = s.execute(NextPhase()).text
    assert label == "Round 2: Worker Phase; her Slumber: +2 CP"  # the sum with its parts is in her report
    assert render(s.doc["log"][-1]["label"]) == label
    assert brood(s)["cp"][:2] == [2, 0] and brood(s)["slumbers"] == [1]
    assert lines(s) == ["She gains 1 (centipedes) + 1 (1 per Inner Meadow hex with a nymph) = 2 Colony Points."]
    assert brood(s)["report"]["interpretations"] == ["slumber-at-step-end"]
    s.undo()
    assert (s.state["round"], s.state["phase"], sum(brood(s)["cp"]), brood(s)["slumbers"]) == (1, "slumber", 0, [])


def test_points_scored_in_the_step_are_not_scored_again() -> None:
    s = make_session()
    s.execute(AddHex(5, "outer", 0, 0, centipede=True))
    to_slumber(s)
    s.execute(ScoreSlumber())
    assert s.execute(NextPhase()).text == "Round 2: Worker Phase"
    assert sum(brood(s)["cp"]) == 1


def test_a_skipped_round_and_finish_still_end_with_her_slumber() -> None:
    s = make_session("coop", 2)
    run(s, AddHex(5, "outer", 0, 0, centipede=True))
    assert s.execute(NextRound()).text.startswith("Start round 2; her Slumber: +1 CP")
    run(s, NextRound(), NextRound())
    assert brood(s)["cp"] == [1, 1, 1, 0]
    assert "her Slumber" in s.execute(FinishGame()).text
    assert brood(s)["cp"] == [1, 1, 1, 1] and s.state["ended"]["code"] == "broodmother-survived"


def test_other_phases_score_nothing() -> None:
    s = make_session()
    s.execute(AddHex(5, "outer", 0, 0, centipede=True))
    assert s.execute(NextPhase()).text == "Next: Soldier Phase"
    assert sum(brood(s)["cp"]) == 0


def test_asymmetric_slumber_goes_to_her_player() -> None:
    s = make_session("asymmetric", 2)
    s.execute(AddHex(5, "outer", 0, 0, centipede=True))
    to_slumber(s)
    s.execute(NextPhase())
    assert s.state["scores"]["p3"][0] == 1


# -- 2. an open question holds the game; answers use the round of the card that asked -------------
def test_an_open_expand_blocks_next_and_its_answer_uses_round_one() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(3, "inner", 0, 2), AddHex(5, "inner", 0, 2), AddHex(7, "inner", 0, 2))
    s.execute(EnterCard("colony-goal", 1))
    for command in (NextPhase(), NextRound()):
        with pytest.raises(CommandError, match=r"Answer her open question first: which hex her Expand revealed "
                                               r"\(her card of round 1\)"):
            s.execute(command)
    assert not s.can(NextPhase())
    ids = [i["id"] for i in broodmother_view(s.state, s.content)["interpretations"]["current"]]
    assert "question-holds-the-game" in ids
    s.execute(AnswerExpand(number=9, sites=1, centipede_hex=True))
    assert [hex_of(s, n)["centipede"] for n in (3, 5, 7, 9)] == [False, False, False, True]  # round 1: one


def test_an_old_question_saved_in_a_later_round_is_answered_with_its_own_round() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(3, "inner", 0, 2), AddHex(5, "inner", 0, 2), AddHex(7, "inner", 0, 2))
    s.execute(EnterCard("colony-goal", 1))
    s.state["round"] = 3  # a game saved while Next still let the round move on
    s.execute(AnswerExpand(number=9, sites=1, centipede_hex=True))
    assert sum(h["centipede"] for h in brood(s)["hexes"]) == 1


def test_the_level_two_predator_keeps_the_round_it_was_summoned_in() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(4, "inner", 0))
    for ferocity in (1, 2, 3, 4, 1, 2):
        s.execute(EnterCard("evolution", ferocity))
    q = brood(s)["pending"][0]
    assert (q["kind"], q["round"], q["health"]) == ("predator", 1, 3)
    with pytest.raises(CommandError, match="which hex holds the most ants"):
        s.execute(NextPhase())
    s.state["round"] = 2
    s.execute(AnswerPredator(hex=4))
    assert s.state["modules_state"]["predators"]["predators"][0]["round"] == 1


# -- 3. the Nest revealed by her Expand moults the other hexes (its own nymph stays with her) -------
def test_the_nest_from_her_expand_moults_without_the_centipede_hex_tick() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(3, "inner", 0, 2))
    s.execute(NextRound())
    s.execute(EnterCard("colony-goal", 1))
    s.execute(AnswerExpand(number=30, sites=2, zone="outer", nest=True))
    assert (hex_of(s, 30)["centipede"], hex_of(s, 30)["nymphs"]) == (False, 1)  # nest-nymphs-stay
    assert hex_of(s, 3)["centipede"] is True  # round 2 allows two; hex 3 is the only one that can moult
    said = lines(s)
    assert said.index("Hex 3: one nymph moults into a centipede.") < said.index(
        "The Nest of Centipedes is hex 30: put the Broodmother on it.")
    assert "nest-order" in brood(s)["report"]["interpretations"]


def test_the_nest_found_by_the_ants_moults_nothing() -> None:
    s = make_session()
    run(s, AddHex(3, "inner", 0, 2), AddHex(30, "outer", 2, 1, nest=True))
    assert not any(h["centipede"] for h in brood(s)["hexes"])


# -- 4. nymphs destroy the aphids they share a site with ------------------------------------------
def test_placement_lines_mention_aphids_only_with_the_aphids_module() -> None:
    s = make_session(deck="physical", modules=("aphids",))
    run(s, AddHex(6, "inner", 2), AddHex(8, "inner", 1, 1))
    s.execute(EnterCard("event", 2))
    said = lines(s)
    assert said[said.index("Hex 6: place 1 nymph.") + 1] == "The nymph destroys any aphid on its collection site."
    s.execute(ChaseNymph(6))
    assert lines(s) == ["Hex 6: move the nymph to a free collection site.",
                        "The nymph destroys any aphid on its collection site."]
    plain = make_session(deck="physical")
    plain.execute(AddHex(6, "inner", 2))
    plain.execute(EnterCard("event", 2))
    assert lines(plain) == ["No hex without a centipede holds 2 or more nymphs: nothing moults.",
                            "Hex 6: place 1 nymph."]


def test_two_nymphs_from_level_one_say_it_in_the_plural() -> None:
    s = make_session(deck="physical", modules=("aphids",))
    s.execute(AddHex(6, "inner", 3))
    for ferocity in (1, 2, 3):
        s.execute(EnterCard("evolution", ferocity))
    s.execute(EnterCard("event", 4))
    said = lines(s)
    assert said[said.index("Hex 6: place 2 nymphs.") + 1] == "The nymphs destroy any aphids on their collection sites."


# -- 5. her card only where the rulebook puts her reactions ---------------------------------------
@pytest.mark.parametrize(("steps", "now"), [(1, "Soldier Phase"), (5, "Queen Phase: Slumber")])
def test_her_card_waits_for_the_worker_phase(steps: int, now: str) -> None:
    for deck, command in (("virtual", DrawCard()), ("physical", EnterCard("event", 1))):
        s = make_session(deck=deck)
        for _ in range(steps):
            s.execute(NextPhase())
        with pytest.raises(CommandError, match=f"players take their turns in the Worker Phase. It is the {now} now"):
            s.execute(command)
        view = broodmother_view(s.state, s.content)
        assert not allowed(view["actions"], DrawCard())
        assert "reactions-in-worker-phase" in [i["id"] for i in view["interpretations"]["current"]]


def test_her_announcement_in_the_asymmetric_variant_mentions_aphids() -> None:
    s = make_session("asymmetric", 2, deck="physical", modules=("aphids",))
    s.execute(EnterCard("event", 1))
    assert lines(s)[1] == "Nymphs destroy any aphids on the collection sites they take."
