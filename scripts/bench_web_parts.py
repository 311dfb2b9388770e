"""A phone start's Python-side parts, measured in Pyodide under node for builds before and after a change (#33).

For each build: a new node process loads the build's Pyodide library, writes the app's files from its ``app.zip``
(by Python's zipfile, as Flet's worker does, or by ``packaging/web/app-unpack.mjs``, as the build's worker does
when it ships that file) and makes what a phone's start makes before drawing Home: the imports, the app's context,
the router. Each part's wall and CPU time (the CPU time is what a busy machine disturbs least); builds interleaved,
the order swapped each round; medians (min-max) with the machine's load. Browser figures: ``bench_web.py``.

Usage: ``python scripts/bench_web_parts.py --dist BEFORE AFTER [--rounds 5] [--json FILE]``
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
RUNNER = Path(__file__).with_name("bench_web_parts.mjs")
UNPACKER = ROOT / "packaging" / "web" / "app-unpack.mjs"
FIGURES = ("unpack_wall_ms", "unpack_cpu_ms", "start_wall_ms", "start_cpu_ms", "modules")


def one_start(node: str, pyodide: Path, dist: Path) -> dict[str, float]:
    how = "js" if (dist / "app-unpack.mjs").is_file() else "python"
    done = subprocess.run([node, str(RUNNER), str(pyodide), str(dist / "pyodide" / "python_stdlib.zip"),
                           str(dist / "app.zip"), how, str(UNPACKER)], capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise SystemExit(f"bench_web_parts: {dist}: {done.stderr[-2000:]}")
    return {key: float(value) for key, value in json.loads(done.stdout.strip().splitlines()[-1]).items()}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} {five:.1f} {fifteen:.1f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", nargs="+", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench_web_parts: node is missing")
    import flet_web

    pyodide = Path(flet_web.get_package_web_dir()) / "pyodide"
    report: dict[str, Any] = {"load_before": load(), "runs": []}
    for number in range(args.rounds):
        for dist in args.dist if number % 2 == 0 else args.dist[::-1]:
            figures = one_start(node, pyodide, dist)
            report["runs"].append({"build": str(dist), "round": number + 1, **figures})
            print(f"round {number + 1} {dist}: " + ", ".join(f"{k} {v:.0f}" for k, v in figures.items()), flush=True)
    report["load_after"] = load()
    print(f"\n{report['load_before']} (before), {report['load_after']} (after)")
    for dist in args.dist:
        mine = [run for run in report["runs"] if run["build"] == str(dist)]
        spreads = {key: (statistics.median(r[key] for r in mine), min(r[key] for r in mine),
                         max(r[key] for r in mine)) for key in FIGURES}
        report[str(dist)] = spreads
        print(f"{dist}: " + ", ".join(f"{key} {m:.0f} ({lo:.0f}-{hi:.0f})" for key, (m, lo, hi) in spreads.items()))
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
