"""No file of ``companion/`` over 400 lines, no class over 25 methods (issue #35): a file or a class that grows past
them is doing too many things to be read at once. Counted from the files themselves (lines; methods: the functions
defined in a class's own body, properties included).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "companion"
MAX_LINES = 400
MAX_METHODS = 25

#: Those over the limits today, each until it is split; the lists may only get shorter (what is here and no longer
#: over is fine: the test fails only on a new one).
KNOWN_LONG_FILES = {
    "bench.py", "cli/solo_cmd.py", "core/broodmother/commands.py", "core/broodmother/content.py",
    "core/broodmother/view.py", "core/chambers/commands.py", "rules/search.py", "store/games.py", "ui/models.py",
    "ui/screens/records.py", "ui/screens/rules.py",
}
KNOWN_LARGE_CLASSES = {"store/games.py:GameStore", "ui/models.py:WizardModel", "ui/screens/records.py:RecordsScreen"}


def files() -> dict[str, str]:
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in sorted(ROOT.rglob("*.py"))}


def methods(source: str) -> dict[str, int]:
    """Each class of a file and how many functions its own body defines."""
    return {node.name: sum(isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) for item in node.body)
            for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ClassDef)}


def test_no_file_is_longer_than_400_lines_but_the_known_ones() -> None:
    long = {name for name, text in files().items() if text.count("\n") > MAX_LINES}
    assert long - KNOWN_LONG_FILES == set()


def test_no_class_has_more_than_25_methods_but_the_known_ones() -> None:
    large = {f"{name}:{cls}" for name, text in files().items() for cls, count in methods(text).items()
             if count > MAX_METHODS}
    assert large - KNOWN_LARGE_CLASSES == set()


def test_the_game_screen_and_the_screen_base_are_within_the_limits() -> None:
    """The two the redraw's redesign split (#35): held there."""
    found = files()
    assert found["ui/screens/game.py"].count("\n") <= MAX_LINES
    assert methods(found["ui/screens/game.py"])["GameScreen"] <= MAX_METHODS
    assert methods(found["ui/screen.py"])["Screen"] <= MAX_METHODS


def test_the_counts_see_a_class_and_its_methods() -> None:
    """Not blind: a class's own functions are counted, a nested function's are not."""
    source = "class A:\n    def a(self):\n        def inner(): pass\n    async def b(self): pass\n    x = 1\n"
    assert methods(source) == {"A": 2}
