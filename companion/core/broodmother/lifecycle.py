"""Her state across versions: the migrations, and what a game read from a file must hold.

Version 2 keeps a turn's way back to before her card as a patch (``base.way_back``)
instead of a full snapshot of her state, which had added her whole deck to every draw,
and her cards by round (``history``), which start empty for a game saved before.
"""

from __future__ import annotations

from typing import Any

from companion.core.broodmother.base import way_back
from companion.core.broodmother.model import KEY
from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.state import State

STATE_VERSION = 2


def _v1_to_v2(b: dict[str, Any], state: State) -> dict[str, Any]:
    turn = b.get("turn")
    if isinstance(turn, dict) and isinstance(turn.get("before"), dict):
        turn["before"] = way_back({**state, "modules_state": {**state["modules_state"], KEY: b}}, b, turn["before"])
    b.setdefault("history", [])
    return b


MIGRATIONS = {1: _v1_to_v2}


def adopt(state: State, content: Content) -> dict[str, Any] | None:
    """A game against her always has her state: it is made at new game, never later."""
    raise GameError("modules_state.broodmother: this game is played against the Broodmother but has no state of hers")
