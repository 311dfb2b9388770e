"""A tap on a control the screen has just drawn anew is answered, never lost in silence (``companion.ui.flet_events``).

Two devices on one game (``WireDevice``, a bare client of Flet's protocol): one changes the game, the other's screen
is redrawn, and the other then sends the tap its player made on the screen before - an event naming a control that
is no longer on the page, which Flet 1.0.5 dropped with a debug line. Each test waits out ``past_seen_window`` first,
so the server's usual guess (a tap is aimed at the screen sent at least 0.5 s before) points at the newer screen: only
the control the tap names tells which one the player saw.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion.core.broodmother.meadow_commands import AddHex
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import Server, nothing_more, past_seen_window
from tests.ui.conftest import made_for_this_try, module_server, saved_games
from tests.ui.flet_wire import CONTROL_EVENT, WireDevice

#: Served over the wire, with a server process per module and a clock to wait out (the app's tap windows): 3-5 s
#: a test, of the whole suite, not the fast tier (the core, the store, the rules, the terminal).
pytestmark = pytest.mark.slow

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
TWO = GameSetup(game="mota", mode="competitive", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")),
                expansions=("minions",))
REFUSED = "The screen changed as you tapped; nothing was done."

served = module_server("taps-redrawn")


def prepare(store: GameStore) -> dict[str, str]:
    solo = store.create(SOLO, name="Her meadow", seed=3)  # her first draws ask nothing
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        solo.execute(AddHex(number, zone, sites))
    two = store.create(TWO, name="Two at the table", seed=1)
    return {"solo": solo.id, "two": two.id}


@pytest.fixture
def games(served: Server) -> dict[str, str]:
    return made_for_this_try(served, prepare)


@pytest.fixture
def devices(served: Server) -> Iterator[list[WireDevice]]:
    opened: list[WireDevice] = []
    yield opened
    for device in opened:
        device.close()


def open_game(served: Server, devices: list[WireDevice], game_id: str) -> WireDevice:
    device = WireDevice(served.url, f"/game/{game_id}")
    devices.append(device)
    device.wait_id("screen-game")
    return device


def saved(served: Server, game_id: str) -> dict[str, Any]:
    game: dict[str, Any] = saved_games(served.db)[game_id]
    return game


def tap_old(device: WireDevice, control_id: int, event: str = "tap") -> float:
    """The tap its player made on the screen before: an event for the control that screen showed."""
    mark = time.monotonic()
    device._send([CONTROL_EVENT, {"target": control_id, "name": event, "data": None}])
    return mark


def button_in(device: WireDevice, identifier: str) -> int:
    """The id of the button inside the labelled node ``identifier`` as last sent: what a finger's tap names (the node
    itself is what a screen reader's tap names)."""
    found = [value["content"]["_i"] for value in device.sent_dicts()
             if value.get("identifier") == identifier and isinstance(value.get("content"), dict)]
    return found[-1]


def redrawn(device: WireDevice, identifier: str, old: int) -> None:
    """Wait until ``device`` has been sent the control ``identifier`` drawn anew (under another id than ``old``)."""
    device.wait(lambda: device.ids.get(identifier) not in (None, old), what=f"{identifier} drawn anew")


def test_next_tapped_as_her_card_is_drawn_elsewhere_moves_the_phase_once(
        served: Server, games: dict[str, str], devices: list[WireDevice]) -> None:
    """Her draw on another phone redraws the round bar (one line while her card's report shows): the Next the
    player tapped on the bar before (its button's click, as a finger sends it) goes to the Next drawn in its place."""
    game_id = games["solo"]
    ana, ben = open_game(served, devices, game_id), open_game(served, devices, game_id)
    ben.wait_id("bm-her-turn")
    past_seen_window()
    before, first = saved(served, game_id)["rev"], saved(served, game_id)["state"]["phase"]
    old_next, old_button = ana.ids["next-phase"], button_in(ana, "next-phase")
    ben.tap("bm-her-turn")
    redrawn(ana, "next-phase", old_next)
    assert button_in(ana, "next-phase") != old_button
    past_seen_window()
    mark = tap_old(ana, old_button, "click")  # a finger's tap: the button's click
    ana.wait(lambda: saved(served, game_id)["rev"] == before + 2, what="the Next after her draw")
    nothing_more()
    game = saved(served, game_id)
    assert game["rev"] == before + 2 and game["state"]["phase"] != first
    assert not ana.said(REFUSED, mark) and not ana.said("Traceback", mark)


def test_undo_aimed_at_ana_s_point_never_undoes_bo_s(
        served: Server, games: dict[str, str], devices: list[WireDevice]) -> None:
    """The bottom bar says "Undo: Ana +1"; Bo's point arrives and it says "Undo: Bo +1" (a new button: the old one's
    tap says which one the player read). The tap made on the first is refused in words; both points stay."""
    game_id = games["two"]
    ana, bo = open_game(served, devices, game_id), open_game(served, devices, game_id)
    ana.tap("plus-p1")
    bo.wait(lambda: sum(saved(served, game_id)["state"]["scores"]["p1"]) == 1, what="Ana's point")
    ana.wait(lambda: ana.said("Ana +1"), what="Undo: Ana +1")
    past_seen_window()
    old_undo = ana.ids["undo"]
    mark = time.monotonic()
    bo.tap("plus-p2")
    ana.wait(lambda: ana.said("Bo +1", mark), what="Undo: Bo +1 on Ana's screen")
    ana.settled()
    past_seen_window()
    before = saved(served, game_id)["rev"]
    mark = tap_old(ana, old_undo)
    ana.wait(lambda: ana.said("changed on another device meanwhile", mark) or saved(served, game_id)["rev"] != before,
             what="the tap answered")
    nothing_more()
    game = saved(served, game_id)
    assert sum(game["state"]["scores"]["p2"]) == 1, "the Undo Ana read as Ana's point took back Bo's"
    assert game["rev"] == before and sum(game["state"]["scores"]["p1"]) == 1
    assert ana.said("changed on another device meanwhile", mark)
    # Tapped on the screen that shows Bo's point, Undo takes that one back.
    ana.tap("undo")
    ana.wait(lambda: saved(served, game_id)["rev"] == before + 1, what="the undo")
    assert sum(saved(served, game_id)["state"]["scores"]["p2"]) == 0


def test_a_tap_on_a_button_gone_from_the_screen_is_said_as_not_made(
        served: Server, games: dict[str, str], devices: list[WireDevice]) -> None:
    """Bo undoes the game's only point as Ana folds the picture of the game: the picture is gone from her screen,
    nothing is in its place."""
    game_id = games["two"]
    ana, bo = open_game(served, devices, game_id), open_game(served, devices, game_id)
    bo.tap("plus-p2")
    ana.wait_id("fold-panel-picture")
    past_seen_window()
    old_fold = ana.ids["fold-panel-picture"]
    mark = time.monotonic()
    bo.tap("undo")
    ana.wait(lambda: ana.said("Nothing to undo", mark), what="the point undone")
    ana.settled()
    past_seen_window()
    before = saved(served, game_id)["rev"]
    mark = tap_old(ana, old_fold)
    ana.wait(lambda: ana.said(REFUSED, mark), what="the tap said as not made")
    mark = tap_old(ana, old_fold)  # the same control again: said once
    nothing_more()
    assert not ana.said(REFUSED, mark)
    assert saved(served, game_id)["rev"] == before


def test_an_event_for_a_control_never_drawn_stays_ignored(
        served: Server, games: dict[str, str], devices: list[WireDevice]) -> None:
    game_id = games["two"]
    ana = open_game(served, devices, game_id)
    before = saved(served, game_id)["rev"]
    mark = tap_old(ana, 987_654)
    nothing_more()
    assert not ana.said(REFUSED, mark) and not ana.said("Traceback", mark)
    assert saved(served, game_id)["rev"] == before


@pytest.mark.parametrize("event", ["click", "tap"])
def test_a_tap_on_a_button_that_no_longer_answers_is_said_as_not_made(
        served: Server, games: dict[str, str], devices: list[WireDevice], event: str) -> None:
    """Ana's point is undone on her phone as Bo taps "-" beside it: his "-" is drawn anew in place with nothing to
    take (the same control, its tap gone), and his tap, made while it still took a point, is said as not made
    (a finger's tap names the button, a screen reader's its labelled node)."""
    game_id = games["two"]
    ana, bo = open_game(served, devices, game_id), open_game(served, devices, game_id)
    ana.tap("plus-p1")
    bo.wait(lambda: bo.said("Ana +1"), what="Ana's point on Bo's screen")
    past_seen_window()
    old = bo.ids["minus-p1"] if event == "tap" else button_in(bo, "minus-p1")
    mark = time.monotonic()
    ana.tap("undo")
    bo.wait(lambda: bo.said("Nothing to undo", mark), what="the point undone on Bo's screen")
    bo.settled()
    assert old == (bo.ids["minus-p1"] if event == "tap" else button_in(bo, "minus-p1")), "drawn in place"
    past_seen_window()
    before = saved(served, game_id)["rev"]
    mark = tap_old(bo, old, event)
    bo.wait(lambda: bo.said(REFUSED, mark), what="the tap said as not made")
    nothing_more()
    game = saved(served, game_id)
    assert game["rev"] == before and sum(game["state"]["scores"]["p1"]) == 0
    assert not bo.said("Traceback", mark)
