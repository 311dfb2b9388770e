"""Her deck: odds as exact fractions, reshuffles, physical mode, undo and redo of a draw."""

from __future__ import annotations

import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import AnswerExpand, DrawCard, EnterCard, SetDeck, SetDeckMode, ShowOdds
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.session import Session

from .helpers import brood, lines, make_session

SMALL = (("event", 1, 2), ("colony-goal", 1, 1), ("evolution", 1, 1))


def odds(s: Session) -> dict[str, tuple[str, str]]:
    found = broodmother_view(s.state, s.content)["deck"]["odds"]
    return {o["action"]: (o["fraction"], f"{o['cards']}/{o['of']}") for o in found}


def all_cards_once(s: Session) -> bool:
    d = brood(s)["deck"]
    return sorted(d["draw"] + d["discard"] + d["plot"]) == sorted(d["cards"])


def test_odds_of_the_default_deck() -> None:
    s = make_session()
    assert odds(s) == {"spawn": ("19/50", "19/50"), "expand": ("11/50", "11/50"), "plot": ("2/5", "20/50")}


def test_odds_follow_the_cards_left_and_the_nest() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("event", 1))
    assert odds(s) == {"spawn": ("18/49", "18/49"), "expand": ("11/49", "11/49"), "plot": ("20/49", "20/49")}
    s.execute(AddHex(12, "outer", 0, nest=True))
    assert set(odds(s)) == {"strike", "invade", "revel"}
    assert odds(s)["strike"] == ("18/49", "18/49")


def test_odds_can_be_hidden() -> None:
    s = make_session(odds=False)
    assert broodmother_view(s.state, s.content)["deck"]["odds"] is None
    s.execute(ShowOdds(True))
    assert odds(s)["plot"] == ("2/5", "20/50")


def test_small_deck_reshuffles_the_discard_but_not_the_plot_pile() -> None:
    s = make_session(seed=5)
    s.execute(SetDeck(SMALL))
    assert odds(s) == {"spawn": ("1/2", "2/4"), "expand": ("1/4", "1/4"), "plot": ("1/4", "1/4")}
    s.execute(AddHex(3, "inner", 9))
    for _ in range(4):
        s.execute(DrawCard())
        while brood(s)["pending"]:
            s.execute(AnswerExpand(deck_empty=True))
        assert all_cards_once(s)
    d = brood(s)["deck"]
    assert d["draw"] == [] and len(d["plot"]) == 1 and len(d["discard"]) == 3
    view = broodmother_view(s.state, s.content)["deck"]
    assert view["reshuffle_next"] is True
    assert odds(s) == {"spawn": ("2/3", "2/3"), "expand": ("1/3", "1/3"), "plot": ("0/1", "0/3")}
    s.execute(DrawCard())
    assert "Her draw pile ran out: shuffle her discard pile to make a new one." in [
        render(line["text"]) for line in brood(s)["report"]["lines"]]
    assert all_cards_once(s) and len(brood(s)["deck"]["draw"]) == 2


def test_undo_puts_the_card_back_and_redo_draws_the_same() -> None:
    s = make_session(seed=11)
    top = brood(s)["deck"]["draw"][0]
    s.execute(DrawCard())
    assert brood(s)["turn"]["card"] == top
    s.undo()
    assert brood(s)["deck"]["draw"][0] == top and brood(s)["turn"] is None
    s.redo()
    assert brood(s)["turn"]["card"] == top
    s.undo()
    s.execute(DrawCard())
    assert brood(s)["turn"]["card"] == top


def test_physical_mode_accepts_a_real_card_the_estimate_lacks_and_says_so_once() -> None:
    s = make_session(deck="physical")  # the estimated make-up: Events of Ferocity 1-4, the most of Ferocity 2
    with pytest.raises(CommandError, match="deck is set to physical"):
        s.execute(DrawCard())
    s.execute(EnterCard("event", 5))  # the estimate has no Event of Ferocity 5: one of Ferocity 2 becomes one
    d = brood(s)["deck"]
    assert len(d["cards"]) == 50 and d["discard"] == ["event-5-1"] and len(d["draw"]) == 49
    assert sum(1 for c in d["cards"].values() if (c["type"], c["ferocity"]) == ("event", 2)) == 5
    said = [t for t in lines(s) if "estimate" in t]
    assert said == ["The app's estimate of her deck had no Event with Ferocity 5 left, so one of its cards "
                    "(Event with Ferocity 2) becomes one: the box is right."]
    s.execute(AnswerExpand(deck_empty=True))  # her Spawn on an empty meadow became an Expand
    s.execute(EnterCard("event", 1))
    assert not any("estimate" in t for t in lines(s))  # said once, only when the make-up changed


def test_an_entered_make_up_is_not_adjusted() -> None:
    s = make_session(deck="physical")
    s.execute(SetDeck(SMALL))  # the box as the players typed it: a card outside it is refused, not adopted
    with pytest.raises(CommandError, match="The make-up you entered for her deck has no Event with Ferocity 3"):
        s.execute(EnterCard("event", 3))
    assert sorted(brood(s)["deck"]["cards"]) == ["colony-goal-1-1", "event-1-1", "event-1-2", "evolution-1-1"]


def test_an_eighth_ferocity_two_evolution_is_accepted() -> None:
    s = make_session("coop", 4, deck="physical")  # the default estimate has 7 Evolutions with Ferocity 2
    for _ in range(7):
        s.execute(EnterCard("evolution", 2))
    before = sum(1 for c in brood(s)["deck"]["cards"].values() if c["type"] == "evolution")
    s.execute(EnterCard("evolution", 2))
    cards = brood(s)["deck"]["cards"]
    assert sum(1 for c in cards.values() if c["type"] == "evolution") == before == 20
    assert sum(1 for c in cards.values() if c["type"] == "evolution" and c["ferocity"] == 2) == 8
    assert "physical-deck-adjusts" in brood(s)["report"]["interpretations"]
    assert all_cards_once(s)


def test_a_card_of_a_type_with_none_left_is_added() -> None:
    s = make_session(deck="physical")  # the estimate holds 11 Colony Goals
    for _ in range(11):
        s.execute(EnterCard("colony-goal", 1))
        s.execute(AnswerExpand(deck_empty=True))
    s.execute(EnterCard("colony-goal", 2))  # no Colony Goal left in the draw pile: the box had a twelfth
    d = brood(s)["deck"]
    assert len(d["cards"]) == 51 and d["cards"]["colony-goal-2-1"] == {"type": "colony-goal", "ferocity": 2,
                                                                        "chamber": False}
    assert "now 51 cards" in lines(s)[0]


def test_switching_deck_mode_keeps_the_piles() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("evolution", 2))
    s.execute(SetDeckMode("virtual"))
    d = brood(s)["deck"]
    assert d["plot"] == ["evolution-2-1"] and len(d["draw"]) == 49
    s.execute(DrawCard())
    assert all_cards_once(s)


def test_the_deck_is_fixed_after_her_first_card() -> None:
    s = make_session()
    with pytest.raises(CommandError, match="Ferocity must be 0-9"):
        s.execute(SetDeck((("event", 12, 1),)))
    s.execute(DrawCard())
    with pytest.raises(CommandError, match="only before her first card"):
        s.execute(SetDeck(SMALL))
