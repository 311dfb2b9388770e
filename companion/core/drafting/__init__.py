"""Drafting variants (Minions of the Meadow): the Setup, Round and Deck Drafts as guided steps.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``),
its commands (the extra cards a Round Draft carries over) and its checklist items: the draft at
the start of the Worker Phase, and the Round Draft's Harvest and Slumber rules.
"""

from __future__ import annotations

from companion.core.checklist import register_phase_items
from companion.core.drafting import commands
from companion.core.drafting.model import (
    FILE,
    KEY,
    STATE_VERSION,
    active,
    adopt,
    catalogue_texts,
    drafting_content,
    init,
    plan,
    validate_state,
)
from companion.core.drafting.view import drafting_view, phase_items
from companion.core.hooks import ModuleHooks, register
from companion.core.units import ModuleUnit

HOOKS = ModuleHooks(id=KEY, active=active, init=init, state_version=STATE_VERSION, adopt=adopt,
                    validate_state=validate_state)
register(HOOKS)
register_phase_items(KEY, phase_items)

MODULE = ModuleUnit(id="drafting", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.drafting",), cli=("companion.cli.calc.draft",),
                    views={KEY: drafting_view})

__all__ = ["HOOKS", "MODULE", "commands", "drafting_content", "drafting_view", "plan"]
