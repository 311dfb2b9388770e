"""The points tally of the Calculators screen: a running sum kept on a device, and what the chosen game says of it.

The sum is the device's own (``Tally``: the amounts, the game and player chosen, read back checked from the
browser's storage); what it may become and where it may go are the game's: its score floor (the sum never goes
below it: March of the Ants 0, Antscape none, 0 with no game chosen), its players, and the score change the sum
would be for each (``AdjustScore``), allowed now or the reason not - the ``actions`` of ``tally_view``, so the
screen draws them and never asks the game (issue 35).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions
from companion.core.commands.scoring import AdjustScore
from companion.core.session import Session
from companion.core.state import game_def

MAX_ENTRIES = 200
MAX_AMOUNT = 999
DEFAULT_FLOOR = 0  # with no game chosen: no negative tallies (the base game's floor)


@dataclass
class Tally:
    """A running sum of entered amounts (the list kept so a slip can be taken back) and where it goes."""

    entries: list[int] = field(default_factory=list)
    game_id: str | None = None
    player_id: str | None = None
    floor: int | None = DEFAULT_FLOOR  # the chosen game's, as ``tally_view`` says it

    @property
    def total(self) -> int:
        return sum(self.entries)

    def can_add(self, amount: int) -> bool:
        """Whether adding ``amount`` keeps the sum at or above the floor (and the list a sane length)."""
        return len(self.entries) < MAX_ENTRIES and (self.floor is None or self.total + amount >= self.floor)

    def add(self, amount: int) -> None:
        if self.can_add(amount):
            self.entries.append(amount)

    def drop_last(self) -> None:
        if self.entries:
            self.entries.pop()

    def clear(self) -> None:
        self.entries.clear()

    # -- kept on the device --------------------------------------------------------------------
    def to_saved(self) -> str:
        return json.dumps({"entries": self.entries, "game": self.game_id, "player": self.player_id})

    @classmethod
    def from_saved(cls, text: object) -> Tally:
        """The tally saved by ``to_saved``; an empty one for anything else (never trusted as is)."""
        try:
            raw = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            raw = None
        if not isinstance(raw, dict):
            return cls()
        entries = raw.get("entries")
        if not isinstance(entries, list) or len(entries) > MAX_ENTRIES or not all(
                type(e) is int and -MAX_AMOUNT <= e <= MAX_AMOUNT for e in entries):
            entries = []
        game, player = raw.get("game"), raw.get("player")
        return cls(list(entries), game if isinstance(game, str) else None,
                   player if isinstance(player, str) and isinstance(game, str) else None)


class TallyPlayer(TypedDict):
    """A player of the chosen game the sum may go to."""

    id: str
    name: str


class TallyView(TypedDict):
    """What the tally shows: the sum, the floor it keeps to, the amounts that fit, and the chosen game's part."""

    total: int
    floor: int | None
    #: Each amount the screen offers -> whether adding it keeps the sum at or above the floor.
    fits: dict[int, bool]
    #: Whether a game still going is chosen (an ended one takes no score: the screen offers another).
    in_game: bool
    players: list[TallyPlayer]
    actions: Actions  # the sum into each player's score (while it is not 0): allowed now, or why not


def tally_view(tally: Tally, amounts: Iterable[int], game: Session | None) -> TallyView:
    """The tally as the chosen ``game`` says it (None when none is chosen or it could not be read; a game that
    has ended takes no score, so the tally is as with none). The screen keeps the floor said here in the tally
    (``Tally.floor``), so an amount tapped is added only if it fits."""
    floor: int | None = DEFAULT_FLOOR
    players: list[TallyPlayer] = []
    sends: list[AdjustScore] = []
    if game is not None and game.state["ended"] is None:
        floor = game_def(game.state, game.content).score_floor
        players = [{"id": p["id"], "name": p["name"]} for p in game.state["players"]]
        sends = [AdjustScore(p["id"], tally.total) for p in players] if tally.total else []
    sized = Tally(tally.entries, floor=floor)
    return {
        "total": tally.total, "floor": floor, "fits": {n: sized.can_add(n) for n in amounts},
        "in_game": bool(players), "players": players,
        "actions": actions(sends, game.state, game.content) if sends and game is not None else {},
    }
