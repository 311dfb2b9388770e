#!/usr/bin/env python3
"""A table of phones, in one process: a guest's tap until the change is on every one of the guests' mirrors.

    .venv/bin/python scripts/bench_table.py [--guests 5] [--runs 200] [--json]

The host's game (solo against her, three hexes on the meadow) is saved in a temporary folder by a real
``GameStore``; ``--guests`` guests join on in-process links (``companion.table.link.memory_pair``), each a
``TableGuest`` with the mirror its game screen would draw. The guests take turns tapping: a point, then its undo,
then her draw (undone in turn), so every sample changes the game and is saved. A sample runs from the guest's
tap (``MirrorSession.execute``: encoding, the host's checks, its session's execute and durable save, the patch to
every guest, each guest's check and patch) to every mirror holding the new revision. No screen is drawn: this is the
protocol's share; with the screens, in browsers, it is ``scripts/bench_table_browser.py``.

Also reported: the sizes of what goes over the links (a whole game, a patch for a point and for her draw).
The goal (issue 36): p99 <= 300 ms for a change seen on every one of 5 guests. A goal, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.core.broodmother.commands import DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.content import load_content
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.table import protocol
from companion.table.guest import TableGuest
from companion.table.host import TableHost, game_document
from companion.table.link import memory_pair

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
HEXES = ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1))


class Sizes:
    """The texts the host sends, by kind: each message's length in bytes."""

    def __init__(self) -> None:
        self.by_kind: dict[str, list[int]] = {}

    def wrap(self, link: object) -> None:
        send = link.send  # type: ignore[attr-defined]

        def counted(text: str) -> None:
            kind = json.loads(text)["kind"]
            self.by_kind.setdefault(kind, []).append(len(text.encode()))
            send(text)

        link.send = counted  # type: ignore[attr-defined]


def table(folder: Path, guests: int, sizes: Sizes) -> tuple[TableHost, list[TableGuest]]:
    store = GameStore(folder / "games.json")
    session = store.create(SOLO, name="Bench table", seed=3)
    for n, zone, sites in HEXES:
        session.execute(AddHex(n, zone, sites))
    host = TableHost(lambda: session)
    content = session.content
    joined = []
    for index in range(guests):
        host_end, guest_end = memory_pair()
        sizes.wrap(host_end)
        host.add(host_end)
        guest = TableGuest(f"Guest {index + 1}", "es" if index % 2 else "en", content)
        guest.attach(guest_end)
        joined.append(guest)
    return host, joined


def tap(guest: TableGuest, everyone: list[TableGuest], step: int) -> float:
    """One tap of the rotation, timed until every mirror holds the host's new revision (ms)."""
    mirror = guest.mirror
    assert mirror is not None
    want = mirror.revision + 1
    started = time.perf_counter()
    action: Command | None = (AdjustScore("p1", 1), None, DrawCard(), None)[step % 4]
    if action is None:
        mirror.undo()
    else:
        mirror.execute(action)
    elapsed = (time.perf_counter() - started) * 1000
    if any(g.mirror is None or g.mirror.revision != want for g in everyone):
        raise SystemExit(f"tap {step}: not every guest shows revision {want}; notes: {guest.notes[-1:]}")
    return elapsed


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run(guests: int, runs: int) -> dict[str, object]:
    sizes = Sizes()
    with tempfile.TemporaryDirectory() as folder:
        host, joined = table(Path(folder), guests, sizes)
        load_content()
        for step in range(8):  # warm: caches, pydantic's adapters
            tap(joined[step % guests], joined, step)
        sizes.by_kind.clear()
        times = [tap(joined[step % guests], joined, step) for step in range(runs)]
        whole = len(protocol.encode(protocol.whole_game(game_document(host.session()))).encode())
    patches = sizes.by_kind.get("patch", [])
    return {
        "guests": guests, "runs": runs, "load_average": os.getloadavg()[0],
        "ms": {"p50": statistics.median(times), "p95": percentile(times, 0.95), "p99": percentile(times, 0.99),
               "max": max(times)},
        "bytes": {"whole_game": whole, "patch_p50": statistics.median(patches) if patches else None,
                  "patch_max": max(patches) if patches else None, "wholes_sent": len(sizes.by_kind.get("game", []))},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--guests", type=int, default=5)
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.guests, args.runs)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    ms, sizes = result["ms"], result["bytes"]
    print(f"{args.guests} guests, {args.runs} taps (load average {result['load_average']:.1f}): "
          "p50 {p50:.1f} ms, p95 {p95:.1f} ms, p99 {p99:.1f} ms, max {max:.1f} ms".format(**ms))  # type: ignore[str-format]
    print("bytes: a whole game {whole_game}, a patch p50 {patch_p50}, largest {patch_max}; "
          "games sent whole during the run: {wholes_sent}".format(**sizes))  # type: ignore[str-format]


if __name__ == "__main__":
    main()
