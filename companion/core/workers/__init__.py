"""Major Workers (Minions of the Meadow base expansion) and Large Workers (Predators & Prey).

Per colony: how many are in play (of 2) and which body parts hold an Evolution, so the panel
says which abilities each has, and the checklist reminds the timed ones (Rally or Gather at the
Soldier Phase, Feed at feeding). Importing this package registers its hooks and items.
"""

from __future__ import annotations

from companion.core.hooks import register_area
from companion.core.units import ModuleUnit
from companion.core.workers import commands, model
from companion.core.workers.model import FILE, KEY, catalogue_texts, workers_content
from companion.core.workers.view import phase_items, workers_view

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="workers", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.workers",), cli=(),
                    views={KEY: workers_view})

__all__ = ["HOOKS", "MODULE", "commands", "workers_content", "workers_view"]
