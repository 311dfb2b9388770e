"""Checks that a game read from outside (an import, a game file on disk, an old save) is sound.

Commands keep a state valid; these checks guard what did not come through commands.
The shapes come from ``companion.core.schema`` (one definition, checked by pydantic);
what is left here are the rules a shape cannot say - that the game, its modules and its
phase exist in the content, one score row per player - and each module's own state,
brought up to date and checked by its hooks. Each failure is an ``InvalidGame`` naming
the field, so an import is refused with a reason and nothing changes.
"""

from __future__ import annotations

from typing import Any

from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.hooks import active_hooks, bring_up_to_date
from companion.core.schema import GameDoc, GameState, check
from companion.core.state import State


class InvalidGame(GameError):
    """A saved game or import does not have the shape this version writes."""


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidGame(message)


def validate_state(raw: Any, content: Content) -> State:
    """A checked copy of ``raw``, its modules' states migrated; or ``InvalidGame``."""
    return checked_state(raw, content)[0]


def checked_state(raw: Any, content: Content) -> tuple[State, list[str]]:
    """``validate_state``, and the ids of the modules whose state was migrated."""
    try:
        state: State = dict(check(GameState, raw, "state"))
        _check_against_content(state, content)
        migrated = bring_up_to_date(state, content)
    except InvalidGame:
        raise
    except GameError as exc:
        raise InvalidGame(str(exc)) from None
    return state, migrated


def _check_against_content(state: State, content: Content) -> None:
    _expect(state["game"] in content.games, f"state.game: unknown game {state['game']!r}")
    game = content.games[state["game"]]
    _expect(state["mode"] in game.modes, f"state.mode: {state['mode']!r} is not one of {game.name}'s modes")
    _expect(all(e in game.expansions for e in state["expansions"]), "state.expansions: not one of this game's")
    _expect(all(m in content.modules for m in state["modules"]), "state.modules: unknown module")
    _expect(all(v in content.variants for v in state["variants"]), "state.variants: unknown variant")
    _expect(state["round"] <= state["rounds"], "state.round: past the last round")
    _expect(state["phase"] in {p.id for p in game.phases}, f"state.phase: unknown phase {state['phase']!r}")
    ids = [p["id"] for p in state["players"]]
    _expect(len(set(ids)) == len(ids), "state.players: two players with one id")
    _expect(set(state["scores"]) == set(ids), "state.scores: one row per player")
    _expect(all(len(row) == state["rounds"] for row in state["scores"].values()),
            "state.scores: one number per round")
    if state["ended"] is not None:
        _expect(set(state["ended"]["winners"]) <= set(ids), "state.ended.winners: not players of this game")
    areas = {h.id for h in active_hooks(state)}
    unknown = sorted(set(state["modules_state"]) - areas)
    _expect(not unknown, f"state.modules_state: {unknown[0] if unknown else ''!r} is not in play in this game")


def validate_doc(raw: Any, content: Content) -> dict[str, Any]:
    """A whole saved game - metadata, state, history and log - checked; a fresh copy."""
    doc: dict[str, Any] = dict(check(GameDoc, raw))
    doc["state"], migrated = checked_state(doc["state"], content)
    if migrated:
        # old patches describe old shapes: replaying them could break the migrated state
        doc["undo"], doc["redo"] = [], []
    return doc
