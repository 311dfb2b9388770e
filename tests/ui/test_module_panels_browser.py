"""Every module in play earns its panel, in the real app (Debian's chromium): a game with every module and
variant on shows each tracker, no panel says its tracker is missing, and a tap on one is saved."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.chambers.commands import PlayChamber
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import PHONE, Server, new_tab
from tests.ui.conftest import made_for_this_try, module_server
from tests.ui.test_scoring_browser import small_buttons

pytestmark = pytest.mark.browser

THREE = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"))
EVERYTHING = GameSetup(
    game="mota", players=THREE, expansions=("minions", "empires"),
    modules=("aphids", "parasites", "predators", "chambers", "old-tunnels", "mutations", "tactics", "queens-decrees"),
    variants=("eve-of-the-antperium", "symbiote-tokens", "flooded-spring", "seasons"))
EVOLVED = GameSetup(game="evolved", players=THREE[:2], expansions=("predators-and-prey",),
                    modules=("nest-chambers", "large-workers"))
PANELS = ("chambers", "mutations", "tactics", "parasites", "workers", "symbiotes", "seasons", "drafting",
          "flooded-spring")
MISSING = "not in the app yet"


served = module_server("modules-ui")


def two_games(store: GameStore) -> tuple[str, str]:
    """Every module (a chamber played), and an Evolved game."""
    game = store.create(EVERYTHING, name="Every module", seed=5)
    game.execute(PlayChamber("p1", "Scavenger's Cache", 2))
    return game.id, store.create(EVOLVED, name="Evolved modules", seed=6).id


@pytest.fixture
def prepared(served: Server) -> tuple[Server, str, str]:
    return served, *made_for_this_try(served, two_games)


def saved(server: Server, game_id: str) -> dict[str, Any]:
    store = GameStore(server.db)
    try:
        state: dict[str, Any] = store.session(game_id).state
        return state
    finally:
        store.close()


def page_text(ui: object) -> str:
    return str(ui.page.locator("flt-semantics-host").inner_text())  # type: ignore[attr-defined]


def test_every_module_panel_and_none_missing(browser: Browser, prepared: tuple[Server, str, str]) -> None:
    server, game_id, _ = prepared
    ui = new_tab(browser, server.url, PHONE).open(f"/game/{game_id}", "game")
    try:
        ui.find("panel-flooded-spring")
        text, ids = ui.through()  # the list builds only the parts near the view: read from its top to its end
        for panel in PANELS:
            assert f"panel-{panel}" in ids and f"panel-{panel}-error" not in ids, panel
        assert MISSING not in text
        ui.show("chambers-c1")
        ui.expect_label("chambers-c1", "Scavenger's Cache · 2 of 3 eggs · Queen Phase")
        assert small_buttons(ui, "chambers-") == []  # 48 px touch targets at 360 px wide
        ui.tap("chambers-c1-egg")
        ui.expect_label("undo", "Undo: Ana: an egg into Scavenger's Cache instead of a Reaction (3 of 3)")
        chamber = saved(server, game_id)["modules_state"]["chambers"]["chambers"][0]
        assert chamber["eggs"] == 3
        ui.show("mutations-deal")
        ui.tap("mutations-deal")
        ui.expect_label("undo", "Undo: Mutations dealt: 4 to each colony")
        assert len(saved(server, game_id)["modules_state"]["mutations"]["dealt"]) == 3
        assert not ui.external_requests
    finally:
        ui.close()


def test_evolved_nest_chambers_large_workers_and_tactics(browser: Browser, prepared: tuple[Server, str, str]
                                                          ) -> None:
    server, _, evolved_id = prepared
    ui = new_tab(browser, server.url, PHONE).open(f"/game/{evolved_id}", "game")
    try:
        ui.find("panel-pp-tactics")
        text, ids = ui.through()
        assert {f"panel-{p}" for p in ("chambers", "workers", "pp-tactics")} <= ids
        assert MISSING not in text
        ui.show("chambers-p1-free")
        ui.expect_label("chambers-p1-free", "36 of 36 ant markers free for eggs")
        ui.show("workers-p1-count")
        ui.expect_label("workers-p1-count", "Ana: Large Workers in play (of 2): 1")
    finally:
        ui.close()
