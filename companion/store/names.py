"""A saved game's id and name: a fresh id, a name the player typed cleaned, a default name for a new game."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from companion.core.i18n import PSEUDO, day_and_month, language, msg, render
from companion.store.errors import StoreError
from companion.store.folder import GameFolder

if TYPE_CHECKING:
    from companion.core.content import Content
    from companion.core.state import State

MAX_GAME_NAME = 60


def new_id(files: GameFolder) -> str:
    """An id no game in ``files`` has."""
    import secrets  # here: listing the games never needs it, and it costs a terminal command's start

    while True:
        candidate = f"g-{secrets.token_hex(4)}"
        if not files.exists(candidate):
            return candidate


def clean_name(name: str) -> str:
    """A name as typed, its spaces tidied; refused when empty or too long."""
    cleaned = " ".join(str(name).split())
    if not cleaned or len(cleaned) > MAX_GAME_NAME:
        raise StoreError(msg("A game name needs 1-{most} characters.", most=MAX_GAME_NAME))
    return cleaned


def default_name(state: State, content: Content, taken: set[str]) -> str:
    """Short enough for a phone's title bar, in the words of whoever starts the game: the mode and the day
    ("Solo · 3 Dec", "En solitario · 3 dic"; the asymmetric variant's "Asymmetric: one player is the
    Broodmother" as "Asymmetric · 3 Dec"); a second one that day (a name in ``taken``): "Solo · 3 Dec (2)"."""
    lang = "en" if language() == PSEUDO else None  # a name is kept as written: never the pseudo-locale's marks
    mode = render(content.modes[state["mode"]].name, lang).split(":")[0].strip()
    day = day_and_month(datetime.now(), lang)
    name = render(msg("{mode} · {day}", mode=mode, day=day), lang)[:MAX_GAME_NAME]
    number = 2
    while name in taken:
        name = render(msg("{mode} · {day} ({number})", mode=mode, day=day, number=number), lang)[:MAX_GAME_NAME]
        number += 1
    return name
