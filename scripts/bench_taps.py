#!/usr/bin/env python3
"""Tap to updated screen, in a real browser: + on a total, her draw and Next on a phone-sized game screen.

    .venv/bin/python scripts/bench_taps.py [--runs 30] [--json] [--only start back open plus draw ...] [--spans [--cpu]]

Serves the app (``python -m companion``) on a temporary database holding a solo game (three hexes
on the meadow) and a 4-player competitive game with every Minions/Empires module and variant, opens
each in Debian's chromium at 360x740 (Playwright with ``executable_path``; never a downloaded
browser), and times ``--runs`` taps of each kind from the pointer going down on the button:

- *answered*: until the browser's accessibility tree shows the change where the player looks (a
  ``MutationObserver`` watching the Undo button's label, which the tap's first update rewrites together
  with the round bar, her moment and the standings), plus the next animation frame (the one that paints it);
- *settled*: until the frame painted after the last message of the tap's answer (the panels further down,
  which the app sends a moment later: ``GameScreen.refresh``), once the connection has been quiet for 300 ms.

Each tap is then undone (not timed) so every sample starts from the same screen; the seeded generator makes
each draw the same card.

``--only open`` (or with the rest) times *Back to the game*'s screen opening: from Home, a tap on the 4-player
game with every module until its round bar is painted (*answered*) and until the last message of the opening
(*settled*); Back to Home between the runs (not timed).

``--only start`` times *Start game*: the wizard walked from Home with its defaults (not timed), its last tap
until the game screen's round bar is in the accessibility tree and painted (*answered*), and until the opening's
last message (*settled*). ``--only back`` times *Back to the game*: from the rules the round bar's "?" opened, the
rules screen's arrow until the game's round bar is painted (the 4-player game with every module).

``--spans`` also reports Python's share of each timed tap by part (for ``open``, the route change that builds the
screen, both its passes, with Home built beneath as ``home``) (``companion.spans``: the server appends each
tap's figures to a file; p50s of busy, first start to last end, and each part), the undo after it left out.

Goals (issue 16): p50 <= 100 ms for her draw, p50 <= 80 ms for Next, for the answer. A goal, not a test:
shared machines make timed tests flaky, so nothing asserts these numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.bench.timing import percentile  # noqa: E402
from companion.core.content import load_content  # noqa: E402
from companion.core.units import every_module  # noqa: E402
from scripts.tap_timing import ARM_TAP, span_line, span_summary  # noqa: E402

SPANS_ENV = "COMPANION_TAP_SPANS"  # companion.spans: the server appends each tap's figures to this file

VIEWPORT = {"width": 360, "height": 740}
GOALS = {"draw": 100.0, "next_solo": 80.0, "next_competitive": 80.0}
DEBOUNCE_GAP_MS = 500  # a second tap on the same action within 0.4 s is ignored by the app
#: Every module a game of March of the Ants can have at once, found in the content (``companion.core.units``).
EVERY_MODULE = every_module(load_content(), "mota", drafting="round-draft")

# Every message from the server: the time of the animation frame painted after it (``window.__painted``).
_WATCH_MESSAGES = """(() => {
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    socket.addEventListener('message', () => requestAnimationFrame(() => {
      window.__painted = performance.now(); }));
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
})();"""
QUIET_MS = 300  # no message for this long: the tap's answer is complete

def prepare(db: Path) -> dict[str, str]:
    from companion.core.broodmother.meadow_commands import AddHex
    from companion.core.setup import GameSetup, PlayerSpec
    from companion.store import GameStore

    store = GameStore(db)
    solo = store.create(GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),),
                                  expansions=("minions",)), name="Bench solo", seed=2)
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        solo.execute(AddHex(number, zone, sites))
    four = tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")))
    comp = store.create(GameSetup(game="mota", mode="competitive", players=four, **EVERY_MODULE),  # type: ignore[arg-type]
                        name="Bench table", seed=3)
    ids = {"solo": solo.id, "competitive": comp.id}
    store.close()
    return ids


def label_of(ui: Any, ident: str) -> str:
    return " ".join((ui.by_id(ident).get_attribute("aria-label") or ui.by_id(ident).inner_text()).split())


def timed_tap(ui: Any, button: str, watch: str) -> dict[str, float] | None:
    """Tap ``button`` where it is painted; the time until ``watch``'s label changes (``painted``) and until the
    frame after the answer's last message (``settled``)."""
    if not ui._fixed(ui.by_id(button)):  # an app bar's or a bottom bar's button is where it is
        ui.show(button)
    box = ui.by_id(button).bounding_box()
    assert box is not None, button
    before = ui.page.evaluate(
        "i => { const n = document.querySelector(`[flt-semantics-identifier=\"${i}\"]`);"
        " return n ? (n.getAttribute('aria-label') || n.innerText || '').trim() : null; }", watch)
    ui.page.evaluate(ARM_TAP, [watch, before, 10000])
    ui.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    result: dict[str, float] | None = ui.page.evaluate("() => window.__tap")
    if result is None:
        return None
    last = ui.page.evaluate("() => window.__painted")
    while True:  # until the connection has been quiet for a while
        ui.page.wait_for_timeout(QUIET_MS)
        now = ui.page.evaluate("() => window.__painted")
        if now == last:
            break
        last = now
    result["settled"] = max(result["painted"], last - ui.page.evaluate("() => window.__down"))
    return result


def undo(ui: Any) -> None:
    before = label_of(ui, "undo")
    ui.tap("undo")
    deadline = time.monotonic() + 10
    while label_of(ui, "undo") == before and time.monotonic() < deadline:
        ui.page.wait_for_timeout(30)
    ui.page.wait_for_timeout(DEBOUNCE_GAP_MS)


def sample(ui: Any, button: str, runs: int, warmup: int = 3) -> dict[str, list[Any]]:
    times: dict[str, list[Any]] = {"answered": [], "settled": [], "spans": []}
    for n in range(runs + warmup):
        measured_since = spans_mark()
        got = timed_tap(ui, button, "undo")
        if got is None:
            raise RuntimeError(f"tapping {button} changed nothing within 10 s")
        if n >= warmup:
            times["answered"].append(got["painted"])
            times["settled"].append(got["settled"])
            times["spans"] += spans_since(measured_since)
        undo(ui)
    return times


def sample_open(ui: Any, game_id: str, runs: int, warmup: int = 2) -> dict[str, list[Any]]:
    """Open the game from Home ``runs`` times (after ``warmup`` untimed), back to Home after each."""
    times: dict[str, list[Any]] = {"answered": [], "settled": [], "spans": []}
    for n in range(runs + warmup):
        ui.by_id(f"resume-{game_id}").wait_for()
        ui.page.wait_for_timeout(DEBOUNCE_GAP_MS)
        measured_since = spans_mark()
        got = timed_tap(ui, f"resume-{game_id}", "round")
        if got is None:
            raise RuntimeError("opening the game showed nothing within 10 s")
        if n >= warmup:
            times["answered"].append(got["painted"])
            times["settled"].append(got["settled"])
            # the route change's record: the tap's own is the navigation alone (~0.2 ms)
            times["spans"] += sorted(spans_since(measured_since), key=lambda r: r["busy_ms"])[-1:]
        ui.tap("back")
    return times


def sample_start(ui: Any, runs: int, warmup: int = 1) -> dict[str, list[Any]]:
    """Start a new game ``runs`` times (after ``warmup`` untimed): through the wizard's steps from Home (not timed),
    then its last tap, *Start game*, timed until the game screen's round bar is in the accessibility tree; back to
    Home after each (not timed). The Python share is the tap's and the route change's together."""
    times: dict[str, list[Any]] = {"answered": [], "settled": [], "spans": []}
    for n in range(runs + warmup):
        ui.tap("new-game")
        ui.wait_screen("new-game")
        for step in range(2, 6):
            ui.past_tap_window()
            ui.tap("wizard-next")
            ui.expect_label("wizard-step", re.compile(f"Step {step} of"))
        ui.page.wait_for_timeout(DEBOUNCE_GAP_MS)
        _timed_opening(ui, "start-game", times, counted=n >= warmup)
        ui.tap("back")
        ui.wait_screen("home")
    return times


def sample_back(ui: Any, runs: int, warmup: int = 1) -> dict[str, list[Any]]:
    """*Back to the game* ``runs`` times (after ``warmup`` untimed): the round bar's "?" opens the rules (not timed),
    and the rules screen's Back to the game is timed until the game's round bar is in the accessibility tree."""
    times: dict[str, list[Any]] = {"answered": [], "settled": [], "spans": []}
    for n in range(runs + warmup):
        ui.by_id("round").wait_for()
        ui.page.wait_for_timeout(DEBOUNCE_GAP_MS)
        ui.tap("help-rounds")
        ui.wait_screen("rules")
        ui.by_id("back-to-game").wait_for()
        ui.page.wait_for_timeout(DEBOUNCE_GAP_MS)
        _timed_opening(ui, "back-to-game", times, counted=n >= warmup)
    return times


def _timed_opening(ui: Any, button: str, times: dict[str, list[Any]], counted: bool) -> None:
    """Tap ``button``, which opens the game screen, until its round bar is painted; the figures kept if ``counted``
    (Python's share: the tap and the route change it asked for, as one)."""
    measured_since = spans_mark()
    got = timed_tap(ui, button, "round")
    if got is None:
        raise RuntimeError(f"tapping {button} showed no game within 10 s")
    if counted:
        times["answered"].append(got["painted"])
        times["settled"].append(got["settled"])
        times["spans"].append(merged(spans_since(measured_since)))


def merged(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Python's share of one opening made of several measured steps (the tap, then the route change the browser
    sent back): their busy, first-pass and wall times and their parts added up."""
    parts: dict[str, float] = {}
    for record in records:
        for name, took in record["parts"].items():
            parts[name] = parts.get(name, 0.0) + took
    return {"busy_ms": sum(r["busy_ms"] for r in records), "first_ms": sum(r.get("first_ms", 0) for r in records),
            "wall_ms": sum(r["wall_ms"] for r in records), "parts": parts}


def spans_mark() -> int:
    """Where the server's measured taps (``--spans``) end now: the next ones are the tap about to be timed."""
    path = os.environ.get(SPANS_ENV)
    return Path(path).stat().st_size if path and Path(path).exists() else 0


def spans_since(mark: int) -> list[dict[str, Any]]:
    """The taps the server measured since ``mark`` (``companion.spans``): the timed tap's, its undo not yet made."""
    path = os.environ.get(SPANS_ENV)
    if not path or not Path(path).exists():
        return []
    with open(path, encoding="utf-8") as lines:
        lines.seek(mark)
        return [json.loads(line) for line in lines if line.strip()]


def summary(times: dict[str, list[Any]]) -> dict[str, Any]:
    answered, settled = times["answered"], times["settled"]
    return {"python": span_summary(times["spans"]),
            "p50_ms": round(statistics.median(answered), 1), "p95_ms": round(percentile(answered, 95), 1),
            "min_ms": round(min(answered), 1), "max_ms": round(max(answered), 1), "n": len(answered),
            "settled_p50_ms": round(statistics.median(settled), 1),
            "settled_p95_ms": round(percentile(settled, 95), 1)}


SCENARIOS = (("start", "", ""), ("back", "competitive", ""), ("open", "competitive", ""),
             ("plus", "competitive", "plus-p1"),
             ("draw", "solo", "bm-her-turn"), ("next_solo", "solo", "next-phase"),
             ("next_competitive", "competitive", "next-phase"))


def run(runs: int, progress: Callable[[str], None], only: tuple[str, ...] = ()) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from tests.ui.browser import launch_chromium, new_tab, run_server

    with tempfile.TemporaryDirectory(prefix="companion-taps-") as tmp:
        db = Path(tmp) / "games.json"
        ids = prepare(db)
        results: dict[str, Any] = {}
        with run_server(db) as server, sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            try:
                for key, game, button in [s for s in SCENARIOS if not only or s[0] in only]:
                    ui = new_tab(browser, server.url, VIEWPORT)
                    ui.page.add_init_script(_WATCH_MESSAGES)
                    from_home = key in ("open", "start")
                    ui.open("/" if from_home else f"/game/{ids[game]}", "home" if from_home else "game")
                    ui.page.wait_for_timeout(800)
                    progress(f"{key}: {runs} taps")
                    results[key] = summary(_sampled(key, ui, ids.get(game, ""), button, runs))
                    ui.page.context.close()
            finally:
                browser.close()
    results["goals"] = {key: {"goal_p50_ms": goal, "met": results[key]["p50_ms"] <= goal}
                        for key, goal in GOALS.items() if key in results}
    return results


def _sampled(key: str, ui: Any, game_id: str, button: str, runs: int) -> dict[str, list[Any]]:
    """The timed taps of the scenario ``key`` on the tab ``ui``."""
    if key == "start":
        return sample_start(ui, runs)
    if key == "back":
        return sample_back(ui, runs)
    if key == "open":
        return sample_open(ui, game_id, runs)
    return sample(ui, button, runs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=30, help="timed taps of each kind (default 30)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--only", nargs="+", choices=[key for key, _, _ in SCENARIOS], default=(),
                        help="time only these taps (default: all)")
    parser.add_argument("--spans", action="store_true",
                        help="also report Python's share of each tap by part (companion.spans), p50s")
    parser.add_argument("--cpu", action="store_true",
                        help="with --spans: each part in CPU time (a busy machine's waits left out; wall is then moot)")
    args = parser.parse_args(argv)
    if args.cpu:
        os.environ["COMPANION_TAP_SPANS_CPU"] = "1"
    with tempfile.TemporaryDirectory(prefix="companion-spans-") as spans_dir:
        if args.spans:
            os.environ[SPANS_ENV] = str(Path(spans_dir) / "spans.jsonl")
        results = run(args.runs, lambda line: print(line, file=sys.stderr), tuple(args.only))
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    for key, _, _ in SCENARIOS:
        if key not in results:
            continue
        r, goal = results[key], GOALS.get(key)
        mark = "" if goal is None else "ok " if r["p50_ms"] <= goal else "MISSED"
        print(f"{mark:6} taps.{key:<18} answered p50 {r['p50_ms']:>6} ms  p95 {r['p95_ms']:>6} ms  "
              f"settled p50 {r['settled_p50_ms']:>6} ms  p95 {r['settled_p95_ms']:>6} ms  "
              f"(n={r['n']}" + ("" if goal is None else f", goal: answered p50 <= {goal}") + ")")
        if r["python"]:
            print(f"       {'':<24} {span_line(r['python'])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
