"""Drafting variants (Minions of the Meadow): the Setup, Round and Deck Drafts as guided steps.

Importing this package registers its hooks (state at new game, ``adopt``, ``validate_state``),
its commands (the extra cards a Round Draft carries over) and its checklist items: the draft at
the start of the Worker Phase, and the Round Draft's Harvest and Slumber rules.
"""

from __future__ import annotations

from companion.core.drafting import commands, model
from companion.core.drafting.model import FILE, KEY, catalogue_texts, drafting_content, plan
from companion.core.drafting.moves import drafting_moves
from companion.core.drafting.view import drafting_view, phase_items
from companion.core.hooks import register_area
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="drafting", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.drafting",), cli=("companion.cli.calc.draft",),
                    views={KEY: drafting_view}, moves={KEY: drafting_moves})

__all__ = ["HOOKS", "MODULE", "commands", "drafting_content", "drafting_view", "plan"]
