"""The phase checklist: items from the modules in play, applied or ticked, and the question before Next."""

from __future__ import annotations

import pytest

from companion.core.checklist import TickItem, next_warning, phase_items, unapplied_scoring
from companion.core.commands.base import command_from_dict
from companion.core.content import Content
from companion.core.decrees.commands import ChooseDecree, SetMeasure
from companion.core.errors import CommandError
from companion.core.eve.commands import SetEnclave
from companion.core.harvest.commands import AddAphidHex, SetHerd
from companion.core.i18n import render
from tests.scoring_helpers import go_to, run, session


def test_harvest_items_apply_in_one_tap_and_then_are_done(content: Content) -> None:
    s = session(content, 2, modules=("aphids",))
    run(s, AddAphidHex("Lichen", 4), SetHerd("h1", "p1", 3))
    assert phase_items(s.state, s.content) == []  # Worker Phase: nothing from the aphids
    go_to(s, "harvest")
    farms, breeding = phase_items(s.state, s.content)
    assert (render(farms["text"], "en"), farms["scoring"], farms["ready"]) == (
        "Aphid farms: Ana +1 CP, +1 card", True, True)
    assert not breeding["ready"]
    assert render(breeding["note"], "en") == "Pay the aphid farms first: aphids breed after Harvest."
    assert render(next_warning(s.state, s.content), "en") == (
        "Queen Phase: Harvest has rewards not applied yet: Aphid farms: Ana +1 CP, +1 card. "
        "Go on without them?")
    assert farms["command"] is not None
    assert s.execute(command_from_dict(farms["command"])).text == "Harvest: Ana +1 CP, +1 card"
    farms, breeding = phase_items(s.state, s.content)
    assert farms["done"] and breeding["ready"]
    assert next_warning(s.state, s.content) is None  # breeding is not scoring: no question


def test_slumber_gathers_decree_and_eve_and_a_hand_tick(content: Content) -> None:
    s = session(content, 3, expansions=("minions", "empires"), modules=("queens-decrees",),
                variants=("eve-of-the-antperium",))
    run(s, ChooseDecree("adaptive-colony"), SetEnclave("p1"))
    go_to(s, "slumber")
    items = phase_items(s.state, s.content)
    # areas come in registration order (the tests may import eve first), each area's items in its own order
    assert sorted(i["id"] for i in items) == ["decree:score", "eve:evolution", "eve:score"]
    assert [i["id"] for i in items if i["module"] == "eve-of-the-antperium"] == ["eve:evolution", "eve:score"]
    assert [i["id"] for i in unapplied_scoring(s.state, s.content)] == ["eve:score"]  # the decree lacks measures
    run(s, SetMeasure("p1", 1), SetMeasure("p2", 0), SetMeasure("p3", 0))
    assert sorted(i["id"] for i in unapplied_scoring(s.state, s.content)) == ["decree:score", "eve:score"]
    label = s.execute(TickItem("eve-of-the-antperium", "eve:evolution")).text
    assert label.startswith("Done: Start of Slumber: Ana (Enclave)")
    assert next(i for i in phase_items(s.state, s.content) if i["id"] == "eve:evolution")["done"]
    s.undo()
    assert not next(i for i in phase_items(s.state, s.content) if i["id"] == "eve:evolution")["done"]
    with pytest.raises(CommandError, match="use its Apply button"):
        s.execute(TickItem("eve-of-the-antperium", "eve:score"))
    with pytest.raises(CommandError, match="No checklist item"):
        s.execute(TickItem("aphids", "aphids:farms"))


def test_a_game_without_these_modules_has_no_items(content: Content) -> None:
    s = session(content, 2)
    go_to(s, "slumber")
    assert phase_items(s.state, s.content) == [] and next_warning(s.state, s.content) is None


def test_a_game_saved_before_the_trackers_has_no_items_until_adopted(content: Content) -> None:
    s = session(content, 3, expansions=("minions", "empires"), modules=("aphids", "queens-decrees"),
                variants=("eve-of-the-antperium",))
    s.state["modules_state"].clear()  # as an older save reads: the modules are on, their state is not there
    for phase in ("harvest", "slumber"):
        assert phase_items(s.state, s.content, phase) == []
