"""Chambers and eggs: Empires of the Earth's Chambers and Old Tunnels, Predators & Prey's Nest Chambers.

Importing this package registers one tracker for the three modules (its hooks: state at new
game, ``adopt`` for games saved before it existed, ``validate_state``), its commands and its
checklist items (each full chamber that can activate in the phase).
"""

from __future__ import annotations

from companion.core.chambers import commands, model
from companion.core.chambers.content import FILE, catalogue_texts, chambers_content
from companion.core.chambers.model import KEY
from companion.core.chambers.moves import chamber_moves
from companion.core.chambers.view import chambers_view, phase_items
from companion.core.hooks import register_area
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="chambers", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.chambers",), cli=("companion.cli.chambers_cmd",),
                    views={KEY: chambers_view}, moves={KEY: chamber_moves})

__all__ = ["HOOKS", "MODULE", "chambers_content", "chambers_view", "commands"]
