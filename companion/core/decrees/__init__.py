"""Queen's Decrees (Empires of the Earth): the public objective scored at every Slumber.

Importing this package registers its hooks (state at new game, ``adopt`` for older saves,
``validate_state``), its commands and its Slumber checklist item.
"""

from __future__ import annotations

from companion.core.decrees import commands, model
from companion.core.decrees.content import FILE, catalogue_texts, decrees_content, known_decree
from companion.core.decrees.model import KEY
from companion.core.decrees.moves import decree_moves
from companion.core.decrees.scoring import decree_points, outcome_text
from companion.core.decrees.view import decree_view, phase_items
from companion.core.hooks import register_area
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="decrees", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.decrees",), cli=("companion.cli.calc.decree",),
                    views={KEY: decree_view}, moves={KEY: decree_moves})

__all__ = [
    "HOOKS", "MODULE", "commands", "decree_points", "decree_view", "decrees_content", "known_decree", "outcome_text",
]
