"""The phone build's start, measured against its floor: ``scripts/bench_web.py --quick`` builds the floor app beside
the build and reports every figure for both. (What the player sees while the app starts - its splash - and what a
first visit downloads: ``test_phone_update.py``, whose journey begins with a first visit.)
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

from tests.ui.browser import SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_measures_the_floor_and_the_companion(web_build: Path) -> None:
    report = SHOTS.parent / "bench_web_quick.json"  # kept for a look: the figures of this run
    report.parent.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_web.py"), "--quick", "--dist",
                           str(web_build), "--json", str(report)], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    figures = json.loads(report.read_text())
    assert "load" in figures["load_before"] and "load" in figures["load_after"]
    runs = {run["app"]: run for run in figures["runs"]}
    both = ("first_visit_s", "offline_copy_done_s", "first_visit_MB_gzip", "first_visit_MB_brotli", "warm_start_s",
            "tap_p50_ms", "tap_driver_p50_ms")
    for app in ("floor", "companion"):
        assert all(math.isfinite(runs[app][key]) and runs[app][key] > 0 for key in both), runs[app]
    assert runs["companion"]["resume_s"] > 0 and runs["companion"]["saves_measured"] >= 3
    # the other taps: her draw (her first card, then a later one), and Next with every module on
    assert all(math.isfinite(runs["companion"][key]) and runs["companion"][key] > 0
               for key in ("draw_p50_ms", "draw_later_p50_ms", "next_every_module_p50_ms")), runs["companion"]
    # where a warm start went: each stage heard, in order, before the first screen was found (the floor's app
    # says no stage of its own: Python's start and its files are the worker's)
    stages = [runs["companion"][f"at_{name}_s"] for name in ("python", "app", "games", "screens", "ready")]
    assert stages == sorted(stages) and stages[0] > 0 and stages[-1] <= runs["companion"]["warm_start_s"]
    assert 0 < runs["floor"]["at_python_s"] <= runs["floor"]["at_app_s"] <= runs["floor"]["warm_start_s"]
    assert runs["floor"]["first_visit_MB_brotli"] < runs["companion"]["first_visit_MB_brotli"]
    over = figures["summary"]["x1"]["warm_start_over_floor_s"]
    assert over == pytest.approx(runs["companion"]["warm_start_s"] - runs["floor"]["warm_start_s"])
    assert "warm start companion - floor" in done.stdout
