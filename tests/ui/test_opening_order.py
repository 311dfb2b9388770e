"""Opening a game from Home (#33): what goes out with the screen's top and what waits, seen on Flet's own wire.

A resume on a phone waits for the browser's frames that draw the game screen's top. Her draw's cue services (the
vibration and the chime, a WAV in a data URL) went out right after the top and the page spent three times the top's
time on the chime's message before drawing; they now follow the panels. Screens open and close with no page
transition, whose frames at a phone's speed drew both screens again.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import Server, run_server
from tests.ui.flet_wire import CONTROL_EVENT, UPDATE_CONTROL_PROPS, WireDevice

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
PAGE = 1  # the page's control id: what the Flutter client reports a route change on
PLATFORMS = ("android", "ios", "linux", "macos", "windows")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Server, str]]:
    db = tmp_path / "games.json"
    store = GameStore(db)
    game = store.create(SOLO, name="Against her", seed=5)
    store.close()
    with run_server(db) as server:
        yield server, game.id


def opened(device: WireDevice, route: str) -> list[str]:
    """Go to ``route`` as the browser does and wait until the chime's service is on the page: each message sent
    meanwhile, as text."""
    device.settled()
    began = time.monotonic()
    device._send([UPDATE_CONTROL_PROPS, {"id": PAGE, "props": {"route": route}}])
    device._send([CONTROL_EVENT, {"target": PAGE, "name": "route_change", "data": {"route": route}}])
    device.wait(lambda: device.said("data:audio/wav", since=began), timeout=60, what="the chime's service")
    return [repr(message) for when, message in list(device.received) if when >= began]


def test_her_cue_goes_out_after_the_panels_not_beside_the_top(served: tuple[Server, str]) -> None:
    server, game_id = served
    device = WireDevice(server.url, "/")
    try:
        device.wait_id(f"resume-{game_id}")
        messages = opened(device, f"/game/{game_id}")
        top = next(n for n, text in enumerate(messages) if "'round-bar'" in text)
        panels = max(n for n, text in enumerate(messages) if "'panel-bm-" in text)
        chime = next(n for n, text in enumerate(messages) if "data:audio/wav" in text)
        buzz = next(n for n, text in enumerate(messages) if "'HapticFeedback'" in text)
        assert top < panels < chime and panels < buzz, (top, panels, chime, buzz)
        assert "'panel-bm-" not in messages[top] and "data:audio" not in messages[top]
    finally:
        device.close()


def test_screens_change_with_no_page_transition(served: tuple[Server, str]) -> None:
    """The theme the page gets (light and dark) names no transition for any platform: the browser's own platform
    (Android's Chrome, or Linux here) picks from these."""
    server, _ = served
    device = WireDevice(server.url, "/")
    try:
        device.wait(lambda: device.said("page_transitions"), what="the page's theme")
        sent = "".join(repr(message) for _, message in list(device.received) if "page_transitions" in repr(message))
        for platform in PLATFORMS:
            assert f"'{platform}': 'none'" in sent, (platform, sent[sent.find("page_transitions"):][:300])
        assert "zoom" not in sent and "fadeUpwards" not in sent
    finally:
        device.close()
