"""The Mutations moves a table makes: the deal, the 4 cards a colony drew entered, 2 kept for two different
body parts, an Evolution played, a card named.

Which two of a colony's four to keep depends on their body parts, and the four entered must be cards no other
colony was dealt: built here from the deal as it stands, such moves fit it. Examples, not a promise: the
caller asks ``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.mutations.commands import DealMutations, EnterDealt, KeepMutations, NameMutation, PlayEvolution
from companion.core.mutations.content import mutations_content
from companion.core.mutations.model import MutationsState, card, mutations
from companion.core.state import State, ant_players
from companion.core.words import PARTS


def mutation_moves(state: State, content: Content) -> Iterator[Command]:
    """The deal, then per colony its cards entered and kept, and its Evolutions; a card named as printed."""
    m = mutations(state)
    deal = mutations_content(content)["deal"]
    yield DealMutations()
    for p in ant_players(state):
        pid = p["id"]
        others = {i for holder, got in m["dealt"].items() if holder != pid for i in got}
        free = [c["id"] for c in m["cards"] if c["id"] not in others]
        if len(free) >= deal:
            start = (state["round"] + len(m["dealt"])) % (len(free) - deal + 1)
            yield EnterDealt(player_id=pid, card_ids=tuple(free[start:start + deal]))
        yield from _keeps(m, pid)
        for part in PARTS:
            yield PlayEvolution(player_id=pid, part=part)
    if m["cards"]:
        first = m["cards"][m["deals"] % len(m["cards"])]
        yield NameMutation(card_id=first["id"], card_name=f"Mutation {first['id']}")


def _keeps(m: MutationsState, pid: str) -> Iterator[Command]:
    """Two of the colony's dealt cards for two different body parts (the first such pair, and the last)."""
    pairs = [(a, b) for a, b in combinations(m["dealt"].get(pid, []), 2) if card(m, a)["part"] != card(m, b)["part"]]
    for first, second in pairs[:1] + pairs[-1:]:
        yield KeepMutations(player_id=pid, first=first, second=second)
