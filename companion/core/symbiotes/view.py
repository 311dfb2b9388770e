"""What the Symbiote panel and the Slumber checklist show, as plain data."""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.checklist import Item, entering, tick_item
from companion.core.content import Content
from companion.core.i18n import Msg, msg, tr
from companion.core.state import State, ant_players
from companion.core.symbiotes.commands import exchange_problem, token_name
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
    exchange: Msg | None
    exchanged: list[list[str]]
    booked: dict[str, int] | None
    reminders: list[str]
    interpretations: list[str]


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
    return {
        "players": players, "exchange": exchange_problem(state, content),
        "exchanged": [k.split(":")[1:] for k in s["exchanged"] if k.startswith(f"{state['round']}:")],
        "booked": s["booked"], "reminders": list(symbiotes_content()["reminders"]),
        "interpretations": [i["text"] for i in symbiotes_content()["interpretations"]],
    }


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if not entering("slumber", KEY, state, phase_id, event):
        return []
    if state["round"] == symbiotes_content()["no_exchange_round"]:
        return [tick_item("symbiotes:autumn", KEY, tr("Autumn: no Symbiote exchange this Slumber."), state)]
    return [tick_item("symbiotes:exchange", KEY, tr("Symbiote tokens: each colony may swap one token with every colony "
                      "it shares a hex with."), state)]
