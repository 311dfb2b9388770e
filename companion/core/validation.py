"""What a sound game is, written once: checked when a game is read and before one is written.

A game read from outside (an import, a game file on disk, an old save) is checked here before it
is believed; and every document the app is about to save is read back through the very same checks
first (``check_readable``), so the app can never write a game its own reader would refuse.
The shapes come from ``companion.core.schema`` (one definition, checked by pydantic);
what is left here are the rules a shape cannot say - that the game, its modules and its
phase exist in the content, one score row per player - and each module's own state,
brought up to date and checked by its hooks. Each failure is an ``InvalidGame`` naming
the field, so an import is refused with a reason and nothing changes.
"""

from __future__ import annotations

import json
import os

from companion.core.content import Content
from companion.core.end_codes import NON_PLAYER_WINNERS
from companion.core.errors import GameError
from companion.core.hooks import active_hooks, bring_up_to_date
from companion.core.i18n import msg
from companion.core.schema import LOG_KEEP, GameDoc, GameState, Json, JsonObject, check
from companion.core.state import State

#: Set (the test suite sets it) to make an unreadable write a loud programmer error instead of a refusal.
STRICT_ENV = "COMPANION_STRICT"


class InvalidGame(GameError):
    """A saved game or import does not have the shape this version writes."""


class UnreadableWrite(GameError):
    """A change would leave a game that the app could not read back: refused, nothing saved.

    Its message is for the player (plain words); ``reason`` says, for a report, which check failed.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(msg("That change was not made: the app could not have opened the game again after it, "
                             "so the game stays as it was. Please report this, with the game exported."))
        self.reason = reason


class UnreadableWriteBug(AssertionError):
    """Under the test suite (``COMPANION_STRICT``), the same refusal as a programmer error that fails loudly."""


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise InvalidGame(message)


def validate_state(raw: Json, content: Content) -> State:
    """A checked copy of ``raw``, its modules' states migrated; or ``InvalidGame``."""
    return checked_state(raw, content)[0]


def checked_state(raw: Json, content: Content) -> tuple[State, list[str]]:
    """``validate_state``, and the ids of the modules whose state was migrated."""
    try:
        state: State = check(GameState, raw, "state").copy()
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
    _expect(all((p["colour"] is None) == (p["role"] == "broodmother") for p in state["players"]),
            "state.players: a colony needs a colour, and the Broodmother player has none")
    if state["ended"] is not None:
        _expect(set(state["ended"]["winners"]) <= set(ids) | NON_PLAYER_WINNERS,
                "state.ended.winners: not players of this game")
    areas = {h.id for h in active_hooks(state)}
    unknown = sorted(set(state["modules_state"]) - areas)
    _expect(not unknown, f"state.modules_state: {unknown[0] if unknown else ''!r} is not in play in this game")


def validate_doc(raw: Json, content: Content) -> JsonObject:
    """A whole saved game - metadata, state, history and log - checked; a fresh copy."""
    doc: JsonObject = dict(check(GameDoc, raw))
    doc["state"], migrated = checked_state(doc["state"], content)
    if migrated:
        # old patches describe old shapes: replaying them could break the migrated state
        doc["undo"], doc["redo"] = [], []
    return doc


def check_readable(doc: Json, content: Content, before: Json = None) -> None:
    """Refuse (``UnreadableWrite``) a game document that ``validate_doc`` would not give back as it is.

    The document goes through JSON (as a save does) and then through the reader's own checks; the state
    read back must equal the state written. ``before``, the document this one was made from, spares the
    history and log lines it already held (each was checked when it was new), so a tap's cost does not
    grow with a long game. The log may run past ``LOG_KEEP`` here: the store moves the oldest lines to
    the archive (checked there) as it writes.
    """
    try:
        written = json.loads(json.dumps(_new_parts(doc, before), allow_nan=False))
        read_back = validate_doc(written, content)
        if read_back["state"] != written["state"]:
            raise InvalidGame("state: reads back different from what was written")
    except (GameError, TypeError, ValueError, KeyError) as exc:
        if os.environ.get(STRICT_ENV):
            raise UnreadableWriteBug(f"the app was about to write a game it cannot read back: {exc}") from exc
        raise UnreadableWrite(str(exc)) from None


def _new_parts(doc: Json, before: Json) -> Json:
    """``doc`` with only the history steps and log lines that ``before`` did not hold (the same objects)."""
    if before is None:
        return {**doc, "log": doc["log"][-LOG_KEEP:]}
    held = {id(item) for key in ("undo", "redo", "log") for item in before[key]}
    return {**doc, **{key: [item for item in doc[key] if id(item) not in held] for key in ("undo", "redo", "log")}}
