"""The way back from the rules to the place in a game a "?" was tapped.

A "?" on the game screen opens ``/rules?topic=<topic>&game=<id>&at=<section>``; the rules screens carry
``game``, ``at`` and ``topic`` on to every entry they open and back, so "Back to the game" (the app bar's
arrow there) returns to ``/game/<id>?at=<section>``, and the game screen scrolls that section into view.
Because all of it is in the URL, the browser's own back and forward buttons walk the same path, and a
reload keeps the way back.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlencode

if TYPE_CHECKING:
    from companion.rules.corpus import Corpus
    from companion.rules.in_play_rank import InPlay
    from companion.ui.app import PageApp

_GAME_ROUTE = re.compile(r"^/game/(?P<id>[^/?#]+)")
_SAFE = re.compile(r"^[A-Za-z0-9._-]{1,80}$")  # ids and section identifiers; anything else is dropped


def _safe(value: str | None) -> str | None:
    return value if value and _SAFE.match(value) else None


@dataclass(frozen=True)
class Origin:
    """Where the rules were opened from: a game, the section with the "?", and the topic asked about."""

    game: str | None = None
    at: str | None = None
    topic: str | None = None

    @classmethod
    def of(cls, params: Mapping[str, str]) -> Origin:
        """Read from a route's query (values that are not plain ids are ignored)."""
        return cls(_safe(params.get("game")), _safe(params.get("at")), _safe(params.get("topic")))

    @classmethod
    def from_route(cls, route: str, topic: str, at: str | None) -> Origin:
        """The origin of a "?" tapped on the screen at ``route`` (a game only when it is a game's route)."""
        found = _GAME_ROUTE.match(route or "")
        return cls(_safe(found.group("id")) if found else None, _safe(at) if found else None, _safe(topic))

    @property
    def from_game(self) -> bool:
        return self.game is not None

    def query(self) -> dict[str, str]:
        """The query parameters that carry this origin (none of the empty ones)."""
        values = {"topic": self.topic, "game": self.game, "at": self.at}
        return {key: value for key, value in values.items() if value}

    def game_route(self) -> str:
        """The game screen, scrolled back to the section the "?" was on."""
        assert self.game is not None
        return f"/game/{self.game}" + (f"?{urlencode({'at': self.at})}" if self.at else "")

    def add_to(self, route: str) -> str:
        """``route`` with this origin's parameters added to its query string."""
        extra = self.query()
        if not extra:
            return route
        return route + ("&" if "?" in route else "?") + urlencode(extra)


def game_in_play(app: PageApp, origin: Origin, corpus: Corpus) -> InPlay | None:
    """The books and modules of the game the rules were opened from (None if not from a game, or gone)."""
    if origin.game is None:
        return None
    from companion.rules.in_play import in_play

    try:
        session = app.changes.session(origin.game)
    except Exception:  # deleted or unreadable meanwhile: search everything, as from Home
        return None
    return in_play(session.state, session.content, corpus)
