"""The app's registries hold only its own (issue #35): a command, a game area's hooks, a panel or a calculator a
test declares never joins them, while every one of the app's does (``companion.core.registry``).

This file declares one of each at import, as a test module of a full run is imported at collection; had any joined,
every later walk of that registry in the run (the property machine, the panel walks, the Calculators screen) would
meet it.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.commands.base import Command, registered_commands
from companion.core.hooks import ModuleHooks, all_hooks
from companion.core.hooks import register as register_hooks
from companion.core.registry import the_apps_own
from companion.ui import panels
from companion.ui.panels import Panel
from companion.ui.screens import calculators
from companion.ui.screens.calculators import Calculator, register_calculator


class _TestsOwn(Command, name="test_registries_own"):
    """A command only this test knows."""

    def describe(self, state: Any, content: Any) -> str:
        return "A test's own"


def _never(state: Any) -> bool:
    return False


def _nothing(ctx: Any) -> list[ft.Control]:
    return []


register_hooks(ModuleHooks(id="test-registries-area", active=_never))
panels.register(Panel(id="test-registries-panel", title="A test's panel", applies=_never, build=_nothing))
register_calculator(Calculator("test-registries-calc", "A test's calculator", _nothing))


def test_nothing_a_test_declares_joins_a_registry() -> None:
    assert "test_registries_own" not in registered_commands()
    assert "test-registries-area" not in {h.id for h in all_hooks()}
    panels.load_panels()
    assert "test-registries-panel" not in panels._PANELS
    assert "test-registries-calc" not in calculators._CALCULATORS


def test_every_entry_of_each_registry_is_the_apps() -> None:
    """Not blind: the app's own are all there, each defined in ``companion.``."""
    from companion.ui.screens import predator_calculator, scoring_calculators  # noqa: F401  (they register)

    panels.load_panels()
    entries: dict[str, list[object]] = {"commands": list(registered_commands().values()),
                                        "hooks": [h.active for h in all_hooks()],
                                        "panels": [p.build for p in panels._PANELS.values()],
                                        "calculators": [c.build for c in calculators._CALCULATORS.values()]}
    assert {name: len(found) > 2 for name, found in entries.items()} == dict.fromkeys(entries, True)
    assert [e for found in entries.values() for e in found if not the_apps_own(e)] == []
