"""Ending a game early in the real app on a phone (360 px): asked first, the standings kept, the game and its
record read back from disk as ended early, and Undo takes it back (issue #34)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser

from companion.store import GameStore
from companion.store.settings import SettingsStore, settings_path
from tests.ui.browser import PHONE, Server, Ui, new_tab
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
    ui.expect_label("early-reading", "Interpretation: a game ended early counts the colonies leading at that moment "
                                     "as its winners (Settings: An early end counts).")
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
    ui.find("end-early")
    assert saved_games(server.db)[game_id]["state"]["ended"] is None
    store = GameStore(server.db)
    try:
        assert store.history.record(game_id) is None
    finally:
        store.close()


def _early_end_setting(tab: OpenTab, server: Server, choice: str) -> None:
    """Chosen in Settings, and waited for until saved beside the games (the file the terminal reads too)."""
    settings = tab("/settings", "settings")
    settings.show(f"early_end-{choice}")
    settings.tap(f"early_end-{choice}")
    settings.until(lambda: SettingsStore(settings_path(server.db)).current.early_end == choice,
                   f"the setting {choice} saved beside the games")


def test_an_early_end_with_no_winner_says_its_reading_in_both_languages(tab: OpenTab, server: Server,
                                                                         browser: Browser) -> None:
    """Settings' "An early end counts: No winner": the game ends with nobody called the winner, and the game screen
    says which reading it followed (Interpretation), in English and on a Spanish phone (360 px)."""
    ui = tab()
    game_id = create_game(ui, names=["Ana", "Bo"], title="No winner")
    ui.tap("plus-p1")
    ui.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
    _early_end_setting(tab, server, "none")
    try:
        ui.page.bring_to_front()
        ui.show("end-early")
        ui.tap("end-early")
        ui.tap("confirm-ok")
        ui.expect_label("summary-winner", "Ended early: no winner")
        ui.expect_label("early-reading", "Interpretation: a game ended early has no winner; its standings are kept "
                                         "(Settings: An early end counts).")
        ui.show("early-reading")
        ui.shot("phone-ended-early-no-winner-en")
        assert saved_games(server.db)[game_id]["state"]["ended"]["winners"] == []

        spanish = new_tab(browser, server.url, PHONE, locale="es-ES")
        try:
            spanish.open(f"/game/{game_id}", "game")
            spanish.expect_label("early-reading", "Interpretación: una partida terminada antes de tiempo no tiene "
                                                  "ganador; se guarda su clasificación (Ajustes: Un final anticipado "
                                                  "cuenta).")
            spanish.show("early-reading")
            spanish.shot("phone-ended-early-no-winner-es")
        finally:
            spanish.close()
    finally:
        _early_end_setting(tab, server, "leaders")  # the server is shared: the default back for the other tests
