"""Major Workers (Minions of the Meadow base expansion) and Large Workers (Predators & Prey).

Per colony: how many are in play (of 2) and which body parts hold an Evolution, so the panel
says which abilities each has, and the checklist reminds the timed ones (Rally or Gather at the
Soldier Phase, Feed at feeding). Importing this package registers its hooks and items.
"""

from __future__ import annotations

from companion.core.checklist import register_phase_items
from companion.core.hooks import ModuleHooks, register
from companion.core.units import ModuleUnit
from companion.core.workers import commands
from companion.core.workers.model import (
                    FILE,
                    KEY,
                    STATE_VERSION,
                    active,
                    adopt,
                    catalogue_texts,
                    init,
                    validate_state,
                    workers_content,
)
from companion.core.workers.view import phase_items, workers_view

HOOKS = ModuleHooks(id=KEY, active=active, init=init, state_version=STATE_VERSION, adopt=adopt,
                    validate_state=validate_state)
register(HOOKS)
register_phase_items(KEY, phase_items)

MODULE = ModuleUnit(id="workers", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.workers",), cli=(),
                    views={KEY: workers_view})

__all__ = ["HOOKS", "MODULE", "commands", "workers_content", "workers_view"]
