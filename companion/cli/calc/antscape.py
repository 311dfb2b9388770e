"""``companion calc antscape FILE.json [--json]``: score an Antscape end-game grid from a file.

The file's format is in ``companion.core.antscape.gridfile`` and docs/terminal.md; the rules are
the core's. A file that cannot be scored is refused with one line naming the field or cell.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, cast

from companion.cli.common import CliError, Verb, add_verbs, arg, print_json
from companion.core.i18n import render as say
from companion.core.i18n import tr, trf

if TYPE_CHECKING:
    from companion.core.antscape.scoring import Board, Result


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("antscape", tr("score an Antscape grid file (colonies, Bonus Card, queens, "
                                               "points)"), run, (
        arg("file", metavar="FILE.json", help=tr("the grid file (its format is in docs/terminal.md)")),
        arg("--json", action="store_true", help=tr("print scores, winners and colonies as JSON")))),))


def run(args: argparse.Namespace) -> int:
    from companion.core.antscape import read_grid_file, result_json, score_board

    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(trf("No file {path}.", path=path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(trf("Cannot read {path}: {problem}.", path=path, problem=exc)) from None
    board = read_grid_file(text)  # a GridFileError is printed as one line by the CLI
    result = score_board(board)
    if args.json:
        print_json(result_json(result))
    else:
        print(render(board, result))
    return 0


def render(board: Board, result: Result) -> str:
    """The result as text: a line per player, the winner, each colony, and the readings used."""
    from companion.core.antscape.content import bonus_name, interpretations_for
    from companion.core.antscape.view import colony_note, winner_text

    width = max(len(p) for p in board.players)
    heads = [tr("bonus"), tr("queen"), tr("territories"), tr("total")]
    widths = [max(5, len(h)) for h in heads]
    widths[2] = max(11, len(heads[2]))
    lines = [trf("Bonus Card: {name}", name=tr(bonus_name(cast(str, board.bonus)))), ""]
    lines.append(f"{'':{width}}  " + "  ".join(f"{h:>{w}}" for h, w in zip(heads, widths, strict=True)))
    for name, s in result.scores.items():
        numbers = (s.bonus, s.queen, s.territories, s.total)
        lines.append(f"{name:{width}}  " + "  ".join(f"{n:{w}d}" for n, w in zip(numbers, widths, strict=True)))
    lines += ["", say(winner_text(result, {p: p for p in board.players}, dict(board.cards_left))), "",
              tr("Colonies:")]
    for colony in result.colonies:
        cells = " ".join(f"{r},{c}" for r, c in colony.cells)
        lines.append("  " + trf("{owner}: {note} (row,column: {cells})", owner=colony.owner,
                                note=colony_note(board.bonus, colony), cells=cells))
    if not result.colonies:
        lines.append("  " + tr("none"))
    lines.append("")
    lines += [trf("Interpretation: {text}", text=tr(text)) for text in interpretations_for(board.bonus)]
    return "\n".join(lines)
