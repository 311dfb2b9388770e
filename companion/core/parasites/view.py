"""What the Parasites panel and the Soldier Phase checklist show."""

from __future__ import annotations

from typing import Any

from companion.core.checklist import Item, command_item, tick_item
from companion.core.content import Content
from companion.core.parasites.commands import HostDidNotBattle, paid
from companion.core.parasites.model import KEY, parasites, parasites_content
from companion.core.state import State


def parasites_view(state: State, content: Content) -> dict[str, Any]:
    p = parasites(state)
    names = {x["id"]: x["name"] for x in state["players"]}
    return {
        "parasites": [{**x, "parasite_name": names[x["parasite"]], "host_name": names[x["host"]],
                       "can_score": HostDidNotBattle(x["id"]).can(state, content)} for x in p["parasites"]],
        "destroyed": [f"{x['card']} ({names[x['host']]})" for x in p["destroyed"]],
        "known": [dict(c) for c in parasites_content()["cards"]],
        "reminders": list(parasites_content()["reminders"]),
        "interpretations": [i["text"] for i in parasites_content()["interpretations"]],
    }


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    """As the Soldier Phase ends, each Parasite's trigger (a point to book where the card gives one)."""
    if phase_id != "soldier" or event != "enter" or KEY not in state["modules_state"]:
        return []
    names = {x["id"]: x["name"] for x in state["players"]}
    out: list[Item] = []
    for x in parasites(state)["parasites"]:
        head = f"End of the Soldier Phase, {x['card']} ({names[x['parasite']]} on {names[x['host']]})"
        out.append(tick_item(f"parasites:{x['id']}", KEY, f"{head}: {x['trigger'] or 'its trigger, as printed'}",
                             state))
        if x["no_battle_cp"]:
            out.append(command_item(f"parasites:{x['id']}:cp", KEY, f"{head}: {names[x['host']]} fought no battle, "
                                    f"{names[x['parasite']]} +{x['no_battle_cp']}", HostDidNotBattle(x["id"]), state,
                                    content, done=paid(state, x["id"]), scoring=False))
    return out
