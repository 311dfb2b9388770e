"""Panels are found one way (issue #35): the app's own in ``APP_PANELS``, each area's named by its unit."""

from __future__ import annotations

from pathlib import Path

from companion.core.units import all_units
from companion.ui import panels

FOLDER = Path(panels.__file__).parent


def _registering_modules() -> set[str]:
    """Each module under ``companion/ui/panels`` whose code registers a panel."""
    found = set()
    for path in FOLDER.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        registers = "register(Panel(" in text or ".panel(" in text
        if registers and (path.name != "__init__.py" or path.parent != FOLDER):
            parts = path.relative_to(FOLDER.parents[2]).with_suffix("").parts
            found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return found


def test_every_panel_module_is_named_by_the_app_or_by_its_unit() -> None:
    named = set(panels.APP_PANELS) | {name for unit in all_units() for name in unit.panels}
    registering = _registering_modules()
    assert registering, "the scan finds the panels (no blind test)"
    assert {m for m in registering if not any(m == n or m.startswith(n + ".") for n in named)} == set()
