"""The import graph between the files of ``companion/``, read from the imports themselves (``ast``).

Function-level imports count (a deferred import is still a dependency); imports under ``if TYPE_CHECKING:`` do not
(they never run). A package's ``__init__`` is its own node; ``from companion.x import y`` depends on ``x.y`` when
``y`` is a module of ``x`` (the package's ``__init__`` runs first in any case, as for every submodule), else on ``x``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "companion"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _type_checking_only(tree: ast.Module) -> set[int]:
    """Line numbers of the statements under ``if TYPE_CHECKING:``."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                lines.update(range(child.lineno, (child.end_lineno or child.lineno) + 1))
    return lines


def _targets(node: ast.Import | ast.ImportFrom, here: str, is_package: bool) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = here.split(".") if is_package else here.split(".")[:-1]
        package = package[: len(package) - node.level + 1]
        base = ".".join(package + ([node.module] if node.module else []))
    return [base] + [f"{base}.{alias.name}" for alias in node.names]


def _resolved(targets: list[str], modules: dict[str, Path]) -> set[str]:
    """``from package import submodule`` reads the submodule's file, not the package's ``__init__``."""
    base, names = targets[0], targets[1:]
    found = {name for name in names if name in modules}
    if not names or len(found) < len(names):
        found.add(base)
    return {target for target in found if target in modules}


def graph(*, type_checking: bool = False) -> dict[str, set[str]]:
    """Module -> the modules of ``companion`` it imports (``type_checking``: those imported only for the type
    checker too)."""
    modules = _modules()
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set() if type_checking else _type_checking_only(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom) and node.lineno not in skip:
                targets = _targets(node, name, path.name == "__init__.py")
                edges[name] |= _resolved(targets, modules) - {name}
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted, largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return sorted(found, key=lambda c: (-len(c), c))
