"""What the store refuses with: each part of the store raises these, and the app and the terminal show them."""

from __future__ import annotations

from companion.core.errors import GameError
from companion.core.i18n import msg


class StoreError(GameError):
    """A save, load, import or export could not be done; nothing was changed."""


class StoreConflict(StoreError):
    """The game was saved by someone else (another window, the terminal) since it was loaded.

    Saving anyway would silently throw their change away, so the save is refused; the
    caller reloads the game and the player repeats the action if it is still wanted.
    """


class GameDeleted(StoreError):
    """The game was deleted elsewhere since it was opened here; it is not brought back."""


def no_game(game_id: object) -> StoreError:
    """A game id that names no saved game."""
    return StoreError(msg("No saved game '{id}'. `companion game list` shows the saved games.", id=str(game_id)))
