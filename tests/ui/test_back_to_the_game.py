"""Back to the game shows the game screen kept beneath Home (``Routes.kept``): only what changed goes out again.

Seen on Flet's own wire (``WireDevice``, a real server): a 4-player game with every module is opened from Home
(its whole screen sent, tens of KB), the player goes Home, another tab gives a point, and Back to the game sends
the point and little else - where the screen built afresh sent all of it again. A screen whose route differs
(another game) is built afresh, and the kept one is dropped. Built afresh on a phone, the screen's first message is
its top (the round bar, her moment, the standings) and the jump bar, the panels and the log follow in a second.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import msgpack
import pytest

from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.module_helpers import EVERY_MODULE
from tests.ui.browser import Server, run_server
from tests.ui.flet_wire import CONTROL_EVENT, UPDATE_CONTROL_PROPS, WireDevice

#: Served over the wire, with a server process per module and a clock to wait out (the app's tap windows): 3-5 s
#: a test, of the whole suite, not the fast tier (the core, the store, the rules, the terminal).
pytestmark = pytest.mark.slow

FOUR = tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")))
EVERYTHING = GameSetup(game="mota", mode="competitive", players=FOUR, **EVERY_MODULE)  # type: ignore[arg-type]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, str, str]]:
    db = tmp_path / "games.json"
    store = GameStore(db)
    game = store.create(EVERYTHING, name="Every module", seed=3)
    other = store.create(EVERYTHING, name="Another", seed=4)
    store.close()
    with run_server(db) as server:
        yield server, game.id, other.id


PAGE = 1  # the page's control id: what the Flutter client reports a route change on
LOG = "'log'"  # the log's identifier as a message carries it: drawn by an opening's second pass


def sent_after(device: WireDevice, route: str, *shows: str) -> tuple[int, float]:
    """Go to ``route`` as the browser does (Home's rows and Back navigate; the client reports the route change),
    and wait until messages name each of ``shows`` and the drawing has settled: the bytes the server sent for it,
    and when it started."""
    device.settled()
    began, start = time.monotonic(), len(device.received)
    device._send([UPDATE_CONTROL_PROPS, {"id": PAGE, "props": {"route": route}}])
    device._send([CONTROL_EVENT, {"target": PAGE, "name": "route_change", "data": {"route": route}}])
    device.wait(lambda: all(device.said(text, since=began) for text in shows), timeout=60,
                what=f"the drawing of {route}")
    device.settled(quiet=1.0)  # the game screen's second pass too
    return sum(len(msgpack.packb(message)) for _, message in device.received[start:]), began


def test_back_to_the_game_sends_only_what_changed(served: tuple[Server, str, str]) -> None:
    server, game_id, _ = served
    device = WireDevice(server.url, "/")
    elsewhere = WireDevice(server.url, f"/game/{game_id}")
    try:
        device.wait_id(f"resume-{game_id}")
        opened, _ = sent_after(device, f"/game/{game_id}", "Every module", LOG)  # the log: the second pass's
        assert opened > 40_000, opened  # the whole screen, both passes: every module
        sent_after(device, "/", "screen-home")
        elsewhere.wait_id("plus-p2")
        elsewhere.tap("plus-p2")
        elsewhere.wait(lambda: elsewhere.said("Bo: 1 CP"), what="the point given on the other tab")
        again, began = sent_after(device, f"/game/{game_id}", "Bo: 1 CP")
        assert again < 20_000, (again, opened)  # the point and the panels that read it; built afresh: ~165 KB
        # every screen is Flutter's one Navigator page (``routes.one_page``): no view keyed by the game's route
        assert device.said("'screen-game'") and not device.said("'route': '/game/"), "a view pushed as its own page"
        device.tap("plus-p1")  # the kept screen's controls answer taps
        device.wait(lambda: device.said("Ana: 1 CP", since=began), what="a tap on the kept screen")
    finally:
        device.close()
        elsewhere.close()


def test_back_from_the_rules_shows_the_kept_screen_top_first(served: tuple[Server, str, str]) -> None:
    """The round bar's "?" leads to the rules with the way back in the route; Back to the game shows the game screen
    kept beneath them (a few KB, not the opening's ~165), its top first: the panels' and the log's slots hidden in
    the first message, shown by the next."""
    server, game_id, _ = served
    device = WireDevice(server.url, "/")
    try:
        device.wait_id(f"resume-{game_id}")
        opened, _ = sent_after(device, f"/game/{game_id}", "Every module", LOG)
        sent_after(device, f"/rules?topic=rounds&game={game_id}&at=round-bar", "screen-rules")
        again, began = sent_after(device, f"/game/{game_id}?at=round-bar", "'visible', True")
        assert again < 20_000, (again, opened)
        messages = [message for when, message in device.received if when >= began]
        hides = [n for n, message in enumerate(messages) if "'visible', False" in repr(message)]
        shows = [n for n, message in enumerate(messages) if "'visible', True" in repr(message)]
        assert hides and len([n for n in shows if n > hides[0]]) >= 10, [repr(m)[:200] for m in messages]  # panels
        device.tap("plus-p1")  # the kept screen's controls answer taps
        device.wait(lambda: device.said("Ana: 1 CP", since=began), what="a tap on the kept screen")
    finally:
        device.close()


def test_another_game_is_built_afresh(served: tuple[Server, str, str]) -> None:
    server, game_id, other_id = served
    device = WireDevice(server.url, "/")
    try:
        device.wait_id(f"resume-{game_id}")
        first, _ = sent_after(device, f"/game/{game_id}", "Every module", LOG)
        sent_after(device, "/", "screen-home")
        device.wait_id(f"resume-{other_id}")
        other, _ = sent_after(device, f"/game/{other_id}", "Another", LOG)
        assert other > 40_000, (other, first)  # its own screen, sent whole
    finally:
        device.close()


def test_an_opening_sends_the_top_first(served: tuple[Server, str, str]) -> None:
    server, game_id, _ = served
    device = WireDevice(server.url, "/")
    try:
        device.wait_id(f"resume-{game_id}")
        _, began = sent_after(device, f"/game/{game_id}", "Every module", LOG)
        messages = [repr(message) for when, message in device.received if when >= began]
        first = next(n for n, text in enumerate(messages) if "'round-bar'" in text)
        assert "'scores'" in messages[first], messages[first][:300]
        assert "'panel-" not in messages[first] and LOG not in messages[first], len(messages[first])
        assert "'jump-bar'" not in messages[first], len(messages[first])  # below a phone's fold: 39 chips later
        later = "".join(messages[first + 1:])
        assert "'panel-checklist'" in later and LOG in later, len(later)  # the second pass: panels, log
        assert "'jump-bar'" in later, len(later)
        assert len(messages[first]) < len(later), (len(messages[first]), len(later))
    finally:
        device.close()
