"""The Chambers, Mutations, Seasons and Parasites panels in Spanish in the real app (Debian's chromium, es-ES):
whole Spanish sentences with their values, 48 px touch targets at 360 px wide, a tap labelled in Spanish."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from companion.core.chambers.commands import PlayChamber
from companion.core.mutations.commands import EnterDealt
from companion.core.parasites.commands import PlayParasite
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import PHONE, Server, new_tab
from tests.ui.conftest import made_for_this_try, module_server
from tests.ui.test_scoring_browser import small_buttons

pytestmark = pytest.mark.browser

GAME = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                 expansions=("minions", "empires"), modules=("parasites", "chambers", "old-tunnels", "mutations"),
                 variants=("seasons",))


served = module_server("modules-es-ui")


def modules_game(store: GameStore) -> str:
    game = store.create(GAME, name="Módulos", seed=5)
    game.execute(PlayChamber("p1", "Scavenger's Cache", 2))
    game.execute(EnterDealt("p2", ("m2", "m17", "m9", "m18")))
    game.execute(PlayParasite("Incubator Head", "p1", "p2"))
    return game.id


@pytest.fixture
def prepared(served: Server) -> tuple[Server, str]:
    return served, made_for_this_try(served, modules_game)


def test_the_four_panels_speak_spanish_at_360_px(browser: Browser, prepared: tuple[Server, str]) -> None:
    server, game_id = prepared
    ui = new_tab(browser, server.url, PHONE, locale="es-ES").open(f"/game/{game_id}", "game")
    try:
        ui.show("chambers-c1")
        ui.expect_label("chambers-c1", "Scavenger's Cache · 2 de 3 huevos · Fase de Reina")
        ui.expect_label("chambers-c1-status", "Scavenger's Cache solo se activa con todos sus espacios ocupados "
                                              "(2 de 3 huevos).")
        assert small_buttons(ui, "chambers-") == []
        ui.shot("es-chambers-360")
        ui.tap("chambers-c1-egg")
        ui.expect_label("undo", "Deshacer: Ana: un huevo en Scavenger's Cache en lugar de una Reacción (3 de 3)")
        ui.show("mutations-p2-m2")
        ui.expect_label("mutations-p2-m2", "Mutación de cabeza 2 (Cabeza)")
        assert small_buttons(ui, "mutations-") == []
        ui.shot("es-mutations-360")
        ui.show("parasites-x1")
        ui.expect_label("parasites-x1", "Incubator Head: Ana en la cabeza de Bo")
        assert small_buttons(ui, "parasites-") == []
        ui.show("seasons-build")
        assert small_buttons(ui, "seasons-") == []
        ui.tap("seasons-build")
        ui.expect_label("undo", "Deshacer: Mazo de Estaciones formado: 2 Estaciones Tempranas sobre 2 Estaciones "
                                "Tardías, boca abajo")
        assert not ui.external_requests
    finally:
        ui.close()
