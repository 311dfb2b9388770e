"""The Predators panel in the real app (Debian's chromium): Health by tap and by typing, a battle step by step.

A game is prepared in the store (round 3, the Cordyceps Fungus summoned, 3 spores in its hex)
and served by a server of its own; the journey taps what a player taps and checks what was saved.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.commands.turns import NextPhase
from companion.core.predators.commands import SetSpores, Summon
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import ANDROID_UA, PHONE, Server, new_tab
from tests.ui.conftest import made_for_this_try, module_server
from tests.ui.test_scoring_browser import small_buttons

pytestmark = pytest.mark.browser

SETUP = GameSetup(game="mota", players=(PlayerSpec("Red", "red"), PlayerSpec("Purple", "purple")),
                  expansions=("minions",), modules=("predators",))


served = module_server("predators-ui")


def battle_ready(store: GameStore) -> str:
    """Round 3, the Cordyceps Fungus summoned with 3 spores in its hex."""
    game = store.create(SETUP, name="Predators table", seed=3)
    for command in (*[NextPhase()] * 12, Summon("cordyceps-fungus", 12), SetSpores("cordyceps-fungus", 3),
                    NextPhase()):
        game.execute(command)
    return game.id


@pytest.fixture
def prepared(served: Server) -> tuple[Server, str]:
    return served, made_for_this_try(served, battle_ready)


def saved(server: Server, game_id: str) -> dict[str, Any]:
    """The game as its own file holds it (one TinyDB file per game in ``games.d``)."""
    doc = json.loads((server.db.parent / "games.d" / f"{game_id}.json").read_text(encoding="utf-8"))
    state: dict[str, Any] = doc["game"]["1"]["state"]
    return state


def test_health_and_a_battle_against_the_cordyceps(browser: Browser, prepared: tuple[Server, str]) -> None:
    server, game_id = prepared
    ui = new_tab(browser, server.url, PHONE, user_agent=ANDROID_UA).open(f"/game/{game_id}", "game")  # a phone's boxes
    cordyceps = "predators-cordyceps-fungus"
    try:
        ui.expect_label(f"{cordyceps}-health", "Cordyceps Fungus: 9 Health, Tier 3. Tap to type its Health")
        ui.tap(f"{cordyceps}-health-minus")
        ui.expect_label("undo", "Undo: Cordyceps Fungus takes 1 casualty: Health 9 -> 8, Tier 3 -> 2")
        ui.tap(f"{cordyceps}-health")  # direct entry
        ui.type_into("Cordyceps Fungus: Health now", "9")
        ui.tap("predators-health-dialog-save")
        ui.expect_label("undo", "Undo: Cordyceps Fungus: Health 8 -> 9, Tier 2 -> 3")
        assert small_buttons(ui, "predators-") == []
        ui.shot("predators-phone")

        ui.tap(f"{cordyceps}-battle-p2")
        ui.expect_label("predators-battle-step", "Discard its first card from the deck and enter its Ferocity; "
                                                 "players choose their Ferocity card after it.")
        ui.tap("predators-battle-reveal-1")
        ui.expect_label("predators-battle-cards", "1 of 3 cards discarded: 1 · its Army Strength 1")
        ui.tap("predators-battle-reveal-0")
        ui.expect_label("predators-battle-cards", "2 of 3 cards discarded: 1, 0 · its Army Strength 1")
        ui.tap("predators-battle-reveal-0")
        ui.tap("predators-battle-finish")
        ui.type_into("Army Strength (ants, evolutions, Ferocity card) of Purple", "2")
        ui.tap("predators-strength-dialog-save")
        ui.expect_label(f"{cordyceps}-health", "Cordyceps Fungus: 7 Health, Tier 2. Tap to type its Health")
        state = saved(server, game_id)
        assert state["scores"]["p2"] == [0, 0, 1, 0]
        assert state["modules_state"]["predators"]["predators"][0]["health"] == 7
    finally:
        ui.close()


def test_the_predator_calculator(browser: Browser, prepared: tuple[Server, str]) -> None:
    server, _ = prepared
    calc = new_tab(browser, server.url, PHONE).open("/calculators", "calculators")
    try:
        calc.tap("calc-predator-round-2")
        calc.expect_label("calc-predator-result", "Tier 2 (Health 5-8); a Cordyceps Fungus places 3 spore tokens")
        calc.tap("calc-predator-health-plus")
        calc.tap("calc-predator-health-plus")
        calc.tap("calc-predator-health-plus")
        calc.expect_label("calc-predator-result", "Tier 3 (Health 9-12); a Cordyceps Fungus places 4 spore tokens")
    finally:
        calc.close()
