"""Back to the game shows the game screen kept beneath Home (``Routes.kept``), in Debian's chromium at 360 px.

The kept screen is never stale and never in the way: a Spanish tab opens a 4-player game with every module, goes
Home (the game screen is gone from the page's tree), another tab gives a point, and Back to the game shows the
point, in Spanish; the kept screen then follows the other tab's undo like any game screen. A Spanish tab going Home
and back twice sees the game's screen and Home in turn. A game opens where the tab left it: scrolled down to its log,
Back to the game shows the log again (the kept screen), and so does the game opened from Home after another game
was opened meanwhile (built afresh). (``test_back_to_the_game.py`` shows on Flet's wire that the kept screen is not
sent again.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.module_helpers import EVERY_MODULE
from tests.ui.browser import Server, Ui, new_tab, run_server
from tests.ui.test_tap_in_view import APP_BAR, PHONE, in_view, scroll_down_to

pytestmark = pytest.mark.browser

FOUR = tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    db = tmp_path_factory.mktemp("back-to-the-game") / "games.json"
    store = GameStore(db)
    game = store.create(GameSetup(game="mota", mode="competitive", players=FOUR, **EVERY_MODULE),  # type: ignore[arg-type]
                        name="Every module", seed=3)
    store.create(GameSetup(game="mota", mode="competitive", players=FOUR[:2]), name="Another game", seed=4)
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
        here.close()
        there.close()


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
            ui.find(f"resume-{game_id}")
    finally:
        ui.close()


def other_game(ui: Ui, game_id: str) -> str:
    """The id of the game on Home's list that is not ``game_id``."""
    resumes = ui.page.locator("[flt-semantics-identifier^='resume-']")
    resumes.first.wait_for()
    ids = [str(node.get_attribute("flt-semantics-identifier"))[len("resume-"):] for node in resumes.all()]
    return next(found for found in ids if found not in (game_id, "heading"))


def test_a_game_opens_where_the_tab_left_it(browser: Browser, prepared: tuple[Server, str]) -> None:
    srv, game_id = prepared
    ui = new_tab(browser, srv.url, PHONE)
    try:
        ui.open("/", "home")
        other = other_game(ui, game_id)
        resume(ui, game_id)
        scroll_down_to(ui, "log")  # the foot of the screen: the round bar is far above it
        in_view(ui, "log")
        ui.tap("back")
        ui.wait_screen("home")
        resume(ui, game_id)  # the kept screen, shown again
        in_view(ui, "log")
        ui.shot("back-to-the-game-place")
        ui.tap("back")
        resume(ui, other)  # another game, opened at its top: it is the one kept now
        in_view(ui, "round")
        ui.tap("back")
        resume(ui, game_id)  # built afresh, opened where this tab left it
        in_view(ui, "log")
        hidden = ui.by_id("round").bounding_box() if ui.exists("round") else None  # not built so far down
        assert hidden is None or hidden["y"] + hidden["height"] < APP_BAR, hidden  # the round bar is above it
    finally:
        ui.close()
