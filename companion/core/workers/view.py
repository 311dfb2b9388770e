"""What the workers panel and the checklist show: each colony's abilities, and the timed ones at their phase."""

from __future__ import annotations

from functools import partial
from typing import NotRequired

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions, stepping
from companion.core.checklist import Item, tick_item
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import Msg, msg
from companion.core.state import State, ant_players
from companion.core.words import PARTS
from companion.core.workers.commands import SetEvolved, SetWorkers
from companion.core.workers.model import KEY, Ability, edition, workers, workers_content


def abilities(state: State, pid: str) -> list[Ability]:
    """The abilities a colony's workers have now: the one they start with, then one per evolved body part."""
    e, w = edition(state), workers(state)
    got = [e["always"]] if e["always"] else []
    evolved = w["evolved"].get(pid, [])
    return got + [e["abilities"][part] for part in PARTS if part in evolved]


class ColonyWorkers(TypedDict):
    """One colony in ``workers_view``: its workers in play, the parts evolved and the abilities they give."""

    id: str
    name: str
    in_play: int
    evolved: list[str]
    abilities: list[Ability]


class ShownAbility(Ability):
    """An ability in ``workers_view["all"]``: the body part that unlocks it (none for the one always had)."""

    part: NotRequired[str]


class WorkersView(TypedDict):
    """What ``workers_view`` gives the workers panel."""

    name: str
    pieces: int
    action: str
    rules: list[str]
    source: str
    colonies: list[ColonyWorkers]
    colonies_by_id: dict[str, ColonyWorkers]  # the same colonies by id: one colony's count draws its parts alone
    now: list[Msg]
    all: list[ShownAbility]
    interpretations: list[str]
    actions: Actions  # each colony's workers one less or more and each body part's Evolution put on or taken off


def workers_view(state: State, content: Content) -> WorkersView:
    e, w = edition(state), workers(state)
    colonies: list[ColonyWorkers] = [{"id": p["id"], "name": p["name"], "in_play": w["in_play"].get(p["id"], 0),
                                      "evolved": list(w["evolved"].get(p["id"], [])),
                                      "abilities": [Ability(**a) for a in abilities(state, p["id"])]}
                                     for p in ant_players(state)]
    return {
        "name": e["name"], "pieces": e["pieces"], "action": e["action"], "rules": list(e["rules"]),
        "source": e["source"], "colonies": colonies, "colonies_by_id": {c["id"]: c for c in colonies},
        "now": [msg("{name}: {ability} - {text}", name=p["name"], ability=msg(a["name"]), text=msg(a["text"]))
                for p in ant_players(state)
                if w["in_play"].get(p["id"], 0) for a in abilities(state, p["id"]) if a["phase"] == state["phase"]],
        "all": [ShownAbility(**a) for a in ([e["always"]] if e["always"] else [])] +
               [{**e["abilities"][part], "part": part} for part in PARTS],
        "interpretations": [i["text"] for i in workers_content()["interpretations"]],
        "actions": actions(_offered(state), state, content),
    }


def _offered(state: State) -> list[Command]:
    """What the panel offers each colony: its workers in play one less or more, each body part's Evolution toggled."""
    w, out = workers(state), list[Command]()
    for p in ant_players(state):
        pid, evolved = p["id"], w["evolved"].get(p["id"], [])
        out += stepping(partial(SetWorkers, pid), w["in_play"].get(pid, 0))
        out += [SetEvolved(pid, part, part not in evolved) for part in PARTS]
    return out


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    """Soldier Phase (Rally, Gather) and feeding (Feed): one tick per colony whose workers can use it."""
    if event != "enter" or KEY not in state["modules_state"] or phase_id not in ("soldier", "feeding"):
        return []
    w = workers(state)
    out: list[Item] = []
    for p in ant_players(state):
        if not w["in_play"].get(p["id"], 0):
            continue
        for a in abilities(state, p["id"]):
            if a["phase"] == phase_id:
                out.append(tick_item(f"workers:{p['id']}:{a['name']}", KEY, msg(
                    "{name}: {ability} - {text}", name=p["name"], ability=msg(a["name"]), text=msg(a["text"])), state))
    return out
