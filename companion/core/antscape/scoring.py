"""Antscape's end-game scoring on the territory grid: colonies, the Bonus Card, queens, totals.

Pure functions over a small immutable ``Board``. Players are plain keys (names in a grid
file, player ids in a saved game), so the file calculator and the in-game scorer share
every rule. Rows and columns are counted from 1, as on screen and in messages.

Antscape rulebook, "Game End and Scoring": A) the Bonus Card, B) the played queen (2),
C) the points of the claimed territories; most points wins, ties go to the player with
the most colony cards left.

>>> board = Board(players=("Ana", "Bo"), bonus="trio-triumph", grid=grid_of([
...     "Ana:1 Ana:1 Ana:1 -:2", "Bo:2 -:0 -:0 -:1", "Bo:1 -:0 -:0 -:0", "-:0 -:0 -:0 -:0"]))
>>> result = score_board(board)
>>> result.scores["Ana"].total, result.scores["Bo"].total, result.winners
(6, 3, ('Ana',))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, get_args

BonusId = Literal["trio-triumph", "bigger-is-better", "land-baron", "divide-and-conquer", "barricade",
                  "small-but-mighty"]
BONUS_IDS: tuple[str, ...] = get_args(BonusId)
QUEEN_POINTS = 2
AWARD = 6  # Land baron, Divide and conquer, Barricade
TRIO_POINTS = 3
SMALL_PENALTY = -3
SMALL_MAX = 4  # Small but mighty: colonies of this size or smaller
LINE = 4  # Barricade: cells side by side in one row or column
BIGGER = {1: 0, 2: 1, 3: 3}  # Bigger is better; 4 or more: 5
BIGGER_MAX = 5
MAX_POINTS = 20  # a territory worth more is surely a typo
MAX_CARDS = 10  # colony cards per colour

Pos = tuple[int, int]


def grid_size(players: int) -> int:
    """5x5 for 3-4 players, 4x4 for 2 (Antscape rulebook, "Game Setup")."""
    return 4 if players == 2 else 5


def queen_territory_limit(players: int) -> int:
    """Two queen territories, but only one in a 2-player game ("Game Setup")."""
    return 1 if players == 2 else 2


@dataclass(frozen=True)
class Cell:
    owner: str | None = None  # None: unclaimed
    points: int = 0


@dataclass(frozen=True)
class Board:
    players: tuple[str, ...]
    grid: tuple[tuple[Cell, ...], ...]
    bonus: str | None = None  # None: not chosen yet (scores nothing)
    queens: frozenset[str] = frozenset()
    cards_left: Mapping[str, int] = field(default_factory=dict)
    queen_territories: frozenset[Pos] = frozenset()

    @property
    def size(self) -> int:
        return len(self.grid)

    def cell(self, pos: Pos) -> Cell:
        return self.grid[pos[0] - 1][pos[1] - 1]

    def positions(self) -> list[Pos]:
        return [(r, c) for r in range(1, self.size + 1) for c in range(1, self.size + 1)]


@dataclass(frozen=True)
class Colony:
    owner: str
    cells: tuple[Pos, ...]  # in reading order
    bonus: int = 0

    @property
    def size(self) -> int:
        return len(self.cells)


@dataclass(frozen=True)
class PlayerScore:
    bonus: int
    queen: int
    territories: int

    @property
    def total(self) -> int:
        return self.bonus + self.queen + self.territories


@dataclass(frozen=True)
class Result:
    scores: dict[str, PlayerScore]
    colonies: tuple[Colony, ...]
    winners: tuple[str, ...]
    leaders: tuple[str, ...]  # highest total, before the tie-break
    tie_break: str  # "none" (a clear winner), "cards" (decided by cards left), "missing", "shared"


def grid_of(rows: Iterable[str]) -> tuple[tuple[Cell, ...], ...]:
    """A grid from lines of ``OWNER:POINTS`` words, for tests and examples ("-" unclaimed)."""
    out = []
    for row in rows:
        cells = []
        for word in row.split():
            owner, _, points = word.rpartition(":") if ":" in word else (word, "", "0")
            cells.append(Cell(None if owner == "-" else owner, int(points)))
        out.append(tuple(cells))
    return tuple(out)


# -- colonies --------------------------------------------------------------------------------
def _neighbours(pos: Pos, size: int) -> list[Pos]:
    r, c = pos
    found = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [(a, b) for a, b in found if 1 <= a <= size and 1 <= b <= size]


def find_colonies(board: Board) -> list[Colony]:
    """Each player's orthogonally connected cells (colony and flag cards alike), in reading order."""
    seen: set[Pos] = set()
    colonies = []
    for start in board.positions():
        owner = board.cell(start).owner
        if owner is None or start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for nxt in _neighbours(todo.pop(), board.size):
                if nxt not in group and board.cell(nxt).owner == owner:
                    group.add(nxt)
                    todo.append(nxt)
        seen |= group
        colonies.append(Colony(owner, tuple(sorted(group))))
    return colonies


def has_straight_four(cells: Iterable[Pos]) -> bool:
    """Four of the cells side by side in one row or one column (Barricade's straight line)."""
    owned = set(cells)
    for r, c in owned:
        if all((r, c + i) in owned for i in range(LINE)) or all((r + i, c) in owned for i in range(LINE)):
            return True
    return False


# -- the Bonus Card --------------------------------------------------------------------------
def _per_colony(bonus: str, colony: Colony) -> int:
    size = colony.size
    if bonus == "trio-triumph":
        return TRIO_POINTS if size == 3 else 0
    if bonus == "bigger-is-better":
        return BIGGER.get(size, BIGGER_MAX)
    if bonus == "barricade":
        return AWARD if has_straight_four(colony.cells) else 0
    if bonus == "small-but-mighty":
        return SMALL_PENALTY if size <= SMALL_MAX else 0
    return 0


def _best(counts: Mapping[str, int]) -> set[str]:
    """Players tied for the highest positive count (Land baron, Divide and conquer)."""
    top = max(counts.values(), default=0)
    return {p for p, n in counts.items() if n == top} if top > 0 else set()


def score_colonies(bonus: str | None, colonies: list[Colony]) -> list[Colony]:
    """Each colony with what the Bonus Card gives it (the player awards: see ``player_awards``)."""
    if bonus is None:
        return colonies
    if bonus == "land-baron":
        largest = {p: max(c.size for c in colonies if c.owner == p) for p in {c.owner for c in colonies}}
        winners, out, paid = _best(largest), [], set()
        for colony in colonies:
            pays = colony.owner in winners and colony.size == largest[colony.owner] and colony.owner not in paid
            paid |= {colony.owner} if pays else set()
            out.append(Colony(colony.owner, colony.cells, AWARD if pays else 0))
        return out
    return [Colony(c.owner, c.cells, _per_colony(bonus, c)) for c in colonies]


def player_awards(bonus: str | None, players: Iterable[str], colonies: list[Colony]) -> dict[str, int]:
    """Each player's Bonus Card points."""
    totals = dict.fromkeys(players, 0)
    for colony in colonies:
        totals[colony.owner] += colony.bonus
    if bonus == "divide-and-conquer":
        counts = {p: sum(1 for c in colonies if c.owner == p and c.size >= 2) for p in totals}
        for p in _best(counts):
            totals[p] += AWARD
    return totals


# -- totals, winners, tie-break -------------------------------------------------------------
def score_board(board: Board) -> Result:
    colonies = score_colonies(board.bonus, find_colonies(board))
    bonus = player_awards(board.bonus, board.players, colonies)
    territories = dict.fromkeys(board.players, 0)
    for pos in board.positions():
        cell = board.cell(pos)
        if cell.owner is not None:
            territories[cell.owner] += cell.points
    scores = {p: PlayerScore(bonus[p], QUEEN_POINTS if p in board.queens else 0, territories[p])
              for p in board.players}
    leaders, winners, how = winners_of(scores, board.cards_left)
    return Result(scores, tuple(colonies), winners, leaders, how)


def winners_of(scores: Mapping[str, PlayerScore], cards_left: Mapping[str, int]
               ) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """(leaders, winners, how): most points; a tie goes to the most colony cards left."""
    best = max(s.total for s in scores.values())
    leaders = tuple(p for p, s in scores.items() if s.total == best)
    return (leaders, *break_tie(leaders, cards_left))


def break_tie(leaders: tuple[str, ...], cards_left: Mapping[str, int]) -> tuple[tuple[str, ...], str]:
    """The tie-break by colony cards left (hand, discard and draw pile together)."""
    if len(leaders) == 1:
        return leaders, "none"
    if any(p not in cards_left for p in leaders):
        return leaders, "missing"
    most = max(cards_left[p] for p in leaders)
    winners = tuple(p for p in leaders if cards_left[p] == most)
    return winners, "cards" if len(winners) == 1 else "shared"


def end_conditions(board: Board) -> dict[str, bool]:
    """What the grid says about two of the three ways the game ends (the third, passing, it cannot see)."""
    open_cells = [p for p in board.positions() if board.cell(p).owner is None]
    return {
        "all-claimed": not open_cells,
        "queens-open": bool(open_cells) and all(p in board.queen_territories for p in open_cells),
    }
