"""The aphid moves a table makes, each about a hex it tracks and the colonies herding there.

A herd changed by one, an aphid left in the outskirts or devoured by the colony that herds it, a nymph on a
loose aphid, the farms paid and bred at Harvest: drawn field by field, a hex id, a colony and a count would
rarely fit one hex; built here from the hexes as they stand, they do. Examples, not a promise: the caller asks
``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.harvest import commands as c
from companion.core.harvest.model import AphidHex, aphids, free_sites, on_sites
from companion.core.state import State, ant_players


def aphid_moves(state: State, content: Content) -> Iterator[Command]:
    """A new hex, each tracked hex's changes by one, and Harvest's two steps."""
    hexes = aphids(state)["hexes"]
    yield c.AddAphidHex(hex_name=f"Meadow {len(hexes) + 1}", sites=4 + len(hexes) % 3)
    colonies = [p["id"] for p in ant_players(state)]
    for h in hexes:
        yield from _on_hex(h, colonies)
    yield c.ApplyHarvest()
    yield c.BreedAphids()


def _on_hex(h: AphidHex, colonies: list[str]) -> Iterator[Command]:
    hex_id = h["id"]
    for pid in colonies:
        for where in c.WHERE:
            now = (h["herds"] if where == "sites" else h["outskirts"]).get(pid, 0)
            farm = where == "sites" and now < 2  # 2 on collection sites: a farm, paid at Harvest
            for count in (2,) if farm else (now + 1, now - 1):
                yield c.SetHerd(hex_id=hex_id, player_id=pid, count=count, where=where)
        yield c.SetController(hex_id=hex_id, player_id=pid)
        yield c.LeaveInOutskirts(hex_id=hex_id, player_id=pid)
        yield c.Devour(hex_id=hex_id, player_id=pid)
    yield c.SetController(hex_id=hex_id, player_id="")
    for count in (h["loose"] + 1, h["loose"] - 1) if free_sites(h) > 2 else (h["loose"] - 1,):  # room for a farm
        yield c.SetLoose(hex_id=hex_id, count=count)
    yield c.NymphEatsAphid(hex_id=hex_id)
    if not on_sites(h) and not any(h["outskirts"].values()):  # a hex left empty stops being tracked
        yield c.RemoveAphidHex(hex_id=hex_id)
