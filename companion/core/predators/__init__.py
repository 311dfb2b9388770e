"""Predators: Minions of the Meadow's health tracks, power tiers and battles, and Predators & Prey's alliances.

Importing this package registers two game areas - ``predators`` (Minions of the Meadow) and
``pp-predators`` (Predators & Prey) - each with its state lifecycle (state at new game,
``adopt`` for games saved before the tracker existed, ``validate_state`` for what is read
from a file), its commands and its phase checklist items.

``summon(state, predator_id, hex_number, round_number, by="")`` is the one core function that
puts a Minions of the Meadow Predator on the board; the Broodmother's machinations level 2
is meant to call it (``by="broodmother"``), with ``check_summon`` in her command's verify.
"""

from __future__ import annotations

from companion.core.hooks import ModuleHooks, register, register_area
from companion.core.predators import alliance_commands, battle, commands, model
from companion.core.predators.alliances import (
    PP_KEY,
    PP_STATE_VERSION,
    pp_active,
    pp_adopt,
    pp_init,
    pp_validate_state,
)
from companion.core.predators.content import (
    ALLIANCES,
    PREDATORS,
    alliances_content,
    catalogue_texts,
    find_ally_card,
    find_predator,
    predators_content,
)
from companion.core.predators.model import KEY, check_summon, summon
from companion.core.predators.moves import alliance_moves, predator_moves
from companion.core.predators.rules import casualties, spores_for, starting_health, tier_of
from companion.core.predators.view import alliances_view, phase_items, pp_phase_items, predators_view
from companion.core.units import ModuleUnit

HOOKS = register_area(model, phase_items)
PP_HOOKS = ModuleHooks(id=PP_KEY, active=pp_active, init=pp_init, state_version=PP_STATE_VERSION, adopt=pp_adopt,
                       validate_state=pp_validate_state, phase_items=pp_phase_items)
register(PP_HOOKS)

MODULE = ModuleUnit(id="predators", content=(PREDATORS, ALLIANCES), texts=catalogue_texts,
                    panels=("companion.ui.panels.predators", "companion.ui.panels.pp_predators"),
                    cli=("companion.cli.predator_cmd", "companion.cli.calc.predator"),
                    views={KEY: predators_view, PP_KEY: alliances_view},
                    moves={KEY: predator_moves, PP_KEY: alliance_moves})

__all__ = [
    "HOOKS", "MODULE", "PP_HOOKS", "alliance_commands", "alliances_content", "alliances_view", "battle", "casualties",
    "check_summon", "commands", "find_ally_card", "find_predator", "predators_content", "predators_view",
    "spores_for", "starting_health", "summon", "tier_of",
]
