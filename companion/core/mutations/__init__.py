"""Mutations (Empires of the Earth): deal 4, keep 2, each on its body part until an Evolution covers it.

Importing this package registers its hooks (state at new game, ``adopt`` for older saves,
``validate_state``) and its commands.
"""

from __future__ import annotations

from companion.core.hooks import ModuleHooks, register
from companion.core.mutations import commands
from companion.core.mutations.content import FILE, catalogue_texts, mutations_content
from companion.core.mutations.model import KEY, STATE_VERSION, active, adopt, init, validate_state
from companion.core.mutations.view import body, mutations_view
from companion.core.units import ModuleUnit

HOOKS = ModuleHooks(id=KEY, active=active, init=init, state_version=STATE_VERSION, adopt=adopt,
                    validate_state=validate_state)
register(HOOKS)

MODULE = ModuleUnit(id="mutations", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.mutations",), cli=(),
                    views={KEY: mutations_view})

__all__ = ["HOOKS", "MODULE", "body", "commands", "mutations_content", "mutations_view"]
