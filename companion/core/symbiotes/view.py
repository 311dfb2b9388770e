"""What the Symbiote panel and the Slumber checklist show, as plain data.

The view's ``actions`` are what the panel offers each pair of colonies (in seat order): a battle's return of each
other's tokens, and a swap (each giving the first token it holds: the game's answer to a pair's swap is the same
whichever tokens they hold, so one stands for all the panel's form may send). ``exchange`` and ``says`` are read
off those answers, so the panel never asks the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from typing_extensions import TypedDict

from companion.core.actions import Actions, Reason, action_key, actions
from companion.core.checklist import Item, entering, tick_item
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import Msg, msg, tr
from companion.core.state import SLUMBER, State, ant_players
from companion.core.symbiotes.commands import Exchange, ReturnForBattle, token_name
from companion.core.symbiotes.model import (
    KEY,
    end_points,
    held_by,
    owner_of,
    part_of,
    symbiotes,
    symbiotes_content,
)
from companion.core.words import PARTS


class HeldToken(TypedDict):
    """A Symbiote token a colony holds, and whether it is its own."""

    id: str
    name: Msg
    own: bool


class SymbiotePlayer(TypedDict):
    """A colony in ``symbiotes_view``: the tokens it holds, the bonuses they give, its end-of-game points."""

    id: str
    name: str
    held: list[HeldToken]
    bonus: list[Msg]
    end_points: int


class SymbiotesView(TypedDict):
    """What ``symbiotes_view`` gives the Symbiote panel."""

    players: list[SymbiotePlayer]
    #: Why no pair of colonies may swap now (not Slumber, Autumn's, every pair swapped, the game over), or None.
    exchange: Reason | None
    exchanged: list[list[str]]
    booked: dict[str, int] | None
    reminders: list[str]
    interpretations: list[str]
    actions: Actions  # each pair's swap and battle (``_offered``): allowed now, or why not
    #: What each battle the game takes now will do ("Battle: Ana and Bo give back 2 Symbiote tokens"), by action key.
    says: dict[str, Msg]


def symbiotes_view(state: State, content: Content) -> SymbiotesView:
    s = symbiotes(state)
    bonuses = symbiotes_content()["bonuses"]
    points = end_points(state)
    players: list[SymbiotePlayer] = []
    for p in ant_players(state):
        held = held_by(s, p["id"])
        counts = {part: sum(1 for t in held if part_of(t) == part) for part in PARTS}
        players.append({
            "id": p["id"], "name": p["name"],
            "held": [{"id": t, "name": token_name(state, t), "own": owner_of(t) == p["id"]} for t in held],
            "bonus": [msg("{n} x {bonus}", n=n, bonus=msg(bonuses[part]))
                      for part, n in counts.items() if n],
            "end_points": points[p["id"]],
        })
    offered = list(_offered(players))
    acts = actions(offered, state, content)
    return {
        "players": players, "exchange": _no_swap(offered, acts),
        "exchanged": [k.split(":")[1:] for k in s["exchanged"] if k.startswith(f"{state['round']}:")],
        "booked": s["booked"], "reminders": list(symbiotes_content()["reminders"]),
        "interpretations": [i["text"] for i in symbiotes_content()["interpretations"]],
        "actions": acts,
        "says": {key: c.describe(state, content) for c in offered
                 if isinstance(c, ReturnForBattle) and acts[key := action_key(c)] is None},
    }


def _offered(players: list[SymbiotePlayer]) -> Iterator[Command]:
    """Each pair of colonies in seat order: their swap (each giving its first token held) and their battle."""
    for a, b in combinations(players, 2):
        if a["held"] and b["held"]:
            yield Exchange(a["id"], a["held"][0]["id"], b["id"], b["held"][0]["id"])
        yield ReturnForBattle(a["id"], b["id"])


def _no_swap(offered: list[Command], acts: Actions) -> Reason | None:
    """None while some pair may swap; else the reason the game gives every pair (not Slumber, Autumn's, the game
    over), or that each pair has swapped at this Slumber, or that no two colonies hold a token to give."""
    swaps = [acts[action_key(c)] for c in offered if isinstance(c, Exchange)]
    if not swaps:
        return msg("No two colonies hold a Symbiote token to swap.").to_dict()
    if None in swaps:
        return None
    if all(reason == swaps[0] for reason in swaps):
        return swaps[0]
    return msg("Every pair of colonies has swapped at this Slumber.").to_dict()


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if not entering(SLUMBER, KEY, state, phase_id, event):
        return []
    if state["round"] == symbiotes_content()["no_exchange_round"]:
        return [tick_item("symbiotes:autumn", KEY, tr("Autumn: no Symbiote exchange this Slumber."), state)]
    return [tick_item("symbiotes:exchange", KEY, tr("Symbiote tokens: each colony may swap one token with every colony "
                      "it shares a hex with."), state)]
