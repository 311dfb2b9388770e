"""A second try that hangs is ended by the time limit (``tests/rerun_timeout.py``), in a real pytest process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import needs_processes

HANGS_ON_ITS_SECOND_TRY = '''
import time
from pathlib import Path

import pytest


@pytest.mark.flaky(reruns=1)
def test_fails_then_hangs(tmp_path_factory):
    tried = Path(__file__).with_name("tried")
    if not tried.exists():
        tried.write_text("once")
        raise AssertionError("first try fails")
    time.sleep(120)
'''


def _run(folder: Path, *plugins: str, limit: float = 100) -> tuple[str, float]:
    """Run pytest on the hanging test in its own process; its output and how long it took."""
    (folder / "test_hang.py").write_text(HANGS_ON_ITS_SECOND_TRY)
    loads = [arg for plugin in plugins for arg in ("-p", plugin)]
    started = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "timeout=3", *loads, str(folder)],
        cwd=folder, capture_output=True, text=True, timeout=limit, check=False,
        env={"PYTHONPATH": str(Path(__file__).parents[2]), "PATH": "/usr/bin:/bin"},
    )
    return run.stdout + run.stderr, time.monotonic() - started


@needs_processes
@pytest.mark.slow
def test_a_hung_second_try_ends_at_the_time_limit(tmp_path: Path) -> None:
    output, took = _run(tmp_path, "tests.rerun_timeout")
    assert "Timeout (>3.0s)" in output, output[-2000:]
    assert "1 failed" in output and "1 rerun" in output, output[-2000:]
    assert took < 60


@needs_processes
@pytest.mark.slow
def test_without_it_the_second_try_runs_past_the_limit(tmp_path: Path) -> None:
    """The fault the plugin answers, shown: with pytest-timeout alone the second try outlives its 3 s by far."""
    with pytest.raises(subprocess.TimeoutExpired):
        _run(tmp_path, limit=10)
