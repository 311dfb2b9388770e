"""What players read: undo labels and log lines that name her card, her cards by round, the wording."""

from __future__ import annotations

import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.checklist import checklist
from companion.core.broodmother.commands import (
    AnswerExpand,
    AnswerStrike,
    CancelReaction,
    DrawCard,
    EnterCard,
)
from companion.core.broodmother.content import brood_content
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.turns import NextRound
from companion.core.i18n import render

from .helpers import brood, make_session


def test_entering_her_card_names_it_on_undo_and_in_the_log() -> None:
    s = make_session(deck="physical")
    label = s.execute(EnterCard("colony-goal", 4)).text
    assert label == "Her card: Colony Goal, Ferocity 4 - Expand" == s.undo_label
    assert render(s.doc["log"][-1]["label"]) == label
    assert s.execute(AnswerExpand(number=12, sites=2)).text == (
        "Her card: Colony Goal, Ferocity 4 - Expand: hex 12 in the Inner Meadow")
    assert s.undo().text == "Her card: Colony Goal, Ferocity 4 - Expand: hex 12 in the Inner Meadow"


def test_a_virtual_draw_is_labelled_with_the_card_it_drew() -> None:
    s = make_session(seed=5)
    done = s.execute(DrawCard())
    label = done.text
    assert label == f"Her card: {render(brood(s)['history'][-1]['words'])}" == s.undo_label
    assert "modules_state.broodmother" in done.touched
    s.undo()
    assert s.redo().text == label  # the seeded generator draws the same card again


def test_a_draw_runs_her_card_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Her draw names its card from the state it led to: no trial run on a copy of the game first."""
    s = make_session(seed=5)
    runs: list[int] = []
    run = DrawCard.run
    monkeypatch.setattr(DrawCard, "run", lambda self, *args: (runs.append(1), run(self, *args))[1])
    s.execute(DrawCard())
    assert runs == [1]


def test_cancel_and_strike_labels_name_the_card() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(17, "outer", 1, nest=True))
    s.execute(EnterCard("event", 2))
    assert render(CancelReaction().describe(s.state, s.content)) == (
        "Cancel her card (Event, Ferocity 2 - Strike) with an Initiative Token")
    assert s.execute(AnswerStrike(destroyed=1)).text == (
        "Her card: Event, Ferocity 2 - Strike: her Strike destroyed 1 ant")


def test_her_cards_by_round_with_a_cancelled_one() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("evolution", 1))
    s.execute(CancelReaction())
    s.execute(NextRound())
    s.execute(EnterCard("evolution", 2))
    seen = [{"round": r["round"], "cards": [{**c, "words": render(c["words"])} for c in r["cards"]]}
            for r in broodmother_view(s.state, s.content)["history"]]
    assert seen == [
        {"round": 1, "cards": [{"words": "Evolution, Ferocity 1 - Plot", "cancelled": True}]},
        {"round": 2, "cards": [{"words": "Evolution, Ferocity 2 - Plot", "cancelled": False}]},
    ]


def test_the_question_carries_her_card_and_its_own_id() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("colony-goal", 3))
    q = broodmother_view(s.state, s.content)["question"]
    assert (q["card"], q["round"], q["asked"]) == ("Colony Goal, Ferocity 3 - Expand", 1, "1.1")
    sites = next(f for f in q["fields"] if f["name"] == "sites")
    assert sites.get("required") is True and "default" not in sites


def test_wording_has_no_parenthesised_plurals() -> None:
    s = make_session("coop", 3)
    texts = [step["text"] for step in checklist(s.state, brood_content())]
    assert "Starting hexes: 3 with aphids and 3 without (one of each per colony)." in texts
    assert not any("(s)" in t for t in texts)


def test_a_game_saved_before_the_history_gets_an_empty_one() -> None:
    from companion.core.hooks import bring_up_to_date

    s = make_session()
    state = s.state
    del state["modules_state"]["broodmother"]["history"]
    state["module_versions"]["broodmother"] = 1
    bring_up_to_date(state, s.content)
    assert state["modules_state"]["broodmother"]["history"] == [] and state["module_versions"]["broodmother"] == 3
