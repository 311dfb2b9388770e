"""What the chambers panel, the checklist and ``companion chambers`` show, as plain data.

Every text is a message (``companion.core.i18n``) rendered by the reader: the phase names, the reason a
chamber cannot activate, the reminders and interpretations of ``data/chambers``; a card's name and an
ability the players typed are values, shown as they are.
"""

from __future__ import annotations

from functools import partial

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.chambers.commands import (
    ActivateChamber,
    DiscardChamber,
    PlaceEgg,
    SetMarkers,
    SoloEggs,
    TakeEgg,
    TakeOldTunnel,
    activation_problem,
)
from companion.core.chambers.content import CardDef, Edition, Kind, card_title, chambers_content, phase_name, said
from companion.core.chambers.model import (
    KEY,
    Chamber,
    activation_key,
    chambers,
    eggs_of,
    evolved,
    known_cards,
    markers_free,
    owned,
)
from companion.core.checklist import Item, command_item
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import Msg, msg, render
from companion.core.state import State, ant_players


class ChamberShown(TypedDict):
    """A chamber in ``chambers_view``: its card, its eggs, and whether it can take an egg or activate now."""

    id: str
    name: str
    title: str
    kind: str
    eggs: int
    capacity: int
    phase: str
    phase_name: Msg
    ability: Msg | str
    full: bool
    whole_game: bool
    from_losses: bool
    can_activate: bool
    why_not: Msg | None
    activated_now: bool


class ChambersPlayer(TypedDict):
    """A colony in ``chambers_view``: its chambers, its eggs and (Evolved) its markers in play and free."""

    id: str
    name: str
    chambers: list[ChamberShown]
    eggs: int
    markers_in_play: int | None
    markers_free: int | None


class TitledCard(CardDef):
    """A chamber card known in this game, with its title to show."""

    title: str


class NamedShown(TypedDict):
    """A card the rules name (``NamedCard``) whose spaces and phase are entered once, with its note as a message."""

    name: str
    edition: Edition
    kind: Kind
    from_losses: bool
    note: Msg


class DiscardedChamber(TypedDict):
    """A discarded chamber: whose it was and its card's name."""

    owner: str
    name: str


class ChambersView(TypedDict):
    """What ``chambers_view`` gives the chambers panel and ``companion chambers``."""

    edition: str
    players: list[ChambersPlayer]
    players_by_id: dict[str, ChambersPlayer]  # the same colonies by id: one colony's change draws its part alone
    now: list[Msg]
    marker_limit: int | None
    cards: list[TitledCard]
    named: list[NamedShown]
    discarded: list[DiscardedChamber]
    reminders: list[Msg]
    interpretations: list[Msg]
    source: str
    actions: Actions  # what the panel offers (``_offered``): allowed now, or why not


def _chamber(state: State, content: Content, ch: Chamber) -> ChamberShown:
    card = ch["card"]
    problem = activation_problem(state, content, ch)
    return {
        "id": ch["id"], "name": card["name"], "title": card_title(card["name"]), "kind": card["kind"],
        "eggs": ch["eggs"], "capacity": card["capacity"],
        "phase": card["phase"], "phase_name": phase_name(card["phase"]), "ability": said(card["ability"]),
        "full": ch["eggs"] >= card["capacity"], "whole_game": ch["whole_game"],
        "from_losses": card["from_losses"], "can_activate": problem is None, "why_not": problem,
        "activated_now": activation_key(state) in ch["activations"],
    }


def chambers_view(state: State, content: Content) -> ChambersView:
    c = chambers(state)
    edition = "evolved" if evolved(state) else "mota"
    limit = chambers_content()["marker_limit"]
    players: list[ChambersPlayer] = []
    for p in ant_players(state):
        mine = [_chamber(state, content, ch) for ch in owned(c, p["id"])]
        players.append({
            "id": p["id"], "name": p["name"], "chambers": mine, "eggs": eggs_of(c, p["id"]),
            "markers_in_play": c["markers"].get(p["id"], 0) if evolved(state) else None,
            "markers_free": markers_free(c, p["id"]) if evolved(state) else None,
        })
    now = [msg("{name}: {card}", name=p["name"], card=ch["title"]) for p in players for ch in p["chambers"]
           if ch["can_activate"]]
    r = chambers_content()["reminders"]
    reminders = [msg(text) for text in (r["evolved"] if evolved(state) else r["mota"])]
    if state["mode"] == "solo":
        reminders.append(msg(r["solo"]))
    return {
        "edition": edition, "players": players, "players_by_id": {p["id"]: p for p in players}, "now": now,
        "marker_limit": limit if evolved(state) else None,
        "cards": [{**d, "title": card_title(d["name"])} for d in known_cards(state)],
        "named": [{**n, "note": msg(n["note"])} for n in chambers_content()["named"] if n["edition"] == edition
                  and not any(d["name"] == n["name"] for d in known_cards(state))],
        "discarded": [{"owner": ch["owner"], "name": ch["card"]["name"]} for ch in c["discarded"]],
        "reminders": reminders,
        "interpretations": [msg(i["text"]) for i in chambers_content()["interpretations"]
                            if (i["id"].startswith("pp-") or i["id"] == "markers-entered") == evolved(state)],
        "source": chambers_content()["source"],
        "actions": actions(_offered(state, players), state, content),
    }


def _offered(state: State, players: list[ChambersPlayer]) -> list[Command]:
    """What the panel offers each colony: each chamber's activation, eggs in and out and discard; its markers one
    less or more (Evolved), else each Old Tunnel to start with and the solo game's egg in each chamber."""
    out: list[Command] = []
    for p in players:
        pid = p["id"]
        for ch in p["chambers"]:
            cid = ch["id"]
            out += [ActivateChamber(cid), PlaceEgg(cid), PlaceEgg(cid, "losses"), PlaceEgg(cid, "reaction", "larva"),
                    TakeEgg(cid), DiscardChamber(cid)]
        if p["markers_in_play"] is not None:
            out += stepping(partial(SetMarkers, pid), p["markers_in_play"])
        else:
            out += [TakeOldTunnel(pid, d["name"]) for d in known_cards(state) if d["kind"] != "chamber"]
            out.append(SoloEggs(pid))
    return out


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    """Each full chamber that can activate in this phase (and those activated in it), one tap each.

    An item's text is rendered here, in the reader's language (the checklist shows it as it is).
    """
    if event != "enter" or KEY not in state["modules_state"]:
        return []
    c = chambers(state)
    names = {p["id"]: p["name"] for p in state["players"]}
    out: list[Item] = []
    for ch in c["chambers"] + c["discarded"]:
        done = activation_key(state) in ch["activations"] and ch["card"]["phase"] != "worker"
        if not done and (ch not in c["chambers"] or activation_problem(state, content, ch) is not None):
            continue
        if ch["card"]["ability"]:
            text = render(msg("{name}: activate {card} ({ability})", name=names[ch["owner"]], card=ch["card"]["name"],
                              ability=said(ch["card"]["ability"])))
        else:
            text = render(msg("{name}: activate {card}", name=names[ch["owner"]], card=ch["card"]["name"]))
        out.append(command_item(f"chambers:{ch['id']}", KEY, text, ActivateChamber(ch["id"]), state, content,
                                done=done, scoring=False))
    return out
