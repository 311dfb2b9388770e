"""Major Workers (Minions of the Meadow > Major Workers) and Large Workers (Predators & Prey > Large Workers),
and the Tactics and Flooded Spring references."""

from __future__ import annotations

import copy

import pytest

from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.hooks import InvalidModuleState, bring_up_to_date
from companion.core.i18n import render
from companion.core.reference import flooded_view, tactics_view, uses_tactics
from companion.core.workers import workers_view
from companion.core.workers.commands import SetEvolved, SetWorkers
from companion.core.workers.model import validate_state
from tests.module_helpers import refused, session, undo_all
from tests.scoring_helpers import go_to


def test_major_workers_rally_and_abilities_by_body_part(content: Content) -> None:
    s = session(content, 2, expansions=("minions",))  # the base expansion is always on with Minions
    view = workers_view(s.state, s.content)
    assert view["name"] == "Major Workers" and [c["in_play"] for c in view["colonies"]] == [0, 0]
    assert [a["name"] for a in view["colonies"][0]["abilities"]] == ["Rally"]
    refused(s, SetWorkers("p1", 3), "Major Workers in play must be between 0 and 2; got 3")
    s.execute(SetWorkers("p1", 1))  # Breed
    s.execute(SetEvolved("p1", "head"))
    assert [a["name"] for a in workers_view(s.state, s.content)["colonies"][0]["abilities"]] == ["Rally", "Push"]
    go_to(s, "soldier")
    [item] = phase_items(s.state, s.content)
    assert render(item["text"], "en").startswith("Ana: Rally - As the Soldier Phase begins: put 2 larvae")
    assert render(workers_view(s.state, s.content)["now"][0], "en").startswith("Ana: Rally")
    refused(s, SetEvolved("p1", "head"), "Ana's head is already marked so")
    refused(s, SetEvolved("p1", "wing"), "The body part is one of head, thorax, abdomen")


def test_large_workers_start_with_one_and_gather_feed(content: Content) -> None:
    s = session(content, 2, game="evolved", expansions=("predators-and-prey",), modules=("large-workers",))
    view = workers_view(s.state, s.content)
    assert view["name"] == "Large Workers" and [c["in_play"] for c in view["colonies"]] == [1, 1]
    assert view["colonies"][0]["abilities"] == []  # no ability before an Evolution
    assert view["action"].startswith("Breeding (2 ants)")
    s.execute(SetEvolved("p2", "head"))
    s.execute(SetEvolved("p2", "abdomen"))
    go_to(s, "soldier")
    assert [render(i["text"], "en").split(" - ")[0] for i in phase_items(s.state, s.content)] == ["Bo: Gather"]
    go_to(s, "feeding")
    assert [render(i["text"], "en").split(" - ")[0] for i in phase_items(s.state, s.content)] == ["Bo: Feed"]
    s.execute(SetWorkers("p2", 0))  # both back on the sheet: nothing to remind
    assert phase_items(s.state, s.content) == []


def test_undo_and_adopt(content: Content) -> None:
    s = session(content, 2, game="evolved", expansions=("predators-and-prey",), modules=("large-workers",))
    before = copy.deepcopy(s.state)
    s.execute(SetWorkers("p1", 2))
    s.execute(SetEvolved("p1", "thorax"))
    s.execute(SetEvolved("p1", "thorax", False))
    undo_all(s)
    assert s.state == before
    state = copy.deepcopy(before)
    del state["modules_state"]["workers"]
    bring_up_to_date(state, s.content)
    assert state["modules_state"]["workers"] == {"in_play": {"p1": 1, "p2": 1}, "evolved": {}, "ticked": []}
    with pytest.raises(InvalidModuleState, match="3 workers, but each colony has 2"):
        validate_state({"in_play": {"p1": 3}, "evolved": {}, "ticked": []}, before, s.content)


def test_tactics_steps_per_edition(content: Content) -> None:
    s = session(content, 2, modules=("tactics",), expansions=("empires",))
    assert uses_tactics(s.state)
    view = tactics_view(s.state, s.content)
    assert render(view["steps"][2], "en").startswith(
        "Tactic effects happen now, before the battle's outcome: the Invader's")
    assert not view["now"]
    go_to(s, "soldier")
    reminder = tactics_view(s.state, s.content)["reminder"]
    assert render(reminder, "en") == "Soldier Phase: in each battle, follow these steps."
    assert render(reminder, "es").endswith(":") is False and "Soldado" in render(reminder, "es")
    e = session(content, 2, game="evolved", expansions=("predators-and-prey",))
    steps = [render(t, "en") for t in tactics_view(e.state, e.content)["steps"]]
    assert len(steps) == 5 and "defender's left" in steps[2] and steps[3].startswith("Result: a player with no ant")


def test_flooded_spring_reference(content: Content) -> None:
    s = session(content, 2, variants=("flooded-spring",), expansions=("minions",))
    view = flooded_view(s.state, s.content)
    assert view["now"]
    assert render(view["setup"], "en").startswith("Put the Flooded Spring hex among the Beyond the Meadow hexes")
