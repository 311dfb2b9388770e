"""Mutations (Empires of the Earth): deal 4, keep 2, each on its body part until an Evolution covers it.

Importing this package registers its hooks (state at new game, ``adopt`` for older saves,
``validate_state``) and its commands.
"""

from __future__ import annotations

from companion.core.hooks import register_area
from companion.core.mutations import commands, model
from companion.core.mutations.content import FILE, catalogue_texts, mutations_content
from companion.core.mutations.model import KEY
from companion.core.mutations.moves import mutation_moves
from companion.core.mutations.view import body, mutations_view
from companion.core.units import ModuleUnit

HOOKS = register_area(model)

MODULE = ModuleUnit(id="mutations", content=(FILE,), texts=catalogue_texts,
                    panels=("companion.ui.panels.mutations",), cli=(),
                    views={KEY: mutations_view}, moves={KEY: mutation_moves})

__all__ = ["HOOKS", "MODULE", "body", "commands", "mutations_content", "mutations_view"]
