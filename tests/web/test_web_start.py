"""The phone build's start: the player sees the app starting, and the bench measures it against its floor.

The splash (``packaging/web/splash.html``, kept up by ``boot.js``) is the app's own, in its colours, saying what is
loading, with a progress bar on a first visit, until the first screen is up; then it goes. ``scripts/bench_web.py
--quick`` builds the floor app beside the build and reports every figure for both.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from tests.ui.browser import SHOTS
from tests.web.conftest import Site
from tests.web.test_phone_build import START_MS, start, wait_offline_copy

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
SPLASH_STAGE = "#companion-splash-stage"


def test_the_player_sees_the_app_starting_never_a_blank_page(phone: BrowserContext, site: Site) -> None:
    page = phone.new_page()
    page.goto(site.url, wait_until="commit")
    page.locator(SPLASH_STAGE).wait_for(state="visible", timeout=START_MS)
    page.wait_for_function("document.getElementById('companion-splash-stage').textContent.includes('first visit')",
                           timeout=START_MS)  # a first visit: the download said, and its bar filling
    page.wait_for_function("parseFloat(document.querySelector('#companion-splash-bar i').style.width) > 4",
                           timeout=START_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-splash-first-visit.png"))
    splash = page.evaluate("""() => { const s = getComputedStyle(document.getElementById('companion-splash'));
        return [s.backgroundColor, s.position, s.zIndex, innerWidth]; }""")
    assert splash == ["rgb(28, 27, 31)", "fixed", "9999", 360]
    page.locator("#companion-splash").wait_for(state="detached", timeout=START_MS)  # gone once the screen is up
    start(page, site.url)  # the home screen (a reload: now a warm start)
    wait_offline_copy(page)
    page.reload(wait_until="commit")
    page.wait_for_function("document.getElementById('companion-splash-stage') &&"
                           " !document.getElementById('companion-splash-stage').textContent.includes('first')",
                           timeout=START_MS)  # a warm start names its stages, with no download
    page.screenshot(path=str(SHOTS / "phone-splash-warm-start.png"))
    page.locator("#companion-splash").wait_for(state="detached", timeout=START_MS)


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
    # where a warm start went: each stage heard, in order, before the first screen was found (the floor's app
    # says no stage of its own: Python's start and its files are the worker's)
    stages = [runs["companion"][f"at_{name}_s"] for name in ("python", "app", "games", "screens", "ready")]
    assert stages == sorted(stages) and stages[0] > 0 and stages[-1] <= runs["companion"]["warm_start_s"]
    assert 0 < runs["floor"]["at_python_s"] <= runs["floor"]["at_app_s"] <= runs["floor"]["warm_start_s"]
    assert runs["floor"]["first_visit_MB_brotli"] < runs["companion"]["first_visit_MB_brotli"]
    over = figures["summary"]["x1"]["warm_start_over_floor_s"]
    assert over == pytest.approx(runs["companion"]["warm_start_s"] - runs["floor"]["warm_start_s"])
    assert "warm start companion - floor" in done.stdout
