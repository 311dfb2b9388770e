"""The code's own rules, checked by the suite so a change that breaks them does not land.

The developers' guide asks for ``ruff`` and ``mypy`` clean code, no run of ten or more words copied from a
rulebook, and short functions. These were checked by hand before each stop; a slip went unnoticed until the
next person ran the tool. Each check runs the real tool on the real tree.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import needs_processes

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
VERBATIM = ROOT.parent / "shared" / "tools" / "verbatim_check.py"
LONGEST_FUNCTION = 40


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)


@needs_processes
def test_ruff_finds_nothing() -> None:
    done = _run(str(BIN / "ruff"), "check", "companion", "tests", "scripts")
    assert done.returncode == 0, done.stdout + done.stderr


def mypy_cache() -> Path:
    """Where mypy keeps its cache: the user's cache folder (``COMPANION_MYPY_CACHE`` overrides), not the checkout,
    so a clean clone (CI's) starts from the last run's cache rather than from nothing (a minute under load, against
    a second or two). mypy keeps a cache right when files change under it, or a module's path does: a module whose
    file moved is checked again only if its contents differ (its hash)."""
    from companion.paths import user_cache

    return Path(os.environ.get("COMPANION_MYPY_CACHE") or user_cache() / "mypy")


@needs_processes
def test_mypy_finds_nothing() -> None:
    done = _run(str(BIN / "mypy"), "--cache-dir", str(mypy_cache()))
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.skipif(not VERBATIM.exists(), reason="the rulebooks' checker is beside the project's checkout only")
def test_no_sentence_copied_from_a_rulebook() -> None:
    done = _run(sys.executable, str(VERBATIM), "data", "companion", "README.md", "docs")
    assert "no copied runs" in done.stdout, done.stdout + done.stderr


def _function_lengths() -> list[tuple[int, str]]:
    found = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.end_lineno is not None:
                length = node.end_lineno - node.lineno + 1
                found.append((length, f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"))
    return found


def test_the_length_walk_sees_functions() -> None:
    lengths = _function_lengths()
    assert len(lengths) > 1000 and max(n for n, _ in lengths) > 10


def test_no_function_is_longer_than_forty_lines() -> None:
    too_long = [f"{where} ({n} lines)" for n, where in _function_lengths() if n > LONGEST_FUNCTION]
    assert not too_long, too_long
