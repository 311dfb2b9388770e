"""No god objects: no file of ``companion/`` over 400 lines, no class over 25 methods (its own and those of
the mixins that exist only to make it up, so a tower of mixins counts as the one object it is).

``KNOWN`` lists what is over today with its size: each may only shrink, and the test fails when one is back
within the limit so its line is removed (the list only shortens).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "companion"
MAX_LINES = 400
MAX_METHODS = 25

KNOWN: dict[str, int] = {}


def _files() -> dict[str, int]:
    return {f"companion/{p.relative_to(ROOT).as_posix()}": p.read_text(encoding="utf-8").count("\n")
            for p in sorted(ROOT.rglob("*.py"))}


def _classes_of(tree: ast.Module, module: str) -> dict[str, ast.ClassDef]:
    return {f"{module}.{node.name}": node for node in tree.body if isinstance(node, ast.ClassDef)}


def _classes_in_source() -> dict[str, ast.ClassDef]:
    """Every top-level class of ``companion/`` by its dotted name, read from the source."""
    found: dict[str, ast.ClassDef] = {}
    for path in sorted(ROOT.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT.parent).with_suffix("").parts).removesuffix(".__init__")
        found |= _classes_of(ast.parse(path.read_text(encoding="utf-8")), module)
    return found


def _own_methods(node: ast.ClassDef) -> int:
    return sum(isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) for item in node.body)


def _count(classes: dict[str, ast.ClassDef], made: frozenset[str] = frozenset()) -> dict[str, int]:
    """Each class's methods: its own, plus those of every app class that exists only to make it up (a mixin
    whose every subclass leads to it alone), so one object split into a tower of mixins counts as the one it
    is; a base shared by many (``Screen``), or one objects are ``made`` of on its own (``Session``, which
    ``MirrorSession`` extends), counts once, on its own."""
    by_short = {name.rsplit(".", 1)[1]: name for name in classes}
    bases = {name: [by_short[b.id] for b in node.bases if isinstance(b, ast.Name) and b.id in by_short]
             for name, node in classes.items()}

    def ancestors(name: str) -> set[str]:
        return set(bases[name]).union(*(ancestors(base) for base in bases[name]))

    leaves_of: dict[str, set[str]] = {name: set() for name in classes}
    for name in classes:
        if not any(name in parents for parents in bases.values()) or name.rsplit(".", 1)[1] in made:
            for ancestor in ancestors(name) | {name}:  # a leaf: nothing extends it, or it is made itself
                leaves_of[ancestor].add(name)
    return {name: _own_methods(classes[name]) + sum(_own_methods(classes[a]) for a in ancestors(name)
                                                      if leaves_of[a] == {name})
            for name in classes if not _only_part_of_one(name, leaves_of)}


def _only_part_of_one(name: str, leaves_of: dict[str, set[str]]) -> bool:
    """A mixin that exists only to make up one other class: counted there."""
    return len(leaves_of[name]) == 1 and name not in leaves_of[name]


def _made_on_their_own() -> frozenset[str]:
    """The names called anywhere in ``companion/``: the classes objects are made of directly."""
    called: set[str] = set()
    for path in ROOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                called.add(node.func.id)
    return frozenset(called)


def _classes() -> dict[str, int]:
    return _count(_classes_in_source(), _made_on_their_own())


def _over(sizes: dict[str, int], limit: int) -> dict[str, int]:
    return {name: size for name, size in sizes.items() if size > limit}


@pytest.mark.parametrize(("measure", "limit"), [(_files, MAX_LINES), (_classes, MAX_METHODS)],
                         ids=["file-lines", "class-methods"])
def test_no_god_objects(measure, limit) -> None:  # type: ignore[no-untyped-def]
    sizes = measure()
    over = _over(sizes, limit)
    new = {name: size for name, size in over.items() if name not in KNOWN}
    grown = {name: (KNOWN[name], size) for name, size in over.items() if name in KNOWN and size > KNOWN[name]}
    kind = [name for name in KNOWN if name.startswith("companion/") == (measure is _files)]
    mended = [name for name in kind if name not in over]  # split, or gone
    assert not new, f"over the limit of {limit}: {new}"
    assert not grown, f"grew (known, now): {grown}"
    assert not mended, f"within the limit now, remove from KNOWN: {mended}"


def test_the_count_sees_a_tower_of_mixins_as_one_class() -> None:
    """Not blind: a mixin made only for one class counts there; a base shared by two counts on its own."""
    source = ("class Base:\n    def a(self): pass\n    def b(self): pass\n"
              "class Mixin:\n    def c(self): pass\n"
              "class One(Base, Mixin):\n    def d(self): pass\n"
              "class Two(Base):\n    def e(self):\n        def inner(): pass\n")
    assert _count(_classes_of(ast.parse(source), "m")) == {"m.Base": 2, "m.One": 2, "m.Two": 1}
    one_subclass = ("class Whole:\n    def a(self): pass\n    def b(self): pass\n"
                    "class Special(Whole):\n    def c(self): pass\n")
    classes = _classes_of(ast.parse(one_subclass), "m")
    assert _count(classes) == {"m.Special": 3}  # a base only one class extends: part of it
    assert _count(classes, frozenset({"Whole"})) == {"m.Whole": 2, "m.Special": 1}  # made on its own: not a mixin
