"""Where the game content lives, for a checkout and for an installed wheel alike."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent
#: The app's one name for its folders (platformdirs), the browser's lock and the store's index marker.
APP_ID = "march-of-the-ants-companion"


def user_cache() -> Path:
    """The user cache folder (``~/.cache/march-of-the-ants-companion`` on Linux), reached without the store's
    modules: a terminal command that only reads a cache imports no more than platformdirs."""
    from platformdirs import user_cache_dir

    return Path(user_cache_dir(APP_ID, appauthor=False))


@cache
def data_dir() -> Path:
    """The ``data/`` folder: bundled as ``companion/_data`` in a wheel, the repo's ``data/`` otherwise.

    ``COMPANION_DATA`` overrides both (tests point it at a trimmed copy).
    """
    override = os.environ.get("COMPANION_DATA")
    if override:
        return Path(override)
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("game content not found: neither companion/_data nor ./data exists")


def checked_dir() -> Path | None:
    """Where the stamps of data files already checked are kept (see ``companion.core.datafiles``).

    ``COMPANION_CACHE`` overrides the user cache folder; set to an empty text, no stamps are kept
    (every start checks every file).
    """
    override = os.environ.get("COMPANION_CACHE")
    if override is not None:
        return Path(override) / "checked" if override.strip() else None
    return user_cache() / "checked"
