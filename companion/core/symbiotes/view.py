"""What the Symbiote panel and the Slumber checklist show, as plain data."""

from __future__ import annotations

from typing import Any

from companion.core.checklist import Item, tick_item
from companion.core.content import Content
from companion.core.i18n import msg, tr
from companion.core.state import State, ant_players
from companion.core.symbiotes.commands import exchange_problem, token_name
from companion.core.symbiotes.model import (
    KEY,
    PARTS,
    end_points,
    held_by,
    owner_of,
    part_of,
    symbiotes,
    symbiotes_content,
)


def symbiotes_view(state: State, content: Content) -> dict[str, Any]:
    s = symbiotes(state)
    bonuses = symbiotes_content()["bonuses"]
    points = end_points(state)
    players = []
    for p in ant_players(state):
        held = held_by(s, p["id"])
        counts = {part: sum(1 for t in held if part_of(t) == part) for part in PARTS}
        players.append({
            "id": p["id"], "name": p["name"],
            "held": [{"id": t, "name": token_name(state, t), "own": owner_of(t) == p["id"]} for t in held],
            "bonus": [msg("{n} x {bonus}", n=n, bonus=msg(bonuses[part]))  # type: ignore[literal-required]
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
    if phase_id != "slumber" or event != "enter" or KEY not in state["modules_state"]:
        return []
    if state["round"] == symbiotes_content()["no_exchange_round"]:
        return [tick_item("symbiotes:autumn", KEY, tr("Autumn: no Symbiote exchange this Slumber."), state)]
    return [tick_item("symbiotes:exchange", KEY, tr("Symbiote tokens: each colony may swap one token with every colony "
                      "it shares a hex with."), state)]
