"""The Difficulty Chart, the starting numbers, the options and the setup checklist."""

from __future__ import annotations

import pytest

from companion.core.broodmother import brood_content, broodmother_view
from companion.core.broodmother.commands import TickStep
from companion.core.content import load_content
from companion.core.errors import CommandError
from companion.core.setup import GameSetup, PlayerSpec, new_state

from .helpers import brood, make_session

CHART = {1: (3, 12, 7), 2: (5, 16, 8), 3: (6, 18, 9), 4: (7, 20, 9)}


@pytest.mark.parametrize("ants", [1, 2, 3, 4])
def test_thresholds_follow_the_chart(ants: int) -> None:
    mode = "solo" if ants == 1 else "coop"
    b = brood(make_session(mode, ants))
    assert (b["thresholds"]["plot"], b["thresholds"]["cp"], b["thresholds"]["centipedes"]) == CHART[ants]


@pytest.mark.parametrize(("ants", "difficulty", "tokens", "larvae", "cards"), [
    (1, "easy", 3, 2, 0), (1, "normal", 2, 0, 0), (1, "difficult", 1, 0, -1),
    (2, "easy", 2, 0, 2), (2, "normal", 2, 0, 0), (2, "difficult", 0, 0, 0),
    (3, "easy", 3, 0, 1), (3, "normal", 2, 0, 0), (3, "difficult", 0, 0, 0),
    (4, "easy", 2, 0, 1), (4, "normal", 2, 0, 0), (4, "difficult", 0, 0, -1),
])
def test_difficulty_adjustments(ants: int, difficulty: str, tokens: int, larvae: int, cards: int) -> None:
    b = brood(make_session("solo" if ants == 1 else "coop", ants, difficulty=difficulty))
    assert b["initiative"] == tokens
    assert (b["start"]["larvae"], b["start"]["cards"]) == (larvae, cards)


@pytest.mark.parametrize(("difficulty", "start"), [
    ("easy", {"larvae": 5, "food": 2, "cards": 4, "initiative": 3}),
    ("normal", {"larvae": 3, "food": 2, "cards": 4, "initiative": 2}),
    ("difficult", {"larvae": 3, "food": 2, "cards": 3, "initiative": 1}),
])
def test_solo_starting_resources(difficulty: str, start: dict[str, int]) -> None:
    assert brood(make_session(difficulty=difficulty))["start"]["solo"] == start


def test_default_deck_follows_the_rulebook_shares() -> None:
    bc = brood_content()
    counts = {t: sum(g.count for g in bc.default_composition if g.type == t) for t in bc.card_types}
    assert counts == {"event": 19, "colony-goal": 11, "evolution": 20}
    assert len(brood(make_session())["deck"]["cards"]) == 50


def test_empires_solo_adds_six_chambers_as_evolutions() -> None:
    cards = brood(make_session(empires=True))["deck"]["cards"]
    chambers = [c for c in cards.values() if c["chamber"]]
    assert len(cards) == 56 and len(chambers) == 6
    assert {c["type"] for c in chambers} == {"evolution"}
    assert len(brood(make_session("coop", 2, empires=True))["deck"]["cards"]) == 50


def test_every_interpretation_is_a_sentence_for_players() -> None:
    interpretations = brood_content().interpretations
    assert len(interpretations) >= 30
    assert all(i.text.startswith("Interpretation: ") for i in interpretations.values())


@pytest.mark.parametrize(("options", "message"), [
    ({"difficulty": "brutal"}, "difficulty"),
    ({"deck": "paper"}, "deck"),
    ({"after_level_3": "more"}, "after_level_3"),
    ({"odds": "yes"}, "odds"),
    ({"deck_composition": [["event", 1, 0]]}, "1-120 cards"),
    ({"deck_composition": [["joker", 1, 3]]}, "Unknown card type"),
])
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        make_session(**options)


def test_broodmother_options_need_a_broodmother_game() -> None:
    setup = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                      options={"difficulty": "easy"})
    with pytest.raises(CommandError, match="only for games against the Broodmother"):
        new_state(setup, load_content(), seed=1)


def test_competitive_game_has_no_broodmother_state() -> None:
    setup = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")))
    state = new_state(setup, load_content(), seed=1)
    assert "broodmother" not in state["modules_state"]
    assert broodmother_view(state, load_content()) == {"active": False}


def test_custom_composition_option() -> None:
    b = brood(make_session(deck_composition=[{"type": "event", "ferocity": 2, "count": 3},
                                             {"type": "evolution", "ferocity": 1, "count": 1}]))
    assert sorted(b["deck"]["cards"]) == ["event-2-1", "event-2-2", "event-2-3", "evolution-1-1"]


def _ids(session: object) -> list[str]:
    view = broodmother_view(session.state, session.content)  # type: ignore[attr-defined]
    return [s["id"] for s in view["checklist"]]


def test_checklist_depends_on_mode_players_and_expansions() -> None:
    solo = make_session(difficulty="easy")
    assert _ids(solo) == ["hex-deck", "starting-hexes", "her-deck", "nymph-cubes", "initiative", "difficulty",
                          "solo-remove-three", "solo-aphid-hex", "solo-resources", "record-hexes"]
    assert "two-player-setup" in _ids(make_session("coop", 2))
    assert "standard-setup" in _ids(make_session("coop", 3))
    assert "difficulty" not in _ids(make_session("coop", 3))
    empires = _ids(make_session(empires=True))
    assert {"empires-solo-chambers", "empires-solo-old-tunnel", "empires-solo-mutations",
            "empires-solo-eggs"} <= set(empires)
    assert "empires-coop-mix" in _ids(make_session("coop", 2, empires=True))


def test_checklist_texts_carry_this_games_numbers() -> None:
    session = make_session(difficulty="difficult")
    steps = {s["id"]: s["text"] for s in broodmother_view(session.state, session.content)["checklist"]}
    assert steps["initiative"] == "Initiative Tokens for the group: 1."
    assert steps["difficulty"] == "Difficult mode: -1 Initiative Token, -1 card."
    assert "3 larvae, 2 food, 3 cards and 1 Initiative Tokens" in steps["solo-resources"]
    two = make_session("coop", 2, difficulty="easy")
    steps = {s["id"]: s["text"] for s in broodmother_view(two.state, two.content)["checklist"]}
    assert steps["difficulty"] == "Easy mode: +2 cards each."


def test_ticking_a_step() -> None:
    session = make_session()
    session.execute(TickStep("hex-deck"))
    assert brood(session)["checklist"] == {"hex-deck": True}
    with pytest.raises(CommandError, match="already ticked"):
        session.execute(TickStep("hex-deck"))
    with pytest.raises(CommandError, match="No setup step"):
        session.execute(TickStep("made-up"))
    session.execute(TickStep("hex-deck", done=False))
    assert brood(session)["checklist"] == {}
