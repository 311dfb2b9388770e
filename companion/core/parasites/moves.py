"""The Parasitic Evolution moves a table makes: a card played from one colony onto another's ant, destroyed by
an Evolution on top, its point when the host fought no battle.

A parasite and its host must be two different colonies and the card one the rulebook prints (or named): built
here from the colonies and the cards, such moves fit. Examples, not a promise: the caller asks ``Session.can``
first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.parasites.commands import DestroyParasite, HostDidNotBattle, PlayParasite
from companion.core.parasites.model import parasites, parasites_content
from companion.core.state import State, ant_players


def parasite_moves(state: State, content: Content) -> Iterator[Command]:
    """Two printed cards (one that pays when its host does not battle first) between each ordered pair of
    colonies, and each parasite in play destroyed or paid."""
    cards = sorted(parasites_content()["cards"], key=lambda c: -c["no_battle_cp"])
    offered = [cards[0], cards[(state["round"] + len(parasites(state)["parasites"])) % len(cards)]] if cards else []
    for parasite, host in permutations([p["id"] for p in ant_players(state)], 2):
        for c in offered:
            yield PlayParasite(card=c["name"], parasite_id=parasite, host_id=host)
    for x in parasites(state)["parasites"]:
        yield DestroyParasite(parasite_id=x["id"])
        yield HostDidNotBattle(parasite_id=x["id"])
