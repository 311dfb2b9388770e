"""The rulebooks' worked examples, replayed through the app's commands.

One test per corpus entry whose numbers the app computes, named after the entry id
(``mm-spawn-example`` -> ``test_mm_spawn_example``): the example's board is set up with
the same commands a table would send, and the numbers the book gives must come out.
Every other ``example`` entry is listed in ``NOT_YET`` with the reason it cannot run yet;
``test_every_example_is_replayed_or_listed`` keeps the two lists honest.
"""

from __future__ import annotations

import sys

import pytest

from companion.core.broodmother.checklist import difficulty_preview
from companion.core.broodmother.commands import AnswerPredator, EnterCard
from companion.core.broodmother.content import brood_content
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.turns import NextRound
from companion.rules.corpus import load_corpus
from tests.broodmother.helpers import brood, hex_of, lines, make_session, run

NO_PREDATORS = "the Predators module (Health track, Power Tiers, spores, battles) is not in the app yet"
NO_BATTLES = "the app does not resolve ant battles, movement or card effects; only the Broodmother's side"
NO_MODULE = "the app has no tracker for this module yet"
NOT_YET: dict[str, str] = {
    "as-example-irene": "Antscape territory claims are not computed (the app keeps Antscape's points only)",
    "ee-example-scavengers-cache-playing": "no Empires Chambers tracker yet (" + NO_MODULE + ")",
    "ee-example-scavengers-cache-reaction": "no Empires Chambers tracker yet (" + NO_MODULE + ")",
    "ee-example-scavengers-cache-activation": "no Empires Chambers tracker yet (" + NO_MODULE + ")",
    "ee-example-mutations-setup": "no Mutations tracker yet (" + NO_MODULE + ")",
    "ee-example-mapmaker-thorax": "no Mutations tracker yet (" + NO_MODULE + ")",
    "ee-example-mutation-feeding": "no Mutations tracker yet (" + NO_MODULE + ")",
    "mm-example-push-fungalreach": NO_BATTLES,
    "mm-example-explore-scout-humus": NO_BATTLES,
    "mm-example-rally-fungalreach": NO_BATTLES,
    "mm-tactic-card-anatomy": "a card's layout: nothing to compute",
    "mm-farming-table-example": "no aphid farming calculator yet (" + NO_MODULE + ")",
    "mm-example-specialized-site-blocked": NO_BATTLES,
    "mm-example-specialized-site-still-contested": NO_BATTLES,
    "mm-example-swap-ant-major-worker": NO_BATTLES,
    "mm-example-pass-aphid": NO_BATTLES,
    "mm-example-displace-leave-aphid": NO_BATTLES,
    "mm-example-cordyceps-carry-spore": NO_PREDATORS,
    "mm-example-cordyceps-carrier-dies-erupts": NO_PREDATORS,
    "mm-example-cordyceps-battle-discards": NO_PREDATORS,
    "mm-example-cordyceps-casualties": NO_PREDATORS,
    "mm-example-cordyceps-next-round": NO_PREDATORS,
    "mm-eve-ring-diagrams": "a setup diagram: nothing to compute",
    "pp-reward-tile-strength-example": "Predators & Prey reward tiles are not computed (" + NO_MODULE + ")",
    "pp-leaving-battle-example": NO_BATTLES,
    "pp-tactic-card-anatomy": "a card's layout: nothing to compute",
    "pp-tactic-example-strength": NO_BATTLES,
    "pp-tactic-example-ferocity": NO_BATTLES,
    "pp-tactic-example-after-battle": NO_BATTLES,
    "pp-chamber-card-layout": "a card's layout: nothing to compute",
    "pp-lw-example-explore": "no Large Workers tracker yet (" + NO_MODULE + ")",
    "pp-lw-example-scout": "no Large Workers tracker yet (" + NO_MODULE + ")",
    "pp-lw-example-gather": "no Large Workers tracker yet (" + NO_MODULE + ")",
    "pp-lw-example-strength": "no Large Workers tracker yet (" + NO_MODULE + ")",
    "pp-predator-card-layout": "a card's layout: nothing to compute",
    "pp-predator-example-task-offering": "no Predators & Prey predators tracker yet (" + NO_MODULE + ")",
    "pp-predator-example-placing": "no Predators & Prey predators tracker yet (" + NO_MODULE + ")",
    "pp-predator-example-strength": "no Predators & Prey predators tracker yet (" + NO_MODULE + ")",
    "pp-predator-example-ferocity": "no Predators & Prey predators tracker yet (" + NO_MODULE + ")",
    "pp-predator-example-losses": "no Predators & Prey predators tracker yet (" + NO_MODULE + ")",
    "pp-predator-example-loot": "no Predators & Prey predators tracker yet (" + NO_MODULE + ")",
    "ee-card-adaptive-colony": "no Queen's Decrees tracker yet (" + NO_MODULE + ")",
}


def replay_name(entry_id: str) -> str:
    return "test_" + entry_id.replace("-", "_")


def test_every_example_is_replayed_or_listed() -> None:
    examples = [e.id for e in load_corpus() if e.kind == "example"]
    here = set(dir(sys.modules[__name__]))
    replayed = [i for i in examples if replay_name(i) in here]
    assert sorted(set(examples) - set(replayed)) == sorted(NOT_YET), "list the example, or replay it here"
    assert not set(replayed) & set(NOT_YET)
    assert replayed, "at least the Broodmother's examples run"


# -- Minions of the Meadow > Broodmother Reactions ---------------------------------------------------
def test_mm_spawn_example() -> None:
    """Round 2, an Event with Ferocity 1, hexes 4, 7 and 9 with a nymph each: 9 and 7 moult, 4 stays."""
    s = make_session(deck="physical")
    run(s, AddHex(4, "inner", 0, 1), AddHex(7, "inner", 0, 1), AddHex(9, "inner", 0, 1), NextRound())
    s.execute(EnterCard("event", 1))
    assert [hex_of(s, n)["centipede"] for n in (4, 7, 9)] == [False, True, True]
    # the moulted nymphs freed their sites, so those hexes get a nymph; hex 4 has none free
    assert [hex_of(s, n)["nymphs"] for n in (4, 7, 9)] == [1, 1, 1]
    assert lines(s) == ["Hex 9: one nymph moults into a centipede.", "Hex 7: one nymph moults into a centipede.",
                        "Hex 9: place 1 nymph.", "Hex 7: place 1 nymph."]


# -- Minions of the Meadow > Broodmother Machinations Track ------------------------------------------
def test_mm_plot_pile_example() -> None:
    """Solo, Plot threshold 3: 1 CP per Plot; the third fills the pile, which is discarded: level 1."""
    s = make_session(deck="physical")
    s.execute(AddHex(6, "inner", 3))
    for count, ferocity in enumerate((1, 2, 3), start=1):
        s.execute(EnterCard("evolution", ferocity))
        assert sum(brood(s)["cp"]) == count
        assert len(brood(s)["deck"]["plot"]) == (count if count < 3 else 0)
    assert brood(s)["machinations"] == 1 and len(brood(s)["deck"]["discard"]) == 3
    s.execute(EnterCard("event", 4))  # a Spawn now places 2 nymphs where it placed 1
    assert hex_of(s, 6)["nymphs"] == 2


# -- Minions of the Meadow > Cordyceps Fungus Diagram (the Health the Broodmother's summons get) ---------
def test_mm_example_cordyceps_round_3() -> None:
    """Summoned in round 3 the Cordyceps has Health 9 (3 per round); its spores need the Predators module."""
    s = make_session(deck="physical", seed=7)  # seed 7: her random Predator is the Cordyceps
    run(s, AddHex(4, "inner", 0), NextRound(), NextRound())
    for ferocity in (1, 2, 3, 4, 1, 2):  # two full plot piles: level 2 summons her Predator
        s.execute(EnterCard("evolution", ferocity))
    q = brood(s)["pending"][0]
    assert (q["kind"], q["predator"], q["round"], q["health"]) == ("predator", "cordyceps-fungus", 3, 9)
    s.execute(AnswerPredator(hex=4))
    assert s.state["modules_state"]["predators"]["predators"] == [
        {"id": "cordyceps-fungus", "hex": 4, "health": 9, "round": 3, "by": "broodmother", "spores": 4, "gone": False}]


# -- Minions of the Meadow > Difficulty Chart (tables the app applies; kind "rule") ---------------------
@pytest.mark.parametrize(("entry", "ants", "mode", "thresholds", "easy", "difficult"), [
    ("mm-difficulty-1-player", 1, "solo", (3, 12, 7), "+2 larvae, +1 Initiative Token", "-1 Initiative Token, -1 card"),
    ("mm-difficulty-2-players", 2, "coop", (5, 16, 8), "+2 cards each", "no Initiative Tokens"),
    ("mm-difficulty-3-players", 3, "coop", (6, 18, 9), "+1 Initiative Token, +1 card each", "no Initiative Tokens"),
    ("mm-difficulty-4-players", 4, "coop", (7, 20, 9), "+1 card each", "no Initiative Tokens, -1 card each"),
])
def test_difficulty_chart_rows(entry: str, ants: int, mode: str, thresholds: tuple[int, int, int], easy: str,
                               difficult: str) -> None:
    assert load_corpus().get(entry) is not None
    for level, tokens in (("easy", None), ("normal", 2), ("difficult", None)):
        b = brood(make_session(mode, ants, difficulty=level))
        assert (b["thresholds"]["plot"], b["thresholds"]["cp"], b["thresholds"]["centipedes"]) == thresholds
        if tokens is not None:
            assert b["initiative"] == tokens
    changes = {c["id"]: c["changes"] for c in difficulty_preview(ants, brood_content())}
    assert (changes["easy"], changes["normal"], changes["difficult"]) == (easy, "no change", difficult)
    if ants > 1:
        assert brood(make_session(mode, ants, difficulty="difficult"))["initiative"] == 0


def test_mm_solo_resources_by_difficulty() -> None:
    """Solo: 3 larvae, 2 food, 4 cards, 2 tokens; Easy 5 larvae and 3 tokens; Difficult 3 cards and 1 token."""
    starts = {level: brood(make_session(difficulty=level))["start"]["solo"] for level in ("easy", "normal",
                                                                                          "difficult")}
    assert starts["normal"] == {"larvae": 3, "food": 2, "cards": 4, "initiative": 2}
    assert starts["easy"] == {"larvae": 5, "food": 2, "cards": 4, "initiative": 3}
    assert starts["difficult"] == {"larvae": 3, "food": 2, "cards": 3, "initiative": 1}
