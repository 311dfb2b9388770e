"""What a tap opens, and what changed, is in view (issue 34), in Debian's chromium at 360x740, English and Spanish.

Starting a battle against a Predator opens its steps at the top of the Predators panel, above the button; selecting
an Antscape cell opens its points editor under the grid, below a phone's screen. Her question answered from its foot
(the screen scrolled down to its buttons) leaves her moment above the screen; a point given on another device
changes the standings while this one shows the log. After each, the part must lie on the screen (below the app
bar, above the bottom bar), measured from its semantics box. Screenshots go to
test-artifacts/screenshots/tap-in-view-*.png.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from companion.core.broodmother.commands import CancelReaction, DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.turns import NextPhase
from companion.core.predators.commands import SetSpores, Summon
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import Server, Ui, new_tab
from tests.ui.conftest import made_for_this_try, module_server

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
APP_BAR, BOTTOM_BAR = 60, 76
TWO = (PlayerSpec("Red", "red"), PlayerSpec("Purple", "purple"))
PREDATORS = GameSetup(game="mota", players=TWO, expansions=("minions",), modules=("predators",))
ANTSCAPE = GameSetup(game="antscape", players=(PlayerSpec("Irene", "blue"), PlayerSpec("Jo", "pink")))
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
HEXES = ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1))
LANGS = [("en", None), ("es", "es-ES")]


served = module_server("tap-in-view")


def the_games(store: GameStore) -> dict[str, str]:
    """A battle against the Cordyceps, an Antscape grid, and her question asked in each language."""
    battle = store.create(PREDATORS, name="Battle", seed=3)  # round 3, the Cordyceps summoned with its 3 spores
    for command in (*[NextPhase()] * 12, Summon("cordyceps-fungus", 12), SetSpores("cordyceps-fungus", 3),
                    NextPhase()):
        battle.execute(command)
    grid = store.create(ANTSCAPE, name="Grid", seed=1)
    games = {"battle": battle.id, "grid": grid.id}
    for lang, _ in LANGS:  # seed 2: Spawn, Spawn, then an Expand that asks which hex she revealed
        asking = store.create(SOLO, name=f"Her question {lang}", seed=2)
        for command in [*(AddHex(n, zone, sites) for n, zone, sites in HEXES), DrawCard(), DrawCard(),
                        CancelReaction(), DrawCard()]:
            asking.execute(command)
        games[f"asking-{lang}"] = asking.id
    return games


@pytest.fixture
def prepared(served: Server) -> tuple[Server, dict[str, str]]:
    return served, made_for_this_try(served, the_games)


def in_view(ui: Ui, identifier: str) -> dict[str, float]:
    """The node's box once it is on the screen, under the app bar, and the screen has stopped moving. The app scrolls
    to a place a moment after it draws (``Scroll.reveal``), later on a busy machine than the page may look settled,
    so the test waits for the place (failing if it never comes), then for it to hold (failing if it leaves)."""
    top, bottom = APP_BAR - 1, PHONE["height"] - BOTTOM_BAR

    def box() -> dict[str, float] | None:
        found = ui.box(identifier)
        if found is None or not top <= found["y"] < bottom - 48:
            return None
        return {key: float(found[key]) for key in ("x", "y", "width", "height")}

    ui.until(lambda: box() is not None, f"{identifier} on the screen (visible: {top}-{bottom})")
    ui.settled()
    # A jump scrolls twice (``Scroll.jump``) and the page rebuilds the list's nodes as it narrows the list again: one
    # look could fall in that moment, the part on the screen before and after it. So it must hold at looks in a row.
    return ui.until_held(box, f"{identifier} stays on the screen once it settled (visible: {top}-{bottom})")


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_a_started_battle_shows_its_steps(browser: Browser, prepared: tuple[Server, dict[str, str]], lang: str,
                                         locale: str | None) -> None:
    srv, games = prepared
    ui = new_tab(browser, srv.url, PHONE, locale=locale)
    try:
        ui.open(f"/game/{games['battle']}", "game")
        ui.tap("predators-cordyceps-fungus-battle-p2")  # the tap scrolls the button into view first
        in_view(ui, "predators-battle-step")
        in_view(ui, "predators-battle-card")
        ui.shot(f"tap-in-view-{lang}-battle")
        ui.tap("predators-battle-cancel")
        ui.by_id("predators-battle-card").wait_for(state="detached")
    finally:
        ui.close()


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_a_selected_cell_shows_its_editor(browser: Browser, prepared: tuple[Server, dict[str, str]], lang: str,
                                          locale: str | None) -> None:
    srv, games = prepared
    ui = new_tab(browser, srv.url, PHONE, locale=locale)
    try:
        ui.open(f"/game/{games['grid']}", "game")
        ui.tap("as-brush-select")
        ui.tap("as-cell-1-1")  # the top row: its editor opens under the whole grid
        in_view(ui, "as-points")
        ui.shot(f"tap-in-view-{lang}-cell")
    finally:
        ui.close()


def scroll_down_to(ui: Ui, identifier: str) -> None:
    """Wheel the screen until ``identifier`` sits just under the app bar (or the list ends), as after scrolling
    down to read it."""
    ui.find(identifier)
    size = ui.page.viewport_size or PHONE
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    last = None
    for _ in range(20):
        box = ui.by_id(identifier).bounding_box()
        assert box is not None, identifier
        if box["y"] < APP_BAR + 40 or box["y"] == last:
            return
        last = box["y"]
        ui.page.mouse.wheel(0, box["y"] - APP_BAR - 10)
        ui.settled()  # the scroll's animation over


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_her_answered_question_shows_her_moment(browser: Browser, prepared: tuple[Server, dict[str, str]],
                                                lang: str, locale: str | None) -> None:
    srv, games = prepared
    ui = new_tab(browser, srv.url, PHONE, locale=locale)
    try:
        ui.open(f"/game/{games[f'asking-{lang}']}", "game")
        ui.find("bm-question")
        scroll_down_to(ui, "bm-answer-deck-empty")  # her question's last answer, at the top of the screen
        ui.by_id("bm-answer-deck-empty").click()
        ui.by_id("bm-question").wait_for(state="detached")
        in_view(ui, "now")
        ui.shot(f"tap-in-view-{lang}-answered")
    finally:
        ui.close()


@pytest.mark.parametrize(("lang", "locale"), LANGS)
def test_another_devices_point_shows_the_standings(browser: Browser, prepared: tuple[Server, dict[str, str]],
                                                   lang: str, locale: str | None) -> None:
    srv, games = prepared
    here = new_tab(browser, srv.url, PHONE, locale=locale)
    there = new_tab(browser, srv.url, PHONE, locale=locale)
    try:
        here.open(f"/game/{games['battle']}", "game")
        there.open(f"/game/{games['battle']}", "game")
        before = here.label("total-p2")
        scroll_down_to(here, "log")  # this phone shows the foot of the screen
        hidden = here.by_id("total-p2").bounding_box() if here.exists("total-p2") else None  # not built so far down
        assert hidden is None or hidden["y"] + hidden["height"] < APP_BAR, hidden  # the standings are above it
        there.tap("plus-p2")
        here.until(lambda: here.exists("total-p2") and here.label("total-p2") != before, "the point reaches this phone")
        in_view(here, "total-p2")
        here.shot(f"tap-in-view-{lang}-elsewhere")
        there.tap("undo")
    finally:
        here.close()
        there.close()
