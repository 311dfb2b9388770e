"""The saves at scale and at their edges, in the real app: 1,000 saved games, and a game deleted
from the terminal while the app has it open.

The 1,000 games are written as files before the server starts (the way a long-used phone
would have them); the home screen must show its first rows at once and build the rest only
when asked, and the filter must find any game by name.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.core.commands.scoring import AdjustScore
from companion.core.session import Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.ui.screens.home import PAGE
from tests.ui.browser import ROOT, Server, run_server
from tests.ui.conftest import tabs_on

pytestmark = [pytest.mark.browser, pytest.mark.slow]
GAMES = 1000


@pytest.fixture(scope="module")
def crowded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, list[str]]]:
    db = tmp_path_factory.mktemp("many-ui") / "games.json"
    store = GameStore(db)
    setup = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")))
    template = Session(store.create(setup, name="Template").doc)
    for n in range(40):
        template.execute(AdjustScore("p1" if n % 2 else "p2", 1))
    ids = []
    for n in range(GAMES):
        game_id = f"g-{n:08x}"
        stamp = f"2026-11-{1 + n % 28:02d}T{n % 24:02d}:{n % 60:02d}:00+00:00"
        store.files.write(game_id, {**template.doc, "id": game_id, "name": f"Table {n:04d}", "updated": stamp,
                                    "rev": 1})
        ids.append(game_id)
    store.files.remove(template.id)
    store.list_games()  # as a phone that has listed them before: the index is warm
    with run_server(db) as srv:
        yield srv, ids


def test_a_thousand_games_open_at_once_and_the_filter_finds_any(browser: Browser,
                                                                crowded: tuple[Server, list[str]]) -> None:
    srv, ids = crowded
    with tabs_on(browser, srv.url) as open_tab:
        started = time.perf_counter()
        ui = open_tab()
        first_screen_s = time.perf_counter() - started
        print(f"home with {GAMES} games: first screen after {first_screen_s:.2f} s")
        rows = ui.page.locator('[flt-semantics-identifier^="resume-g-"]')
        assert 0 < rows.count() <= PAGE  # a page of them at most (those near the view built): the rest when asked
        ui.expect_label("show-more", re.compile(rf"^Show {PAGE} more of {GAMES - PAGE}"))
        ui.shot("phone-home-1000-games")
        ui.type_into("Find a game by name", "Table 0737")
        ui.find("resume-g-000002e1")
        assert rows.count() == 1
        ui.shot("phone-home-filtered")
        ui.tap("resume-g-000002e1")
        ui.wait_screen("game")
        ui.expect_text("screen-title", "Table 0737")
        assert ids[737] == "g-000002e1"


def test_a_game_deleted_in_the_terminal_is_dropped_and_no_tap_brings_it_back(
        browser: Browser, tmp_path: Path) -> None:
    db = tmp_path / "games.json"
    store = GameStore(db)
    setup = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")))
    game_id = store.create(setup, name="Doomed").id
    with run_server(db) as srv, tabs_on(browser, srv.url) as open_tab:
        ui = open_tab(f"/game/{game_id}", screen="game")
        ui.expect_label("total-p1", re.compile(r"^Ana: 0 CP"))
        done = subprocess.run([sys.executable, "-m", "companion", "game", "delete", game_id, "--yes", "--db", str(db)],
                              cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        ui.tap("plus-p1")
        ui.expect_text("error-message", re.compile("was deleted .* it is not brought back"))
        ui.wait_screen("home")
        assert not store.files.path(game_id).exists()
        assert GameStore(db).list_games() == []
