"""The core says nothing in English directly: a refusal and a log label are messages (key + values).

Read from the source (``ast``), so a new English f-string in a command fails here before any
screen shows it: ``raise CommandError(f"...")`` (any ``...Error`` a player reads) and a
``describe`` that returns a plain or formatted string. ``ContentError`` is exempt: it names a
malformed file of ``data/`` for whoever edits the content, in the words of the file's schema.
"""

from __future__ import annotations

import ast
from pathlib import Path

CORE = Path(__file__).resolve().parents[2] / "companion" / "core"
EXEMPT_ERRORS = {"ContentError", "SchemaError", "TypeError", "KeyError", "AttributeError", "RuntimeError",
                 "NotImplementedError", "AssertionError", "ImportError"}

#: Files still speaking English; each entry is a gap of issue #9, to be emptied - never added to.
NOT_YET: set[str] = {
    "companion/core/patch.py",
    "companion/core/rng.py",
}


def _is_text(node: ast.AST | None) -> bool:
    """A literal sentence, an f-string, ``"..." + x`` or ``"...".format(...)``: English, not a message."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(node.value.strip())
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        return _is_text(node.left) or _is_text(node.right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("format", "join"):
        return _is_text(node.func.value) if node.func.attr == "format" else False
    return False


def _error_name(call: ast.Call) -> str | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
    return name if name and (name.endswith("Error") or name in ("AlreadyDone", "StaleChange")) else None


def english_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"), str(path))
    where = path.relative_to(CORE.parents[1]) if path.is_relative_to(CORE) else path.name
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            name = _error_name(node.exc)
            if name and name not in EXEMPT_ERRORS and node.exc.args and _is_text(node.exc.args[0]):
                found.append(f"{where}:{node.lineno}: {name}(English text)")
        if isinstance(node, ast.FunctionDef) and node.name == "describe":
            for inner in ast.walk(node):
                if isinstance(inner, ast.Return) and _is_text(inner.value):
                    found.append(f"{where}:{inner.lineno}: describe() returns English")
    return found


def test_the_core_refuses_and_labels_with_messages_only() -> None:
    offenders = [line for path in sorted(CORE.rglob("*.py")) if str(path.relative_to(CORE.parents[1])) not in NOT_YET
                 for line in english_in(path)]
    assert offenders == [], "use msg(...)/nmsg(...) (companion.core.i18n):\n" + "\n".join(offenders)


def test_the_not_yet_list_holds_only_files_that_still_speak_english() -> None:
    clean = [name for name in NOT_YET if not english_in(CORE.parents[1] / name)]
    assert clean == [], f"these files are done; take them off NOT_YET: {clean}"


def test_the_check_sees_an_english_refusal_and_passes_a_message(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def verify(x):\n    raise CommandError(f'No {x}.')\n\n"
                      "def describe(self):\n    return 'Ana +2'\n\n"
                      "def ok(x):\n    raise CommandError(msg('No {x}.', x=x))\n", "utf-8")
    assert sorted(line.split(": ", 1)[1] for line in english_in(sample)) == [
        "CommandError(English text)", "describe() returns English"]
