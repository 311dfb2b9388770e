"""Narrow error types, so callers catch exactly what they mean (after python-chess)."""

from __future__ import annotations


class GameError(Exception):
    """Anything a player can cause and should read as a plain sentence.

    The sentence may be a message (``companion.core.i18n.Msg``): ``str(error)`` then renders it in
    the reader's language at the moment it is shown, not when it was raised.
    """

    def __str__(self) -> str:
        if len(self.args) == 1:
            from companion.core.i18n import is_message, render

            first = self.args[0]
            if is_message(first):
                return render(first)
        return super().__str__()


class CommandError(GameError, ValueError):
    """A command was refused: bad input or not allowed now. The state is unchanged."""


class ContentError(GameError):
    """The game content in ``data/`` is malformed; names the file and the fault."""


class AlreadyDone(CommandError):
    """Another device made this very change a moment ago; it was applied once."""


class StaleChange(CommandError):
    """The game changed on another device after this one last showed it; look again first."""
