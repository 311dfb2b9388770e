"""Sync latency between two devices at a shared table, on this machine's loopback.

Starts the app as a host would (``companion --share``, with 127.0.0.2 standing in for the
local network) on a throw-away save, joins a second device with the code, then taps +1
and -1 on the host's device N times and measures, for each tap, the time until the other
device has received the new total. Both devices are bare clients of Flet's WebSocket
protocol (``tests/ui/flet_wire.py``), so what is measured is the server: the command,
its durable save, and the update sent to the other device. Goal: p99 <= 300 ms.

    .venv/bin/python scripts/bench_sync.py [--taps 200] [--json]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.ui.browser import run_server  # noqa: E402
from tests.ui.flet_wire import WireDevice  # noqa: E402

LAN = "127.0.0.2"
GOAL_P99_MS = 300.0
SHARED_LINE = re.compile(r"Sharing this table on the local network: http://[\d.]+:(\d+)/")
CODE_LINE = re.compile(r"type the code (\d{3}) (\d{3})")


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _wait_line(output: list[str], pattern: re.Pattern[str]) -> re.Match[str]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        for line in list(output):
            if match := pattern.search(line):
                return match
        time.sleep(0.05)
    raise SystemExit(f"the app did not share the table: {''.join(output)}")


def measure(taps: int) -> dict[str, float | int | bool]:
    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "games.json"
        made = subprocess.run([sys.executable, "-m", "companion", "game", "new", "--db", str(db), "--player",
                               "Ana:red", "--player", "Bo:blue"], check=True, capture_output=True, text=True)
        game = made.stdout.strip()
        command = [sys.executable, "-m", "companion", "--share", "--share-address", LAN]
        with run_server(db, command=command, cwd=ROOT) as server:
            port = _wait_line(server.output, SHARED_LINE).group(1)
            code = "".join(_wait_line(server.output, CODE_LINE).groups())
            host = WireDevice(server.url, f"/game/{game}")
            host.wait_id("plus-p1")
            guest = WireDevice(f"http://{LAN}:{port}")
            guest.wait_id("screen-join")
            guest.type("Code from the host's screen", code)
            guest.type("Your name", "Bench")
            guest.tap("join-submit")
            guest.wait_id("plus-p1")
            latencies: list[float] = []
            total = 0
            for i in range(taps):
                up = i % 2 == 0
                total += 1 if up else -1
                wanted = f"Ana: {total} "
                sent = time.monotonic()
                host.tap("plus-p1" if up else "minus-p1")
                guest.wait(lambda w=wanted, s=sent: guest.said(w, s), timeout=10, what=wanted)  # type: ignore[misc]
                arrived = next(when for when, m in guest.received if when >= sent and wanted in repr(m))
                latencies.append((arrived - sent) * 1000)
                time.sleep(0.45)  # a player's pace, and past the debounce of a double tap
            host.close()
            guest.close()
    p99 = _percentile(latencies, 0.99)
    return {"taps": taps, "p50_ms": round(statistics.median(latencies), 1), "p99_ms": round(p99, 1),
            "max_ms": round(max(latencies), 1), "goal_p99_ms": GOAL_P99_MS, "ok": p99 <= GOAL_P99_MS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.taps)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"sync between two devices over {result['taps']} taps: p50 {result['p50_ms']} ms, "
              f"p99 {result['p99_ms']} ms (goal <= {GOAL_P99_MS:.0f} ms), max {result['max_ms']} ms")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
