"""Hand-made WebSocket messages against a shared table: what the server itself refuses.

Each device here is ``WireDevice``, a bare client of Flet's protocol: it can send any event
for any control it was sent, disabled or not, exactly as a page could that ignores the
buttons it is shown. 127.0.0.2 stands in for the local network.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from companion.core.i18n import render
from tests.ui.browser import Server, nothing_more, past_seen_window, run_server
from tests.ui.conftest import saved_games
from tests.ui.flet_wire import CONTROL_EVENT, WireDevice
from tests.ui.test_security import LAN, _wait_shared

#: Served over the wire, with a server process per module and a clock to wait out (the app's tap windows): 3-5 s
#: a test, of the whole suite, not the fast tier (the core, the store, the rules, the terminal).
pytestmark = pytest.mark.slow

CODE_LINE = re.compile(r"type the code (\d{3} \d{3})")


@dataclass
class Shared:
    server: Server
    game_id: str
    lan_url: str
    opened: list[WireDevice]

    def device(self, base: str, route: str = "/") -> WireDevice:
        device = WireDevice(base, route)
        self.opened.append(device)
        return device

    def rev(self) -> int:
        return int(saved_games(self.server.db)[self.game_id]["rev"])

    def state(self) -> dict[str, Any]:
        state: dict[str, Any] = saved_games(self.server.db)[self.game_id]["state"]
        return state


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shared]:
    db = tmp_path_factory.mktemp("wire") / "games.json"
    made = subprocess.run([sys.executable, "-m", "companion", "game", "new", "--db", str(db), "--player", "Ana:red",
                           "--player", "Bo:blue"], check=True, capture_output=True, text=True)
    command = [sys.executable, "-m", "companion", "--share", "--share-address", LAN]
    with run_server(db, command=command) as server:
        table = Shared(server, made.stdout.strip(), f"http://{LAN}:{_wait_shared(server)}", [])
        yield table
        for device in table.opened:
            device.close()


def current_code(host: WireDevice) -> str:
    """The code the host's Share dialog shows now."""
    host.tap("share-table")
    host.wait(lambda: "share-code" in host.ids or "share-start" in host.ids, what="the share dialog")
    if "share-code" not in host.ids:  # not shared (an earlier test ended it): share
        host.tap("share-start")
        host.wait_id("share-code")
    return code_shown(host)


def code_shown(host: WireDevice) -> str:
    """The code the host's open Share dialog was last sent."""
    found = [m for _, m in host.received if "Code to type: " in repr(m)]
    digits = re.findall(r"Code to type: ((?:\d ){5}\d)", repr(found[-1]))
    return digits[-1].replace(" ", "")


def join(shared: Shared, host: WireDevice, name: str, code: str | None = None) -> WireDevice:
    """``name`` joins with ``code`` (by default the code of a Share dialog the host opens now)."""
    code = code or current_code(host)
    guest = shared.device(shared.lan_url)
    guest.wait_id("screen-join")
    guest.type("Code from the host's screen", code)
    guest.type("Your name", name)
    guest.tap("join-submit")
    guest.wait_id("screen-game")
    host.wait_id(f"device-play-{name}")  # the host's dialog has been redrawn with the new device
    return guest


def test_a_device_without_the_code_sees_only_the_join_page(shared: Shared) -> None:
    stranger = shared.device(shared.lan_url, f"/game/{shared.game_id}")
    stranger.wait_id("screen-join")
    for route in ("/", "/settings", "/new", "/rules", f"/game/{shared.game_id}"):
        other = shared.device(shared.lan_url, route)
        other.wait_id("screen-join")
        nothing_more(300)
        for device in (stranger, other):
            # No game, no player, no score, no list of games, no settings. (Random session ids may hold
            # any letters, so look for what the screens are made of.)
            seen = set(device.ids)
            assert not {"screen-game", "screen-home", "player-p1", "scores", "game-list", "open-settings",
                        "screen-rules"} & seen, seen
            assert not device.said("Colony Points") and not device.said("'Ana'")


def test_a_view_only_device_is_refused_whatever_it_sends(shared: Shared) -> None:
    host = shared.device(shared.server.url, f"/game/{shared.game_id}")
    host.wait_id("screen-game")
    eve = join(shared, host, "Eve")
    host.wait_id("device-play-Eve")
    host.tap("device-play-Eve")
    eve.wait(lambda: eve.said("view only"), what="the view-only banner")
    before = shared.rev()
    mark = eve.received[-1][0]
    for target in ("plus-p1", "next-phase", "undo", "minus-p2"):
        eve.tap(target)
    eve.wait(lambda: eve.said("set to view only", mark), what="the refusal")
    assert shared.rev() == before

    # Let to play: the same message now counts, once.
    host.tap("device-play-Eve")
    eve.wait(lambda: eve.said("you can play", mark), what="the can-play banner")
    eve.tap("plus-p1")
    host.wait(lambda: shared.rev() == before + 1, what="Eve's point")
    assert sum(shared.state()["scores"]["p1"]) == 1

    # Removed: cut off, and what it sends is refused.
    host.tap("device-remove-Eve")
    eve.wait(lambda: eve.said("Join the table", mark), what="the join page after removal")
    eve.tap("plus-p1")  # the button it was last sent, tapped by hand
    nothing_more(1000)
    assert shared.rev() == before + 1


def test_a_tap_made_on_a_row_before_the_dialog_was_redrawn_still_counts(shared: Shared) -> None:
    """The host taps Gil's switch as the dialog is redrawn (another device joins): the tap's event names the switch
    drawn before. A row made anew dropped it (Flet drops an event for a control no longer on the page): the host's
    tap was lost (issue 36's three-phone test, on the phone table's dialog, whose rows are these)."""
    host = shared.device(shared.server.url, f"/game/{shared.game_id}")
    host.wait_id("screen-game")
    gil = join(shared, host, "Gil")
    drawn = host.ids["device-play-Gil"]  # the switch as the host's screen shows it now
    join(shared, host, "Hal", code_shown(host))  # the open dialog is drawn again, Gil's row with it
    host._send([CONTROL_EVENT, {"target": drawn, "name": "tap", "data": None}])  # the tap, made before that redraw
    gil.wait(lambda: gil.said("view only"), what="Gil's view-only banner")
    assert host.ids["device-play-Gil"] == drawn  # the row was kept, not made anew
    host.tap("device-remove-Gil")
    host.tap("device-remove-Hal")


def test_a_guest_cannot_reach_anything_but_the_shared_game(shared: Shared) -> None:
    host = shared.device(shared.server.url, f"/game/{shared.game_id}")
    host.wait_id("screen-game")
    zed = join(shared, host, "Zed")
    assert "delete-game" not in zed.ids and "share-table" not in zed.ids and "open-settings" not in zed.ids
    assert "screen-home" not in zed.ids


def test_two_devices_tap_next_at_once_the_phase_moves_once(shared: Shared) -> None:
    host = shared.device(shared.server.url, f"/game/{shared.game_id}")
    host.wait_id("screen-game")
    guest = join(shared, host, "Kim")
    host.tap("share-close")
    phase, rounds = shared.state()["phase"], shared.state()["round"]
    before = shared.rev()
    mark = time.monotonic()
    host.tap("next-phase")
    guest.tap("next-phase")
    host.wait(lambda: shared.rev() > before, what="the Next")
    nothing_more(1000)
    assert shared.rev() == before + 1
    assert shared.state()["round"] == rounds and shared.state()["phase"] != phase
    log = saved_games(shared.server.db)[shared.game_id]["log"]
    assert [render(e["label"], "en").split(":")[0] for e in log].count("Next") == 1  # labels are messages
    assert_second_tap_was_harmless(host, guest, mark)


def test_the_host_shares_another_game_and_the_devices_follow(shared: Shared) -> None:
    host = shared.device(shared.server.url, f"/game/{shared.game_id}")
    host.wait_id("screen-game")
    guest = join(shared, host, "Lou")
    made = subprocess.run([sys.executable, "-m", "companion", "game", "new", "--db", str(shared.server.db),
                           "--player", "Cat:red", "--player", "Dan:blue", "--name", "Second table"],
                          check=True, capture_output=True, text=True)
    other = shared.device(shared.server.url, f"/game/{made.stdout.strip()}")
    other.wait_id("screen-game")
    other.tap("share-table")
    other.wait_id("share-switch")
    assert other.said("The devices see another game")
    mark = time.monotonic()
    other.tap("share-switch")
    guest.wait(lambda: guest.said("Second table", mark) and guest.said("Cat", mark), what="the second game")
    assert not guest.said("Ana", mark)
    # Its game gone, the table is no longer shared.
    other.tap("share-close")
    other.tap("delete-game")
    other.wait_id("confirm-ok")
    late = time.monotonic()
    other.tap("confirm-ok")
    guest.wait(lambda: guest.said("not shared right now", late), what="the table closed")
    assert shared.state()["round"] == 1  # the first game is untouched


def companion(*args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "companion", *args], check=True, capture_output=True, text=True)
    return done.stdout.strip()


def test_two_devices_draw_her_card_at_once_one_card(shared: Shared) -> None:
    db = str(shared.server.db)
    solo = companion("solo", "new", "--db", db, "--player", "Ana:red", "--seed", "4", "--name", "Solo table",
                     "--json")
    game = re.search(r'"(g-[0-9a-f]+)"', solo)
    assert game is not None, solo
    game_id = game.group(1)
    for number in ("4", "7"):
        companion("solo", "hex", "add", game_id, number, "--db", db, "--sites", "2")
    host = shared.device(shared.server.url, f"/game/{game_id}")
    host.wait_id("screen-game")
    guest = join(shared, host, "Max")
    if "share-switch" in host.ids:  # the table was showing the other game
        host.tap("share-switch")
    guest.wait_id("bm-her-turn")
    host.tap("share-close")
    past_seen_window()

    def draw_pile() -> int:
        state = saved_games(shared.server.db)[game_id]["state"]
        return len(state["modules_state"]["broodmother"]["deck"]["draw"])

    left = draw_pile()
    mark = time.monotonic()
    host.tap("bm-her-turn")
    guest.tap("bm-her-turn")
    host.wait(lambda: draw_pile() < left, what="her card")
    nothing_more(1000)
    assert draw_pile() == left - 1
    assert_second_tap_was_harmless(host, guest, mark)


def assert_second_tap_was_harmless(host: WireDevice, guest: WireDevice, mark: float) -> None:
    """The second of two simultaneous taps met a stale screen and was told so, or met the screen already redrawn
    (its button replaced: the tap goes to the one in its place, judged against the screen before, or is said as not
    made; ``tests/ui/test_taps_redrawn.py``): which one is thread timing, and both are right (the deterministic
    refusal is tests/core/test_session_devices.py). Never told twice, never an error."""
    told = [d for d in (host, guest) if d.said("Already done on another device", mark)]
    assert len(told) <= 1
    for device in (host, guest):
        assert not device.said("Traceback", mark) and not device.said("internal error", mark)
