"""Measure the phone build (dist/web/) in chromium at 360x740, as is and with the CPU slowed 4x (CDP).

First visit to the home screen and the bytes it transferred: every file the static server sent (the page's, the
Python worker's and the service worker's requests alike, read from the server's log), as sent here and gzipped as a
static host would serve it, and how many files were sent more than once; when the service worker's offline copy
is complete. A warm start (from the service worker's cache) to the home screen; a tap's answer (+1 on a score,
from the pointer going down to the frame after the total shows it, measured in the page as
``scripts/bench_taps.py`` does; ``tap_driver`` is the same tap timed from the test driver, its own steps included);
the save's copy to IndexedDB (p50/p99, the durations ``companion.platform`` records) and taking the saves' lock
(with reading in what other tabs saved; this build's figure, none from an older build); whether the wasm is served as
``application/wasm`` (so the browser compiles it while it streams in). Run ``scripts/build-web`` first.
``--files N`` first puts N small files (4 KB each, in a folder of their own the app never reads) into the saves'
IndexedDB and reloads, as a phone with many saved games would have: a copy of the whole saves folder grows with
them, a copy of only the file a save wrote does not.

Usage: ``python scripts/bench_web.py [--taps 20] [--throttle 1 4] [--dist dist/web] [--files 0]``
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist" / "web"
sys.path.insert(0, str(ROOT))

from scripts.tap_timing import ARM_TAP, span_summary  # noqa: E402

SPANS = False  # --spans: the page is opened with ?spans and each tap's Python share is read (companion.spans)


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


REQUEST = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


def served(log: Path) -> tuple[int, float, float, int]:
    """Requests answered 200 by the server, their bytes (MB) as they are and each file gzipped (level 6), and how
    many files were sent more than once."""
    count, raw, packed, again = 0, 0, 0, 0
    sizes: dict[Path, tuple[int, int]] = {}
    for match in REQUEST.finditer(log.read_text(encoding="utf-8", errors="replace")):
        if match.group(2) != "200":
            continue
        name = match.group(1).split("?")[0].split("#")[0].lstrip("/") or "index.html"
        path = DIST / name
        if path.is_dir():
            path = path / "index.html"
        if not path.is_file():
            continue
        if path in sizes:
            again += 1
        else:
            data = path.read_bytes()
            sizes[path] = (len(data), len(gzip.compress(data, compresslevel=6)))
        count += 1
        raw += sizes[path][0]
        packed += sizes[path][1]
    return count, raw / 1e6, packed / 1e6, again


# N files of 4 KB into IDBFS's database for the saves' folder (the one database the app has), as IDBFS stores them.
_FILL = """async (count) => {
  const name = (await indexedDB.databases()).map((d) => d.name).find((n) => n.includes('march-of-the-ants'));
  const db = await new Promise((ok, fail) => {
    const req = indexedDB.open(name); req.onsuccess = () => ok(req.result); req.onerror = () => fail(req.error); });
  const tx = db.transaction(['FILE_DATA'], 'readwrite');
  const store = tx.objectStore('FILE_DATA');
  const now = new Date();
  store.put({timestamp: now, mode: 16877}, name + '/bench-filler');
  for (let i = 0; i < count; i++) {
    store.put({timestamp: now, mode: 33188, contents: new Uint8Array(4096).fill(120)}, name + '/bench-filler/' + i);
  }
  await new Promise((ok, fail) => { tx.oncomplete = ok; tx.onerror = () => fail(tx.error); });
  db.close();
  return name;
}"""


def run(throttle: float, taps: int, files: int = 0) -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    from tests.ui.browser import free_port, launch_chromium
    from tests.ui.test_ui_journeys import total
    from tests.web.test_phone_build import solo_game, start

    port = free_port()
    log = Path(f"/tmp/bench_web-{port}.log")
    log_file = log.open("w")
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                               str(DIST)], stdout=subprocess.DEVNULL, stderr=log_file)
    url = f"http://127.0.0.1:{port}/"
    time.sleep(0.5)
    out: dict[str, float] = {}
    try:
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            context = browser.new_context(viewport={"width": 360, "height": 740})
            context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            began = time.perf_counter()
            ui = patient_start(page, url + ("?spans" if SPANS else ""))
            out["first_visit_s"] = time.perf_counter() - began
            page.wait_for_function(  # a build before the offline copy said so: once the worker controls the page
                "window.companionOfflineReady === true || (window.companionOfflineReady === undefined"
                " && navigator.serviceWorker.controller !== null)", timeout=180_000)
            out["offline_copy_done_s"] = time.perf_counter() - began
            page.wait_for_timeout(1000)
            (out["first_visit_requests"], out["first_visit_MB_served"], out["first_visit_MB_gzip"],
             out["first_visit_files_sent_twice"]) = served(log)
            if files:
                page.evaluate(_FILL, files)
                start(page, url)
            wasm_type = page.evaluate("fetch('pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))")
            out["wasm_is_application_wasm"] = float(wasm_type == "application/wasm")
            page.evaluate("""() => { window.syncs = []; window.locks = [];
                const c = new BroadcastChannel("companion-web");
                c.onmessage = (e) => {
                    if (e.data && e.data.sync_ms !== undefined) window.syncs.push(e.data.sync_ms);
                    if (e.data && e.data.lock_ms !== undefined) window.locks.push(e.data.lock_ms); }; }""")
            solo_game(ui)
            listen_for_spans(page)
            answers, driven = [], []
            for n in range(1, taps + 1):
                page.wait_for_timeout(300)
                page.evaluate(ARM_TAP, ["total-p1", total(ui, "p1"), 30000])
                t0 = time.perf_counter()
                ui.tap("plus-p1")
                ui.page.wait_for_function(
                    "n => { const e = document.querySelector('[flt-semantics-identifier=\"total-p1\"]');"
                    " return e && (e.getAttribute('aria-label') || e.textContent || '').includes(': ' + n + ' CP'); }",
                    arg=n, timeout=30_000)
                driven.append((time.perf_counter() - t0) * 1000)
                answers.append(float(page.evaluate("window.__tap")["painted"]))
            assert total(ui, "p1").startswith(f"Ana: {taps} CP")
            out["tap_p50_ms"], out["tap_p99_ms"] = pct(answers, 50), pct(answers, 99)
            out["tap_driver_p50_ms"], out["tap_driver_p99_ms"] = pct(driven, 50), pct(driven, 99)
            syncs = page.evaluate("window.syncs")
            out["save_sync_p50_ms"], out["save_sync_p99_ms"] = pct(syncs, 50), pct(syncs, 99)
            out["saves_measured"] = len(syncs)
            locks = page.evaluate("window.locks")  # a build before these figures sends none: nan
            out["lock_p50_ms"], out["lock_p99_ms"] = pct(locks, 50), pct(locks, 99)
            out.update(spans_heard(page))
            page.close()
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
            began = time.perf_counter()
            patient_start(page, url)
            out["warm_start_s"] = time.perf_counter() - began
            browser.close()
    finally:
        server.kill()
        log_file.close()
        log.unlink(missing_ok=True)
    return out


# -- Python's share of each tap, by part (``--spans``; ``companion.spans``) --------------------------------------
def listen_for_spans(page: Any) -> None:
    """From now on, keep each tap's figures the app posts on its channel (``window.tapSpans``)."""
    page.evaluate("""() => { window.tapSpans = [];
        const c = new BroadcastChannel("companion-web");
        c.onmessage = (e) => { if (e.data && e.data.tap_spans !== undefined) window.tapSpans.push(e.data.tap_spans); };
    }""")


def spans_heard(page: Any) -> dict[str, float]:
    """The p50s of the taps' figures heard since ``listen_for_spans`` (python_*: busy, wall, each part)."""
    records = [json.loads(text) for text in page.evaluate("window.tapSpans || []")]
    return {f"python_{key}": value for key, value in span_summary(records).items()}


def patient_start(page: Any, url: str) -> Any:
    """The home screen, however long a slowed CPU on a busy machine takes to show the page (the tests' helper waits
    20 s for Flutter's first frame)."""
    from tests.ui.browser import Ui
    from tests.web.test_phone_build import START_MS

    page.goto(url, wait_until="commit")
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=START_MS)
    ui = Ui(page, url)
    ui.enable_semantics()
    ui.by_id("screen-home").wait_for(state="attached", timeout=START_MS)
    return ui


# -- the floor: a one-button Flet app on the same build, tapped the same way (``--floor``) -------------------------
FLOOR_APP = """import flet as ft


def main(page):
    count = [0]
    total = ft.Semantics(identifier="total-p1", label="Ana: 0 CP", container=True, content=ft.Text("0", size=32))

    def plus(_=None):
        count[0] += 1
        total.label = f"Ana: {count[0]} CP"
        total.content.value = str(count[0])
        page.update()

    page.add(ft.Semantics(identifier="screen-home", container=True, content=ft.Column([
        total, ft.Semantics(identifier="plus-p1", button=True, container=True, on_tap=plus,
                            content=ft.IconButton(ft.Icons.ADD, on_click=plus))])))


ft.run(main)
"""


def floor_build(dist: Path, into: Path) -> Path:
    """``dist`` with its app replaced by ``FLOOR_APP`` (the same Flet client, Pyodide and packages)."""
    shutil.copytree(dist, into, dirs_exist_ok=True)
    with zipfile.ZipFile(dist / "app.zip") as old, zipfile.ZipFile(into / "app.zip", "w", zipfile.ZIP_DEFLATED) as new:
        for item in old.infolist():
            if item.filename.startswith("__pypackages__/"):
                new.writestr(item, old.read(item))
        new.writestr("main.py", FLOOR_APP)
    return into


def floor_taps(throttle: float, taps: int) -> dict[str, float]:
    """The one-button app's + tap, timed in the page as ours is: the stack's floor (Flutter, Pyodide, Flet)."""
    from playwright.sync_api import sync_playwright

    from tests.ui.browser import Ui, free_port, launch_chromium
    from tests.web.test_phone_build import START_MS

    port = free_port()
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as tmp:
        folder = floor_build(DIST, Path(tmp) / "web")
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d",
                                   str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                context = browser.new_context(viewport={"width": 360, "height": 740})
                context.route("https://cdn.jsdelivr.net/**", lambda route: route.abort())
                page = context.new_page()
                context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
                page.goto(f"http://127.0.0.1:{port}/", wait_until="commit")
                page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=START_MS)
                page.locator("flt-semantics-placeholder").dispatch_event("click")
                ui = Ui(page, f"http://127.0.0.1:{port}/")
                ui.by_id("plus-p1").wait_for(state="attached", timeout=START_MS)
                answers = [_timed_plus(ui, n) for n in range(1, taps + 1)]
                browser.close()
        finally:
            server.kill()
    return {"floor_tap_p50_ms": pct(answers, 50), "floor_tap_p99_ms": pct(answers, 99)}


def _timed_plus(ui: Any, n: int) -> float:
    """One + on ``total-p1`` (its total becomes ``n``), from the pointer going down to the frame that shows it."""
    ui.page.wait_for_timeout(300)
    ui.page.evaluate(ARM_TAP, ["total-p1", ui.label("total-p1"), 30000])
    ui.tap("plus-p1")
    ui.page.wait_for_function(
        "n => { const e = document.querySelector('[flt-semantics-identifier=\"total-p1\"]');"
        " return e && (e.getAttribute('aria-label') || e.textContent || '').includes(': ' + n + ' CP'); }",
        arg=n, timeout=30_000)
    return float(ui.page.evaluate("window.__tap")["painted"])


def main() -> int:
    global DIST, SPANS
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--throttle", type=float, nargs="*", default=[1, 4])
    parser.add_argument("--dist", type=Path, default=DIST, help="the built folder (default dist/web; A/B runs)")
    parser.add_argument("--files", type=int, default=0, help="extra files in the saves' IndexedDB before the taps")
    parser.add_argument("--spans", action="store_true", help="also each tap's Python share by part (python_*)")
    parser.add_argument("--floor", action="store_true",
                        help="also a one-button Flet app's + tap on the same build, just before ours (floor_*)")
    args = parser.parse_args()
    DIST, SPANS = args.dist.resolve(), args.spans
    for rate in args.throttle:
        figures = floor_taps(rate, args.taps) if args.floor else {}
        figures.update(run(rate, args.taps, args.files))
        if args.floor:
            figures["tap_over_floor_ms"] = figures["tap_p50_ms"] - figures["floor_tap_p50_ms"]
        print(f"CPU x{rate:g}: " + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
