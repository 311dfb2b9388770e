"""Narrow error types, so callers catch exactly what they mean (after python-chess)."""

from __future__ import annotations


class GameError(Exception):
    """Anything a player can cause and should read as a plain sentence."""


class CommandError(GameError, ValueError):
    """A command was refused: bad input or not allowed now. The state is unchanged."""


class ContentError(GameError):
    """The game content in ``data/`` is malformed; names the file and the fault."""


class AlreadyDone(CommandError):
    """Another device made this very change a moment ago; it was applied once."""


class StaleChange(CommandError):
    """The game changed on another device after this one last showed it; look again first."""
