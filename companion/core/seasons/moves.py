"""The Seasons moves a table makes: the deck built or entered (Early Seasons on top of Late ones), the round's
Season revealed, a card's text typed.

An entered deck must hold the right number of cards of each stage, in order: built here from the game's cards,
it does. Examples, not a promise: the caller asks ``Session.can`` first (``ModuleUnit.moves``).
"""

from __future__ import annotations

from collections.abc import Iterator

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.seasons.commands import BuildSeasons, DescribeSeason, EnterSeasons, RevealSeason
from companion.core.seasons.model import seasons, seasons_content
from companion.core.state import State


def season_moves(state: State, content: Content) -> Iterator[Command]:
    """The deck built by the app or entered from the table (the last cards of each stage), the reveal, a name."""
    s, c = seasons(state), seasons_content(content)
    yield BuildSeasons()
    early = [x["id"] for x in s["cards"] if x["stage"] == "early"]
    late = [x["id"] for x in s["cards"] if x["stage"] == "late"]
    yield EnterSeasons(card_ids=(*early[-c["early"]:], *late[-c["late"]:]))
    yield RevealSeason()
    if s["cards"]:
        first = s["cards"][len(s["revealed"]) % len(s["cards"])]
        yield DescribeSeason(card_id=first["id"], card_name=f"Season {first['id']}")
