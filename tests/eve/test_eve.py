"""Eve of the Antperium's Slumber (Minions of the Meadow > Slumber and Scoring) on 3- and 4-player boards."""

from __future__ import annotations

import copy

import pytest

from companion.core.checklist import phase_items
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.eve import eve_points
from companion.core.eve.commands import ApplyEve, SetEnclave, SetHexes
from companion.core.eve.view import eve_view
from companion.core.hooks import bring_up_to_date
from companion.core.i18n import render
from tests.scoring_helpers import go_to, run, session

EVE = ("eve-of-the-antperium",)


def test_points_enclave_adjacent_and_other() -> None:
    # Ana: Enclave 2 + 1 hex next to it 2 + 2 others 2 = 6; Bo: 2 next to it = 4; Cy: 3 others = 3.
    assert eve_points(["Ana", "Bo", "Cy"], "Ana", {"Ana": 1, "Bo": 2}, {"Ana": 2, "Cy": 3}) == {
        "Ana": 6, "Bo": 4, "Cy": 3}
    assert eve_points(["Ana", "Bo", "Cy", "Di"]) == {"Ana": 0, "Bo": 0, "Cy": 0, "Di": 0}


@pytest.mark.parametrize(("args", "message"), [
    ((["Ana", "Bo", "Cy"], "Zed", {}, {}), "No player 'Zed'"),
    ((["Ana", "Bo", "Cy"], None, {"Ana": 4, "Bo": 3}, {}), "Only 6 hexes touch the Enclave; 7"),
    ((["Ana", "Bo", "Cy"], None, {"Ana": -1}, {}), "between 0 and 6"),
    ((["Ana", "Bo", "Cy", "Di", "Ed"], None, {}, {}), "for 3 or 4 players"),
])
def test_impossible_boards_are_refused(args: tuple, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(CommandError, match=message):
        eve_points(*args)


def test_three_player_board(content: Content) -> None:
    s = session(content, 3, variants=EVE)
    assert "setup-draft" in s.state["variants"]
    run(s, SetEnclave("p2"), SetHexes("p1", "adjacent", 2), SetHexes("p2", "adjacent", 1),
        SetHexes("p3", "other", 4), SetHexes("p1", "other", 1))
    go_to(s, "slumber")
    assert s.execute(ApplyEve()).text == "Eve of the Antperium: Ana +5 CP; Bo +4 CP; Cy +4 CP"
    assert [s.state["scores"][p][0] for p in ("p1", "p2", "p3")] == [5, 4, 4]


def test_four_player_board_apply_and_undo(content: Content) -> None:
    s = session(content, 4, variants=EVE)
    run(s, SetEnclave("p4"), SetHexes("p1", "adjacent", 3), SetHexes("p2", "adjacent", 2),
        SetHexes("p3", "adjacent", 1), SetHexes("p4", "other", 2))
    with pytest.raises(CommandError, match="Only 6 hexes touch the Enclave; 7"):
        s.execute(SetHexes("p4", "adjacent", 1))
    go_to(s, "slumber")
    view = eve_view(s.state, s.content)
    sums = [render(p["sum"], "en") for p in view["players"]]
    assert sums[3] == "2 (Enclave) + 2 x 0 (next to it) + 1 x 2 (other) = 4"
    before = copy.deepcopy(s.state)
    label = s.execute(ApplyEve()).text
    assert label == "Eve of the Antperium: Ana +6 CP; Bo +4 CP; Cy +2 CP; Di +4 CP"
    with pytest.raises(CommandError, match="already in the scores"):
        s.execute(ApplyEve())
    assert s.undo().text == label and s.state == before


def test_slumber_checklist_has_the_enclave_evolution_and_the_points(content: Content) -> None:
    s = session(content, 3, variants=EVE)
    s.execute(SetEnclave("p1"))
    assert [i["module"] for i in phase_items(s.state, s.content)] == ["drafting"]  # the Setup Draft Eve brings
    go_to(s, "slumber")
    evolution, points = phase_items(s.state, s.content)
    assert render(evolution["text"], "en").startswith("Start of Slumber: Ana (Enclave) names head, thorax or abdomen")
    assert evolution["command"] is None and not evolution["done"]
    assert points["scoring"] and points["ready"] and render(points["text"], "en") == "Eve of the Antperium: Ana +2 CP"


def test_refusals(content: Content) -> None:
    s = session(content, 3, variants=EVE)
    with pytest.raises(CommandError, match="scores at Slumber"):
        s.execute(ApplyEve())
    go_to(s, "slumber")
    with pytest.raises(CommandError, match="Nobody controls the Enclave or any hex yet"):
        s.execute(ApplyEve())
    for command, message in [(SetEnclave("p9"), "No player 'p9'"), (SetHexes("p1", "inner", 1), "adjacent or other"),
                             (SetHexes("p1", "other", -1), "between 0 and 99")]:
        with pytest.raises(CommandError, match=message):
            s.execute(command)
    state = copy.deepcopy(s.state)
    del state["modules_state"]["eve-of-the-antperium"]
    bring_up_to_date(state, s.content)
    assert state["modules_state"]["eve-of-the-antperium"]["enclave"] is None
