"""The game screen's list builds only the parts near the view (``companion.ui.scroll.CACHE_EXTENT``), in Debian's
chromium at 360x740: a tap lays out and describes those alone, which halved a tap at a phone's speed. What must still
hold: a screen reader reaches every part (it scrolls the list's node, as it does in any Flutter app, and the parts
come into the tree as they near the view), and a jump reaches a part that was not built."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from companion.core.setup import GameSetup, PlayerSpec
from tests.ui.browser import Server, Ui, new_tab
from tests.ui.conftest import made_for_this_try, module_server

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
#: The list's node scrolled by ``by`` pixels, as a screen reader scrolls it (its node is the one that scrolls); where
#: it is then.
SCREEN_READER_SCROLL = """by => { const list = [...document.querySelectorAll('flt-semantics')]
    .find(e => getComputedStyle(e).overflowY === 'scroll');
    list.scrollTop = list.scrollTop + by; return list.scrollTop; }"""

served = module_server("near-view")


@pytest.fixture
def ui(browser: Browser, served: Server) -> Iterator[Ui]:
    game = made_for_this_try(served, lambda store: store.create(SOLO, name="Long screen", seed=2))
    tab = new_tab(browser, served.url, PHONE).open(f"/game/{game.id}", "game")
    try:
        yield tab
    finally:
        tab.close()


def test_the_far_parts_are_not_built_until_a_screen_reader_scrolls_to_them(ui: Ui) -> None:
    ui.find("round-bar")
    ui.settled()
    assert not ui.exists("log") and not ui.exists("panel-tactics")  # the screen's end: not built on opening
    for _ in range(40):  # a screen reader's scrolls, a screen at a time, to the list's end
        if ui.exists("log"):
            break
        ui.page.evaluate(SCREEN_READER_SCROLL, 600)
        ui.settled()
    assert ui.exists("log") and ui.exists("panel-tactics")
    assert not ui.exists("round-bar")  # the top, far behind now, is let go
    for _ in range(40):
        if ui.exists("round-bar"):
            break
        ui.page.evaluate(SCREEN_READER_SCROLL, -600)
        ui.settled()
    assert ui.exists("round-bar")


def test_the_jump_bar_reaches_a_panel_that_was_not_built(ui: Ui) -> None:
    ui.find("jump-panel-tactics")
    ui.settled()
    assert not ui.exists("panel-tactics")
    ui.tap("jump-panel-tactics")

    def on_screen() -> bool:  # not just built: in the window
        box = ui.box("panel-tactics")
        return box is not None and 0 <= box["y"] < PHONE["height"] - 100

    ui.until(on_screen, "the Tactics panel on the screen")
