"""Antscape's worked example, named after its corpus entry (``test_rulebook_examples.replay_name``)."""

from __future__ import annotations

from companion.core.antscape import antscape_view
from companion.core.antscape.commands import SetCellOwner, SetCellPoints
from companion.core.content import Content
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state


def test_as_example_irene(content: Content) -> None:
    """Antscape > 2a. Claim a Territory: Irene claims a territory worth 1 point and covers it with her card.

    The payment (two Colony cards and a Recruit card with the icons) is checked at the table; the app records
    the claim on the scorer's grid and counts the territory's 1 point in her total.
    """
    state = new_state(GameSetup(game="antscape", players=(PlayerSpec("Irene", "pink"), PlayerSpec("Jo", "green"))),
                      content, seed=3)
    s = Session(new_doc("g-as", "Antscape", state), content=content)
    assert s.execute(SetCellOwner(2, 3, "p1")).text == "Antscape: row 2, column 3 to Irene"
    assert s.execute(SetCellPoints(2, 3, 1)).text == "Antscape: row 2, column 3 worth 1"
    view = antscape_view(s.state, content)
    irene, jo = view["players"]
    assert (irene["name"], irene["territories"], irene["total"]) == ("Irene", 1, 1)
    assert (jo["territories"], jo["total"]) == (0, 0)
    assert view["cells"][1][2]["colour"] == "pink"
