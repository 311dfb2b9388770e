"""Paths and builders shared by the rules tests."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURES = Path(__file__).parent / "fixtures"


def copy_fixtures(target: Path) -> Path:
    """The fixture corpus as a ``data/`` folder (``target/rules``), for COMPANION_DATA."""
    shutil.copytree(FIXTURES, target / "rules")
    return target
