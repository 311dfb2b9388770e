"""What a tap opens is in view (issue 34), in Debian's chromium at 360x740, English and Spanish.

Starting a battle against a Predator opens its steps at the top of the Predators panel, above the button; selecting
an Antscape cell opens its points editor under the grid, below a phone's screen. After each tap, the part it opened
must lie on the screen (below the app bar, above the bottom bar), measured from its semantics box. Screenshots go to
test-artifacts/screenshots/tap-in-view-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from companion.core.commands.turns import NextPhase
from companion.core.predators.commands import SetSpores, Summon
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import Server, Ui, new_tab, run_server

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
APP_BAR, BOTTOM_BAR = 60, 76
TWO = (PlayerSpec("Red", "red"), PlayerSpec("Purple", "purple"))
PREDATORS = GameSetup(game="mota", players=TWO, expansions=("minions",), modules=("predators",))
ANTSCAPE = GameSetup(game="antscape", players=(PlayerSpec("Irene", "blue"), PlayerSpec("Jo", "pink")))
LANGS = [("en", None), ("es", "es-ES")]


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    db = tmp_path_factory.mktemp("tap-in-view") / "games.json"
    store = GameStore(db)
    battle = store.create(PREDATORS, name="Battle", seed=3)  # round 3, the Cordyceps summoned with its 3 spores
    for command in (*[NextPhase()] * 12, Summon("cordyceps-fungus", 12), SetSpores("cordyceps-fungus", 3),
                    NextPhase()):
        battle.execute(command)
    grid = store.create(ANTSCAPE, name="Grid", seed=1)
    games = {"battle": battle.id, "grid": grid.id}
    store.close()
    with run_server(db) as srv:
        yield srv, games


def in_view(ui: Ui, identifier: str) -> dict[str, float]:
    """The node's box once the screen has stopped moving; asserts its top is on the screen, under the app bar."""
    node = ui.by_id(identifier)
    node.wait_for()
    ui.settled()
    found = node.bounding_box()
    assert found is not None, identifier
    last = {key: float(found[key]) for key in ("x", "y", "width", "height")}
    top, bottom = APP_BAR - 1, PHONE["height"] - BOTTOM_BAR
    assert top <= last["y"] < bottom - 48, f"{identifier} is out of view: {last} (visible: {top}-{bottom})"
    return last


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
        ui.page.context.close()


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
        ui.page.context.close()
