"""One resume of the phone build traced: Home -> the game's row -> the game screen, with the CPU slowed.

A first visit makes and imports a solo game (as ``bench_web.py`` does), then a new browser process starts warm on
that profile and taps the game's row while Chrome's tracing runs. It prints when the game's node reached the
accessibility tree (``dom``) and the frame after it (``painted``), both by the page's clock from the pointer down,
the page's main-thread and Python worker's CPU up to the node (``tdur``: a loaded machine swells it far less than
the wall clock, if not at all is too much to say) and the long frames: where a resume's time goes
(docs/developing.md, "Resuming a game from Home")::

    .venv/bin/python scripts/trace_resume.py --dist dist/web --throttle 4 --out /tmp/resume.json
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts import bench_web  # noqa: E402
from scripts.tap_timing import ARM_TAP  # noqa: E402

CATEGORIES = "devtools.timeline,disabled-by-default-devtools.timeline,toplevel,v8.execute"
LONG_FRAME_MS = 100
WAIT_MS = 60_000


def traced_resume(dist: Path, throttle: float) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """The page's timing of one warm resume and the trace's events."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright, \
            bench_web.serving("companion", dist, Path(tmp), "companion") as site:
        profile = Path(tmp) / "profile"
        _, game_id = bench_web.first_visit(playwright, site, profile, throttle, 1, 0)
        with bench_web.browser_on(playwright, profile, throttle) as page:
            ui, _ = bench_web.timed_start(page, site.url)
            ui.by_id(f"resume-{game_id}").wait_for(state="attached", timeout=WAIT_MS)
            page.wait_for_timeout(3000)  # the start's own work done (other screens imported after the first)
            cdp = page.context.new_cdp_session(page)
            events: list[dict[str, Any]] = []
            done: list[bool] = []
            cdp.on("Tracing.dataCollected", lambda params: events.extend(params["value"]))
            cdp.on("Tracing.tracingComplete", lambda _: done.append(True))
            cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReportEvents"})
            page.evaluate(ARM_TAP, ["screen-game", None, WAIT_MS])
            ui.tap(f"resume-{game_id}")
            ui.by_id("screen-game").wait_for(state="attached", timeout=WAIT_MS)
            page.wait_for_timeout(1500)
            timed = page.evaluate("window.__tap")
            cdp.send("Tracing.end")
            while not done:
                page.wait_for_timeout(100)
    return timed, events


def summary(timed: dict[str, float], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The page's figures and, from the trace, each thread's CPU up to the node and the main thread's long frames."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = {key for key, name in names.items() if name == "CrRendererMain"}
    worker = {key for key, name in names.items() if name == "DedicatedWorker thread"}
    start = min(e["ts"] for e in events if e.get("name") == "EventDispatch"
                and e.get("args", {}).get("data", {}).get("type") == "pointerdown")
    node = start + timed["dom"] * 1000

    def cpu_ms(threads: set[tuple[int, int]], name: str, until: float) -> float:
        return sum(e.get("tdur", 0) for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) in threads
                   and e["name"] == name and start <= e["ts"] <= until) / 1000

    frames = [((e["ts"] - start) / 1000, e.get("tdur", 0) / 1000) for e in events
              if e.get("ph") == "X" and (e["pid"], e["tid"]) in main and e["name"] == "FireAnimationFrame"
              and e["ts"] >= start and e.get("tdur", 0) / 1000 >= LONG_FRAME_MS]
    return {"dom_ms": round(timed["dom"]), "painted_ms": round(timed["painted"]),
            "main_cpu_to_node_ms": round(cpu_ms(main, "ThreadControllerImpl::RunTask", node)),
            "worker_cpu_to_node_ms": round(cpu_ms(worker, "ThreadControllerImpl::RunTask", node)),
            "long_frames_at_ms_cpu_ms": [(round(at), round(took)) for at, took in frames]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, default=bench_web.DIST)
    parser.add_argument("--throttle", type=float, default=4)
    parser.add_argument("--out", type=Path, help="also write the trace's events here (Chrome's JSON array)")
    args = parser.parse_args(argv)
    timed, events = traced_resume(args.dist, args.throttle)
    if args.out:
        args.out.write_text(json.dumps(events))
    print(json.dumps({"load": bench_web.load(), **summary(timed, events)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
