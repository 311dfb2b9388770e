"""Fixtures for the browser tests: one app server and one chromium for the whole session."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, Generic, TypeVar

import pytest
from playwright.sync_api import Browser

from companion.store import GameStore
from tests.ui.browser import ANDROID_UA, PHONE, Server, Ui, new_tab, run_server

T = TypeVar("T")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``python -m companion --no-browser --port <free> --db <tmp>`` in its own process group."""
    db = tmp_path_factory.mktemp("ui-db") / "games.json"
    with run_server(db) as srv:
        yield srv
    log = tmp_path_factory.getbasetemp() / "ui-server.log"
    log.write_text("".join(srv.output), encoding="utf-8")


@contextmanager
def tabs_on(browser: Browser, base_url: str) -> Iterator[Callable[..., Ui]]:
    """Open tabs on one server (phone-sized unless asked otherwise); all are closed at the end,
    and the app must not have asked anything of the internet."""
    opened: list[Ui] = []

    def open_tab(path: str = "/", screen: str = "home", viewport: dict[str, int] = PHONE,
                 user_agent: str | None = ANDROID_UA) -> Ui:
        ui = new_tab(browser, base_url, viewport, user_agent=user_agent)
        opened.append(ui)
        return ui.open(path, screen)

    yield open_tab
    for ui in opened:
        ui.close()
    external = [url for ui in opened for url in ui.external_requests]
    assert not external, f"the app asked for things off this machine: {external}"


@pytest.fixture
def tab(browser: Browser, server: Server) -> Iterator[Callable[..., Ui]]:
    """Tabs on the shared server."""
    with tabs_on(browser, server.url) as open_tab:
        yield open_tab


def saved_games(path: Path) -> dict[str, dict[str, Any]]:
    """Every saved game as the app wrote it: one TinyDB file per game in ``games.d`` beside the index."""
    folder = path.with_name(f"{path.stem}.d")
    games = {}
    for file in sorted(folder.glob("g-*.json")) if folder.is_dir() else []:
        doc = json.loads(file.read_text(encoding="utf-8"))["game"]["1"]
        games[doc["id"]] = doc
    return games


def module_server(folder: str) -> Any:
    """A module's own app server (a module-scoped fixture, named by the module-level name it is assigned to), on
    saves in a temporary ``folder`` that start empty: its games are made for each try of a test
    (``made_for_this_try``)."""

    @pytest.fixture(scope="module")
    def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
        with run_server(tmp_path_factory.mktemp(folder) / "games.json") as srv:
            yield srv

    return served


def made_for_this_try(server: Server, make: Callable[[GameStore], T]) -> T:
    """The games ``make`` writes into the running server's saves (as the terminal beside the app would), called
    from a function-scoped fixture: a browser test run again after a failure (``tests/conftest.py``) starts from
    the games as prepared, never from where its first try left them (main's CI once failed so: the rerun drew her
    4th card where the test waited for her 2nd)."""
    store = GameStore(server.db)
    try:
        return make(store)
    finally:
        store.close()


class UntilARerun(Generic[T]):
    """What a module's tests share whose state a test changes in its servers' memory, not in their saves (a table
    of phones joined, a server's sharing stopped), so no ``made_for_this_try`` can put it back: made once (``make``,
    entered when first asked for, left at the module's end) and made again for a test's second try
    (pytest-rerunfailures, ``tests/conftest.py``), so the rerun starts afresh, never from where its first try
    failed; the module's later tests go on with the new one. Held by a module-scoped fixture, taken by a
    function-scoped one through ``for_this_try`` (tests/ui/test_fresh_rerun.py: a first try's state is not seen)."""

    def __init__(self, make: Callable[[], AbstractContextManager[T]]) -> None:
        self._make = make
        self._held: tuple[ExitStack, T] | None = None
        self._made_for: tuple[str, int] = ("", 0)

    def for_this_try(self, request: pytest.FixtureRequest) -> T:
        """The module's one, or a new one on a test's second try (the first try's closed first: its checks run)."""
        this_try = (request.node.nodeid, getattr(request.node, "execution_count", 1))
        if self._held is None or (this_try[1] > 1 and this_try != self._made_for):
            self.close()
            stack = ExitStack()
            self._held = stack, stack.enter_context(self._make())
            self._made_for = this_try
        return self._held[1]

    def close(self) -> None:
        held, self._held = self._held, None
        if held is not None:
            held[0].close()

    def __enter__(self) -> UntilARerun[T]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        self.close()
