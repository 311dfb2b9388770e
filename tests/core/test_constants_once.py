"""Each constant defined once (issue #35): no two files of ``companion/`` give the same name the same value.

A constant written out twice (the app's folder name in three files, the body parts in four, the Great Tunnel's
number in the core and in a panel) drifts the day one copy changes; the other file should import it. Read from the
source: every module-level assignment to an UPPER_CASE name. Names every game area, screen or subcommand spells
for itself by convention (its ``KEY``, ``STATE_VERSION``, ``HELP``, ...) are each area's own and left out, and so
are private ones (``_BY_TAB``: a module's own registry, a new object in each).

``KNOWN`` lists the copies left today with why; each may only go (the test fails when one is mended, so its line
is removed), and no new one may come.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "companion"
#: Names each area, screen, subcommand or file format defines for itself (the same word, a value of its own).
CONVENTIONS = frozenset({"KEY", "STATE_VERSION", "FILE", "MODULE", "HOOKS", "SLOT", "HELP", "ROUTE", "SCREEN",
                         "PANELS", "TAB", "VERSION"})
KNOWN: dict[str, str] = {
    "ZONES": "the terminal's --zone choices: its parsers import nothing of the core until a command runs",
    "LANGS": "the rules corpus's languages (companion.rules reads no core module) and the terminal's --lang choices",
    "MAX_HEX": "the highest hex number her meadow and the Predators' board take: two areas' own input limits",
}


def _constants(path: Path) -> dict[str, str]:
    """The file's module-level UPPER_CASE names and their values as written."""
    found: dict[str, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and target.id.isupper() and len(target.id) > 1:
            found[target.id] = ast.unparse(value)
    return found


def _defined_twice() -> dict[str, list[str]]:
    """Each name given the same value in more than one file, with those files."""
    where: dict[tuple[str, str], list[str]] = defaultdict(list)
    for path in sorted(ROOT.rglob("*.py")):
        for name, value in _constants(path).items():
            if name not in CONVENTIONS and not name.startswith("_"):
                where[(name, value)].append(path.relative_to(ROOT.parent).as_posix())
    return {name: files for (name, _), files in where.items() if len(files) > 1}


def test_no_constant_is_defined_twice() -> None:
    twice = _defined_twice()
    assert {name: files for name, files in twice.items() if name not in KNOWN} == {}
    assert [name for name in KNOWN if name not in twice] == [], "defined once now: remove from KNOWN"


def test_the_walk_reads_module_constants(tmp_path: Path) -> None:
    """Not blind: an annotated constant and a plain one are read; a function's local and a lower-case name are not."""
    source = tmp_path / "m.py"
    source.write_text('PARTS: tuple[str, ...] = ("head",)\nAPP_ID = "x"\nname = 1\n'
                      'def f():\n    LOCAL = 2\n', encoding="utf-8")
    assert _constants(source) == {"PARTS": "('head',)", "APP_ID": "'x'"}
    assert "PARTS" in _constants(ROOT / "core" / "words.py")
