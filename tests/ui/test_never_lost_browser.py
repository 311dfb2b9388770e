"""A game is never lost, played in the real app: her win and an asymmetric game, read back from disk.

Before this was fixed, a solo game the Broodmother won and every asymmetric game were written in a shape
the app's own reader refused: Home showed "No saved games yet" on the next read and the file went to
``damaged/``. These journeys play each to the point that broke, go Home, open the game again in a fresh
tab, and read the saved file back with a fresh store.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from companion.store import GameStore
from tests.ui.browser import PHONE, Server, Ui
from tests.ui.conftest import saved_games
from tests.ui.test_ui_journeys import create_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OpenTab = Callable[..., Ui]
SOLO_NORMAL_CP_THRESHOLD = 12  # March of the Ants: Minions of the Meadow, "Solo and Co-op Rules" (1 colony, Normal)


def _read_back(server: Server, game_id: str) -> dict[str, object]:
    """The game as a fresh store on the server's folder reads it; nothing was moved aside."""
    store = GameStore(server.db)
    try:
        doc = store.load(game_id)
        assert game_id in {g.id for g in store.list_games()}
    finally:
        store.close()
    damaged = server.db.with_name(f"{server.db.stem}.d") / "damaged"
    assert not damaged.exists() or not any(damaged.iterdir()), "a game was moved aside"
    return doc


def _reopened_from_home(ui: Ui, tab: OpenTab, game_id: str) -> Ui:
    """Home lists the game; a fresh tab (a new page load) opens it from there."""
    ui.open("/", "home")
    ui.find(f"resume-{game_id}")
    again = tab()
    again.tap(f"resume-{game_id}")
    again.wait_screen("game")
    return again


def _on_screen(ui: Ui, identifier: str) -> bool:
    box = ui.by_id(identifier).bounding_box()
    height = (ui.page.viewport_size or PHONE)["height"]
    return box is not None and box["y"] >= 0 and box["y"] + min(box["height"], 40) <= height


def test_her_win_is_seen_kept_and_opens_again(tab: OpenTab, server: Server) -> None:
    ui = tab()
    game_id = create_game(ui, expansions=["minions"], mode="solo", names=["Ana"], title="Her win")
    for _ in range(SOLO_NORMAL_CP_THRESHOLD):
        ui.past_tap_window()
        ui.tap("bm-centipede-won")
    ui.expect_label("game-over", re.compile("Game over: .*the Broodmother wins"))
    ui.until(lambda: _on_screen(ui, "game-over"), "the result on screen, not left above the panel tapped")
    ui.shot("phone-her-win")

    again = _reopened_from_home(ui, tab, game_id)
    again.expect_label("game-over", re.compile("the Broodmother wins"))
    assert _on_screen(again, "game-over"), "a finished game opens on its summary"

    doc = _read_back(server, game_id)
    ended = doc["state"]["ended"]  # type: ignore[index]
    assert (ended["code"], ended["winners"]) == ("cp-threshold", ["broodmother"])


def test_an_asymmetric_game_undoes_and_opens_again(tab: OpenTab, server: Server) -> None:
    ui = tab()
    game_id = create_game(ui, expansions=["minions"], mode="asymmetric", names=["Ana", "Bo", "Zed"],
                          title="Asymmetric")
    ui.tap("bm-gain-egg")
    ui.expect_label("bm-eggs", re.compile("1"))
    ui.tap("undo")
    ui.expect_label("bm-eggs", re.compile("0"))
    ui.expect_label("redo", re.compile("Broodmother reacts: \\+1 egg"))
    ui.tap("redo")
    ui.expect_label("bm-eggs", re.compile("1"))

    again = _reopened_from_home(ui, tab, game_id)
    again.expect_label("bm-eggs", re.compile("1"))

    doc = _read_back(server, game_id)
    players = doc["state"]["players"]  # type: ignore[index]
    assert [(p["role"], p["colour"] is None) for p in players].count(("broodmother", True)) == 1
    assert saved_games(server.db)[game_id]["state"]["modules_state"]["broodmother"]["asym"]["eggs"] == 1
