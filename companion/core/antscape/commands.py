"""The scorer's commands: tap out the grid, choose the Bonus Card, mark queens, enter cards left,
and write the totals into the game's scores - each one step on the Undo button."""

from __future__ import annotations

from companion.core.antscape.content import bonus_name
from companion.core.antscape.model import CellState, board_of, scorer
from companion.core.antscape.scoring import BONUS_IDS, MAX_CARDS, MAX_POINTS, queen_territory_limit, score_board
from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.state import State, player, total_score


class _OnCell(Command):
    """A command about one territory of the grid: ``cell`` is it, a row or column off the grid refused."""

    row: int
    col: int

    def cell(self, state: State) -> CellState:
        size = scorer(state)["size"]
        require_int(self.row, msg("The row"), 1, size)
        require_int(self.col, msg("The column"), 1, size)
        return scorer(state)["cells"][self.row - 1][self.col - 1]


class SetCellOwner(_OnCell, name="antscape_set_owner"):
    """Who claimed a territory: a player's id (colony or flag card), or None for nobody."""

    owner: str | None

    def verify(self, state: State, content: Content) -> None:
        cell = self.cell(state)
        if self.owner is not None:
            player(state, self.owner)
        if cell["owner"] == self.owner and self.owner is None:
            raise CommandError(msg("Row {row}, column {col} is already nobody's.", row=self.row, col=self.col))
        if cell["owner"] == self.owner and self.owner is not None:
            raise CommandError(msg("Row {row}, column {col} is already {name}'s.", row=self.row, col=self.col,
                                   name=player(state, self.owner)["name"]))

    def apply(self, state: State, content: Content) -> None:
        self.cell(state)["owner"] = self.owner

    def describe(self, state: State, content: Content) -> Msg:
        if self.owner is None:
            return msg("Antscape: row {row}, column {col} unclaimed", row=self.row, col=self.col)
        return msg("Antscape: row {row}, column {col} to {name}", row=self.row, col=self.col,
                   name=player(state, self.owner)["name"])


class SetCellPoints(_OnCell, name="antscape_set_points"):
    """A territory's points (an earthmoving card on it changes them)."""

    points: int

    def verify(self, state: State, content: Content) -> None:
        cell = self.cell(state)
        require_int(self.points, msg("A territory's points"), 0, MAX_POINTS)
        if cell["points"] == self.points:
            raise CommandError(msg("Row {row}, column {col} is already worth {points}.", row=self.row, col=self.col,
                                   points=self.points))

    def apply(self, state: State, content: Content) -> None:
        self.cell(state)["points"] = self.points

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Antscape: row {row}, column {col} worth {points}", row=self.row, col=self.col, points=self.points)


class SetQueenTerritory(_OnCell, name="antscape_queen_territory"):
    """Mark where a queen territory lies (it decides one of the ways the game ends)."""

    on: bool

    def verify(self, state: State, content: Content) -> None:
        cell = self.cell(state)
        if cell["queen_territory"] == self.on and self.on:
            raise CommandError(msg("Row {row}, column {col} is already a queen territory.", row=self.row, col=self.col))
        if cell["queen_territory"] == self.on:
            raise CommandError(msg("Row {row}, column {col} is not a queen territory.", row=self.row, col=self.col))
        marked = sum(c["queen_territory"] for row in scorer(state)["cells"] for c in row)
        limit = queen_territory_limit(len(state["players"]))
        if self.on and marked >= limit:
            raise CommandError(msg("A 2-player game has only one queen territory.") if limit == 1
                               else msg("There are only {limit} queen territories.", limit=limit))

    def apply(self, state: State, content: Content) -> None:
        self.cell(state)["queen_territory"] = self.on

    def describe(self, state: State, content: Content) -> Msg:
        if self.on:
            return msg("Antscape: row {row}, column {col} is a queen territory", row=self.row, col=self.col)
        return msg("Antscape: row {row}, column {col} is not a queen territory", row=self.row, col=self.col)


class SetBonus(Command, name="antscape_bonus"):
    """The active Bonus Card (None: not chosen yet)."""

    bonus: str | None

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        if self.bonus is not None and self.bonus not in BONUS_IDS:
            raise CommandError(msg("Unknown Bonus Card {bonus}; choose one of {choices}.", bonus=repr(self.bonus),
                                   choices=", ".join(BONUS_IDS)))
        if kept["bonus"] == self.bonus:
            raise CommandError(msg("That Bonus Card is already the active one."))

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["bonus"] = self.bonus  # type: ignore[typeddict-item]

    def describe(self, state: State, content: Content) -> Msg:
        if self.bonus is None:
            return msg("Antscape: Bonus Card not chosen")
        return msg("Antscape: Bonus Card {bonus}", bonus=msg(bonus_name(self.bonus)))


class SetQueen(Command, name="antscape_queen"):
    """Whether a player's queen card sits on one of their claimed territories (2 points)."""

    player_id: str
    played: bool

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        name = player(state, self.player_id)["name"]
        if (self.player_id in kept["queens"]) == self.played:
            raise CommandError(msg("{name}'s queen is already marked as played.", name=name) if self.played
                               else msg("{name}'s queen is not marked as played.", name=name))
        owns = any(c["owner"] == self.player_id for row in kept["cells"] for c in row)
        if self.played and not owns:
            raise CommandError(msg("{name} has no claimed territory on the grid for the queen to sit on.", name=name))

    def apply(self, state: State, content: Content) -> None:
        queens = scorer(state)["queens"]
        if self.played:
            queens.append(self.player_id)
        else:
            queens.remove(self.player_id)

    def describe(self, state: State, content: Content) -> Msg:
        name = player(state, self.player_id)["name"]
        if self.played:
            return msg("Antscape: {name}'s queen played", name=name)
        return msg("Antscape: {name}'s queen not played", name=name)


class SetCardsLeft(Command, name="antscape_cards_left"):
    """Colony cards a player has left (hand, discard and draw pile), for the tie-break; None clears it."""

    player_id: str
    count: int | None

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        player(state, self.player_id)
        if self.count is not None:
            require_int(self.count, msg("Colony cards left"), 0, MAX_CARDS)
        if kept["cards_left"].get(self.player_id) == self.count:
            raise CommandError(msg("That is already the number entered."))

    def apply(self, state: State, content: Content) -> None:
        cards = scorer(state)["cards_left"]
        if self.count is None:
            cards.pop(self.player_id, None)
        else:
            cards[self.player_id] = self.count

    def describe(self, state: State, content: Content) -> Msg:
        name = player(state, self.player_id)["name"]
        if self.count is None:
            return msg("Antscape: {name}'s colony cards left cleared", name=name)
        return nmsg("Antscape: {name} has {n} colony card left", "Antscape: {name} has {n} colony cards left",
                    self.count, name=name)


class SetEveryonePassed(Command, name="antscape_everyone_passed"):
    """The third way the game ends, which the grid cannot show: all players passed in a row."""

    passed: bool

    def verify(self, state: State, content: Content) -> None:
        if scorer(state)["passed"] == self.passed:
            raise CommandError(msg("That is already ticked.") if self.passed else msg("That is not ticked."))

    def apply(self, state: State, content: Content) -> None:
        scorer(state)["passed"] = self.passed

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Antscape: everyone passed") if self.passed else msg("Antscape: not everyone passed")


def scorer_totals(state: State) -> dict[str, int]:
    """Each player's total as the scorer adds it up now."""
    result = score_board(board_of(state))
    return {pid: s.total for pid, s in result.scores.items()}


class ApplyScores(Command, name="antscape_apply_scores"):
    """Write every player's scorer total into the game's scores (Antscape's one column of points)."""

    def verify(self, state: State, content: Content) -> None:
        kept = scorer(state)
        if kept["bonus"] is None:
            raise CommandError(msg("Choose the active Bonus Card first (in the Antscape panel; `companion game do "
                                   "ID antscape_bonus bonus=...` in the terminal)."))
        totals = scorer_totals(state)
        if all(total_score(state, pid) == total for pid, total in totals.items()):
            raise CommandError(msg("The scores already show the scorer's totals."))

    def apply(self, state: State, content: Content) -> None:
        for pid, total in scorer_totals(state).items():
            column = state["scores"][pid]
            column[state["round"] - 1] += total - sum(column)

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Antscape: scores applied ({totals})", totals=totals_text(state))


def totals_text(state: State) -> str:
    """``Ana 12, Bo 9``: each player's name and total (values only)."""
    return ", ".join(f"{player(state, pid)['name']} {total}" for pid, total in scorer_totals(state).items())
