"""The Eve of the Antperium moves a table makes: who holds the Enclave, each colony's hexes by one, the
Slumber points. Built from the board as entered (a count one off the present one), so they fit it;
examples, not a promise: the caller asks ``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.eve.commands import KINDS, ApplyEve, SetEnclave, SetHexes
from companion.core.eve.model import eve, player_ids
from companion.core.state import State


def eve_moves(state: State, content: Content) -> Iterator[Command]:
    """The Enclave to each player or nobody, each player's hexes of each kind one more or one fewer, the points."""
    e = eve(state)
    for pid in [*player_ids(state), ""]:
        yield SetEnclave(player_id=pid)
    for pid in player_ids(state):
        for kind in KINDS:
            now = e[kind].get(pid, 0)  # type: ignore[literal-required]
            for count in (now + 1, now - 1):
                yield SetHexes(player_id=pid, kind=kind, count=count)
    yield ApplyEve()
