"""Damaged files are kept, never overwritten or deleted; temp files of dead writers are cleaned."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from companion import platform


def _timestamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


def keep_aside(path: Path, folder: Path) -> Path:
    """Move ``path`` into ``folder`` as ``<stem>.damaged-<time><suffix>``, overwriting nothing."""
    folder.mkdir(parents=True, exist_ok=True)
    base = folder / f"{path.stem}.damaged-{_timestamp()}{path.suffix}"
    target, n = base, 1
    while target.exists():
        target = base.with_name(f"{base.stem}-{n}{base.suffix}")
        n += 1
    os.replace(path, target)
    platform.persist(path, target)  # the browser keeps the move in IndexedDB (a no-op on a computer)
    return target


def set_aside(path: Path) -> Path:
    """Rename a damaged file to ``<stem>.damaged-<time><suffix>`` beside it."""
    return keep_aside(path, path.parent)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temp_files(path: Path) -> None:
    """Delete temp files left by a writer that was killed mid-save (never the file itself)."""
    for tmp in path.parent.glob(f".{path.name}.*.tmp"):
        pid = tmp.name.removeprefix(f".{path.name}.").removesuffix(".tmp")
        if pid.isdigit() and not _alive(int(pid)):
            tmp.unlink(missing_ok=True)
