"""What the workers panel and the checklist show: each colony's abilities, and the timed ones at their phase."""

from __future__ import annotations

from typing import Any

from companion.core.checklist import Item, tick_item
from companion.core.content import Content
from companion.core.i18n import msg, tr, trf
from companion.core.state import State, ant_players
from companion.core.workers.model import KEY, PARTS, Ability, edition, workers, workers_content


def abilities(state: State, pid: str) -> list[Ability]:
    """The abilities a colony's workers have now: the one they start with, then one per evolved body part."""
    e, w = edition(state), workers(state)
    got = [e["always"]] if e["always"] else []
    evolved = w["evolved"].get(pid, [])
    return got + [e["abilities"][part] for part in PARTS if part in evolved]


def workers_view(state: State, content: Content) -> dict[str, Any]:
    e, w = edition(state), workers(state)
    return {
        "name": e["name"], "pieces": e["pieces"], "action": e["action"], "rules": list(e["rules"]),
        "source": e["source"],
        "colonies": [{"id": p["id"], "name": p["name"], "in_play": w["in_play"].get(p["id"], 0),
                      "evolved": list(w["evolved"].get(p["id"], [])),
                      "abilities": [dict(a) for a in abilities(state, p["id"])]} for p in ant_players(state)],
        "now": [msg("{name}: {ability} - {text}", name=p["name"], ability=msg(a["name"]), text=msg(a["text"]))
                for p in ant_players(state)
                if w["in_play"].get(p["id"], 0) for a in abilities(state, p["id"]) if a["phase"] == state["phase"]],
        "all": [dict(a) for a in ([e["always"]] if e["always"] else [])] +
               [{**e["abilities"][part], "part": part} for part in PARTS],
        "interpretations": [i["text"] for i in workers_content()["interpretations"]],
    }


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
                out.append(tick_item(f"workers:{p['id']}:{a['name']}", KEY, trf(
                    "{name}: {ability} - {text}", name=p["name"], ability=tr(a["name"]), text=tr(a["text"])), state))
    return out
