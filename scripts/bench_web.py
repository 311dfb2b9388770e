"""Measure the phone build (dist/web/) against its floor, in chromium at 360x740, as is and with the CPU slowed 4x.

The floor is the same folder with ``app.zip`` replaced by a one-button Flet app (Flet's own packages only, taken
from the build's archive; ``dist/web-floor/``, made here): what any Flet app pays to start in the browser. Both are
served by plain static servers and measured in the same run, interleaved (floor and companion in turn, the order
swapped each round), every start in a new browser process on its own profile:

- first visit: to the first screen, and until the service worker's offline copy is complete; the bytes it
  transferred - every file the static server sent (the page's, the Python worker's and the service worker's), as
  sent here and as a host compressing them would send them: gzip level 6 and brotli quality 11 (node's zlib), each
  file compressed on its own as a static host does - and how many files were sent more than once;
- a tap's answer: + on a total (from the pointer going down to the frame after the total shows it, measured in the
  page as ``scripts/bench_taps.py`` does; ``tap_driver`` is the same tap timed from the test driver); the companion
  also her draw in the solo game (``draw``), to the frame after her report's title shows in her moment (what the
  player reads: the Undo's label, rewritten in the tap's first update too, could reach a frame of its own first),
  her game's first card each time (an Undo takes it back: her report is built anew, ~25 controls, where a later
  draw rewrites its words in place; her worst case, once a game), and then a later draw (``draw_later``: her first
  card kept, each later one taken back, as every draw of a game after its first),
  and Next in a 4-player game with every module (``next_every_module``), to the frame after the phase's name
  changed; each followed by an Undo (the same game every time);
- the companion only: the save's copy to IndexedDB (p50/p99, the durations ``companion.platform`` records), taking
  the saves' lock, whether the wasm is served as ``application/wasm``;
- warm start: a new browser process on the same profile (the files from the service worker) to the first screen,
  with when the page heard each stage of the start (``at_<stage>_s``: Python starting, the app's files, the
  saves, the screens, the first screen sent, Flutter's first frame); for the companion, then resuming the game
  made on the first visit: from the tap on it on Home to its screen.

Every page says it is a mid-range Android phone's Chrome (``tests.ui.browser.ANDROID_UA``, Lighthouse's mobile user
agent; the pointer stays a mouse and the pixel ratio 1), so the app draws a phone's buttons
(``companion.ui.button_box``); the floor is opened the same way.

The report gives every figure of every run, then per CPU rate the median (min-max) of each and the difference
warm start companion - floor, with the machine's load before and after. ``--quick`` is one round at 1x with 3 taps
(the test suite's). ``--json FILE`` also writes the figures. ``--files N`` first puts N small files (4 KB each) into
the saves' IndexedDB and reloads, as a phone with many saved games would have. Run ``scripts/build-web`` first.

``--dist A B`` measures several builds (e.g. each renderer's: ``dist/web dist/web-canvaskit``), each beside its own
floor, all in the same rounds; their apps are then named by renderer ("floor-skwasm", "companion-canvaskit").

Usage: ``python scripts/bench_web.py [--rounds 3] [--taps 20] [--throttle 1 4] [--dist dist/web ...] [--files 0]
[--quick] [--json FILE]``
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist" / "web"
sys.path.insert(0, str(ROOT))

from scripts.tap_timing import ARM_TAP, span_summary  # noqa: E402

#: --spans: the page is opened with ?spans, and each tap's Python share is read by part (``companion.spans``)
SPANS = False

START_MS = 180_000
#: The floor's packages in the build's archive: Flet and what it imports (msgpack, repath and six).
FLOOR_PACKAGES = ("flet/", "flet-", "msgpack/", "msgpack-", "repath", "six")
FLOOR_MAIN = '''"""The floor: a one-button Flet app, as the companion's folder serves it (scripts/bench_web.py)."""
import flet as ft


def main(page: ft.Page) -> None:
    count = [0]
    total = ft.Semantics(identifier="total-p1", label="Ana: 0 CP", content=ft.Text("Ana: 0 CP", size=24))

    def plus(event: ft.Event[ft.Button]) -> None:
        count[0] += 1
        total.label = total.content.value = f"Ana: {count[0]} CP"
        total.update()

    page.add(ft.Semantics(identifier="screen-home", container=True, content=ft.Text("Floor", size=28)), total,
             ft.Semantics(identifier="plus-p1", button=True, content=ft.Button("+", on_click=plus)))
    try:  # the same end of the start as the companion's: the splash goes, the offline copy is completed
        import js

        js.BroadcastChannel.new("companion-web").postMessage("ready")
        if hasattr(js, "companionStage"):
            js.companionStage("ready")
    except ImportError:
        pass


ft.run(main)
'''


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def build_floor(dist: Path) -> Path:
    """``dist/web-floor/``: the build with a one-button app in ``app.zip`` and a service worker listing it."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import build_web

    floor = dist.with_name(dist.name + "-floor")
    shutil.rmtree(floor, ignore_errors=True)
    shutil.copytree(dist, floor, ignore=shutil.ignore_patterns("sw.js", "app.zip", "app.zip.xz"))
    packed = (dist / "app.zip.xz").is_file()  # then sent as the build sends its own: stored, as xz
    with zipfile.ZipFile(dist / "app.zip") as ours, \
            zipfile.ZipFile(floor / "app.zip", "w", zipfile.ZIP_STORED if packed else zipfile.ZIP_DEFLATED) as theirs:
        theirs.writestr("main.py", FLOOR_MAIN)
        for item in ours.infolist():
            inside = item.filename.removeprefix("__pypackages__/")
            if inside != item.filename and inside.startswith(FLOOR_PACKAGES):
                theirs.writestr(item, ours.read(item))
    if packed:
        build_web.pack_for_the_wire(floor, ("app.zip",))
    shutil.copyfile(build_web.WEB_SRC / "sw.js", floor / "sw.js")
    build_web.write_service_worker(floor)
    return floor


REQUEST = re.compile(r'"GET (\S+) HTTP/[\d.]+" (\d{3})')


def compressed_sizes(paths: list[Path]) -> dict[Path, tuple[int, int, int]]:
    """Each file's size as it is, gzipped (level 6) and brotli-compressed (quality 11, by node's zlib: no brotli
    module here); kept by content hash in the build cache, as brotli 11 takes minutes on a busy machine."""
    import hashlib

    sys.path.insert(0, str(ROOT / "scripts"))
    from build_web import cache_root

    store = cache_root() / "compressed-sizes.json"
    known = json.loads(store.read_text()) if store.is_file() else {}
    hashes = {path: hashlib.sha256(path.read_bytes()).hexdigest() for path in paths}
    missing = sorted({path for path, digest in hashes.items() if digest not in known})
    for path, packed in zip(missing, brotli(missing), strict=True):
        data = path.read_bytes()
        known[hashes[path]] = [len(data), len(gzip.compress(data, compresslevel=6)), packed]
    if missing:
        store.parent.mkdir(parents=True, exist_ok=True)
        store.write_text(json.dumps(known))
    return {path: tuple(known[digest]) for path, digest in hashes.items()}


def brotli(paths: list[Path]) -> list[int]:
    script = ("const z=require('zlib'),fs=require('fs');const q={params:{[z.constants.BROTLI_PARAM_QUALITY]:11}};"
              "for(const p of JSON.parse(fs.readFileSync(0))) console.log(z.brotliCompressSync(fs.readFileSync(p),q)"
              ".length)")
    node = shutil.which("node")
    if node is None or not paths:
        return [-1 for _ in paths]
    done = subprocess.run([node, "-e", script], input=json.dumps([str(p) for p in paths]), capture_output=True,
                          text=True, check=True, timeout=3600)
    return [int(n) for n in done.stdout.split()]


def served(log: Path, folder: Path) -> dict[str, float]:
    """Requests answered 200 by the server; their MB as sent, gzipped and brotli-compressed; files sent twice."""
    names = [m.group(1).split("?")[0].split("#")[0].lstrip("/") or "index.html"
             for m in REQUEST.finditer(log.read_text(encoding="utf-8", errors="replace")) if m.group(2) == "200"]
    paths = [p / "index.html" if p.is_dir() else p for p in (folder / n for n in names)]
    paths = [p for p in paths if p.is_file()]
    sizes = compressed_sizes(sorted(set(paths)))
    return {"first_visit_requests": len(paths),
            "first_visit_MB_served": sum(sizes[p][0] for p in paths) / 1e6,
            "first_visit_MB_gzip": sum(sizes[p][1] for p in paths) / 1e6,
            "first_visit_MB_brotli": sum(sizes[p][2] for p in paths) / 1e6,
            "first_visit_files_sent_twice": len(paths) - len(set(paths))}


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
_LISTEN = """() => { window.syncs = []; window.locks = [];
    const c = new BroadcastChannel("companion-web");
    c.onmessage = (e) => {
        if (e.data && e.data.sync_ms !== undefined) window.syncs.push(e.data.sync_ms);
        if (e.data && e.data.lock_ms !== undefined) window.locks.push(e.data.lock_ms); }; }"""
_TOTAL_IS = ("n => { const e = document.querySelector('[flt-semantics-identifier=\"total-p1\"]');"
             " return e && (e.getAttribute('aria-label') || e.textContent || '').includes(': ' + n + ' CP'); }")


@dataclass
class Site:
    """One app's folder, its static server and its server's log (which files it sent); ``kind`` is "floor" or
    "companion", ``name`` that with the build's renderer when several builds are measured ("companion-skwasm")."""
    name: str
    folder: Path
    url: str
    log: Path
    kind: str = ""

    def __post_init__(self) -> None:
        self.kind = self.kind or self.name


def renderer_of(dist: Path) -> str:
    """The renderer a build was made for (its ``build-stamp.json``; a build from before the option: CanvasKit)."""
    try:
        return str(json.loads((dist / "build-stamp.json").read_text(encoding="utf-8")).get("renderer", "canvaskit"))
    except (OSError, ValueError, AttributeError):
        return "canvaskit"


@contextmanager
def serving(name: str, folder: Path, scratch: Path, kind: str = "") -> Iterator[Site]:
    from tests.ui.browser import free_port, stop, wait_http

    port = free_port()
    log = scratch / f"{name}-server.log"
    with log.open("w") as sink:
        server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                   "-d", str(folder)], stdout=subprocess.DEVNULL, stderr=sink,
                                  start_new_session=True, text=True)
        try:
            wait_http(f"http://127.0.0.1:{port}/", time.monotonic() + 20)
            yield Site(name, folder, f"http://127.0.0.1:{port}/", log, kind)
        finally:
            stop(server)


@contextmanager
def browser_on(playwright: Any, profile: Path, throttle: float) -> Iterator[Any]:
    """A new chromium process on ``profile``, its page's CPU slowed ``throttle`` times; no other host reachable. It
    says it is a mid-range Android phone's Chrome (``ANDROID_UA``, Lighthouse's), so the app draws a phone's buttons
    (``companion.ui.button_box``), the floor's page the same."""
    from tests.ui.browser import ANDROID_UA, CHROMIUM, CHROMIUM_ARGS

    context = playwright.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, args=CHROMIUM_ARGS, viewport={"width": 360, "height": 740},
        user_agent=ANDROID_UA)
    context.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).+"), lambda route: route.abort("blockedbyclient"))
    page = context.pages[0] if context.pages else context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    try:
        yield page
    finally:
        context.close()


def start(page: Any, url: str) -> Any:
    """The page opened and waited on until its first screen (semantics on: the canvas UI's only DOM)."""
    from tests.ui.browser import Ui

    ui = Ui(page, url)
    page.goto(url + ("?spans" if SPANS else ""), wait_until="commit")
    page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=START_MS)
    ui.enable_semantics()
    ui.by_id("screen-home").wait_for(state="attached", timeout=START_MS)
    return ui


def timed_start(page: Any, url: str) -> tuple[Any, float]:
    began = time.perf_counter()
    ui = start(page, url)
    return ui, time.perf_counter() - began


def tap_figures(ui: Any, taps: int) -> dict[str, float]:
    """+ on the total ``taps`` times: the page's own timing (pointer down to the painted answer) and the driver's."""
    from tests.ui.test_ui_journeys import total

    answers, driven = [], []
    for n in range(1, taps + 1):
        ui.page.wait_for_timeout(300)
        ui.page.evaluate(ARM_TAP, ["total-p1", total(ui, "p1"), 30000])
        began = time.perf_counter()
        ui.tap("plus-p1")
        ui.page.wait_for_function(_TOTAL_IS, arg=n, timeout=30_000)
        driven.append((time.perf_counter() - began) * 1000)
        answers.append(float(ui.page.evaluate("window.__tap")["painted"]))
    return {"tap_p50_ms": pct(answers, 50), "tap_p99_ms": pct(answers, 99),
            "tap_driver_p50_ms": pct(driven, 50), "tap_driver_p99_ms": pct(driven, 99)}


#: A control's label as ``ARM_TAP`` reads it: its watch's label before the tap. The Undo, the default watch, names
#: the last step, so every tap that changes the game rewrites it.
_LABEL = """ident => { const n = document.querySelector(`[flt-semantics-identifier="${ident}"]`);
    return n ? (n.getAttribute('aria-label') || n.innerText || '').trim() : null; }"""


def answer_ms(ui: Any, button: str, watch: str = "undo") -> float:
    """One tap on ``button``, timed in the page as a + is (pointer down to the frame after ``watch``'s label changed);
    NaN when it did not change within 30 s."""
    ui.page.wait_for_timeout(300)
    ui.page.evaluate(ARM_TAP, [watch, ui.page.evaluate(_LABEL, watch), 30_000])
    ui.tap(button)
    timed = ui.page.evaluate("window.__tap")
    return float(timed["painted"]) if timed else float("nan")


def action_figures(ui: Any, name: str, button: str, taps: int, watch: str) -> dict[str, float]:
    """``button`` tapped ``taps`` times, each timed to the frame after ``watch``'s label changed and followed by
    Undo, so every tap meets the same game (her deck's order is in the saved state: after the Undo she draws the same
    card again); p50 and p99 of the taps (not the Undos)."""
    answers = []
    for _ in range(taps):
        answers.append(answer_ms(ui, button, watch))
        answer_ms(ui, "undo")
    return {f"{name}_p50_ms": pct(answers, 50), f"{name}_p99_ms": pct(answers, 99)}


def companion_figures(ui: Any, taps: int) -> tuple[dict[str, float], str]:
    """The companion's solo game, made on a computer and imported, then tapped: the + taps, the saves' copies and
    locks, her draws; then a 4-player game with every module imported too, and its Next: the game's id (the
    solo one)."""
    from companion.core.setup import GameSetup
    from companion.store import GameStore
    from tests.helpers import four_players
    from tests.module_helpers import EVERY_MODULE
    from tests.web.test_phone_build import game_from_a_computer

    page = ui.page
    wasm_type = page.evaluate("fetch('pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))")
    out = {"wasm_is_application_wasm": float(wasm_type == "application/wasm")}
    page.evaluate(_LISTEN)
    with tempfile.TemporaryDirectory() as computer:  # a solo game imported: the wizard's walk is no figure here
        game_id = game_from_a_computer(ui, GameStore(Path(computer) / "games.json"))
    listen_for_spans(page)
    out.update(tap_figures(ui, taps))
    out.update(spans_heard(page))
    syncs, locks = page.evaluate("window.syncs"), page.evaluate("window.locks")
    out.update(save_sync_p50_ms=pct(syncs, 50), save_sync_p99_ms=pct(syncs, 99), saves_measured=len(syncs),
               lock_p50_ms=pct(locks, 50), lock_p99_ms=pct(locks, 99))
    out.update(action_figures(ui, "draw", "bm-her-turn", taps, "bm-report-title"))
    answer_ms(ui, "bm-her-turn", "bm-report-title")  # her first card stays: the draws timed next are later ones
    out.update(action_figures(ui, "draw_later", "bm-her-turn", taps, "bm-report-title"))
    every = GameSetup(game="mota", mode="competitive", players=four_players(), **EVERY_MODULE)  # type: ignore[arg-type]
    ui.tap("back")
    ui.wait_screen("home")
    with tempfile.TemporaryDirectory() as computer:
        game_from_a_computer(ui, GameStore(Path(computer) / "games.json"), every)
    out.update(action_figures(ui, "next_every_module", "next-phase", taps, "phase"))
    return out, game_id


def listen_for_spans(page: Any) -> None:
    """From now on, keep each tap's figures the app posts on its channel (``window.tapSpans``; ``--spans``)."""
    page.evaluate("""() => { window.tapSpans = [];
        const c = new BroadcastChannel("companion-web");
        c.onmessage = (e) => { if (e.data && e.data.tap_spans !== undefined) window.tapSpans.push(e.data.tap_spans); };
    }""")


def spans_heard(page: Any) -> dict[str, float]:
    """The p50s of the taps' figures heard since ``listen_for_spans`` (python_*: busy, wall, each part)."""
    records = [json.loads(text) for text in page.evaluate("window.tapSpans || []")]
    return {f"python_{key}": value for key, value in span_summary(records).items()} if records else {}


def first_visit(playwright: Any, site: Site, profile: Path, throttle: float, taps: int,
                files: int) -> tuple[dict[str, float], str]:
    site.log.write_text("")
    with browser_on(playwright, profile, throttle) as page:
        began = time.perf_counter()
        ui, out = start(page, site.url), {}
        out["first_visit_s"] = time.perf_counter() - began
        page.wait_for_function("window.companionOfflineReady === true", timeout=START_MS)
        out["offline_copy_done_s"] = time.perf_counter() - began
        page.wait_for_timeout(1000)
        out.update(served(site.log, site.folder))
        if files:
            page.evaluate(_FILL, files)
            start(page, site.url)
        if site.kind == "floor":
            return {**out, **tap_figures(ui, taps)}, ""
        figures, game_id = companion_figures(ui, taps)
        return {**out, **figures}, game_id


def warm_start(playwright: Any, site: Site, profile: Path, throttle: float, game_id: str) -> dict[str, float]:
    """A new browser process on the profile of the first visit: to Home, then (the companion) into the game:
    ``resume_s`` by the page's clock, from the pointer down to the game screen's node in the page (its top, with
    one Navigator page, comes in that frame); ``resume_painted_s`` to the frame after it (often the panels' second
    pass: more than the player waits for the top); ``resume_driver_s`` by the driver's clock, with its aim and its
    calls."""
    with browser_on(playwright, profile, throttle) as page:
        ui, took = timed_start(page, site.url)
        out = {"warm_start_s": took, **stage_times(page)}
        if game_id:
            ui.by_id(f"resume-{game_id}").wait_for(state="attached", timeout=START_MS)
            if SPANS:
                listen_for_spans(page)
            page.evaluate(ARM_TAP, ["screen-game", None, START_MS])  # the page's clock, as a tap's
            began = time.perf_counter()
            ui.tap(f"resume-{game_id}")
            ui.by_id("screen-game").wait_for(state="attached", timeout=START_MS)
            out["resume_driver_s"] = time.perf_counter() - began  # with the driver's aim (frames) and its calls
            timed = page.evaluate("window.__tap")
            out["resume_s"] = float(timed["dom"]) / 1000 if timed else float("nan")
            out["resume_painted_s"] = float(timed["painted"]) / 1000 if timed else float("nan")
            if SPANS:  # the opening's Python share, both its passes (the second ends after the screen is shown)
                page.wait_for_function("(window.tapSpans || []).length > 0", timeout=START_MS)
                out.update({f"resume_{key}": value for key, value in spans_heard(page).items()})
        return out


def stage_times(page: Any) -> dict[str, float]:
    """When the page heard each stage of its start (``boot.js``: Python's start, the app's files, the saves, the
    screens, the first screen sent, Flutter's first frame), in seconds from the page's start: where a start goes."""
    times = page.evaluate("window.companionStageTimes || {}")
    return {f"at_{name.replace('-', '_')}_s": float(ms) / 1000 for name, ms in times.items()}


def measure(playwright: Any, site: Site, throttle: float, taps: int, files: int, scratch: Path) -> dict[str, float]:
    profile = Path(tempfile.mkdtemp(prefix=f"{site.name}-", dir=scratch))
    try:
        out, game_id = first_visit(playwright, site, profile, throttle, taps, files)
        out.update(warm_start(playwright, site, profile, throttle, game_id))
        return out
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def suffixes(dists: list[Path]) -> list[str]:
    """How each build's apps are named: "floor" and "companion" for one build, with "-<renderer>" for several, or
    "-<folder's name>" when two share a renderer (a build before a change and after it)."""
    if len(dists) == 1:
        return [""]
    renderers = [renderer_of(dist) for dist in dists]
    if len(set(renderers)) == len(renderers):
        return [f"-{renderer}" for renderer in renderers]
    names = [dist.resolve().name for dist in dists]
    if len(set(names)) < len(names):
        raise SystemExit("bench_web: the builds share a renderer and a folder name: give folders of other names")
    return [f"-{name}" for name in names]


def run(dists: list[Path], rounds: int, rates: list[float], taps: int, files: int) -> dict[str, Any]:
    """Every round, at every rate: each build's floor and companion in turn (the order reversed in odd rounds)."""
    from playwright.sync_api import sync_playwright

    report: dict[str, Any] = {"load_before": load(), "runs": []}
    floors = [build_floor(dist) for dist in dists]
    with tempfile.TemporaryDirectory(prefix="bench_web-") as tmp, sync_playwright() as playwright, \
            ExitStack() as servers:
        sites = []
        for dist, floor, suffix in zip(dists, floors, suffixes(dists), strict=True):
            sites.append(servers.enter_context(serving(f"floor{suffix}", floor, Path(tmp), "floor")))
            sites.append(servers.enter_context(serving(f"companion{suffix}", dist, Path(tmp), "companion")))
        for number in range(rounds):
            for rate in rates:
                for site in sites if number % 2 == 0 else sites[::-1]:
                    figures = measure(playwright, site, rate, taps, files, Path(tmp))
                    report["runs"].append({"app": site.name, "cpu": rate, "round": number + 1, **figures})
                    print(f"round {number + 1} CPU x{rate:g} {site.name}: "
                          + ", ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    report["load_after"] = load()
    report["summary"] = summarise(report["runs"], rates, suffixes(dists))
    return report


def summarise(runs: list[dict[str, Any]], rates: list[float], names: list[str] | None = None) -> dict[str, Any]:
    """Per CPU rate and app, every figure's median, min and max; and each build's warm starts' difference
    (``warm_start_over_floor_s`` + the build's suffix)."""
    summary: dict[str, dict[str, Any]] = {}
    for rate in rates:
        part: dict[str, Any] = {}
        for suffix in names or [""]:
            for app in (f"floor{suffix}", f"companion{suffix}"):
                mine = [r for r in runs if r["cpu"] == rate and r["app"] == app]
                keys = [k for k in mine[0] if k not in ("app", "cpu", "round")] if mine else []
                part[app] = {k: spread([r[k] for r in mine if k in r]) for k in keys}
            floor, ours = part[f"floor{suffix}"].get("warm_start_s"), part[f"companion{suffix}"].get("warm_start_s")
            if floor and ours:
                part[f"warm_start_over_floor_s{suffix}"] = ours["median"] - floor["median"]
        summary[f"x{rate:g}"] = part
    return summary


def spread(values: list[float]) -> dict[str, float]:
    finite = [v for v in values if not math.isnan(v)]
    if not finite:
        return {"median": float("nan"), "min": float("nan"), "max": float("nan")}
    return {"median": statistics.median(finite), "min": min(finite), "max": max(finite)}


def print_summary(report: dict[str, Any]) -> None:
    print(f"\nmachine: {report['load_before']} (before), {report['load_after']} (after)")
    for rate, part in report["summary"].items():
        for suffix in sorted(key.removeprefix("companion") for key in part if key.startswith("companion")):
            print_part(rate, part, suffix)


def print_part(rate: str, part: dict[str, Any], suffix: str) -> None:
    """One build's figures at one CPU rate: the companion's beside its floor's."""
    over = part.get(f"warm_start_over_floor_s{suffix}", float("nan"))
    print(f"CPU {rate}{suffix}: warm start companion - floor = {over:+.2f} s")
    floor_tap = part[f"floor{suffix}"].get("tap_p50_ms")
    if floor_tap:  # the goal: each of these taps' p50 <= the floor's + p50 + 50 ms
        taps = {name: part[f"companion{suffix}"].get(f"{key}_p50_ms") for name, key in
                (("+ on a total", "tap"), ("her draw", "draw"), ("her later draw", "draw_later"),
                 ("Next, every module", "next_every_module"))}
        print(f"CPU {rate}{suffix}: tap p50 companion - floor's + = " + ", ".join(
            f"{name} {got['median'] - floor_tap['median']:+.0f} ms" for name, got in taps.items() if got))
    for key, ours in part[f"companion{suffix}"].items():
        floor = part[f"floor{suffix}"].get(key)
        text = f"  {key:32} companion {ours['median']:8.2f} ({ours['min']:.2f}-{ours['max']:.2f})"
        if floor:
            text += f"   floor {floor['median']:8.2f} ({floor['min']:.2f}-{floor['max']:.2f})"
        print(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--taps", type=int, default=20)
    parser.add_argument("--throttle", type=float, nargs="*", default=[1, 4])
    parser.add_argument("--dist", type=Path, nargs="+", default=[DIST],
                        help="the built folders (default dist/web); several (e.g. dist/web dist/web-skwasm): each with "
                             "its floor, all interleaved, named by renderer")
    parser.add_argument("--files", type=int, default=0, help="extra files in the saves' IndexedDB before the taps")
    parser.add_argument("--quick", action="store_true", help="one round at 1x, 3 taps (the test suite's run)")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--spans", action="store_true", help="also each tap's Python share by part (python_*)")
    args = parser.parse_args(argv)
    global SPANS
    SPANS = args.spans
    if args.quick:
        args.rounds, args.throttle, args.taps = 1, [1], 3
    for dist in args.dist:
        if not (dist / "app.zip").is_file():
            print(f"bench_web: no build in {dist}: run scripts/build-web first", file=sys.stderr)
            return 2
    report = run([dist.resolve() for dist in args.dist], args.rounds, args.throttle, args.taps, args.files)
    print_summary(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
