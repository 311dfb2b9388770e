"""Seasons (Minions of the Meadow variant): the Seasons deck, one revealed each round, the Season in force.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``),
its commands and its Worker Phase checklist item (reveal this round's Season).
"""

from __future__ import annotations

from companion.core.checklist import register_phase_items
from companion.core.hooks import ModuleHooks, register
from companion.core.seasons import commands
from companion.core.seasons.model import (
                    FILE,
                    KEY,
                    STATE_VERSION,
                    active,
                    adopt,
                    catalogue_texts,
                    init,
                    seasons_content,
                    validate_state,
)
from companion.core.seasons.view import phase_items, seasons_view
from companion.core.units import ModuleUnit

HOOKS = ModuleHooks(id=KEY, active=active, init=init, state_version=STATE_VERSION, adopt=adopt,
                    validate_state=validate_state)
register(HOOKS)
register_phase_items(KEY, phase_items)

MODULE = ModuleUnit(id="seasons", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.seasons",), cli=(),
                    views={KEY: seasons_view})

__all__ = ["HOOKS", "MODULE", "commands", "seasons_content", "seasons_view"]
