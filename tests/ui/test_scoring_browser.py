"""Harvest scoring in the real app (Debian's chromium): the farms paid with one tap, and Next asking first.

A game is prepared in the store (aphids herded, at Harvest) and served by a server of its
own; the journey taps what a player taps and checks what the app saved.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.commands.turns import NextPhase
from companion.core.decrees.commands import ChooseDecree, SetMeasure
from companion.core.eve.commands import SetEnclave, SetHexes
from companion.core.harvest.commands import AddAphidHex, SetHerd
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import PHONE, Server, Ui, new_tab
from tests.ui.conftest import made_for_this_try, module_server, saved_games

pytestmark = pytest.mark.browser

SETUP = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                  expansions=("minions",), modules=("aphids",))


THREE = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"))
SLUMBER = GameSetup(game="mota", players=THREE,
                    expansions=("minions", "empires"), modules=("queens-decrees",),
                    variants=("eve-of-the-antperium",))


served = module_server("harvest-ui")


def at_harvest_and_slumber(store: GameStore) -> tuple[str, str]:
    """A game at Harvest with a herd on its aphid farm, and one at Slumber with a decree, an enclave and measures."""
    harvest = store.create(SETUP, name="Harvest table", seed=3)
    for command in (AddAphidHex("Lichen", 4), SetHerd("h1", "p1", 3), NextPhase(), NextPhase()):
        harvest.execute(command)
    slumber = store.create(SLUMBER, name="Slumber table", seed=4)
    for later in (ChooseDecree("adaptive-colony"), SetEnclave("p2"), SetHexes("p3", "other", 2),
                  *[NextPhase()] * 5, SetMeasure("p1", 2), SetMeasure("p2", 1)):
        slumber.execute(later)
    return harvest.id, slumber.id


@pytest.fixture
def prepared(served: Server) -> tuple[Server, str, str]:
    return served, *made_for_this_try(served, at_harvest_and_slumber)


def saved(server: Server, game_id: str) -> dict[str, Any]:
    state: dict[str, Any] = saved_games(server.db)[game_id]["state"]
    return state


def small_buttons(ui: Ui, prefix: str) -> list[str]:
    """Buttons on screen (not cut by the app bar or the bottom bar) smaller than a 48 px touch target."""
    found = ui.page.locator(f"[flt-semantics-identifier^='{prefix}'][role='button']")
    boxes = found.evaluate_all("""els => els.map(e => {
        const r = e.getBoundingClientRect();
        const inside = r.top > 62 && r.bottom < window.innerHeight - 78;
        return [e.getAttribute('flt-semantics-identifier'), inside ? r.width : 0, inside ? r.height : 0]; })""")
    return [f"{ident} {w:.0f}x{h:.0f}" for ident, w, h in boxes if w and h and (w < 47.5 or h < 47.5)]


def test_pay_the_farms_with_one_tap_and_next_asks_first(browser: Browser, prepared: tuple[Server, str, str]
                                                         ) -> None:
    server, game_id, _ = prepared
    ui = new_tab(browser, server.url, PHONE).open(f"/game/{game_id}", "game")
    try:
        ui.expect_label("phase", "Queen Phase: Harvest")
        ui.expect_label("checklist-0", "Apply: Aphid farms: Ana +1 CP, +1 card")
        ui.tap("next-phase")  # an unapplied scoring item: the app asks before leaving Harvest
        ui.expect_text("confirm-ok", "Go on")
        ui.tap("confirm-cancel")
        ui.by_id("confirm-cancel").wait_for(state="detached")  # a tap while the dialog closes lands on its barrier
        assert saved(server, game_id)["phase"] == "harvest"

        ui.tap("aphids-apply")
        ui.expect_label("undo", "Undo: Harvest: Ana +1 CP, +1 card")
        assert saved(server, game_id)["scores"]["p1"] == [1, 0, 0, 0]
        assert small_buttons(ui, "aphids-") == []
        ui.shot("aphids-phone")
        ui.show("aphids-h1-title")
        ui.shot("aphids-hex-phone")

        ui.past_tap_window()
        ui.tap("next-phase")  # nothing left to score: no question
        ui.expect_label("phase", "Queen Phase: Feeding")
        assert saved(server, game_id)["phase"] == "feeding"
        ui.tap("undo")
        ui.expect_label("phase", "Queen Phase: Harvest")
    finally:
        ui.close()


def test_slumber_decree_and_eve_and_the_calculators(browser: Browser, prepared: tuple[Server, str, str]) -> None:
    server, _, game_id = prepared
    ui = new_tab(browser, server.url, PHONE).open(f"/game/{game_id}", "game")
    try:
        ui.expect_label("phase", "Queen Phase: Slumber")
        ui.tap("decree-measure-p3-plus")  # Cy's Evolutions: from not entered to 1
        ui.expect_label("decree-preview", "Ana +1 CP")
        ui.tap("decree-apply")
        ui.expect_label("undo", "Undo: Adaptive Colony, round 1: Ana +1 CP")
        ui.tap("eve-apply")
        ui.expect_label("undo", "Undo: Eve of the Antperium: Bo +2 CP; Cy +2 CP")
        assert [saved(server, game_id)["scores"][p][0] for p in ("p1", "p2", "p3")] == [1, 2, 2]
        assert small_buttons(ui, "decree-") == [] and small_buttons(ui, "eve-") == []
        ui.show("eve-p1-adjacent")
        ui.shot("eve-phone")
        ui.past_tap_window()
        ui.tap("next-phase")  # the Enclave's Evolution is a tick, not scoring: no question
        ui.expect_label("phase", "Worker Phase")
        # the calculators in the same tab, reached as the app's links reach them (``Ui.go``: no page load)
        ui.go("/calculators", "calculators")
        ui.tap("calc-farm-aphids-plus")
        ui.expect_label("calc-farm-result", "Single-player farm: each herder takes +1 CP, +1 card")
        ui.tap("calc-decree-0-plus")
        ui.expect_label("calc-decree-result", "Colony 1 +1 CP")
        ui.tap("calc-eve-enclave-0")
        ui.expect_label("calc-eve-result", "Colony 1 2 CP, Colony 2 0 CP, Colony 3 0 CP")
        ui.shot("calculators-phone")
    finally:
        ui.close()
