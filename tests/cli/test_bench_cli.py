"""``companion bench --json`` prints one JSON object with every section the goals name."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_bench_json_has_its_sections_with_real_measurements() -> None:
    result = subprocess.run([sys.executable, "-m", "companion", "bench", "--json", "--quick"],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert 550 <= data["actions"]["count"] <= 700
    for section, key in [("actions", "p50_ms"), ("actions", "p99_ms"), ("undo", "p50_ms"), ("undo", "p99_ms"),
                         ("startup", "cli_ms"), ("memory", "peak_rss_mb"), ("search", "cli_cold_ms")]:
        assert isinstance(data[section][key], float) and data[section][key] > 0, (section, key)
    assert data["actions"]["p50_ms"] <= data["actions"]["p99_ms"]
    for prefix in ("", "with_200_games_", "long_game_"):  # each save measured beside the disk's floor
        floor_p50, floor_p99 = data["actions"][f"{prefix}floor_p50_ms"], data["actions"][f"{prefix}floor_p99_ms"]
        assert 0 < floor_p50 <= floor_p99, prefix
        assert data["actions"][f"{prefix}vs_floor"] == round(data["actions"][f"{prefix}p99_ms"] / floor_p99, 2)
    assert {"actions.vs_floor", "actions.with_200_games_vs_floor", "actions.long_game_vs_floor"} <= set(data["goals"])
    assert set(data["goals"]) >= {"actions.p99_ms", "undo.p99_ms", "startup.cli_ms", "memory.peak_rss_mb",
                                  "search.cli_cold_ms"}
