"""The order the tests are handed to the two workers (``tests/conftest.py``): by rank (the phone build's, the slow,
the browser tests, the quick), and within a rank the tests and groups the last run timed longest first."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("xdist", reason="the order is the two workers' (pytest-xdist); Pyodide's run has none")

from tests.conftest import TIMES_KEY, _keep_both_workers_busy, took_last_time


@dataclass
class Cache:
    kept: dict[str, Any]

    def get(self, key: str, default: object) -> object:
        return self.kept.get(key, default)


@dataclass
class Config:
    cache: Cache | None


@dataclass
class Item:
    """What the ordering reads of a collected test: its id, its markers, its fixtures and the run's config."""

    nodeid: str
    config: Config
    markers: dict[str, pytest.Mark] = field(default_factory=dict)
    fixturenames: tuple[str, ...] = ()

    def get_closest_marker(self, name: str) -> pytest.Mark | None:
        return self.markers.get(name)


NO_FILE = Path("/nonexistent/test_times.json")


def order(took: dict[str, object] | None, *tests: tuple[str, str | None], measured: Path = NO_FILE) -> list[str]:
    """The ids in the order handed out, for tests given as (id, marker or group name or None), with the cache's
    times ``took`` and the committed ones in ``measured``."""
    config = Config(Cache({TIMES_KEY: took}) if took is not None else None)
    items = []
    for nodeid, mark in tests:
        markers = {}
        if mark in ("slow", "browser"):
            markers[mark] = getattr(pytest.mark, mark).mark
        elif mark:
            markers["xdist_group"] = pytest.mark.xdist_group(mark).mark
        items.append(Item(nodeid, config, markers))
    _keep_both_workers_busy(items, measured)  # type: ignore[arg-type]  # the parts of pytest.Item it reads
    return [item.nodeid for item in items]


TESTS = (("tests/a.py::quick", None), ("tests/a.py::new", None), ("tests/b.py::long", None),
         ("tests/c.py::slow", "slow"), ("tests/d.py::one", "d"), ("tests/d.py::two", "d"))


def test_within_a_rank_the_longest_last_time_go_first_and_a_group_stays_whole() -> None:
    took = {"tests/a.py::quick": 0.5, "tests/b.py::long": 40.0, "tests/c.py::slow": 1.0, "tests/d.py::one": 30.0,
            "tests/d.py::two": 20.0}
    assert order(took, *TESTS) == ["tests/c.py::slow", "tests/d.py::one", "tests/d.py::two", "tests/b.py::long",
                                   "tests/a.py::quick", "tests/a.py::new"]


def test_without_times_the_ranks_keep_the_files_order() -> None:
    expected = ["tests/c.py::slow", "tests/a.py::quick", "tests/a.py::new", "tests/b.py::long", "tests/d.py::one",
                "tests/d.py::two"]
    assert order(None, *TESTS) == expected  # -p no:cacheprovider
    assert order({}, *TESTS) == expected  # a first run
    assert order({"tests/b.py::long": "long"}, *TESTS) == expected  # a damaged cache entry is no time


def test_the_times_read_back_are_numbers_only() -> None:
    assert took_last_time(Config(Cache({TIMES_KEY: ["not", "a", "dict"]})), NO_FILE) == {}  # type: ignore[arg-type]
    assert took_last_time(Config(Cache({TIMES_KEY: {"t": 2, "u": None}})), NO_FILE) == {"t": 2.0}  # type: ignore[arg-type]


def test_a_clean_clone_orders_by_the_committed_times_and_the_cache_wins(tmp_path: Path) -> None:
    """CI's clean clone has no cache: the committed file's times order the tests; a test the cache timed goes by
    the cache's time."""
    measured = tmp_path / "test_times.json"
    measured.write_text(json.dumps({"tests/b.py::long": 40.0, "tests/a.py::new": 3.0}), encoding="utf-8")
    assert order(None, *TESTS, measured=measured) == ["tests/c.py::slow", "tests/b.py::long", "tests/a.py::new",
                                                      "tests/a.py::quick", "tests/d.py::one", "tests/d.py::two"]
    assert order({"tests/d.py::one": 50.0}, *TESTS, measured=measured)[1:3] == ["tests/d.py::one", "tests/d.py::two"]
    measured.write_text("not json", encoding="utf-8")
    assert order(None, *TESTS, measured=measured) == order(None, *TESTS)  # a damaged file is no times
