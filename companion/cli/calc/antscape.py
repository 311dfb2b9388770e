"""``companion calc antscape FILE.json [--json]``: score an Antscape end-game grid from a file.

The file's format is in ``companion.core.antscape.gridfile`` and the README; the rules are
the core's. A file that cannot be scored is refused with one line naming the field or cell.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from companion.cli.common import CliError, print_json


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("antscape", help="score an Antscape grid file (colonies, Bonus Card, queens, points)")
    p.add_argument("file", metavar="FILE.json", help="the grid file (see the README for its format)")
    p.add_argument("--json", action="store_true", help="print scores, winners and colonies as JSON")
    p.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    from companion.core.antscape import read_grid_file, result_json, score_board

    path = Path(args.file)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"No file {path}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"Cannot read {path}: {exc}.") from None
    board = read_grid_file(text)  # a GridFileError is printed as one line by the CLI
    result = score_board(board)
    if args.json:
        print_json(result_json(result))
    else:
        print(render(board, result))
    return 0


def render(board: Any, result: Any) -> str:
    """The result as text: a line per player, the winner, each colony, and the readings used."""
    from companion.core.antscape.content import bonus_name, interpretations_for
    from companion.core.antscape.view import colony_note, winner_text

    width = max(len(p) for p in board.players)
    lines = [f"Bonus Card: {bonus_name(board.bonus)}", ""]
    lines.append(f"{'':{width}}  bonus  queen  territories  total")
    for name, s in result.scores.items():
        lines.append(f"{name:{width}}  {s.bonus:5d}  {s.queen:5d}  {s.territories:11d}  {s.total:5d}")
    lines += ["", winner_text(result, {p: p for p in board.players}, dict(board.cards_left)), "", "Colonies:"]
    for colony in result.colonies:
        cells = " ".join(f"{r},{c}" for r, c in colony.cells)
        lines.append(f"  {colony.owner}: {colony_note(board.bonus, colony)} (row,column: {cells})")
    if not result.colonies:
        lines.append("  none")
    lines.append("")
    lines += [f"Interpretation: {text}" for text in interpretations_for(board.bonus)]
    return "\n".join(lines)
