"""Eve of the Antperium (Minions of the Meadow, 3-4 players): the Enclave and the hexes scored at Slumber.

Importing this package registers its hooks (state at new game, ``adopt`` for older saves,
``validate_state``), its commands and its Slumber checklist items (the Enclave's Evolution,
then the points).
"""

from __future__ import annotations

from companion.core.eve import commands, model
from companion.core.eve.content import FILE, catalogue_texts, eve_content
from companion.core.eve.model import KEY
from companion.core.eve.moves import eve_moves
from companion.core.eve.scoring import eve_points, points_sum
from companion.core.eve.view import eve_view, phase_items
from companion.core.hooks import register_area
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="eve", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.eve",), cli=("companion.cli.calc.eve",),
                    views={KEY: eve_view}, moves={KEY: eve_moves})

__all__ = ["HOOKS", "MODULE", "commands", "eve_content", "eve_points", "eve_view", "points_sum"]
