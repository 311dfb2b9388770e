"""The chamber moves a table makes: cards of the game's edition played or kept, eggs into and out of the
chambers in play, a full chamber activated, markers counted.

A colony, a card name of the right kind and a number of eggs the card has room for would rarely agree when
drawn field by field (playing a card never happened); built here from the cards the game knows and the chambers
in play, they do. Examples, not a promise: the caller asks ``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.chambers import commands as c
from companion.core.chambers.model import Chamber, chambers, known_cards
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.state import State, ant_players

#: Cards of each kind offered per colony: a few, turning with the round, so each card is played in some game.
CARDS_OFFERED = 2


def chamber_moves(state: State, content: Content) -> Iterator[Command]:
    """Each colony's cards and markers, each chamber's eggs and activation, a card the rulebooks do not print."""
    cards = known_cards(state)
    kinds = {kind: [d["name"] for d in cards if d["kind"] == kind] for kind in ("chamber", "old-tunnel")}
    turn = state["round"]
    offered = {kind: [names[(turn + i) % len(names)] for i in range(min(CARDS_OFFERED, len(names)))]
               for kind, names in kinds.items() if names}
    catalogue = chambers(state)["catalogue"]
    yield c.DefineCard(card_name=f"Machine Hall {len(catalogue) + 1}", capacity=2, phase="queen")
    yield c.DefineCard(card_name=f"Machine Tunnel {len(catalogue) + 1}", capacity=2, phase="queen", kind="old-tunnel")
    for p in ant_players(state):
        yield from _colony(state, p["id"], offered)
    for ch in chambers(state)["chambers"]:
        yield from _chamber(ch)


def _colony(state: State, pid: str, offered: dict[str, list[str]]) -> Iterator[Command]:
    for name in offered.get("chamber", []):
        yield c.PlayChamber(player_id=pid, card_name=name, eggs=1, paid="larvae")
        yield c.PlayChamber(player_id=pid, card_name=name, eggs=2, paid="ants")
        yield c.PlayChamber(player_id=pid, card_name=name, eggs=0, paid="free")
    for tunnel in offered.get("old-tunnel", []):
        yield c.TakeOldTunnel(player_id=pid, card_name=tunnel, whole_game=len(tunnel) % 2 == 0)
        for chamber in offered.get("chamber", []):
            yield c.KeepNestChambers(player_id=pid, tunnel_name=tunnel, chamber_name=chamber)
    yield c.SoloEggs(player_id=pid)
    now = chambers(state)["markers"].get(pid, 0)
    for in_play in (now + 3, now - 1):
        yield c.SetMarkers(player_id=pid, in_play=in_play)


def _chamber(ch: Chamber) -> Iterator[Command]:
    for why in c.WHY:
        for source in c.SOURCES:
            yield c.PlaceEgg(chamber_id=ch["id"], why=why, source=source)
    yield c.TakeEgg(chamber_id=ch["id"])
    yield c.ActivateChamber(chamber_id=ch["id"])
    yield c.DiscardChamber(chamber_id=ch["id"])
