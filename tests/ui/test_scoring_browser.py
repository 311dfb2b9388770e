"""Harvest scoring in the real app (Debian's chromium): the farms paid with one tap, and Next asking first.

A game is prepared in the store (aphids herded, at Harvest) and served by a server of its
own; the journey taps what a player taps and checks what the app saved.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.commands.turns import NextPhase
from companion.core.harvest.commands import AddAphidHex, SetHerd
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import PHONE, Server, Ui, new_tab, run_server
from tests.ui.conftest import saved_games

pytestmark = pytest.mark.browser

SETUP = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                  expansions=("minions",), modules=("aphids",))


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, str]]:
    db = tmp_path_factory.mktemp("harvest-ui") / "games.json"
    store = GameStore(db)
    session = store.create(SETUP, name="Harvest table", seed=3)
    for command in (AddAphidHex("Lichen", 4), SetHerd("h1", "p1", 3), NextPhase(), NextPhase()):
        session.execute(command)
    store.close()
    with run_server(db) as srv:
        yield srv, session.id


def saved(server: Server, game_id: str) -> dict[str, Any]:
    state: dict[str, Any] = saved_games(server.db)[game_id]["state"]
    return state


def small_buttons(ui: Ui, prefix: str) -> list[str]:
    found = ui.page.locator(f"[flt-semantics-identifier^='{prefix}'][role='button']")
    boxes = found.evaluate_all("""els => els.map(e => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute('flt-semantics-identifier'), r.width, r.height]; })""")
    return [f"{ident} {w:.0f}x{h:.0f}" for ident, w, h in boxes if w and h and (w < 47.5 or h < 47.5)]


def test_pay_the_farms_with_one_tap_and_next_asks_first(browser: Browser, prepared: tuple[Server, str]) -> None:
    server, game_id = prepared
    ui = new_tab(browser, server.url, PHONE).open(f"/game/{game_id}", "game")
    try:
        ui.expect_label("phase", "Queen Phase: Harvest")
        ui.expect_label("checklist-0", "Apply: Aphid farms: Ana +1 CP, +1 card")
        ui.tap("next-phase")  # an unapplied scoring item: the app asks before leaving Harvest
        ui.expect_text("confirm-ok", "Go on")
        ui.tap("confirm-cancel")
        assert saved(server, game_id)["phase"] == "harvest"

        ui.tap("aphids-apply")
        ui.expect_label("undo", "Undo: Harvest: Ana +1 CP, +1 card")
        assert saved(server, game_id)["scores"]["p1"] == [1, 0, 0, 0]
        assert small_buttons(ui, "aphids-") == []
        ui.shot("aphids-phone")
        ui.show("aphids-h1-title")
        ui.shot("aphids-hex-phone")

        ui.page.wait_for_timeout(450)
        ui.tap("next-phase")  # nothing left to score: no question
        ui.expect_label("phase", "Queen Phase: Feeding")
        assert saved(server, game_id)["phase"] == "feeding"
        ui.tap("undo")
        ui.expect_label("phase", "Queen Phase: Harvest")
    finally:
        ui.page.context.close()
