"""The Round Draft's moves a table makes: at Harvest, each colony's cards carried over to the next draft.

Examples built from the counts entered this round (one more than now), so they fit; not a promise: the
caller asks ``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.drafting.commands import KINDS, CarryOver
from companion.core.drafting.model import drafting
from companion.core.state import State


def drafting_moves(state: State, content: Content) -> Iterator[Command]:
    """Each player's card-site cards and aphid-farm cards this round, one more than entered."""
    d = drafting(state)
    for p in state["players"]:
        for kind in KINDS:
            now = d[kind].get(str(state["round"]), {}).get(p["id"], 0)  # type: ignore[literal-required]
            yield CarryOver(player_id=p["id"], kind=kind, count=now + 1)
