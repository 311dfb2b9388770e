"""Checks that a state or saved document read from outside (an import, an old save) is sound.

Commands keep a state valid; these checks guard what did not come through commands.
Each failure is a GameError naming the field, so an import is refused with a reason.
"""

from __future__ import annotations

from typing import Any

from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.state import STATE_SCHEMA, State


class InvalidGame(GameError):
    """A saved game or import does not have the shape this version writes."""


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidGame(message)


def validate_state(state: Any, content: Content) -> None:
    _expect(isinstance(state, dict), "the game state is not an object")
    _expect(state.get("schema") == STATE_SCHEMA, f"state schema {state.get('schema')!r}, expected {STATE_SCHEMA}")
    _expect(state.get("game") in content.games, f"unknown game {state.get('game')!r}")
    game = content.games[state["game"]]
    _expect(state.get("mode") in game.modes, f"mode {state.get('mode')!r} is not one of {game.name}'s")
    for key in ("expansions", "modules", "variants", "players"):
        _expect(isinstance(state.get(key), list), f"{key} must be a list")
    _expect(all(e in game.expansions for e in state["expansions"]), "an expansion does not belong to this game")
    _expect(all(m in content.modules for m in state["modules"]), "unknown module")
    _expect(all(v in content.variants for v in state["variants"]), "unknown variant")
    rounds = state.get("rounds")
    _expect(isinstance(rounds, int) and 1 <= rounds <= 5, "rounds must be 1-5")
    _expect(isinstance(state.get("round"), int) and 1 <= state["round"] <= rounds, "round out of range")
    _expect(state.get("phase") in {p.id for p in game.phases}, f"unknown phase {state.get('phase')!r}")
    _expect(isinstance(state.get("rng"), int) and state["rng"] >= 0, "the random generator state is missing")
    _expect(state.get("ended") is None or isinstance(state["ended"], dict), "ended must be null or an object")
    _expect(isinstance(state.get("modules_state"), dict), "modules_state must be an object")
    _validate_players(state)


def _validate_players(state: State) -> None:
    ids = []
    for p in state["players"]:
        _expect(isinstance(p, dict) and isinstance(p.get("id"), str) and isinstance(p.get("name"), str),
                "each player needs an id and a name")
        _expect(p.get("role") in ("ant", "broodmother"), f"player {p.get('id')}: unknown role")
        ids.append(p["id"])
    _expect(1 <= len(ids) <= 5 and len(set(ids)) == len(ids), "1-5 players with distinct ids")
    scores = state.get("scores")
    if not isinstance(scores, dict) or set(scores) != set(ids):
        raise InvalidGame("scores must have one row per player")
    for pid, row in scores.items():
        _expect(isinstance(row, list) and len(row) == state["rounds"]
                and all(isinstance(v, int) and not isinstance(v, bool) for v in row),
                f"scores of {pid}: one whole number per round")


def validate_doc(doc: Any, content: Content) -> None:
    """A whole saved game: metadata, state, history and log."""
    _expect(isinstance(doc, dict), "a saved game must be an object")
    for key in ("id", "name", "created", "updated"):
        _expect(isinstance(doc.get(key), str) and doc[key] != "", f"{key} missing")
    for key in ("undo", "redo", "log"):
        _expect(isinstance(doc.get(key), list), f"{key} must be a list")
    for entry in doc["undo"] + doc["redo"]:
        _expect(isinstance(entry, dict) and isinstance(entry.get("label"), str)
                and isinstance(entry.get("back"), list) and isinstance(entry.get("fwd"), list),
                "a history entry is malformed")
    for entry in doc["log"]:
        _expect(isinstance(entry, dict) and isinstance(entry.get("label"), str), "a log entry is malformed")
    validate_state(doc.get("state"), content)
