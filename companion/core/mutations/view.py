"""What the Mutations panel shows, as plain data: the deal, the kept cards and each ant's body."""

from __future__ import annotations

from typing import Any

from companion.core.content import Content
from companion.core.mutations.content import PARTS, mutations_content
from companion.core.mutations.model import card, mutations, on_body, redeal_due
from companion.core.state import State, ant_players


def body(state: State, pid: str) -> dict[str, Any]:
    """Each body part: an Evolution, a Mutation or nothing; the caste bonuses and the fully developed ant."""
    m = mutations(state)
    mine, evolved = on_body(m, pid), set(m["evolved"].get(pid, []))
    parts = {p: "evolution" if p in evolved else ("mutation" if p in mine else "empty") for p in PARTS}
    full = all(v == "evolution" for v in parts.values())
    cp = mutations_content()["fully_developed_cp"]
    if full:
        developed = f"Fully developed ant: an Evolution on every body part ({cp} Colony Points)."
    elif all(v != "empty" for v in parts.values()):
        with_mutation = " and ".join(p for p, v in parts.items() if v == "mutation")
        developed = (f"Not a fully developed ant (no {cp} Colony Points): the {with_mutation} "
                     f"{'holds a Mutation' if ' and ' not in with_mutation else 'hold Mutations'}, not Evolutions.")
    else:
        developed = "Not a fully developed ant yet."
    return {"parts": parts, "mutations": {p: c["name"] for p, c in mine.items()},
            "caste_bonus": {p: int(v == "evolution") for p, v in parts.items()},
            "fully_developed": full, "developed_text": developed}


def mutations_view(state: State, content: Content) -> dict[str, Any]:
    m = mutations(state)
    due = redeal_due(state)
    names = {p["id"]: p["name"] for p in state["players"]}
    abilities = mutations_content()["abilities"]
    players = []
    for p in ant_players(state):
        pid = p["id"]
        players.append({
            "id": pid, "name": p["name"],
            "dealt": [{**card(m, i), "ability": abilities.get(card(m, i)["name"], "")}
                      for i in m["dealt"].get(pid, [])],
            "kept": list(m["kept"].get(pid, [])), **body(state, pid),
        })
    reminders = list(mutations_content()["reminders"])
    if state["mode"] == "solo":
        reminders.append(mutations_content()["solo"])
    return {
        "players": players, "deals": m["deals"], "dealt": bool(m["dealt"]),
        "redeal": f"{names[due]} was dealt 4 Mutations for one body part: everyone gets a new deal." if due else "",
        "all_kept": all(m["kept"].get(p["id"]) for p in ant_players(state)),
        "cards": [dict(c) for c in m["cards"]], "reminders": reminders,
        "interpretations": [i["text"] for i in mutations_content()["interpretations"]],
        "source": mutations_content()["source"],
    }
