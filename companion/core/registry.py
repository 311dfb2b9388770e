"""Which definitions join the app's registries (its commands, game areas' hooks, panels, calculators): only its own.

A command class, a game area's hooks, a panel or a calculator declared by a test (a deliberately faulty command, a
panel drawn for one check) would otherwise stay registered for the rest of the run, where every later walk of the
registry (the property machine, the panel walks, the Calculators screen) meets it. So each ``register`` takes only
what was defined in a module of ``companion.``; a test that wants its own in says so (``register_command``) or
registers into a copy of the registry.
"""

from __future__ import annotations


def the_apps_own(defined: object) -> bool:
    """Whether ``defined`` (a class, or a function an entry is drawn by) was defined in the app's own modules."""
    return str(getattr(defined, "__module__", "")).startswith("companion.")
