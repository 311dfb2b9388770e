"""Symbiote tokens (Minions of the Meadow variant): who holds whose, the Slumber exchanges, the end points.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``,
and ``final_points``: the end points go into the final scores before the game is settled), its
commands and its Slumber item.
"""

from __future__ import annotations

from companion.core.hooks import register_area
from companion.core.symbiotes import commands, model
from companion.core.symbiotes.model import FILE, KEY, book_end_points, catalogue_texts, end_points, symbiotes_content
from companion.core.symbiotes.moves import symbiote_moves
from companion.core.symbiotes.view import phase_items, symbiotes_view
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items, final_points=book_end_points)

MODULE = ModuleUnit(id="symbiotes", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.symbiotes",), cli=(),
                    views={KEY: symbiotes_view}, moves={KEY: symbiote_moves})

__all__ = ["HOOKS", "MODULE", "commands", "end_points", "symbiotes_content", "symbiotes_view"]
