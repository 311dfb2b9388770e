"""``scripts/bench_web.py --dist A B``: several builds measured in one run, each against its own floor.

The apps are named by the build's renderer (read from its stamp), and each build's warm start is set against its
own floor's, never another build's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scripts.bench_web import renderer_of, suffixes, summarise


def build(folder: Path, renderer: str | None) -> Path:
    folder.mkdir()
    stamp = {"key": "k", "version": "v"} | ({"renderer": renderer} if renderer else {})
    (folder / "build-stamp.json").write_text(json.dumps(stamp), encoding="utf-8")
    return folder


def test_each_build_is_named_by_its_renderer_and_one_build_keeps_the_plain_names(tmp_path: Path) -> None:
    skwasm, old = build(tmp_path / "web", "skwasm"), build(tmp_path / "old", None)
    assert renderer_of(skwasm) == "skwasm" and renderer_of(old) == "canvaskit"  # a stamp from before the option
    assert renderer_of(tmp_path / "missing") == "canvaskit"
    assert suffixes([skwasm]) == [""]
    assert suffixes([old, skwasm]) == ["-canvaskit", "-skwasm"]
    before = build(tmp_path / "before", "skwasm")  # the same renderer before and after a change: the folders' names
    assert suffixes([before, skwasm]) == ["-before", "-web"]
    (tmp_path / "other").mkdir()
    with pytest.raises(SystemExit):
        suffixes([skwasm, build(tmp_path / "other" / "web", "skwasm")])


def test_each_companion_is_set_against_its_own_floor() -> None:
    runs = [{"app": app, "cpu": 4.0, "round": n, "warm_start_s": seconds}
            for app, seconds in (("floor-canvaskit", 40.0), ("companion-canvaskit", 27.0),
                                 ("floor-skwasm", 10.0), ("companion-skwasm", 20.0))
            for n in (1, 2)]
    runs.append({"app": "companion-skwasm", "cpu": 4.0, "round": 3, "warm_start_s": 26.0})
    part = summarise(runs, [4.0], ["-canvaskit", "-skwasm"])["x4"]
    assert part["warm_start_over_floor_s-canvaskit"] == pytest.approx(-13.0)
    assert part["warm_start_over_floor_s-skwasm"] == pytest.approx(10.0)  # median of 20, 20, 26 against 10
    assert part["companion-skwasm"]["warm_start_s"] == {"median": 20.0, "min": 20.0, "max": 26.0}
