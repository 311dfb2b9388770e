"""The game screen drawn from a guest's mirror, unchanged: its taps go to the host, the host's answer redraws it.

Random taps on a guest's game screen (a solo game against her, and a competitive game with modules) each reach
the host's saved game and come back: after every tap the mirror holds the host's game, the panels the screen kept
drew the same as a fresh drawing (the suite's ``COMPANION_CHECK_KEPT``), and the guest's own saves stay empty.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.scoring import AdjustScore
from companion.core.i18n import using
from companion.core.setup import GameSetup
from companion.store import GameStore
from companion.table.guest import MirrorSession, TableGuest
from companion.table.host import TableHost
from companion.table.link import memory_pair
from companion.ui import kept
from companion.ui.app import AppContext, SessionPool
from companion.ui.screens.game import GameScreen
from tests.ui.test_kept_panels import GAMES, PlayingTab, redraw, taps

TAPS = 30
HOSTS: dict[int, TableHost] = {}  # each joined guest's host, by the guest's id


class GuestTab(PlayingTab):
    """A guest phone's tab: the host's game is its mirror; its taps run as the tab runs them (sent to the host)."""

    def session(self, game_id: str) -> MirrorSession:  # type: ignore[override]
        guest = self.ctx.table_guest
        assert guest is not None and guest.mirror is not None and guest.mirror.id == game_id
        return guest.mirror


def joined(tmp_path: Path, setup: GameSetup) -> tuple[GameScreen, TableGuest, GameStore, GameStore]:
    host_store, guest_store = GameStore(tmp_path / "host" / "games.json"), GameStore(tmp_path / "guest" / "games.json")
    session = host_store.create(setup, seed=3)
    if setup.mode == "solo":
        for n, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
            session.execute(AddHex(n, zone, sites))
    host = TableHost(lambda: session)
    host_end, guest_end = memory_pair()
    host.add(host_end)
    guest = TableGuest("Ana", "en")
    HOSTS[id(guest)] = host
    guest.attach(guest_end)
    tab = GuestTab(AppContext(guest_store, None, SessionPool(guest_store), table_guest=guest))  # type: ignore[arg-type]
    screen = GameScreen(tab, f"/game/{session.id}", {"id": session.id})  # type: ignore[arg-type]
    screen.build_view()
    return screen, guest, host_store, guest_store


@pytest.mark.parametrize("name", ["solo", "every-module"])
def test_random_taps_on_a_guests_screen_play_the_hosts_game(tmp_path: Path, name: str) -> None:
    assert kept.CHECK, "the suite runs with COMPANION_CHECK_KEPT=1 (tests/conftest.py)"
    setup = GAMES[name]
    screen, guest, host_store, guest_store = joined(tmp_path, setup)
    pick = random.Random(name)
    moved = 0
    with using("es"):
        for _ in range(TAPS):
            ident, handler = pick.choice(taps(screen))
            before = guest.mirror.revision if guest.mirror else -1
            try:
                handler(None)
            except kept.StaleDrawing:
                raise
            except Exception:  # a tap that needs a real page (a dialog's form): nothing was sent
                pass
            assert guest.pending == {}, f"{ident}: every tap sent was answered"
            mirror = guest.mirror
            assert mirror is not None
            moved += mirror.revision != before
            redraw(screen)  # raises StaleDrawing on a panel kept whose drawing changed
        saved = GameStore(host_store.path).session(mirror.id)
        assert saved.state == mirror.state and saved.revision == mirror.revision
    assert moved >= 5, "the taps changed the host's game"
    assert guest_store.list_games() == [], "a guest never saves the host's game"


def test_another_phones_change_is_brought_into_view_and_this_phones_own_tap_is_not(tmp_path: Path,
                                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """#34: a change the host (or another phone) made reaches this guest as news - the screen scrolls to the first
    part it drew differently (``GameScreen.changed_elsewhere``); the answer to this phone's own tap does not move the
    screen (the player is looking where they tapped)."""
    screen, guest, _, _ = joined(tmp_path, GAMES["every-module"])
    revealed: list[str] = []
    monkeypatch.setattr(screen, "reveal", revealed.append)
    with using("en"):
        assert guest.take_elsewhere()  # the game as first sent: nothing since
        assert not guest.take_elsewhere()
        host = HOSTS[id(guest)]
        host.session().execute(AdjustScore("p2", 2))  # the host's own point
        host.changed()
        assert guest.take_elsewhere(), "the host's change is news on this phone"
        screen.changed_elsewhere()
        assert revealed == [screen.slots.scroll_key("scores")], revealed
        revealed.clear()
        dict(taps(screen))["plus-p1"](None)  # this phone's own point, answered by the host
        assert guest.pending == {}
        assert not guest.take_elsewhere(), "the answer to this phone's own tap is not news"
