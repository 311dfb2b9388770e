"""Fixtures for the Broodmother tests (builders live in ``helpers.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A saves database of the test's own, for the CLI tests."""
    return tmp_path / "games.json"
