"""What the Eve panel and the Slumber checklist show, as plain data."""

from __future__ import annotations

from functools import partial

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.checklist import Item, command_item, entering, tick_item
from companion.core.commands.base import Command
from companion.core.content import Content, Readings, readings
from companion.core.eve.commands import ApplyEve, SetEnclave, SetHexes, slumber_rewards
from companion.core.eve.content import eve_content
from companion.core.eve.model import KEY, EveState, eve
from companion.core.eve.scoring import points_sum
from companion.core.i18n import Msg, msg
from companion.core.points import rewards_text
from companion.core.state import SLUMBER, State, ant_players

REMINDERS = (
    msg("Each Homeland is its player's Great Tunnel: you may always place larvae on your own, never on another's."),
    msg("Starting hands come from the Setup Draft: draft 4 cards, keep 2."),
)


class EvePlayer(TypedDict):
    """A colony in ``eve_view``: its hexes next to the Enclave and elsewhere, and what they score."""

    id: str
    name: str
    adjacent: int
    other: int
    points: int
    sum: Msg


class EveView(Readings):
    """What ``eve_view`` gives the Eve panel."""

    enclave: str | None
    players: list[EvePlayer]
    players_by_id: dict[str, EvePlayer]  # the same colonies by id: one colony's count draws its part alone
    ring: int
    ring_taken: int
    preview: Msg | str
    applied: bool
    reminders: list[Msg]
    actions: Actions  # the Enclave's holder, each colony's hexes one less or more, the apply button


def eve_view(state: State, content: Content) -> EveView:
    e = eve(state)
    rewards = slumber_rewards(state)
    players: list[EvePlayer] = [{"id": p["id"], "name": p["name"], "adjacent": e["adjacent"].get(p["id"], 0),
                                 "other": e["other"].get(p["id"], 0), "points": rewards[p["id"]]["cp"],
                                 "sum": points_sum(p["id"], e["enclave"], e["adjacent"], e["other"])}
                                for p in ant_players(state)]
    return {
        "enclave": e["enclave"],
        "players": players, "players_by_id": {p["id"]: p for p in players},
        "ring": eve_content()["adjacent_hexes"], "ring_taken": sum(e["adjacent"].values()),
        "preview": rewards_text(state, content, rewards),
        "applied": state["round"] in e["applied"],
        "reminders": list(REMINDERS),
        **readings(eve_content()),
        "actions": actions(_offered(state, e), state, content),
    }


def _offered(state: State, e: EveState) -> list[Command]:
    """What the panel offers: each colony (or nobody) holding the Enclave, each colony's hexes next to it and
    elsewhere one less or more, and the apply button."""
    ants = [p["id"] for p in ant_players(state)]
    out: list[Command] = [SetEnclave(pid) for pid in [*ants, ""]]
    for pid in ants:
        for kind in ("adjacent", "other"):
            out += stepping(partial(SetHexes, pid, kind), e[kind].get(pid, 0))
    return [*out, ApplyEve()]


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if not entering(SLUMBER, KEY, state, phase_id, event):
        return []
    e = eve(state)
    holder = next((p["name"] for p in state["players"] if p["id"] == e["enclave"]), None)
    evolution = msg("Start of Slumber: {holder} (Enclave) names head, thorax or abdomen and turns over cards until "
                    "a non-parasite Evolution of that part, adding it to their ant", holder=holder) if holder else \
        msg("Start of Slumber: nobody controls the Enclave, so nobody takes its Evolution")
    return [
        tick_item("eve:evolution", KEY, evolution, state),
        command_item("eve:score", KEY, msg("Eve of the Antperium: {rewards}",
                                           rewards=rewards_text(state, content, slumber_rewards(state))),
                     ApplyEve(), state, content, done=state["round"] in e["applied"], scoring=True),
    ]
