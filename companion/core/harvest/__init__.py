"""Aphids (Minions of the Meadow): herds per hex, the Farming table at Harvest, breeding, devouring.

Importing this package registers its hooks (state at new game, ``adopt`` for games saved
before the tracker existed, ``validate_state`` for what is read from a file), its commands
and its phase checklist items (Harvest: pay the farms, then breed).
"""

from __future__ import annotations

from companion.core.harvest import commands, farming, model
from companion.core.harvest.content import FILE, catalogue_texts, harvest_content
from companion.core.harvest.farming import breeding, farm_reward, harvest_rewards, hex_farm
from companion.core.harvest.model import KEY
from companion.core.harvest.moves import aphid_moves
from companion.core.harvest.view import aphids_view, phase_items
from companion.core.hooks import register_area
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)

MODULE = ModuleUnit(id="harvest", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.aphids",), cli=("companion.cli.calc.farm",),
                    views={KEY: aphids_view}, moves={KEY: aphid_moves})

__all__ = [
    "HOOKS", "MODULE", "aphids_view", "breeding", "commands", "farm_reward", "farming", "harvest_content",
    "harvest_rewards", "hex_farm",
]
