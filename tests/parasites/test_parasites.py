"""Parasites (Minions of the Meadow > Parasitic Evolution Cards): on another colony, triggered, destroyed."""

from __future__ import annotations

import copy

import pytest

from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.parasites import parasites_view
from companion.core.parasites.commands import DestroyParasite, HostDidNotBattle, PlayParasite
from companion.core.parasites.model import validate_state
from companion.core.session import Session
from tests.module_helpers import refused, session, undo_all
from tests.scoring_helpers import go_to


@pytest.fixture
def game(content: Content) -> Session:
    return session(content, 3, modules=("parasites",), expansions=("minions",))


def test_incubator_head_on_another_colony_and_its_soldier_phase_trigger(game: Session) -> None:
    assert game.execute(PlayParasite("Incubator Head", "p1", "p2")).text == "Ana plays Incubator Head on Bo's head"
    refused(game, HostDidNotBattle("x1"), "triggers at the end of the Soldier Phase; this is Worker Phase")
    go_to(game, "soldier")
    items = phase_items(game.state, game.content)
    assert items[0]["text"].startswith("End of the Soldier Phase, Incubator Head (Ana on Bo): When the Soldier "
                                       "Phase ends")
    assert items[1]["text"] == "End of the Soldier Phase, Incubator Head (Ana on Bo): Bo fought no battle, Ana +1"
    assert items[1]["ready"] and not items[1]["scoring"]
    assert game.execute(HostDidNotBattle("x1")).text == "Incubator Head: Bo fought no battle, Ana +1 CP"
    assert game.state["scores"]["p1"] == [1, 0, 0, 0]
    refused(game, HostDidNotBattle("x1"), "already booked this round")
    assert phase_items(game.state, game.content)[1]["done"]
    assert game.execute(DestroyParasite("x1")).text == (
        "An Evolution covers Incubator Head on Bo's head: it is discarded")
    assert [render(d, "en") for d in parasites_view(game.state, game.content)["destroyed"]] == ["Incubator Head (Bo)"]
    assert phase_items(game.state, game.content) == []


def test_a_card_the_rulebook_does_not_print(game: Session) -> None:
    refused(game, PlayParasite("Leech Thorax", "p1", "p3"), "Which body part does Leech Thorax go on")
    game.execute(PlayParasite("Leech Thorax", "p1", "p3", "thorax", "Steal 1 food from the host at feeding."))
    refused(game, HostDidNotBattle("x1"), "gives no point when the host does not battle")
    go_to(game, "soldier")
    [item] = phase_items(game.state, game.content)
    assert item["text"].endswith("(Ana on Cy): Steal 1 food from the host at feeding.")


def test_refusals(game: Session) -> None:
    refused(game, PlayParasite("Incubator Head", "p1", "p1"), "only onto another colony's ant")
    refused(game, PlayParasite("Incubator Head", "p1", "p7"), "No player 'p7'")
    refused(game, PlayParasite("", "p1", "p2", "head"), "Name the Parasitic card")
    game.execute(PlayParasite("Incubator Head", "p1", "p2"))
    refused(game, PlayParasite("Incubator Head", "p3", "p2"), "Bo's head already carries a Parasite")
    refused(game, DestroyParasite("x9"), "No Parasite 'x9'; in play: x1 \\(Incubator Head\\)")


def test_undo_and_adopt(game: Session) -> None:
    before = copy.deepcopy(game.state)
    game.execute(PlayParasite("Incubator Head", "p1", "p2"))
    go_to(game, "soldier")
    game.execute(HostDidNotBattle("x1"))
    game.execute(DestroyParasite("x1"))
    undo_all(game)
    assert game.state == before
    state = copy.deepcopy(before)
    del state["modules_state"]["parasites"]
    bring_up_to_date(state, game.content)
    assert state["modules_state"]["parasites"]["parasites"] == []
    bad = {"parasites": [{"id": "x1", "card": "Incubator Head", "part": "head", "parasite": "p1", "host": "p1",
                          "trigger": "", "no_battle_cp": 1}], "destroyed": [], "paid": [], "ticked": []}
    with pytest.raises(InvalidModuleState, match="cannot host its own Parasite"):
        validate_state(bad, before, game.content)
