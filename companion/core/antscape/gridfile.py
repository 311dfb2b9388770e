"""The grid file ``companion calc antscape`` scores: its schema, its checks, and its JSON result.

    {"players": ["Ana", "Bo", "Cy"],
     "bonus": "land-baron",
     "grid": [["Ana:2", "Bo:1", "-:3", ...], ...],   # one list per row; "OWNER:POINTS", "-" unclaimed
     "queens": ["Ana"],                             # optional: players whose queen claimed a territory
     "cards_left": {"Ana": 7, "Bo": 5},             # optional: for the tie-break
     "queen_territories": [[1, 3]]}                 # optional: where the queen territories lie

The shape is one pydantic schema (strict: no "7" for 7, no unknown fields); the rules the
shape cannot say (grid size for the player count, owners who are players, ...) are checked
after it. Every refusal is one sentence naming the field or the cell: "grid row 2, column 3: ...".
Rows and columns count from 1, here and in the result's ``cells``.
"""

from __future__ import annotations

import json
from typing import NotRequired

from typing_extensions import TypedDict

from companion.core.antscape.scoring import (
    BONUS_IDS,
    MAX_CARDS,
    MAX_POINTS,
    Board,
    Cell,
    Pos,
    Result,
    grid_size,
    queen_territory_limit,
)
from companion.core.errors import GameError
from companion.core.i18n import N_, Msg, msg
from companion.core.schema import Json, JsonObject, SchemaError, check, strict

FIELDS = ("players", "bonus", "grid", "queens", "cards_left", "queen_territories")


class GridFileError(GameError):
    """A grid file that cannot be scored; the message names the field or the cell."""


@strict
class GridFile(TypedDict):
    players: list[str]
    bonus: str
    grid: list[list[str]]
    queens: NotRequired[list[str]]
    cards_left: NotRequired[dict[str, int]]
    queen_territories: NotRequired[list[list[int]]]


_KINDS = {
    "int_type": N_("{where}: must be a whole number."),
    "string_type": N_("{where}: must be text in quotes."),
    "list_type": N_("{where}: must be a list [...]."),
    "dict_type": N_("{where}: must be an object {{...}}."),
    "missing": N_("{where}: is required."),
}


# -- where and what ---------------------------------------------------------------------------
def field_name(loc: tuple[int | str, ...]) -> str | Msg:
    """A location in the file as the messages say it: "grid row 2, column 3", "cards_left, Bo"."""
    if loc and loc[0] == "grid" and len(loc) >= 3:
        return msg("grid row {row}, column {col}", row=int(loc[1]) + 1, col=int(loc[2]) + 1)
    if loc and loc[0] == "grid" and len(loc) >= 2:
        return msg("grid row {row}", row=int(loc[1]) + 1)
    if loc and loc[0] in ("queens", "players", "queen_territories") and len(loc) >= 2:
        return msg("{field} item {number}", field=str(loc[0]), number=int(loc[1]) + 1)
    return ", ".join(str(part) for part in loc) or msg("the file")


def _schema_message(exc: SchemaError) -> Msg:
    loc, kind = exc.loc, exc.kind
    where = field_name(loc)
    if kind == "extra_forbidden":
        return msg("{where}: unknown field; the fields are {fields}.", where=where, fields=", ".join(FIELDS))
    if loc and loc[0] == "grid" and len(loc) == 3 and kind == "string_type":
        return msg("{where}: write the cell as text, like \"Ana:2\" (or \"-\" for unclaimed).", where=where)
    if not loc:
        return msg("The file must hold one JSON object with players, bonus and grid.")
    if kind in _KINDS:
        return msg(_KINDS[kind], where=where)
    return msg("{where}: {problem}.", where=where, problem=exc.detail)


def _fail(where: str | Msg, what: Msg) -> GridFileError:
    return GridFileError(msg("{where}: {problem}", where=where, problem=what))


def _item(field: str, number: int) -> Msg:
    return msg("{field} item {number}", field=field, number=number)


# -- reading ----------------------------------------------------------------------------------
def read_grid_file(text: str) -> Board:
    """Parse and check a grid file's text."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GridFileError(msg("Not valid JSON (line {line}, column {col}: {problem}).", line=exc.lineno,
                                col=exc.colno, problem=exc.msg)) from None
    return parse_grid_file(raw)


def parse_grid_file(raw: Json) -> Board:
    """Check a grid file's data against the schema and the rules; the board to score, names as players."""
    try:
        data = check(GridFile, raw)
    except SchemaError as exc:
        raise GridFileError(_schema_message(exc)) from None
    players = _players(data["players"])
    if data["bonus"] not in BONUS_IDS:
        raise _fail("bonus", msg("unknown bonus card {bonus}; choose one of {choices}.", bonus=repr(data["bonus"]),
                                 choices=", ".join(BONUS_IDS)))
    grid = _grid(data["grid"], players)
    queens = _queens(data.get("queens", []), players, grid)
    cards = _cards_left(data.get("cards_left", {}), players)
    territories = _queen_territories(data.get("queen_territories", []), len(players), len(grid))
    return Board(players=players, grid=grid, bonus=data["bonus"], queens=queens, cards_left=cards,
                 queen_territories=territories)


def _players(names: list[str]) -> tuple[str, ...]:
    if not 2 <= len(names) <= 4:
        raise _fail("players", msg("Antscape is for 2-4 players; this file lists {count}.", count=len(names)))
    seen: set[str] = set()
    for number, name in enumerate(names, start=1):
        if not name.strip() or name != name.strip() or name == "-" or ":" in name:
            raise _fail(_item("players", number), msg("{name} cannot be a name (empty, \"-\", a colon, or spaces "
                                                      "around it).", name=repr(name)))
        if name.casefold() in seen:
            raise _fail(_item("players", number), msg("{name} is listed twice.", name=repr(name)))
        seen.add(name.casefold())
    return tuple(names)


def _grid(rows: list[list[str]], players: tuple[str, ...]) -> tuple[tuple[Cell, ...], ...]:
    size = grid_size(len(players))
    if len(rows) != size:
        raise _fail("grid", msg("a {players}-player game is scored on a {size}x{size} grid; this one has {rows} rows.",
                                players=len(players), size=size, rows=len(rows)))
    out = []
    for r, row in enumerate(rows, start=1):
        if len(row) != size:
            raise _fail(msg("grid row {row}", row=r), msg("a {players}-player game is scored on a {size}x{size} "
                                                          "grid; this row has {cells} cells.", players=len(players),
                                                          size=size, cells=len(row)))
        out.append(tuple(_cell(word, players, msg("grid row {row}, column {col}", row=r, col=c))
                         for c, word in enumerate(row, start=1)))
    return tuple(out)


def _not_a_player(name: str, players: tuple[str, ...]) -> Msg:
    return msg("{name} is not a player here (the players are {players}).", name=repr(name), players=", ".join(players))


def _cell(word: str, players: tuple[str, ...], where: Msg) -> Cell:
    owner, colon, points_text = word.rpartition(":")
    if not colon:
        if word.strip() == "-":
            return Cell(None, 0)
        raise _fail(where, msg("{word}: write OWNER:POINTS, like \"Ana:2\" (or \"-\" for an unclaimed territory).",
                               word=repr(word)))
    owner, points_text = owner.strip(), points_text.strip()
    if owner != "-" and owner not in players:
        raise _fail(where, _not_a_player(owner, players))
    try:
        points = int(points_text)
    except ValueError:
        raise _fail(where, msg("the points in {word} must be a whole number.", word=repr(word))) from None
    if points < 0:
        raise _fail(where, msg("a territory cannot be worth a negative number of points ({word}).", word=repr(word)))
    if points > MAX_POINTS:
        raise _fail(where, msg("{points} points for one territory is surely a typo (at most {most}).", points=points,
                               most=MAX_POINTS))
    return Cell(None if owner == "-" else owner, points)


def _queens(names: list[str], players: tuple[str, ...], grid: tuple[tuple[Cell, ...], ...]) -> frozenset[str]:
    owners = {cell.owner for row in grid for cell in row}
    for number, name in enumerate(names, start=1):
        where = _item("queens", number)
        if name not in players:
            raise _fail(where, _not_a_player(name, players))
        if names.index(name) != number - 1:
            raise _fail(where, msg("{name} is listed twice; each player has one queen.", name=name))
        if name not in owners:
            raise _fail(where, msg("{name} claimed no territory on the grid, so no queen can sit on one.", name=name))
    return frozenset(names)


def _cards_left(cards: dict[str, int], players: tuple[str, ...]) -> dict[str, int]:
    for name, count in cards.items():
        where = f"cards_left, {name}"
        if name not in players:
            raise _fail(where, _not_a_player(name, players))
        if not 0 <= count <= MAX_CARDS:
            raise _fail(where, msg("{count} colony cards left; a player has {most} colony cards in all.", count=count,
                                   most=MAX_CARDS))
    return dict(cards)


def _queen_territories(cells: list[list[int]], players: int, size: int) -> frozenset[Pos]:
    limit = queen_territory_limit(players)
    if len(cells) > limit and limit == 1:
        raise _fail("queen_territories", msg("a {players}-player game has only one queen territory; this file "
                                             "marks {count}.", players=players, count=len(cells)))
    if len(cells) > limit:
        raise _fail("queen_territories", msg("a {players}-player game has {limit} queen territories; this file "
                                             "marks {count}.", players=players, limit=limit, count=len(cells)))
    found: set[Pos] = set()
    for number, cell in enumerate(cells, start=1):
        where = _item("queen_territories", number)
        if len(cell) != 2 or not all(1 <= v <= size for v in cell):
            raise _fail(where, msg("write [row, column] with both from 1 to {size}; got {cell}.", size=size,
                                   cell=str(cell)))
        pos = (cell[0], cell[1])
        if pos in found:
            raise _fail(where, msg("row {row}, column {col} is marked twice.", row=pos[0], col=pos[1]))
        found.add(pos)
    return frozenset(found)


# -- the result ---------------------------------------------------------------------------------
def result_json(result: Result) -> JsonObject:
    """The calculator's ``--json`` output: scores per player, winners, colonies."""
    return {
        "scores": {p: {"bonus": s.bonus, "queen": s.queen, "territories": s.territories, "total": s.total}
                   for p, s in result.scores.items()},
        "winners": list(result.winners),
        "colonies": [{"owner": c.owner, "cells": [list(pos) for pos in c.cells], "bonus": c.bonus}
                     for c in result.colonies],
    }
