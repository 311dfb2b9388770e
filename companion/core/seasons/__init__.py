"""Seasons (Minions of the Meadow variant): the Seasons deck, one revealed each round, the Season in force.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``),
its commands and its Worker Phase checklist item (reveal this round's Season).
"""

from __future__ import annotations

from companion.core.hooks import register_area
from companion.core.seasons import commands, model
from companion.core.seasons.model import FILE, KEY, catalogue_texts, seasons_content
from companion.core.seasons.moves import season_moves
from companion.core.seasons.view import phase_items, seasons_view
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="seasons", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.seasons",), cli=(),
                    views={KEY: seasons_view}, moves={KEY: season_moves})

__all__ = ["HOOKS", "MODULE", "commands", "seasons_content", "seasons_view"]
