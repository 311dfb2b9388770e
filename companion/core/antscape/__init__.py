"""Antscape's end-game scorer on the territory grid, for Antscape games.

Importing this package registers its hooks (the scorer's state at new game and for games
saved before it existed, its schema check, the tie-break when the game is finished) and
its commands. The calculator ``companion calc antscape`` scores a grid file with the same
rules (``gridfile``); the panel draws ``antscape_view``.
"""

from __future__ import annotations

from companion.core.antscape import commands, model
from companion.core.antscape.content import SCORER, catalogue_texts
from companion.core.antscape.gridfile import GridFileError, parse_grid_file, read_grid_file, result_json
from companion.core.antscape.model import KEY
from companion.core.antscape.moves import antscape_moves
from companion.core.antscape.scoring import Board, Cell, Result, score_board
from companion.core.antscape.settle import finish
from companion.core.antscape.view import antscape_view
from companion.core.hooks import register_area
from companion.core.units import ModuleUnit

HOOKS = register_area(model, finish=finish)

MODULE = ModuleUnit(id="antscape", content=(SCORER,), texts=catalogue_texts,
                    panels=("companion.ui.panels.antscape",), cli=("companion.cli.calc.antscape",),
                    views={KEY: antscape_view}, moves={KEY: antscape_moves})

__all__ = [
    "HOOKS", "MODULE", "Board", "Cell", "GridFileError", "Result", "antscape_view", "commands", "parse_grid_file",
    "read_grid_file", "result_json", "score_board",
]
