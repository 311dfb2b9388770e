"""Every file and module of ``companion`` the docs name exists, so the docs cannot rot silently.

A doc that names a file which was moved or never written (``core/wording.py`` stood in ARCHITECTURE's tree for
months) sends a newcomer looking for nothing. Read from README.md and docs/*.md: ``companion/...`` paths, paths
under one of the package's folders written from inside it (``core/outcome.py``, ``ui/slots.py``), the files and
folders of ARCHITECTURE's tree (each under its parent), and dotted names (``companion.rules.index_cache``, with a
name defined in the module allowed after it: ``companion.rules.index_cache.default_index``). Links between the docs
must reach their file and heading.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Named by the docs, made by a build rather than kept in the repo.
BUILT = {"companion/_data"}
PACKAGE_DIRS = ("core", "store", "rules", "cli", "ui")
FILE_ENDINGS = {"po", "py", "json", "md", "spec", "toml"}

_PATH = re.compile(r"(?<![\w./-])(companion/[\w./-]*[\w/])")
_INNER_PATH = re.compile(rf"(?<![\w./<>-])((?:{'|'.join(PACKAGE_DIRS)})/[\w./-]*\w\.(?:py|po))")
_DOTTED = re.compile(r"(?<![\w.])(companion(?:\.\w+)+)")
_TREE_ENTRY = re.compile(r"^( *)([\w.-]+(?:/[\w.-]+)*(?:/|\.py))(?:\s|$)")


def doc_files(root: Path = ROOT) -> list[Path]:
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def named_paths(text: str) -> set[str]:
    """The repo paths a doc names, written from the repo root or from inside ``companion/``."""
    found = {m.rstrip("/.") for m in _PATH.findall(text)}
    found |= {f"companion/{m}" for m in _INNER_PATH.findall(text)}
    return found | set(tree_paths(text))


def tree_paths(text: str) -> Iterator[str]:
    """The files and folders of a fenced tree that starts with ``companion/``, each joined to its parents."""
    for block in re.findall(r"```\n(companion/\n.*?)```", text, flags=re.S):
        stack: list[tuple[int, str]] = [(0, "companion")]
        for line in block.splitlines()[1:]:
            entry = _TREE_ENTRY.match(line)
            if entry is None:
                continue
            indent, name = len(entry.group(1)), entry.group(2)
            if indent == 0 or indent > stack[-1][0] + 2:
                continue  # outside the package (data/), or a description's continuation
            while stack[-1][0] >= indent:
                stack.pop()
            yield f"{stack[-1][1]}/{name.rstrip('/')}"
            if name.endswith("/"):
                stack.append((indent, f"{stack[-1][1]}/{name.rstrip('/')}"))


def named_modules(text: str) -> set[str]:
    """Dotted names, but not file names (``companion.po``)."""
    return {m.rstrip(".") for m in _DOTTED.findall(text) if m.rsplit(".", 1)[-1] not in FILE_ENDINGS}


def missing_paths(text: str, root: Path = ROOT) -> list[str]:
    return sorted(p for p in named_paths(text)
                  if "<" not in p and p not in BUILT and not (root / p).exists())


def missing_modules(text: str, root: Path = ROOT) -> list[str]:
    """Dotted names whose longest module prefix is not a file of the package, or whose rest it does not define."""
    return sorted(name for name in named_modules(text) if not _resolves(name, root))


def _resolves(dotted: str, root: Path) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        base, rest = root.joinpath(*parts[:cut]), parts[cut:]
        source = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
        if source.is_file() or base.is_dir():  # a module, a package, or a namespace package (companion.core)
            return len(rest) <= 1 and (not rest or _defines(source, rest[0]))
    return False


def _defines(source: Path, name: str) -> bool:
    """A module attribute (``__path__``), or a name the module binds: def, class, assignment or import."""
    if name.startswith("__"):
        return True
    if not source.is_file():
        return False
    pattern = rf"^\s*(?:def|class|async def)\s+{name}\b|^\s*{name}\s*[:=]|\bimport\b.*\b{name}\b"
    return re.search(pattern, source.read_text(encoding="utf-8"), flags=re.M) is not None


def broken_links(doc: Path) -> list[str]:
    """Relative Markdown links whose file, or whose heading (as GitHub makes its anchor), is not there."""
    broken = []
    for link in re.findall(r"\]\(([^)\s]+)\)", doc.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", link):
            continue
        name, _, anchor = link.partition("#")
        target = doc.parent / name if name else doc
        if not target.exists() or (anchor and target.suffix == ".md" and anchor not in anchors(target)):
            broken.append(link)
    return broken


def anchors(doc: Path) -> set[str]:
    headings = re.findall(r"^#+ (.*)$", doc.read_text(encoding="utf-8"), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_every_link_between_the_docs_reaches_its_file_and_heading(tmp_path: Path) -> None:
    assert {doc.name: broken_links(doc) for doc in doc_files() if broken_links(doc)} == {}
    (tmp_path / "a.md").write_text("# One heading\n[ok](a.md#one-heading) [gone](b.md) [no](a.md#two)\n")
    assert broken_links(tmp_path / "a.md") == ["b.md", "a.md#two"]


def test_every_companion_file_the_docs_name_exists() -> None:
    missing = {doc.name: missing_paths(doc.read_text(encoding="utf-8")) for doc in doc_files()}
    assert {doc: paths for doc, paths in missing.items() if paths} == {}


def test_every_companion_module_the_docs_name_exists() -> None:
    missing = {doc.name: missing_modules(doc.read_text(encoding="utf-8")) for doc in doc_files()}
    assert {doc: names for doc, names in missing.items() if names} == {}


def test_the_reader_finds_a_phantom_in_each_form() -> None:
    """No blind test: a name that does not exist is reported however the doc writes it, a real one is not."""
    text = "\n".join([
        "See `companion/core/state.py` and `companion/core/nothing.py`, `ui/slots.py` and `ui/nowhere.py`.",
        "```", "companion/", "  core/", "    state.py     the state", "    wording.py   lists in messages",
        "                 continued (not/an/entry.py)", "  ui/", "    slots.py     slots", "data/", "```",
        "Modules: companion.rules.index_cache.cached_index, companion.core.session.Session,",
        "companion.core.nowhere, companion.core.state.no_such_name, companion.core.__path__.",
    ])
    assert missing_paths(text) == ["companion/core/nothing.py", "companion/core/wording.py", "companion/ui/nowhere.py"]
    assert missing_modules(text) == ["companion.core.nowhere", "companion.core.state.no_such_name"]
    assert "companion/ui/slots.py" in named_paths(text)
