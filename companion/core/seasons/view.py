"""What the Seasons panel and the round's checklist show, as plain data."""

from __future__ import annotations

from typing import Any

from companion.core.checklist import Item, command_item
from companion.core.content import Content
from companion.core.seasons.commands import RevealSeason
from companion.core.seasons.model import KEY, card, in_force, seasons, seasons_content
from companion.core.state import State


def seasons_view(state: State, content: Content) -> dict[str, Any]:
    s = seasons(state)
    now = in_force(s)
    return {
        "built": bool(s["deck"]), "left": len(s["deck"]) - len(s["revealed"]),
        "in_force": dict(now) if now else None,
        "revealed": [{"round": i + 1, **card(s, cid)} for i, cid in enumerate(s["revealed"])],
        "due": RevealSeason().can(state, content),
        "cards": [dict(c) for c in s["cards"]],
        "reminders": list(seasons_content()["reminders"]),
        "interpretations": [i["text"] for i in seasons_content()["interpretations"]],
    }


def phase_items(state: State, content: Content, phase_id: str, event: str) -> list[Item]:
    if phase_id != "worker" or event != "enter" or KEY not in state["modules_state"]:
        return []
    s = seasons(state)
    done = len(s["revealed"]) >= state["round"]
    text = f"Reveal round {state['round']}'s Season"
    if done:
        text = f"Season in force: {card(s, s['revealed'][state['round'] - 1])['name']}"
    return [command_item("seasons:reveal", KEY, text, RevealSeason(), state, content, done=done, scoring=False)]
