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
from companion.ui.table_view import banner_behind
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
    screen.refresh()  # the opening's second pass (the panels, the jump bar), which this page's tasks never run
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
    monkeypatch.setattr(screen.scroll, "reveal", revealed.append)
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


def test_what_the_table_says_is_brought_into_view_when_it_comes_or_changes(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The table's banner sits above the round bar: a guest scrolled down to its panels when the host sets it to view
    only (or the host stops answering) is scrolled up to it, else it would not see why its buttons stopped answering
    and the page's accessibility tree would not hold the banner (the three-phone test's missed "Solo para ver")."""
    screen, guest, _, _ = joined(tmp_path, GAMES["solo"])
    revealed: list[str] = []
    monkeypatch.setattr(screen.scroll, "reveal", revealed.append)
    host = HOSTS[id(guest)]
    (member,) = host.guests.values()
    with using("en"):
        screen.refresh()
        assert revealed == [], "nothing new to say: the screen stays where it is"
        host.set_role(member.id, "view")  # the guest redraws as it hears (its tab's refresh, here by hand)
        screen.refresh()
        assert revealed == [screen.slots.scroll_key("table")] and guest.role == "view", revealed
        screen.refresh()
        assert revealed == [screen.slots.scroll_key("table")], "said once: a redraw saying the same stays put"
        host.set_role(member.id, "play")
        screen.refresh()
        assert revealed == [screen.slots.scroll_key("table")], "the banner gone: nothing to scroll to"
        guest.status = "quiet"  # the host not answering: said, and scrolled to
        screen.refresh()
        assert revealed == [screen.slots.scroll_key("table")] * 2, revealed


def test_a_banner_drawing_that_did_not_happen_is_put_right_within_a_beat(tmp_path: Path) -> None:
    """The role was taken but the screen not drawn from it (a refresh that failed half way): the guest's beat loop
    sees the banner behind what the guest holds (``banner_behind``) and draws the screen again."""
    screen, guest, _, _ = joined(tmp_path, GAMES["solo"])
    tab = screen.app
    tab.screen = screen  # type: ignore[attr-defined]
    with using("es"):
        screen.refresh()
        assert not banner_behind(tab), "drawn from what the guest holds"  # type: ignore[arg-type]
        guest.role = "view"  # taken, never drawn
        assert banner_behind(tab)  # type: ignore[arg-type]
        screen.refresh()
        assert not banner_behind(tab)  # type: ignore[arg-type]
        guest.status = "quiet"
        assert banner_behind(tab)  # type: ignore[arg-type]
