"""Against the Broodmother: the solo/co-op opponent run end to end, and the asymmetric variant.

Importing this package registers its hooks with the engine (options and state at new
game, the end checks after every command, the settlement of a finished game) and its
commands with the command registry. Screens read ``broodmother_view``.
"""

from __future__ import annotations

from companion.core.broodmother import asymmetric, commands, lifecycle, meadow_commands, phases
from companion.core.broodmother.content import BROOD, BroodContent, brood_content, catalogue_texts
from companion.core.broodmother.model import KEY, active
from companion.core.broodmother.moves import her_moves
from companion.core.broodmother.newgame import OPTION_NAMES, init, validate_options
from companion.core.broodmother.schema import validate_brood
from companion.core.broodmother.scoring import check_end, ended_early, finish
from companion.core.broodmother.view import broodmother_view
from companion.core.hooks import ModuleHooks, register
from companion.core.units import ModuleUnit

HOOKS = ModuleHooks(
    id=KEY, active=active, option_names=OPTION_NAMES, validate_options=validate_options, init=init,
    check_end=check_end, finish=finish, ended_early=ended_early,
    state_version=lifecycle.STATE_VERSION, migrations=lifecycle.MIGRATIONS, adopt=lifecycle.adopt,
    validate_state=validate_brood,
)
register(HOOKS)

MODULE = ModuleUnit(id="broodmother", content=(BROOD,), texts=catalogue_texts,
                    panels=("companion.ui.panels.broodmother",),
                    cli=("companion.cli.solo_cmd", "companion.cli.solo_show", "companion.cli.solo_meadow",
                         "companion.cli.solo_asymmetric"),
                    views={KEY: broodmother_view}, moves={KEY: her_moves})

__all__ = [
    "HOOKS", "MODULE", "BroodContent", "asymmetric", "brood_content", "broodmother_view", "commands", "meadow_commands",
    "phases",
]
