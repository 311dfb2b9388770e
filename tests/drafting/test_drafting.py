"""Drafting variants (Minions of the Meadow > Drafting Variants) as guided steps with their numbers."""

from __future__ import annotations

import copy

import pytest

from companion.core.checklist import TickItem, phase_items
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.drafting import drafting_view, plan
from companion.core.drafting.commands import CarryOver
from companion.core.drafting.model import validate_state
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from tests.module_helpers import refused, session, undo_all
from tests.scoring_helpers import go_to


def texts(s: object) -> list[str]:
    return [i["text"] for i in phase_items(s.state, s.content)]  # type: ignore[attr-defined]


def test_the_numbers_of_each_draft() -> None:
    assert plan("setup-draft", 4) == {"deal": 4, "keep": 2, "rest": 2, "total": 16}
    assert plan("round-draft", 3) == {"deal": 5, "keep": 2, "rest": 3, "total": 15}
    assert plan("round-draft", 3, extra=2) == {"deal": 5, "keep": 4, "rest": 1, "total": 15}
    assert plan("round-draft", 2, extra=9) == {"deal": 5, "keep": 5, "rest": 0, "total": 10}
    assert plan("deck-draft", 5) == {"deal": 7, "keep": 5, "rest": 2, "total": 35}
    with pytest.raises(CommandError, match="No drafting variant 'team-draft'"):
        plan("team-draft", 3)
    with pytest.raises(CommandError, match="1 to 5 colonies; got 0"):
        plan("setup-draft", 0)


def test_setup_draft_only_in_round_one(content: Content) -> None:
    s = session(content, 3, variants=("setup-draft",), expansions=("minions",))
    assert texts(s) == ["Setup Draft: deal 4 cards to each colony (12 in all) and draft them; each keeps 2 as its "
                        "starting hand and the other 2 are shuffled back into the deck."]
    s.execute(TickItem("drafting", "drafting:setup-draft"))
    assert phase_items(s.state, s.content)[0]["done"]
    go_to(s, "slumber")
    s.execute(NextPhase())
    assert texts(s) == []


def test_round_draft_carries_cards_over_except_in_autumn(content: Content) -> None:
    s = session(content, 2, variants=("round-draft",), expansions=("minions",))
    assert texts(s) == ["Round Draft: deal 5 cards to each colony (10 in all) and draft them; each keeps 2 and "
                        "discards the rest."]
    refused(s, CarryOver("p1", "extra", 1), "carried over at Harvest; this is Worker Phase")
    assert drafting_view(s.state, s.content)["carry_now"] is False  # the panel shows no counters before Harvest
    go_to(s, "harvest")
    assert drafting_view(s.state, s.content)["carry_now"] is True
    assert texts(s)[0].startswith("Round Draft: card collection sites give no card now")
    s.execute(CarryOver("p1", "extra", 2))
    s.execute(CarryOver("p2", "aside", 1))
    refused(s, CarryOver("p1", "extra", 2), "Ana already has 2 entered")
    refused(s, CarryOver("p1", "spare", 2), "The kind is one of extra, aside")
    go_to(s, "slumber")
    assert texts(s) == ["Round Draft: at the end of Slumber, every colony discards its whole hand."]
    s.execute(NextPhase())
    assert texts(s) == ["Round Draft: deal 5 cards to each colony (10 in all) and draft them; each keeps 2 and "
                        "discards the rest (keeping more: Ana 4). Then add the aphid-farm cards set aside: Bo 1."]
    while s.state["round"] < 4:
        s.execute(NextPhase())
    go_to(s, "harvest")
    assert texts(s) == []  # Autumn: card sites give cards as usual
    refused(s, CarryOver("p1", "extra", 1), "Autumn has no next draft")
    assert drafting_view(s.state, s.content)["carry_now"] is False  # Autumn's Harvest: nothing carried over
    go_to(s, "slumber")
    assert texts(s) == []
    assert drafting_view(s.state, s.content)["carry"] is False


def test_deck_draft_starts_with_two_from_your_deck(content: Content) -> None:
    s = session(content, 2, variants=("deck-draft",), expansions=("minions",))
    assert texts(s) == ["Deck Draft: deal 7 cards to each colony (14 in all) and draft them; each discards 2 and "
                        "shuffles the other 5 into its own deck. Then each draws 2 from its own deck to start."]
    refused(s, CarryOver("p1", "extra", 1), "only in the Round Draft")


def test_undo_and_adopt(content: Content) -> None:
    s = session(content, 2, variants=("round-draft",), expansions=("minions",))
    go_to(s, "harvest")
    before = copy.deepcopy(s.state)
    s.execute(CarryOver("p1", "extra", 1))
    s.execute(TickItem("drafting", "drafting:harvest"))
    undo_all(s)
    assert s.state["modules_state"] == before["modules_state"]
    state = copy.deepcopy(before)
    del state["modules_state"]["drafting"]
    bring_up_to_date(state, s.content)
    assert state["modules_state"]["drafting"] == {"extra": {}, "aside": {}, "ticked": []}
    with pytest.raises(InvalidModuleState, match="'9' is not a round of this game"):
        validate_state({"extra": {"9": {"p1": 1}}, "aside": {}, "ticked": []}, before, s.content)


def test_calc_draft_cli(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from companion.cli import main

    assert main(["calc", "draft", "round-draft", "--colonies", "3", "--extra", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"deal": 5, "keep": 3, "rest": 2, "total": 15}
    assert main(["calc", "draft", "deck-draft", "--colonies", "4"]) == 0
    assert capsys.readouterr().out == "deck-draft: deal 7 to each colony (28 cards), keep 5, let go of 2.\n"
    assert main(["calc", "draft", "setup-draft", "--colonies", "3", "--extra", "1"]) == 2
    assert capsys.readouterr().err == "companion: --extra is for the Round Draft only\n"
    assert main(["calc", "draft", "setup-draft", "--colonies", "9"]) == 2
    assert capsys.readouterr().err == "companion: A draft is for 1 to 5 colonies; got 9.\n"
