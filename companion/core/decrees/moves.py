"""The Queen's Decree moves a table makes: a decree chosen, each colony's measure, the Slumber points.

Scoring needs a decree chosen and every colony's measure entered this round: built from the decree in play
and the measures as they stand, these moves fit. Examples, not a promise: the caller asks ``Session.can``
first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.decrees.commands import ApplyDecree, ChooseDecree, SetMeasure
from companion.core.decrees.content import decrees_content
from companion.core.decrees.model import colonies, decrees
from companion.core.state import State


def decree_moves(state: State, content: Content) -> Iterator[Command]:
    """Two known decrees and a typed one, each colony's measure (set, or one more), the decree's points."""
    known = decrees_content()["decrees"]
    for d in known[state["round"] % len(known):][:2]:
        yield ChooseDecree(decree_id=d["id"])
    yield ChooseDecree(decree_name="Deep Tunnels", measure="tunnels", criterion="most")
    entered = decrees(state)["measures"][state["round"] - 1]
    for index, p in enumerate(colonies(state)):
        now = entered.get(p["id"])
        yield SetMeasure(player_id=p["id"], value=index + 1 if now is None else now + 1)
    yield ApplyDecree()
