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
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.ui.browser import SHOTS
from tests.web.conftest import files_sent, renderer_of, static_server
from tests.web.test_phone_build import START_MS, wait_offline_copy

#: (the client, the renderer's wasm) chromium loads from each build (what ``scripts/build_web.py`` ships for it).
RENDERER_FILES = {"canvaskit": ("main.dart.js", "canvaskit/chromium/canvaskit.wasm"),
                  "skwasm": ("main.dart.wasm", "canvaskit/skwasm.wasm")}

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
SPLASH_STAGE = "#companion-splash-stage"


def test_a_first_visit_shows_the_splash_and_downloads_each_big_file_once(phone: BrowserContext, web_build: Path,
                                                                         tmp_path: Path) -> None:
    """A first visit shows the app's splash, saying the download and filling its bar, until the first screen is up;
    a warm start names its stages, with no download. Meanwhile the service worker keeps the files as the page
    fetches them and then fetches only what is missing: no file of the build is sent twice but the few small ones
    the page asks for before the worker takes control (this profile has no HTTP cache: Playwright's routing turns
    it off), and of the renderers and the client's builds only the one this browser uses is sent (a skwasm build:
    the WebAssembly client and skwasm, neither CanvasKit nor the JavaScript client kept as their fallback); the
    two archives come packed (xz), never whole."""
    log = tmp_path / "server.log"
    with static_server(web_build, log) as url:
        page = phone.new_page()
        page.goto(url, wait_until="commit")
        the_first_visits_splash(page)
        wait_offline_copy(page)
        page.wait_for_load_state("networkidle")  # no request left on its way (none for 500 ms)
        each_big_file_sent_once(files_sent(log), web_build)
        page.reload(wait_until="commit")
        page.wait_for_function("document.getElementById('companion-splash-stage') &&"
                               " !document.getElementById('companion-splash-stage').textContent.includes('first')",
                               timeout=START_MS)  # a warm start names its stages, with no download
        page.screenshot(path=str(SHOTS / "phone-splash-warm-start.png"))
        page.locator("#companion-splash").wait_for(state="detached", timeout=START_MS)


def the_first_visits_splash(page: Page) -> None:
    """The splash in the app's colours over the whole page, saying the download, its bar filling; gone once the
    first screen is up."""
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


def each_big_file_sent_once(sent: Counter[str], web_build: Path) -> None:
    twice = {name: n for name, n in sent.items() if n > 1}
    assert all((web_build / name).stat().st_size < 50_000 for name in twice), twice
    client, renderer = RENDERER_FILES[renderer_of(web_build)]
    assert sent["app.zip.xz"] == sent["pyodide/pyodide.asm.wasm"] == sent[client] == sent[renderer] == 1
    assert sent["pyodide/python_stdlib.zip.xz"] == 1  # the archives come as xz, unpacked by the service worker
    assert "app.zip" not in sent and "pyodide/python_stdlib.zip" not in sent
    unused = {"canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm", "canvaskit/skwasm.wasm",
              "canvaskit/skwasm_heavy.wasm", "main.dart.js", "main.dart.wasm"} - {client, renderer}
    assert not unused & set(sent), unused & set(sent)  # nor the other renderer or client build this page skips
    assert sent["rive/wasm/rive_native.js"] >= 1  # the client's Rive loader asks here, not a CDN


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
