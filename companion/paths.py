"""Where the game content lives, for a checkout and for an installed wheel alike."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


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
