"""The scorer as plain data for the panel (and anyone else): cells, colonies, totals, winners, the end.

Every number and sentence the panel shows is computed here from the saved state, so the
panel holds no rule: it draws this and sends commands. Sentences are messages (``render`` them);
the data file's words (Bonus Cards, the ways the game ends, the turn) are messages too.
"""

from __future__ import annotations

from collections.abc import Mapping

from typing_extensions import TypedDict

from companion.core.actions import Actions, actions
from companion.core.antscape.commands import (
    ApplyScores,
    SetCardsLeft,
    SetCellOwner,
    SetCellPoints,
    SetQueen,
    SetQueenTerritory,
)
from companion.core.antscape.content import bonus_name, interpretations_for, scorer_content
from companion.core.antscape.model import ScorerState, board_of, scorer
from companion.core.antscape.scoring import Board, Colony, Result, end_conditions, score_board
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import Msg, msg, nmsg
from companion.core.outcome import points_text, tie_break_reason
from companion.core.schema import Player
from companion.core.state import State, total_score
from companion.core.words import names_and


class CellShown(TypedDict):
    """A grid cell in ``antscape_view``: its owner, points, queen territory, colony and badge."""

    row: int
    col: int
    owner: str | None
    points: int
    queen_territory: bool
    colony: int | None
    badge: str | None
    name: str | None
    colour: str | None


class ColonyShown(TypedDict):
    """A colony of connected territories: whose, its cells (row, column), size, bonus and note."""

    index: int
    owner: str
    name: str
    colour: str | None
    cells: list[list[int]]
    size: int
    bonus: int
    note: Msg


class ScorerPlayer(TypedDict):
    """A player's score on the Antscape board, and what is already in the game's scores."""

    id: str
    name: str
    colour: str | None
    bonus: int
    queen: int
    territories: int
    total: int
    queen_marked: bool
    has_territory: bool
    cards_left: int | None
    colonies: int
    score_now: int


class EndShown(TypedDict):
    """A way the game ends (``EndWay``), as messages, and whether it has happened."""

    id: str
    name: Msg
    text: Msg
    done: bool
    manual: bool


class BonusShown(TypedDict):
    """A Bonus Card (``BonusCard``) with its name and text as messages."""

    id: str
    name: Msg
    text: Msg


class AntscapeView(TypedDict):
    """What ``antscape_view`` gives the scorer panel."""

    size: int
    bonus: BonusShown | None
    bonus_cards: list[BonusShown]
    cells: list[list[CellShown]]
    colonies: list[ColonyShown]
    players: list[ScorerPlayer]
    winners: list[str]
    winner_ids: list[str]
    tie_break: str
    tied_ids: list[str]
    winner_text: Msg
    applied: bool
    ends: list[EndShown]
    game_over: bool
    queen_territories: int
    interpretations: list[Msg]
    turn: list[Msg]
    actions: Actions  # the selected cell's owner, points and star; each queen; cards left on a tie; apply


def colony_note(bonus: str | None, colony: Colony) -> Msg:
    """What a colony is and what it scored, in a sentence: "3 territories: Trio triumph +3." (a message)."""
    n = colony.size
    if bonus is None:
        return nmsg("{n} territory.", "{n} territories.", n)
    if bonus == "divide-and-conquer" and n >= 2:
        return nmsg("{n} territory: counts for Divide and conquer.", "{n} territories: counts for Divide and conquer.",
                    n)
    if bonus == "divide-and-conquer":
        return nmsg("{n} territory: does not count for Divide and conquer.",
                    "{n} territories: does not count for Divide and conquer.", n)
    return nmsg("{n} territory: {bonus} {points}.", "{n} territories: {bonus} {points}.", n,
                bonus=msg(bonus_name(bonus)), points=f"{colony.bonus:+d}")


def colony_badge(bonus: str | None, colony: Colony) -> str:
    """What a colony's first cell shows on the grid: its size, and what the Bonus Card gave it."""
    if bonus is None or bonus == "divide-and-conquer":
        return f"x{colony.size}"
    return f"x{colony.size} {colony.bonus:+d}"


def listed(names: list[str]) -> str | Msg:
    """"Ana", "Ana and Bo", "Ana, Bo and Cy" (a message when there are several)."""
    return names_and(names)


def winner_text(result: Result, names: dict[str, str], cards: dict[str, int]) -> Msg:
    """Who wins, and how a tie went, in one sentence (a message)."""
    if result.tie_break == "none":
        who = names[result.winners[0]]
        return msg("{name} wins with {points}.", name=who, points=points_text(result.scores[result.winners[0]].total))
    tied = listed([names[p] for p in result.leaders])
    points = points_text(result.scores[result.leaders[0]].total)
    if result.tie_break == "missing":
        return msg("{names} tie with {points}: enter their colony cards left (hand, discard and draw pile) "
                   "to break the tie.", names=tied, points=points)
    if result.tie_break == "cards":
        who = result.winners[0]
        return tie_break_reason(tied, names[who], result.scores[who].total, cards[who])
    if result.winners == result.leaders:
        return msg("{names} tie with {points} and have as many colony cards left: they share the win.", names=tied,
                   points=points)
    shared = listed([names[p] for p in result.winners])
    most = cards[result.winners[0]]
    return msg("{names} tie with {points}; {winners} have the most colony cards left ({most}) and share the win.",
               names=tied, points=points, winners=shared, most=most)


def _cells(kept: ScorerState, board: Board, result: Result,
           people: Mapping[str, Player]) -> list[list[CellShown]]:
    """The grid, row by row: each territory's owner, points, colony and (on a colony's first cell) its badge."""
    colony_of = {pos: i for i, c in enumerate(result.colonies) for pos in c.cells}
    badges = {c.cells[0]: colony_badge(board.bonus, c) for c in result.colonies}
    def owner(pid: str | None) -> Player | None:
        return people.get(pid) if pid is not None else None

    return [[{"row": r, "col": c, "owner": cell["owner"], "points": cell["points"],
              "queen_territory": cell["queen_territory"], "colony": colony_of.get((r, c)),
              "badge": badges.get((r, c)),
              "name": who["name"] if (who := owner(cell["owner"])) else None,
              "colour": who["colour"] if who else None}
             for c, cell in enumerate(row, start=1)] for r, row in enumerate(kept["cells"], start=1)]


def _players(state: State, kept: ScorerState, result: Result,
             people: Mapping[str, Player]) -> list[ScorerPlayer]:
    """Each scored player's points by kind, total, colonies and what the saved scores hold now."""
    owners = {c["owner"] for row in kept["cells"] for c in row}
    return [{"id": pid, "name": people[pid]["name"], "colour": people[pid]["colour"], "bonus": s.bonus,
             "queen": s.queen, "territories": s.territories, "total": s.total, "queen_marked": pid in kept["queens"],
             "has_territory": pid in owners, "cards_left": kept["cards_left"].get(pid),
             "colonies": sum(1 for c in result.colonies if c.owner == pid),
             "score_now": total_score(state, pid)}
            for pid, s in result.scores.items()]


def antscape_view(state: State, content: Content, selected: tuple[int, int] | None = None) -> AntscapeView:
    """The scorer's data; ``selected``: the cell this tab's editor shows (its actions are listed too)."""
    kept = scorer(state)
    board = board_of(state)
    result = score_board(board)
    people = {p["id"]: p for p in state["players"]}
    names = {pid: p["name"] for pid, p in people.items()}
    cells = _cells(kept, board, result, people)
    colonies: list[ColonyShown]
    colonies = [{"index": i, "owner": c.owner, "name": names[c.owner], "colour": people[c.owner]["colour"],
                 "cells": [list(p) for p in c.cells], "size": c.size, "bonus": c.bonus,
                 "note": colony_note(board.bonus, c)} for i, c in enumerate(result.colonies)]
    players = _players(state, kept, result, people)
    ends = _ends(kept, board)
    cards: list[BonusShown]
    cards = [{**c, "name": msg(c["name"]), "text": msg(c["text"])} for c in scorer_content()["bonus_cards"]]
    bonus = next((c for c in cards if c["id"] == board.bonus), None)
    tied = list(result.leaders) if len(result.leaders) > 1 else []
    return {
        "size": kept["size"],
        "bonus": bonus,
        "bonus_cards": cards,
        "cells": cells,
        "colonies": colonies,
        "players": players,
        "winners": [names[p] for p in result.winners],
        "winner_ids": list(result.winners),
        "tie_break": result.tie_break,
        "tied_ids": tied,
        "winner_text": winner_text(result, names, kept["cards_left"]),
        "applied": all(p["score_now"] == p["total"] for p in players),
        "ends": ends,
        "game_over": any(e["done"] for e in ends),
        "queen_territories": sum(c["queen_territory"] for row in kept["cells"] for c in row),
        "interpretations": [msg(text) for text in interpretations_for(board.bonus)],
        "turn": [msg(t["text"]) for t in scorer_content()["turn"]],
        "actions": actions(_offered(players, cells, selected, tied), state, content),
    }


def _ends(kept: ScorerState, board: Board) -> list[EndShown]:
    """The three ways the game ends: two read from the grid, everyone passing ticked by the table."""
    seen = end_conditions(board)
    return [{**way, "name": msg(way["name"]), "text": msg(way["text"]),
             "done": kept["passed"] if way["id"] == "everyone-passed" else seen[way["id"]],
             "manual": way["id"] == "everyone-passed"} for way in scorer_content()["end_ways"]]


def _offered(players: list[ScorerPlayer], cells: list[list[CellShown]], selected: tuple[int, int] | None,
             tied: list[str]) -> list[Command]:
    """What the scorer panel offers: the selected cell given to each player or nobody, its points one less or more
    and its queen territory's star toggled; each queen marked or not; on a tie, each tied colony's cards left one
    fewer or more; and the apply button."""
    out: list[Command] = []
    if selected is not None:
        r, c = selected
        cell = cells[r - 1][c - 1]
        out += [SetCellOwner(r, c, pid) for pid in [*(p["id"] for p in players), None]]
        out += [SetCellPoints(r, c, cell["points"] - 1), SetCellPoints(r, c, cell["points"] + 1),
                SetQueenTerritory(r, c, not cell["queen_territory"])]
    out += [SetQueen(p["id"], not p["queen_marked"]) for p in players]
    for p in (p for p in players if p["id"] in tied):
        count = p["cards_left"]
        out += [SetCardsLeft(p["id"], count - 1)] if count else []
        out.append(SetCardsLeft(p["id"], (count or 0) + 1))
    return [*out, ApplyScores()]
