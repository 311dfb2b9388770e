"""The setup checklist: the steps this game needs, with this game's numbers, each tickable.

Steps are data (``data/broodmother/checklist.json``) with conditions on the mode, the
number of ant colonies, the difficulty and the expansions; their texts carry placeholders
filled from the Difficulty Chart as applied to this game.
"""

from __future__ import annotations

from collections.abc import Mapping

from typing_extensions import TypedDict

from companion.core.broodmother.content import BroodContent, ChecklistStep
from companion.core.broodmother.model import Brood, ant_count, bm, solo_start
from companion.core.i18n import msg, nmsg, render
from companion.core.schema import Json
from companion.core.state import State


def adjustment_text(adjustments: Mapping[str, Json], ants: int) -> str:
    """The chart's easy/difficult cell in words: '+2 larvae, +1 Initiative Token' (in the reader's language)."""
    parts = []
    if adjustments.get("larvae"):
        n = adjustments["larvae"]
        parts.append(msg("{n} larvae each", n=format(n, "+d")) if ants > 1 else msg("{n} larvae", n=format(n, "+d")))
    if adjustments.get("initiative"):
        n = adjustments["initiative"]
        parts.append(nmsg("{signed} Initiative Token", "{signed} Initiative Tokens", abs(n), signed=format(n, "+d")))
    if adjustments.get("no_initiative"):
        parts.append(msg("no Initiative Tokens"))
    if adjustments.get("cards"):
        n = adjustments["cards"]
        signed = format(n, "+d")
        parts.append(nmsg("{signed} card each", "{signed} cards each", abs(n), signed=signed) if ants > 1 else
                     nmsg("{signed} card", "{signed} cards", abs(n), signed=signed))
    return ", ".join(render(p) for p in parts) or render(msg("no change"))


def difficulty_preview(ants: int, bc: BroodContent) -> list[dict[str, str]]:
    """What each difficulty means for ``ants`` colonies, from the Difficulty Chart: for a new-game screen."""
    row = bc.row(min(max(ants, 1), 4))
    thresholds = render(msg("plot {plot}, Colony Points {cp}, centipedes {centipedes}", plot=row.plot, cp=row.cp,
                            centipedes=row.centipedes))
    return [{"id": level, "name": name, "changes": adjustment_text(row.adjustments(level), ants),
             "thresholds": thresholds} for level, name in bc.difficulty_names.items()]


def _applies(step: ChecklistStep, state: State, b: Brood) -> bool:
    when, ants = step.when, ant_count(state)
    return all([
        "modes" not in when or state["mode"] in when["modes"],
        "players" not in when or when["players"][0] <= ants <= when["players"][1],
        "expansion" not in when or when["expansion"] in state["expansions"],
        "difficulty" not in when or b["difficulty"] in when["difficulty"],
    ])


def _values(state: State, b: Brood, bc: BroodContent) -> dict[str, object]:
    ants = ant_count(state)
    solo = solo_start(b) or {}
    return {
        "ants": ants, "starting_hexes": ants, "deck_size": len(b["deck"]["cards"]), "initiative": b["initiative"],
        "difficulty_name": bc.difficulty_names[b["difficulty"]],
        "adjustments": adjustment_text(bc.row(min(max(ants, 1), 4)).adjustments(b["difficulty"]), ants),
        "larvae": solo.get("larvae"), "food": solo.get("food"), "cards": solo.get("cards"),
    }


class ChecklistItem(TypedDict):
    """A setup step of this game, with this game's numbers, and whether it is ticked."""

    id: str
    text: str
    source: str
    done: bool


def checklist(state: State, bc: BroodContent) -> list[ChecklistItem]:
    b = bm(state)
    values = _values(state, b, bc)
    return [
        {"id": s.id, "text": render(msg(s.text, **values)), "source": s.source,
         "done": bool(b["checklist"].get(s.id))}
        for s in bc.checklist if _applies(s, state, b)
    ]
