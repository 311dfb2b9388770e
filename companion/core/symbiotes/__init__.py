"""Symbiote tokens (Minions of the Meadow variant): who holds whose, the Slumber exchanges, the end points.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``,
and ``final_points``: the end points go into the final scores before the game is settled), its
commands and its Slumber item.
"""

from __future__ import annotations

from companion.core.checklist import register_phase_items
from companion.core.hooks import ModuleHooks, register
from companion.core.symbiotes import commands
from companion.core.symbiotes.model import (
    FILE,
    KEY,
    STATE_VERSION,
    active,
    adopt,
    book_end_points,
    catalogue_texts,
    end_points,
    init,
    symbiotes_content,
    validate_state,
)
from companion.core.symbiotes.view import phase_items, symbiotes_view
from companion.core.units import ModuleUnit

HOOKS = ModuleHooks(id=KEY, active=active, init=init, final_points=book_end_points, state_version=STATE_VERSION,
                    adopt=adopt, validate_state=validate_state)
register(HOOKS)
register_phase_items(KEY, phase_items)

MODULE = ModuleUnit(id="symbiotes", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.symbiotes",), cli=(),
                    views={KEY: symbiotes_view})

__all__ = ["HOOKS", "MODULE", "commands", "end_points", "symbiotes_content", "symbiotes_view"]
