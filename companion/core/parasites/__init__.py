"""Parasites (Minions of the Meadow module): which Parasitic Evolution sits on whose ant, and its trigger.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``),
its commands and its Soldier Phase checklist items (each parasite's trigger as the phase ends).
"""

from __future__ import annotations

from companion.core.hooks import register_area
from companion.core.parasites import commands, model
from companion.core.parasites.model import FILE, KEY, catalogue_texts, parasites_content
from companion.core.parasites.moves import parasite_moves
from companion.core.parasites.view import parasites_view, phase_items
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="parasites", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.parasites",), cli=(),
                    views={KEY: parasites_view}, moves={KEY: parasite_moves})

__all__ = ["HOOKS", "MODULE", "commands", "parasites_content", "parasites_view"]
