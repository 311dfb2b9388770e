"""Rules the table follows without anything to keep: the order of a battle's Tactics and Flooded Spring.

No state and no hooks: the panels read these views. The texts are data
(``data/reference/reference.json``), checked on load.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.schema import Shape, strict
from companion.core.state import State, game_def, has


@strict
class TacticRules(TypedDict):
    source: str
    steps: list[str]
    notes: list[str]


@strict
class Tactics(TypedDict):
    mota: TacticRules
    evolved: TacticRules


@strict
class FloodedSpring(TypedDict):
    source: str
    setup: str
    notes: list[str]


@strict
class ReferenceContent(TypedDict):
    schema: int
    tactics: Tactics
    tactics_phase: str
    flooded_spring: FloodedSpring


SHAPE = Shape(ReferenceContent)


@cache
def reference_content() -> ReferenceContent:
    return SHAPE.load("reference/reference.json")


def uses_tactics(state: State) -> bool:
    """Tactic cards are in the deck: Empires' Tactics module, Minions' base expansion, or Predators & Prey."""
    return has(state, "tactics") or has(state, "minions-base") or "predators-and-prey" in state["expansions"]


def tactics_view(state: State, content: Content) -> dict[str, Any]:
    rules = reference_content()["tactics"]["evolved" if state["game"] == "evolved" else "mota"]
    phase = reference_content()["tactics_phase"]
    label = game_def(state, content).phase(phase).label
    now = state["phase"] == phase
    return {"steps": list(rules["steps"]), "notes": list(rules["notes"]), "source": rules["source"],
            "now": now, "reminder": f"{label}: in each battle, follow these steps." if now else
            f"Battles come in the {label}; these steps are for each of them."}


def flooded_view(state: State, content: Content) -> dict[str, Any]:
    f = reference_content()["flooded_spring"]
    return {"setup": f["setup"], "notes": list(f["notes"]), "source": f["source"],
            "now": state["round"] == 1 and state["phase"] == game_def(state, content).phases[0].id}
