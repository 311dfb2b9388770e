"""The lock files the README's two commands install from agree with pyproject.toml (issue #35).

``scripts/bootstrap.sh`` installs ``requirements/<app|test>.lock`` with ``pip --require-hashes``, then the project
with ``--no-deps``: a dependency added to pyproject.toml but not locked would be missing on a fresh clone, and a pin
changed in one place only would install the other version. ``scripts/lock`` rewrites both.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _locked(name: str) -> dict[str, str]:
    """Package -> version of a lock file, each entry checked to carry at least one sha256 hash."""
    text = (ROOT / "requirements" / f"{name}.lock").read_text(encoding="utf-8")
    entries = re.split(r"\n(?=[a-z0-9])", text.split("\n", 2)[2])
    locked = {}
    for entry in entries:
        match = re.match(r"([a-z0-9._-]+)==([^ ;\\\n]+)", entry)
        assert match, f"{name}.lock: an entry that pins nothing: {entry[:60]!r}"
        assert "--hash=sha256:" in entry, f"{name}.lock: {match[1]} has no hash"
        locked[match[1]] = match[2]
    return locked


def _pins(extra: str | None) -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"]) + (project["optional-dependencies"][extra] if extra else [])
    pins = {}
    for requirement in requirements:
        match = re.fullmatch(r"([A-Za-z0-9_.-]+)(?:\[[a-z,]+\])?==(\S+)", requirement)
        assert match, f"pyproject.toml: {requirement!r} is not pinned with =="
        pins[match[1].lower().replace("_", "-")] = match[2]
    return pins


@pytest.mark.parametrize("extra", [None, "test"])
def test_every_pin_of_pyproject_is_locked_at_that_version(extra: str | None) -> None:
    locked = _locked(extra or "app")
    assert {name: locked.get(name) for name in _pins(extra)} == _pins(extra)


def test_the_app_runs_on_the_versions_the_tests_ran() -> None:
    """The app's tree is the test tree less the test tools: the same version of every package they share."""
    app, test = _locked("app"), _locked("test")
    assert {name: test.get(name) for name in app} == app
    assert "pytest" in test and "pytest" not in app
