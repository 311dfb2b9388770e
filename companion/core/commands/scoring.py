"""Colony points: add or subtract, or type the total, recorded in the round they happen."""

from __future__ import annotations

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.state import State, game_def, player, total_score

MAX_DELTA = 50
MAX_TOTAL = 999


def _cp(state: State, content: Content) -> str:
    return game_def(state, content).terms["cp"]


def _check_floor(state: State, content: Content, player_id: str, new_total: int) -> None:
    floor = game_def(state, content).score_floor
    if floor is not None and new_total < floor:
        name = player(state, player_id)["name"]
        raise CommandError(msg("{name} has {total} {cp}; the total cannot go below {floor}.", name=name,
                               total=total_score(state, player_id), cp=msg(_cp(state, content)), floor=floor))
    if new_total > MAX_TOTAL:
        raise CommandError(msg("A total above {most} is surely a typo.", most=MAX_TOTAL))


class AdjustScore(Command, name="adjust_score"):
    """Add ``delta`` colony points to a player in the current round (negative to take away)."""

    player_id: str
    delta: int

    def verify(self, state: State, content: Content) -> None:
        player(state, self.player_id)
        require_int(self.delta, msg("The change"), -MAX_DELTA, MAX_DELTA)
        if self.delta == 0:
            raise CommandError(msg("A change of 0 does nothing."))
        _check_floor(state, content, self.player_id, total_score(state, self.player_id) + self.delta)

    def apply(self, state: State, content: Content) -> None:
        state["scores"][self.player_id][state["round"] - 1] += self.delta

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("{name} {delta} {cp}", name=player(state, self.player_id)["name"], delta=format(self.delta, "+d"),
                   cp=msg(_cp(state, content)))


class SetScore(Command, name="set_score"):
    """Type a player's total; the difference is booked in the current round."""

    player_id: str
    total: int

    def verify(self, state: State, content: Content) -> None:
        player(state, self.player_id)
        floor = game_def(state, content).score_floor
        require_int(self.total, msg("The total"), -MAX_TOTAL if floor is None else floor, MAX_TOTAL)
        if self.total == total_score(state, self.player_id):
            raise CommandError(msg("{name} already has {total}.", name=player(state, self.player_id)["name"],
                                   total=self.total))

    def apply(self, state: State, content: Content) -> None:
        change = self.total - total_score(state, self.player_id)
        state["scores"][self.player_id][state["round"] - 1] += change

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("{name} total set to {total} {cp}", name=player(state, self.player_id)["name"], total=self.total,
                   cp=msg(_cp(state, content)))
