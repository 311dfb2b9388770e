"""Ending a game early in the real app on a phone (360 px): asked first, the standings kept, the game and its
record read back from disk as ended early, and Undo takes it back (issue #34)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from companion.store import GameStore
from tests.ui.browser import Server, Ui
from tests.ui.conftest import saved_games
from tests.ui.test_ui_journeys import create_game

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OpenTab = Callable[..., Ui]


def test_a_game_ends_early_on_a_phone_and_undo_takes_it_back(tab: OpenTab, server: Server) -> None:
    ui = tab()
    assert ui.page.viewport_size is not None and ui.page.viewport_size["width"] == 360
    game_id = create_game(ui, names=["Ana", "Bo"], title="Stopped early")
    ui.tap("plus-p2")
    ui.expect_label("total-p2", re.compile(r"^Bo: 1 CP"))
    ui.expect_label("end-early", re.compile("End early"))
    ui.show("end-early")
    ui.shot("phone-end-early-offered")

    ui.tap("end-early")  # asked first: Cancel changes nothing
    ui.expect_text("confirm-ok", "End early")
    ui.tap("confirm-cancel")
    ui.by_id("confirm-ok").wait_for(state="detached")
    assert saved_games(server.db)[game_id]["state"]["ended"] is None

    ui.tap("end-early")
    ui.tap("confirm-ok")
    ui.expect_label("game-over", re.compile(r"Game over: Ended early in round 1 of 4: Bo leads with 1\."))
    ui.expect_label("summary-winner", "Ended early, leading: Bo")
    assert not ui.exists("end-early") and not ui.exists("finish-game")
    ui.shot("phone-ended-early")

    store = GameStore(server.db)  # a fresh store reads the game and its record back from disk
    try:
        doc = store.load(game_id)
        record = store.history.record(game_id)
    finally:
        store.close()
    ended = doc["state"]["ended"]
    assert (ended["code"], ended["winners"]) == ("ended-early", ["p2"])
    assert doc["state"]["scores"]["p2"] == [1, 0, 0, 0]
    assert record is not None and record["ended"] == {"code": "ended-early", "round": 1}

    records = tab("/records", "records")  # the Records screen says so too
    records.tap("player-bo")
    records.expect_label(f"record-{game_id}", re.compile(r"Stopped early\. .* · ended early, leading: Bo$"))
    records.shot("phone-records-ended-early")

    ui.page.bring_to_front()
    ui.tap("undo")
    ui.by_id("game-over").wait_for(state="detached")
    ui.by_id("end-early").wait_for()
    assert saved_games(server.db)[game_id]["state"]["ended"] is None
    store = GameStore(server.db)
    try:
        assert store.history.record(game_id) is None
    finally:
        store.close()
