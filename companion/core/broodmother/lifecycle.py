"""Her state across versions: the migrations, and what a game read from a file must hold.

Version 2 keeps a turn's way back to before her card as a patch (``base.way_back``)
instead of a full snapshot of her state, which had added her whole deck to every draw,
and her cards by round (``history``), which start empty for a game saved before.

Version 3 moves her level-2 Predators out of her state into the predator tracker
(``state["modules_state"]["predators"]``, ``by: "broodmother"``), which the migration
creates when the game has none, and checks as the tracker checks a saved game.
"""

from __future__ import annotations

import copy

from companion.core.broodmother.base import snapshot, way_back
from companion.core.broodmother.model import KEY
from companion.core.content import Content, load_content
from companion.core.end_codes import HER
from companion.core.errors import GameError
from companion.core.i18n import msg
from companion.core.patch import apply_patch
from companion.core.predators import model as tracker_model
from companion.core.predators.rules import spores_for
from companion.core.schema import JsonObject
from companion.core.state import State

STATE_VERSION = 3


def _v1_to_v2(b: JsonObject, state: State) -> JsonObject:
    turn = b.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("before"), dict):
        turn["before"] = way_back({**state, "modules_state": {**state["modules_state"], KEY: b}}, b, turn["before"])
    b.setdefault("history", [])
    return b


def _moved(tracker: JsonObject | None, old: list[JsonObject]) -> JsonObject | None:
    """The tracker with her old Predators added (one already in the tracker stays as it is there)."""
    if tracker is None and not old:
        return None
    t: JsonObject = copy.deepcopy(tracker) if tracker is not None else dict(tracker_model.empty())
    there = {p["id"] for p in t["predators"]}
    for p in old:
        if p["id"] in there:
            continue
        gone = bool(p["defeated"])
        spores = 0 if gone else spores_for(p["id"], max(int(p["health"]), 1)) or 0
        t["predators"].append({"id": p["id"], "hex": p["hex"] or None, "health": 0 if gone else p["health"],
                               "round": p["round"], "by": HER, "spores": spores,
                               "gone": gone})
    return t


def _v2_to_v3(b: JsonObject, state: State) -> JsonObject:
    old_state: State = {**state, "modules_state": {**state["modules_state"], KEY: b}}
    tracker = state["modules_state"].get(tracker_model.KEY)
    turn = b.get("turn")
    before: JsonObject | None = None
    if isinstance(turn, dict) and isinstance(turn.get("before"), list):
        try:
            before = apply_patch(snapshot(old_state, b), turn["before"])
        except (KeyError, IndexError, TypeError):  # no way back to before her card: it can no longer be cancelled
            turn.update(cancellable=False, before=None)
    moved = _moved(tracker, b.pop("predators", []))
    if moved is not None:
        tracker_model.validate_state(moved, state, load_content())
        state["modules_state"][tracker_model.KEY] = moved
    if before is not None and isinstance(turn, dict):
        back_then = _moved(tracker, before["brood"].pop("predators", []))
        before["predators"] = back_then if back_then is not None or moved is None else tracker_model.empty()
        turn["before"] = way_back(state, b, before)
    return b


MIGRATIONS = {1: _v1_to_v2, 2: _v2_to_v3}


def adopt(state: State, content: Content) -> JsonObject | None:
    """A game against her always has her state: it is made at new game, never later."""
    raise GameError(msg("modules_state.broodmother: this game is played against the Broodmother but has no state "
                        "of hers."))
