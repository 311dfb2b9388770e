"""The rulebooks' worked examples, replayed through the app's commands.

One test per corpus entry whose numbers the app computes, named after the entry id
(``mm-spawn-example`` -> ``test_mm_spawn_example``), in any module of this package (this one
holds the Broodmother's; the others one book each): the example's board is set up with the same
commands a table would send, and the numbers the book gives must come out.
Every other ``example`` entry is listed in ``NOT_YET`` with the reason the app cannot replay it;
``test_every_example_is_replayed_or_listed`` keeps the two lists honest across the package.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import tests.examples
from companion.core.broodmother.checklist import difficulty_preview
from companion.core.broodmother.commands import EnterCard
from companion.core.broodmother.content import brood_content
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.turns import NextRound
from companion.rules.corpus import load_corpus
from tests.broodmother.helpers import brood, hex_of, lines, make_session, run

MOVES = "ant movement: the app keeps no map of where each ant, Major Worker or aphid stands"
LAYOUT = "a card's layout: nothing to compute"
TACTIC_BATTLE = ("an ant battle with a Tactic's effect: the app shows the order of resolving Tactics "
                 "(Soldier Phase reference) but keeps no battle of ants, so the strengths stay the players'")
NOT_YET: dict[str, str] = {
    "mm-example-cordyceps-carry-spore": "carrying a spore is an ant's step, and blue's reaction step is "
                                        "movement: " + MOVES + " (the spores left in its hex are replayed in "
                                        "test_mm_example_cordyceps_carrier_dies_erupts)",
    "mm-example-specialized-site-blocked": "who may enter a specialized site (two head Evolutions) and whether "
                                           "a hex is contested are read off the board: the app keeps no map of "
                                           "sites and ants",
    "mm-example-specialized-site-still-contested": "an ant in the outskirts keeping a hex contested is read "
                                                   "off the board: the app keeps no map of sites and ants",
    "mm-example-swap-ant-major-worker": MOVES,
    "mm-example-pass-aphid": MOVES,
    "mm-example-displace-leave-aphid": MOVES + " (the aphid tracker only counts each colony's herd per hex)",
    "mm-tactic-card-anatomy": LAYOUT,
    "mm-eve-ring-diagrams": "a setup diagram: nothing to compute",
    "pp-reward-tile-strength-example": "no Predators & Prey reward tile tracker (only the setup checklist "
                                       "names the tiles): the 2 points and the +1 strength for the rest of "
                                       "the game are entered by hand",
    "pp-leaving-battle-example": "a three-player ant battle with Cruel Cannibals and the Amazon Head: the app "
                                 "shows the rule (Leaving a Battle, in the Tactics reference) but resolves no "
                                 "ant battle or card effect",
    "pp-tactic-card-anatomy": LAYOUT,
    "pp-tactic-example-strength": TACTIC_BATTLE,
    "pp-tactic-example-ferocity": TACTIC_BATTLE,
    "pp-tactic-example-after-battle": TACTIC_BATTLE,
    "pp-chamber-card-layout": LAYOUT,
    "pp-predator-card-layout": LAYOUT,
    "pp-lw-example-explore": "exploring a tile and moving the Large Worker and 2 ants onto it: " + MOVES,
    "pp-predator-example-placing": "placing the spider's token on the Stone Mound and the neighbours' "
                                   "reactions (a larva there, a larva from searching) are table moves: the app "
                                   "keeps no map of tiles nor the colonies' larvae",
}


def replay_name(entry_id: str) -> str:
    return "test_" + entry_id.replace("-", "_")


def replays() -> dict[str, list[str]]:
    """Every test function in this package, by name, with the modules defining it."""
    found: dict[str, list[str]] = {}
    for info in pkgutil.iter_modules(tests.examples.__path__):
        module = importlib.import_module(f"tests.examples.{info.name}")
        for name, value in vars(module).items():
            if name.startswith("test_") and callable(value) and getattr(value, "__module__", "") == module.__name__:
                found.setdefault(name, []).append(info.name)
    return found


def test_every_example_is_replayed_or_listed() -> None:
    examples = [e.id for e in load_corpus() if e.kind == "example"]
    found = replays()
    replayed = [i for i in examples if replay_name(i) in found]
    assert sorted(set(examples) - set(replayed)) == sorted(NOT_YET), "list the example, or replay it in tests/examples"
    assert not set(replayed) & set(NOT_YET)
    assert {n: m for n, m in found.items() if len(m) > 1} == {}, "one test per example, in one file"
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
