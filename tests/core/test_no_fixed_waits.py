"""A code rule: the browser tests wait on conditions, never on the clock.

A fixed wait (``page.wait_for_timeout(450)``, ``time.sleep(1)``) is too long on a quiet machine, where it only adds
to the suite's time, and too short on a loaded one, where it fails a test with nothing wrong. The browser tests
(``tests/ui``, ``tests/web``, ``tests/table``) wait on what the pause stood for: a label, a file on disk, a server's
answer, the screen settled (``tests/ui/browser.py``). The few waits that are the condition itself live in named
helpers of ``tests/ui/browser.py``, each saying why; a call anywhere else fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Where the browser tests are (the table of phones' ones in tests/table too).
FOLDERS = ("tests/ui", "tests/web", "tests/table")
#: The calls that pause for a fixed time.
PAUSES = {"wait_for_timeout", "sleep"}
#: Where a pause is the condition itself, and why (file, function: reason).
ALLOWED = {
    ("tests/ui/browser.py", "poll"): "the pause between two looks at a condition",
    ("tests/ui/browser.py", "Ui.until"): "the pause between two looks at a condition, the page running meanwhile",
    ("tests/ui/browser.py", "Ui.past_tap_window"): "the app ignores a second tap within DEBOUNCE_SECONDS: a clock",
    ("tests/ui/browser.py", "past_seen_window"): "the app judges a tap by SEEN_AFTER_SECONDS: a clock",
    ("tests/ui/browser.py", "nothing_more"): "a check that something did not happen has nothing to wait on",
    ("tests/ui/browser.py", "Ui.nothing_more"): "the same, for one tab",
    ("tests/table/test_turn.py", "test_a_guest_tap_waits_for_the_hosts_own_tap_to_end.host_tap"):
        "no browser: a save that takes a while, standing in for IndexedDB's",
    ("tests/table/test_turn.py", "test_a_guest_tap_waits_for_the_hosts_own_tap_to_end.both_at_once"):
        "no browser: sleep(0) hands the loop to the host's tap, begun, before the guest's comes",
}


def pauses_in(source: str, path: str) -> list[str]:
    """Every fixed pause in ``source`` outside ``ALLOWED``, as ``path:line function``."""
    found: list[str] = []

    def visit(node: ast.AST, where: str) -> None:
        for child in ast.iter_child_nodes(node):
            inner = where
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                inner = f"{where}.{child.name}" if where else child.name
            if isinstance(child, ast.Call) and _pause_name(child.func) in PAUSES and (path, where) not in ALLOWED:
                found.append(f"{path}:{child.lineno} {where or '<module>'}")
            visit(child, inner)

    visit(ast.parse(source), "")
    return found


def _pause_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def test_the_rule_finds_a_fixed_wait() -> None:
    planted = "def look(ui):\n    ui.page.wait_for_timeout(450)\n\nclass Ui:\n    def until(self):\n        sleep(1)\n"
    assert pauses_in(planted, "tests/ui/test_x.py") == ["tests/ui/test_x.py:2 look", "tests/ui/test_x.py:6 Ui.until"]
    assert pauses_in(planted, "tests/ui/browser.py") == ["tests/ui/browser.py:2 look"]


def test_the_browser_tests_wait_on_conditions_not_fixed_times() -> None:
    files = sorted(path for folder in FOLDERS for path in (ROOT / folder).rglob("*.py"))
    assert len(files) > 20
    found = [hit for path in files
             for hit in pauses_in(path.read_text("utf-8"), path.relative_to(ROOT).as_posix())]
    assert not found, ("a fixed wait: wait on the condition it stands for (tests/ui/browser.py: Ui.until, "
                       f"Ui.settled, Ui.expect_label, poll), or name it in ALLOWED with a reason: {found}")
