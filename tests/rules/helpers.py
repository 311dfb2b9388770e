"""Paths and builders shared by the rules tests."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path
from types import ModuleType

FIXTURES = Path(__file__).parent / "fixtures"


def copy_fixtures(target: Path) -> Path:
    """The fixture corpus as a ``data/`` folder (``target/rules``), for COMPANION_DATA."""
    shutil.copytree(FIXTURES, target / "rules")
    return target


def load_script(name: str) -> ModuleType:
    """``scripts/<name>.py`` as a module (the scripts folder is no package), for tests of a script's parts."""
    path = Path(__file__).resolve().parents[2] / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_script", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
