"""The Symbiote moves a table makes: a swap between two colonies, each giving a token it holds, and a battle.

Drawn field by field a swap would almost never name a token its giver holds; built here from who holds what,
it does. Examples, not a promise: the caller asks ``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.state import State
from companion.core.symbiotes.commands import Exchange, ReturnForBattle
from companion.core.symbiotes.model import symbiotes


def symbiote_moves(state: State, content: Content) -> Iterator[Command]:
    """Every ordered pair of holders: a swap of the first token of one and the last of the other, a battle."""
    held: dict[str, list[str]] = {}
    for token, holder in sorted(symbiotes(state)["holders"].items()):
        held.setdefault(holder, []).append(token)
    for a, b in permutations(sorted(held), 2):
        yield Exchange(player_a=a, token_a=held[a][0], player_b=b, token_b=held[b][-1])
        yield ReturnForBattle(player_a=a, player_b=b)
