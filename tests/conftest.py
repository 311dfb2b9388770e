"""Shared fixtures: every test gets its own saves database on disk, never the user's."""

from __future__ import annotations

import os

# Every panel is held to the parts of the game it says it never reads (``companion.ui.kept``), here and in the app
# servers the browser tests start (they inherit this environment).
os.environ["COMPANION_CHECK_KEPT"] = "1"
# A change the app could not read back after saving it is a programmer error here, not a polite refusal
# (``companion.core.validation.check_readable``); the app servers the browser tests start inherit it too.
os.environ["COMPANION_STRICT"] = "1"

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.core.content import Content, load_content
from companion.core.setup import GameSetup
from companion.store import GameStore
from tests.helpers import ON_PYODIDE, examples, four_players
from tests.rerun_timeout import pytest_runtest_setup  # noqa: F401 (a hook: pytest finds it in this namespace)

#: Inside Pyodide (tests/web/test_pyodide_node.py) the Hypothesis tests are not collected: its wheel is compiled for
#: the host only (a Rust extension), and there is none for WebAssembly.
collect_ignore = ["core/test_patch_and_rng.py", "core/test_stateful.py"] if ON_PYODIDE else []

if not ON_PYODIDE:
    from hypothesis import settings

    # Speed goals live in ``companion bench``, not in timed tests: Hypothesis's 200 ms per example failed the patch
    # test on a loaded two-core machine with nothing wrong.
    # Fifty examples where a property names no count (Hypothesis's own default is a hundred): each run draws new
    # ones; ``COMPANION_EXAMPLES`` (``tests.helpers.examples``) multiplies every property's count.
    settings.register_profile("companion", deadline=None, max_examples=examples(50))
    settings.load_profile("companion")


@pytest.fixture(autouse=True)
def _isolated_db(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point COMPANION_DB at a temporary file so no test touches the real saves (nor the user's cache)."""
    monkeypatch.setenv("COMPANION_DB", str(tmp_path_factory.mktemp("db") / "games.json"))
    monkeypatch.setenv("COMPANION_CACHE", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One Debian chromium for the session, shared by the app's browser tests and the phone build's: Playwright's
    sync API runs one driver per process, so a second ``sync_playwright()`` beside it would fail."""
    from tests.ui.browser import CHROMIUM, launch_chromium

    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); "
                    "never `playwright install`")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch_chromium(playwright)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def content() -> Content:
    return load_content()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.json"


@pytest.fixture
def store(db_path: Path) -> Iterator[GameStore]:
    s = GameStore(db_path)
    yield s
    s.close()


@pytest.fixture
def four_player_setup() -> GameSetup:
    return GameSetup(game="mota", players=four_players())


EditData = Callable[[str, Callable[[Any], None]], Path]


@pytest.fixture
def edit_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[EditData]:
    """``edit_data("game/games.json", change)``: the app's ``data/`` becomes a copy of the real one whose
    file ``change`` edited (its folder only); returns the edited file."""
    from companion.paths import data_dir

    def edit(relative: str, change: Callable[[Any], None]) -> Path:
        folder = relative.partition("/")[0]
        if not (tmp_path / "data" / folder).exists():
            shutil.copytree(data_dir() / folder, tmp_path / "data" / folder)
        target = tmp_path / "data" / relative
        data = json.loads(target.read_text(encoding="utf-8"))
        change(data)
        target.write_text(json.dumps(data), encoding="utf-8")
        monkeypatch.setenv("COMPANION_DATA", str(tmp_path / "data"))
        data_dir.cache_clear()
        return target

    yield edit
    data_dir.cache_clear()



#: Where the last run's times are kept, in pytest's cache (``.pytest_cache``; none with ``-p no:cacheprovider``).
TIMES_KEY = "companion/took"
#: The last run's own times (a test renamed or merged since is not among them), which ``scripts/test-times`` writes.
LAST_RUN_KEY = "companion/took_last_run"
#: The times a clean clone (CI's) orders by, having no cache: each test of a second or more in a measured whole run,
#: written from the cache by ``scripts/test-times``.
MEASURED_TIMES = Path(__file__).with_name("test_times.json")


#: The fixtures that start a real browser or build a bundle: a test using one is of the whole tier only.
HEAVY_FIXTURES = {"browser": "browser", "server": "browser"}


@pytest.hookimpl(tryfirst=True)  # before xdist names each test's group from its markers
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The tiers are declared by markers (``scripts/run-tests --fast`` is ``-m "not browser and not slow"``): a test
    that drives a browser without saying so would slip into the fast tier and make it slow, so it fails here. Then
    the two workers are kept busy (``_keep_both_workers_busy``)."""
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        for fixture, marker in HEAVY_FIXTURES.items():
            if fixture in fixtures and item.get_closest_marker(marker) is None:
                raise pytest.UsageError(f"{item.nodeid} uses the {fixture!r} fixture: mark it @pytest.mark.{marker}")
    _run_browser_tests_twice_at_most(items)
    _keep_both_workers_busy(items)


#: How often a failed browser test runs again before it counts as failed.
BROWSER_RERUNS = 1


def _run_browser_tests_twice_at_most(items: list[pytest.Item]) -> None:
    """A browser test that fails runs once more (pytest-rerunfailures) and fails the run only if it fails again.

    Why: on the two-core machines that run the whole suite, two workers, chromium and the app's servers share the
    CPU, and a pointer event that lands while the page re-renders can miss what it aimed at (the same tap on a
    phone would be repeated by the player). Each such miss has turned up once in a run, never the same test twice,
    while the behaviour checked held. The run's last line counts the reruns and ``-rR`` lists them, so a test that
    needs its second try keeps showing; ``-p no:rerunfailures`` turns the second try off. Tests without a browser
    run once: a core, store or rules test that fails once is a fault."""
    if not items or not items[0].config.pluginmanager.hasplugin("rerunfailures"):
        return
    for item in items:
        if item.get_closest_marker("browser") is not None and item.get_closest_marker("flaky") is None:
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))


def _module_of(item: pytest.Item) -> str:
    return item.nodeid.split("::")[0]


def _rank(item: pytest.Item) -> int:
    """Longest first: the phone build's tests (Pyodide starts in each), the other slow tests, the browser tests,
    then the quick ones."""
    if "web_build" in getattr(item, "fixturenames", ()):
        return 0
    if item.get_closest_marker("slow") is not None:
        return 1
    return 2 if item.get_closest_marker("browser") is not None else 3


def _shares_a_module_fixture(item: pytest.Item) -> bool:
    """Whether the test uses a fixture made once per module (a server, saved games): its module stays together."""
    info = getattr(item, "_fixtureinfo", None)
    definitions = info.name2fixturedefs.values() if info is not None else ()
    return any(d.scope in ("module", "class", "package") for defs in definitions for d in defs)


def _keep_both_workers_busy(items: list[pytest.Item], measured: Path = MEASURED_TIMES) -> None:
    """Under ``--dist loadgroup --no-loadscope-reorder`` (``scripts/run-tests``) xdist hands out the tests in this
    order, a group at a time: the longest go first (the phone build's on both workers at once, its one build made
    under a lock: ``tests/web/conftest.py``), so the quick tests fill the gaps at the end rather than one long test
    running alone while the other worker idles. A module whose tests share a module-scoped fixture (a server and
    its saved games) is one group: the fixture is made once, on one worker, not once on each. Within a rank the
    groups and tests the last run timed longest go first (``took_last_time``; on a clean clone, with no cache, the
    times of ``MEASURED_TIMES``): the fast tier is all one rank, and a minute-long test handed out last kept one
    worker busy alone for that minute."""
    rank: dict[str, int] = {}
    for item in items:
        rank[_module_of(item)] = min(rank.get(_module_of(item), 3), _rank(item))
    for item in items:
        if _shares_a_module_fixture(item) and item.get_closest_marker("xdist_group") is None:
            item.add_marker(pytest.mark.xdist_group(_module_of(item)))
    took = took_last_time(items[0].config, measured) if items else {}
    length: dict[str, float] = {}
    for item in items:
        length[_unit_of(item)] = length.get(_unit_of(item), 0.0) + took.get(item.nodeid, 0.0)
    items.sort(key=lambda item: (rank[_module_of(item)], -length[_unit_of(item)]))


def _unit_of(item: pytest.Item) -> str:
    """What xdist hands out whole: the test's group (its ``xdist_group``), else the test alone."""
    group = item.get_closest_marker("xdist_group")
    return f"group:{group.args[0] if group.args else group.kwargs.get('name')}" if group else item.nodeid


def took_last_time(config: pytest.Config, measured: Path = MEASURED_TIMES) -> dict[str, float]:
    """Each test's seconds (setup, call and teardown) in the runs before, as ``pytest_sessionfinish`` kept them;
    a test the cache has not timed takes its time from ``measured`` (``MEASURED_TIMES``)."""
    cache = getattr(config, "cache", None)
    return {**_seconds(_read_json(measured)), **_seconds(cache.get(TIMES_KEY, {}) if cache is not None else {})}


def _read_json(path: Path) -> object:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _seconds(kept: object) -> dict[str, float]:
    return {k: float(v) for k, v in kept.items() if isinstance(v, int | float)} if isinstance(kept, dict) else {}


_TOOK: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up each test's phases (under xdist the controller hears every worker's reports)."""
    _TOOK[report.nodeid] = _TOOK.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Keep this run's times for the next run's order (the controller only: a worker's are the controller's too)."""
    cache = getattr(session.config, "cache", None)
    if cache is None or hasattr(session.config, "workerinput") or not _TOOK:
        return
    this_run = {k: round(v, 2) for k, v in _TOOK.items()}
    cache.set(TIMES_KEY, {**took_last_time(session.config), **this_run})
    cache.set(LAST_RUN_KEY, this_run)  # this run's tests alone: scripts/test-times writes them, no renamed test kept
