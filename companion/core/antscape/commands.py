"""The scorer's commands: tap out the grid, choose the Bonus Card, mark queens, enter cards left,
and write the totals into the game's scores - each one step on the Undo button."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.antscape.content import bonus_name
from companion.core.antscape.model import board_of, scorer
from companion.core.antscape.scoring import BONUS_IDS, MAX_CARDS, MAX_POINTS, queen_territory_limit, score_board
from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.state import State, player, total_score

PREFIX = "Antscape"


def _cell(state: State, row: int, col: int) -> dict[str, object]:
    size = scorer(state)["size"]
    require_int(row, "The row", 1, size)
    require_int(col, "The column", 1, size)
    cell: dict[str, object] = dict(scorer(state)["cells"][row - 1][col - 1])
    return cell


def _where(row: int, col: int) -> str:
    return f"row {row}, column {col}"


@dataclass(frozen=True)
class SetCellOwner(Command):
    """Who claimed a territory: a player's id (colony or flag card), or None for nobody."""

    name = "antscape_set_owner"
    row: int
    col: int
    owner: str | None

    def verify(self, state: State, content: Content) -> None:
        cell = _cell(state, self.row, self.col)
        if self.owner is not None:
            player(state, self.owner)
        if cell["owner"] == self.owner:
            who = "nobody" if self.owner is None else player(state, self.owner)["name"]
            raise CommandError(f"{_where(self.row, self.col).capitalize()} is already {who}'s.")

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["cells"][self.row - 1][self.col - 1]["owner"] = self.owner

    def describe(self, state: State, content: Content) -> str:
        if self.owner is None:
            return f"{PREFIX}: {_where(self.row, self.col)} unclaimed"
        return f"{PREFIX}: {_where(self.row, self.col)} to {player(state, self.owner)['name']}"


@dataclass(frozen=True)
class SetCellPoints(Command):
    """A territory's points (an earthmoving card on it changes them)."""

    name = "antscape_set_points"
    row: int
    col: int
    points: int

    def verify(self, state: State, content: Content) -> None:
        cell = _cell(state, self.row, self.col)
        require_int(self.points, "A territory's points", 0, MAX_POINTS)
        if cell["points"] == self.points:
            raise CommandError(f"{_where(self.row, self.col).capitalize()} is already worth {self.points}.")

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["cells"][self.row - 1][self.col - 1]["points"] = self.points

    def describe(self, state: State, content: Content) -> str:
        return f"{PREFIX}: {_where(self.row, self.col)} worth {self.points}"


@dataclass(frozen=True)
class SetQueenTerritory(Command):
    """Mark where a queen territory lies (it decides one of the ways the game ends)."""

    name = "antscape_queen_territory"
    row: int
    col: int
    on: bool

    def verify(self, state: State, content: Content) -> None:
        cell = _cell(state, self.row, self.col)
        if cell["queen_territory"] == self.on:
            raise CommandError(f"{_where(self.row, self.col).capitalize()} is "
                               f"{'already' if self.on else 'not'} a queen territory.")
        marked = sum(c["queen_territory"] for row in scorer(state)["cells"] for c in row)
        limit = queen_territory_limit(len(state["players"]))
        if self.on and marked >= limit:
            raise CommandError("A 2-player game has only one queen territory." if limit == 1
                               else f"There are only {limit} queen territories.")

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["cells"][self.row - 1][self.col - 1]["queen_territory"] = self.on

    def describe(self, state: State, content: Content) -> str:
        what = "is a queen territory" if self.on else "is not a queen territory"
        return f"{PREFIX}: {_where(self.row, self.col)} {what}"


@dataclass(frozen=True)
class SetBonus(Command):
    """The active Bonus Card (None: not chosen yet)."""

    name = "antscape_bonus"
    bonus: str | None

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        if self.bonus is not None and self.bonus not in BONUS_IDS:
            raise CommandError(f"Unknown Bonus Card {self.bonus!r}; choose one of {', '.join(BONUS_IDS)}.")
        if kept["bonus"] == self.bonus:
            raise CommandError("That Bonus Card is already the active one.")

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["bonus"] = self.bonus  # type: ignore[typeddict-item]

    def describe(self, state: State, content: Content) -> str:
        return f"{PREFIX}: Bonus Card {bonus_name(self.bonus) if self.bonus else 'not chosen'}"


@dataclass(frozen=True)
class SetQueen(Command):
    """Whether a player's queen card sits on one of their claimed territories (2 points)."""

    name = "antscape_queen"
    player_id: str
    played: bool

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        name = player(state, self.player_id)["name"]
        if (self.player_id in kept["queens"]) == self.played:
            raise CommandError(f"{name}'s queen is {'already' if self.played else 'not'} marked as played.")
        owns = any(c["owner"] == self.player_id for row in kept["cells"] for c in row)
        if self.played and not owns:
            raise CommandError(f"{name} has no claimed territory on the grid for the queen to sit on.")

    def apply(self, state: State, content: Content) -> None:
        queens = scorer(state)["queens"]
        if self.played:
            queens.append(self.player_id)
        else:
            queens.remove(self.player_id)

    def describe(self, state: State, content: Content) -> str:
        name = player(state, self.player_id)["name"]
        return f"{PREFIX}: {name}'s queen {'played' if self.played else 'not played'}"


@dataclass(frozen=True)
class SetCardsLeft(Command):
    """Colony cards a player has left (hand, discard and draw pile), for the tie-break; None clears it."""

    name = "antscape_cards_left"
    player_id: str
    count: int | None

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        player(state, self.player_id)
        if self.count is not None:
            require_int(self.count, "Colony cards left", 0, MAX_CARDS)
        if kept["cards_left"].get(self.player_id) == self.count:
            raise CommandError("That is already the number entered.")

    def apply(self, state: State, content: Content) -> None:
        cards = scorer(state)["cards_left"]
        if self.count is None:
            cards.pop(self.player_id, None)
        else:
            cards[self.player_id] = self.count

    def describe(self, state: State, content: Content) -> str:
        name = player(state, self.player_id)["name"]
        if self.count is None:
            return f"{PREFIX}: {name}'s colony cards left cleared"
        return f"{PREFIX}: {name} has {self.count} colony cards left"


@dataclass(frozen=True)
class SetEveryonePassed(Command):
    """The third way the game ends, which the grid cannot show: all players passed in a row."""

    name = "antscape_everyone_passed"
    passed: bool

    def verify(self, state: State, content: Content) -> None:
        if scorer(state)["passed"] == self.passed:
            raise CommandError("That is already ticked." if self.passed else "That is not ticked.")

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["passed"] = self.passed

    def describe(self, state: State, content: Content) -> str:
        return f"{PREFIX}: everyone passed" if self.passed else f"{PREFIX}: not everyone passed"


def scorer_totals(state: State) -> dict[str, int]:
    """Each player's total as the scorer adds it up now."""
    result = score_board(board_of(state))
    return {pid: s.total for pid, s in result.scores.items()}


@dataclass(frozen=True)
class ApplyScores(Command):
    """Write every player's scorer total into the game's scores (Antscape's one column of points)."""

    name = "antscape_apply_scores"

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        if kept["bonus"] is None:
            raise CommandError("Choose the active Bonus Card first.")
        totals = scorer_totals(state)
        if all(total_score(state, pid) == total for pid, total in totals.items()):
            raise CommandError("The scores already show the scorer's totals.")

    def apply(self, state: State, content: Content) -> None:
        for pid, total in scorer_totals(state).items():
            column = state["scores"][pid]
            column[state["round"] - 1] += total - sum(column)

    def describe(self, state: State, content: Content) -> str:
        totals = scorer_totals(state)
        shown = ", ".join(f"{player(state, pid)['name']} {total}" for pid, total in totals.items())
        return f"{PREFIX}: scores applied ({shown})"
