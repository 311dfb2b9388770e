"""Every package the code imports is one the project declares (issue #35).

Found by reading the imports themselves (``ast``), function-level ones included: a package that only arrived as a
dependency of a dependency (``typing_extensions`` through pydantic, ``uvicorn`` through flet) can leave with its
next release, and a fresh clone would then fail to start.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Modules that exist only inside the phone build's Pyodide (the browser's runtime), never installed.
PYODIDE_ONLY = {"pyodide", "pyodide_js", "js"}
#: The project's own top-level names: its packages, and the scripts that import each other from ``scripts/``.
LOCAL = {"companion", "tests", "scripts", "__future__"} | {p.stem for p in (ROOT / "scripts").glob("*.py")}


def _imported_tops(folder: Path) -> dict[str, str]:
    """Each top-level module imported under ``folder``, with one file that imports it."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                found.setdefault(name.split(".")[0], str(path.relative_to(ROOT)))
    return found


def _declared(extra: str | None) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    requirements = list(project["dependencies"])
    if extra:
        requirements += project["optional-dependencies"][extra]
    names = set()
    for requirement in requirements:
        match = re.match(r"([A-Za-z0-9_.-]+)(?:\[([a-z,]+)\])?", requirement)
        assert match, requirement
        name = match[1].lower().replace("_", "-")
        # flet's extra "web" is the package flet-web: an extra named by a package's own name declares it
        names |= {name} | {f"{name}-{extra}" for extra in (match[2] or "").split(",") if extra}
    return names


def _undeclared(folders: list[str], extra: str | None) -> list[str]:
    declared = _declared(extra)
    distributions = packages_distributions()
    missing = []
    for top, where in sorted(_imported_tops_of(folders).items()):
        if top in LOCAL or top in PYODIDE_ONLY or top in sys.stdlib_module_names:
            continue
        names = {d.lower().replace("_", "-") for d in distributions.get(top, [top])}
        if not names & declared:
            missing.append(f"{top} (imported in {where}; installed as {sorted(names)})")
    return missing


def _imported_tops_of(folders: list[str]) -> dict[str, str]:
    found: dict[str, str] = {}
    for folder in folders:
        for top, where in _imported_tops(ROOT / folder).items():
            found.setdefault(top, where)
    return found


def test_the_app_imports_only_what_it_declares() -> None:
    assert _undeclared(["companion"], None) == []


def test_the_tests_and_scripts_import_only_what_the_test_extra_declares() -> None:
    assert _undeclared(["companion", "tests", "scripts", "packaging"], "test") == []
