"""Rules the table follows without anything to keep: the order of a battle's Tactics and Flooded Spring.

No state and no hooks: the panels read these views. The texts are data
(``data/reference/reference.json``), checked on load.
"""

from __future__ import annotations

from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.i18n import Msg, msg
from companion.core.schema import strict
from companion.core.state import State, game_def, has
from companion.core.units import DataFile, ModuleUnit


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


FILE = DataFile(ReferenceContent, "reference", "reference.json")
reference_content = FILE.of


def uses_tactics(state: State) -> bool:
    """Tactic cards are in the deck: Empires' Tactics module, Minions' base expansion, or Predators & Prey."""
    return has(state, "tactics") or has(state, "minions-base") or "predators-and-prey" in state["expansions"]


class TacticsSteps(TypedDict):
    """A battle's steps with Tactics, its notes and its source: the edition's, whatever the phase."""

    steps: list[Msg]
    notes: list[Msg]
    source: Msg


class TacticsView(TacticsSteps):
    """What ``tactics_view`` gives the Tactics panel: a battle's steps and notes, and when battles come."""

    now: bool
    reminder: Msg


class FloodedView(TypedDict):
    """What ``flooded_view`` gives the Flooded Spring panel: its setup and notes, and whether it is due now."""

    setup: Msg
    notes: list[Msg]
    source: Msg
    now: bool


def tactics_steps(state: State, content: Content) -> TacticsSteps:
    """The steps of a battle with Tactics, as messages (the data's texts are catalogue entries): they read the game's
    edition alone, so a panel drawn again for a new phase keeps them as drawn."""
    rules = reference_content(content)["tactics"]["evolved" if state["game"] == "evolved" else "mota"]
    return {"steps": [msg(t) for t in rules["steps"]], "notes": [msg(t) for t in rules["notes"]],
            "source": msg(rules["source"])}


def tactics_view(state: State, content: Content) -> TacticsView:
    """The steps of a battle with Tactics, and whether battles come in this phase."""
    phase = reference_content(content)["tactics_phase"]
    label = game_def(state, content).phase(phase).message()
    now = state["phase"] == phase
    return {**tactics_steps(state, content), "now": now,
            "reminder": msg("{phase}: in each battle, follow these steps.", phase=label) if now else
            msg("Battles come in the {phase}; these steps are for each of them.", phase=label)}


def flooded_view(state: State, content: Content) -> FloodedView:
    f = reference_content(content)["flooded_spring"]
    return {"setup": msg(f["setup"]), "notes": [msg(t) for t in f["notes"]], "source": msg(f["source"]),
            "now": state["round"] == 1 and state["phase"] == game_def(state, content).phases[0].id}


def catalogue_texts() -> list[str]:
    """The data's texts the panels show, for the message catalogue."""
    data = reference_content()
    editions = (data["tactics"]["mota"], data["tactics"]["evolved"])
    texts = [t for rules in editions for t in (*rules["steps"], *rules["notes"], rules["source"])]
    f = data["flooded_spring"]
    return [*texts, f["setup"], *f["notes"], f["source"]]


MODULE = ModuleUnit(id="reference", content=(FILE,), texts=catalogue_texts, panels=("companion.ui.panels.tactics",))
