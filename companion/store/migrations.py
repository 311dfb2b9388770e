"""Bring saved games written by older versions up to the current schema, one step at a time.

Each migration takes a document of schema N and returns schema N+1:
- 0 -> 1: the pre-release format (no ``schema`` field, colony points kept as one total
  per player, no redo stack); its undo history is dropped (old patches, old shapes).
- 1 -> 2: log lines are numbered (``n``) so that the older ones can move to the game's
  log archive; ``log_archived`` counts the lines already there.
A module's own state has migrations of its own (``ModuleHooks.migrations``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from companion.core.errors import GameError
from companion.core.i18n import msg
from companion.core.schema import Json, JsonObject
from companion.core.state import STATE_SCHEMA

if TYPE_CHECKING:
    from companion.core.content import Content

Doc = JsonObject


class NewerSchema(GameError):
    """Written by a newer version of the app: never touched, never overwritten."""


def _v0_to_v1(doc: Doc) -> Doc:
    state = dict(doc["state"])
    rounds = state["rounds"]
    state["scores"] = {pid: [total] + [0] * (rounds - 1) for pid, total in state["scores"].items()}
    state["schema"] = STATE_SCHEMA
    state.setdefault("modules_state", {})
    state.setdefault("ended", None)
    return {**doc, "schema": 1, "state": state, "redo": doc.get("redo", []),
            "undo": [], "log": doc.get("log", [])}


def _v1_to_v2(doc: Doc) -> Doc:
    log = [{**entry, "n": n} for n, entry in enumerate(doc["log"])]
    return {**doc, "schema": 2, "log": log, "log_archived": 0}


MIGRATIONS: dict[int, Callable[[Doc], Doc]] = {0: _v0_to_v1, 1: _v1_to_v2}


def schema_of(doc: Doc) -> int:
    value = doc.get("schema", 0)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise GameError(msg("schema: the save's schema version {value} is not a number", value=repr(value)))
    return value


def migrate(doc: Json) -> Doc:
    """Return ``doc`` at ``DOC_SCHEMA``; raise NewerSchema if it comes from the future."""
    from companion.core.session import DOC_SCHEMA  # the session's rules: imported once a game is read

    if not isinstance(doc, dict):
        raise GameError(msg("a saved game must be an object"))
    version = schema_of(doc)
    if version > DOC_SCHEMA:
        raise NewerSchema(msg("it was saved by a newer version of the app (schema {version}, this one reads {reads})",
                              version=version, reads=DOC_SCHEMA))
    while version < DOC_SCHEMA:
        try:
            doc = MIGRATIONS[version](doc)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            raise GameError(msg("it is not a complete saved game of schema {version} (missing {what})",
                                version=version, what=str(exc))) from None
        version += 1
    return doc


def validated(doc: Json, content: Content) -> JsonObject:
    """``validation.validate_doc``, imported when a game is first read: listing the games needs none of the rules."""
    from companion.core.validation import validate_doc

    return validate_doc(doc, content)
