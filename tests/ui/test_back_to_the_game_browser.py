"""Back to the game shows the game screen kept beneath Home (``Routes.kept``), in Debian's chromium at 360 px.

The kept screen is never stale and never in the way: a Spanish tab opens a 4-player game with every module, goes
Home (the game screen is gone from the page's tree), another tab gives a point, and Back to the game shows the
point, in Spanish; the kept screen then follows the other tab's undo like any game screen. A Spanish tab going Home
and back twice sees the game's screen and Home in turn. (``test_back_to_the_game.py`` shows on Flet's wire that the
kept screen is not sent again.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.module_helpers import EVERY_MODULE
from tests.ui.browser import Server, Ui, new_tab, run_server
from tests.ui.test_tap_in_view import PHONE

pytestmark = pytest.mark.browser

FOUR = tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    db = tmp_path_factory.mktemp("back-to-the-game") / "games.json"
    store = GameStore(db)
    game = store.create(GameSetup(game="mota", mode="competitive", players=FOUR, **EVERY_MODULE),  # type: ignore[arg-type]
                        name="Every module", seed=3)
    store.close()
    with run_server(db) as srv:
        yield srv, game.id


def resume(ui: Ui, game_id: str) -> None:
    ui.tap(f"resume-{game_id}")
    ui.wait_screen("game")


def test_back_to_the_game_shows_what_changed_meanwhile(browser: Browser, prepared: tuple[Server, str]) -> None:
    srv, game_id = prepared
    here = new_tab(browser, srv.url, PHONE, locale="es-ES")
    there = new_tab(browser, srv.url, PHONE)
    try:
        here.open("/", "home")
        resume(here, game_id)
        before = here.label("total-p2")
        here.tap("back")
        here.wait_screen("home")
        here.by_id("screen-game").wait_for(state="detached")  # the kept screen is hidden, not drawn under Home
        there.open(f"/game/{game_id}", "game")
        there.tap("plus-p2")
        there.until(lambda: there.label("total-p2") != before, "the point is given")
        resume(here, game_id)
        here.until(lambda: here.label("total-p2") != before, "the point given meanwhile is drawn")
        assert "PC" in here.label("total-p2"), here.label("total-p2")  # in the Spanish tab's words
        here.shot("back-to-the-game-kept")
        there.tap("undo")
        here.until(lambda: here.label("total-p2") == before, "the kept screen follows another tab's undo")
    finally:
        here.page.context.close()
        there.page.context.close()


def test_home_and_back_again_in_spanish(browser: Browser, prepared: tuple[Server, str]) -> None:
    srv, game_id = prepared
    ui = new_tab(browser, srv.url, PHONE, locale="es-ES")
    try:
        ui.open("/", "home")
        for _ in range(2):
            resume(ui, game_id)
            ui.until(lambda: ui.label("round").startswith("Ronda"), "the round bar in Spanish")
            ui.tap("back")
            ui.wait_screen("home")
            ui.by_id("screen-game").wait_for(state="detached")  # the kept screen is hidden, not drawn under Home
            ui.by_id(f"resume-{game_id}").wait_for()
    finally:
        ui.page.context.close()
