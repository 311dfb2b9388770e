"""Where each game area's own files are, found without importing its package.

A unit's data folder is ``data/<id>``, or the ``data`` folder inside its package when it carries its data with
it. Reading the content, the message catalogues and the rules corpus needs only these files, so the terminal's cold
start imports no area package, and these readers need nothing of ``companion.core.units`` (which imports them).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from pkgutil import iter_modules

from companion.paths import data_dir


def area_folders() -> dict[str, Path]:
    """Each package on ``companion.core.__path__``, by name, with its folder: found without importing it."""
    import companion.core as core

    return {info.name: Path(getattr(info.module_finder, "path", "")) / info.name
            for info in iter_modules(core.__path__) if info.ispkg}


def data_folder_of(area: str, folders: Mapping[str, Path] | None = None) -> str | None:
    """A unit's data folder (under ``data/``, or absolute when its package carries its data), or None."""
    if (data_dir() / area).is_dir():
        return area
    own = (folders if folders is not None else area_folders()).get(area, Path("-")) / "data"
    return str(own) if own.is_dir() else None


def where(folder: str, name: str) -> str:
    """How a fault names one of a unit's files: ``data/symbiotes/module.json``."""
    path = f"{folder}/{name}"
    return path if Path(path).is_absolute() else f"data/{path}"


def data_folders() -> list[tuple[str, str]]:
    """Every unit's ``(id, data folder)``, found without importing a package."""
    folders = area_folders()
    found = ((area, data_folder_of(area, folders)) for area in folders)
    return [(area, folder) for area, folder in found if folder]


def own_files(name: str) -> list[tuple[str, str, Path]]:
    """Every unit's own file ``name`` in its data folder, where it has one: ``(id, label, path)``.

    A unit brings its rules entries (``rules.json``, merged into the corpus) and its translations
    (``locale/<lang>.po``, merged into the message catalogue) this way, so a new module edits no shared file.
    """
    found = ((area, folder, data_dir() / folder / name) for area, folder in data_folders())
    return [(area, where(folder, name), path) for area, folder, path in found if path.is_file()]
