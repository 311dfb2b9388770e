"""A table of phones through the screens, in Debian's chromium: a host and two guests, each its own app server
(three processes and three saves, as three phones), linked by a loopback ``TcpLinker`` in place of WebRTC.

The codes' text is handed over by the test as a player would copy it: the host's *Share this table*, each guest's
*Join a table*, the guest's answer back on the host. Then her draw from one guest, a point and Undo from the other,
a view-only guest refused, and the host's game read back from its saves with every change; the guests' saves stay
empty; then a guest leaves (asked first) and the host shows it gone. One journey: the host, its guests and their joins
are made once. (The phone build's own WebRTC link is tested by its engineer; this is the screens above any link.)
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.core.broodmother.meadow_commands import AddHex
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import ANDROID_UA, Server, Ui, new_tab, past_seen_window, run_server

pytestmark = pytest.mark.browser

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
SERVER = [sys.executable, "-m", "tests.table.table_server"]


def host_game(db: Path) -> str:
    """The host's solo game (three hexes placed), in the host's saves."""
    store = GameStore(db)
    game = store.create(SOLO, name="Phones", seed=3)
    for n, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        game.execute(AddHex(n, zone, sites))
    store.close()
    return game.id


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[tuple[Server, Server, Server, str]]:
    game_id = host_game(tmp_path / "host" / "games.json")
    with ExitStack() as stack:
        servers = [stack.enter_context(run_server(tmp_path / name / "games.json", SERVER))
                   for name in ("host", "ben", "cy")]
        yield servers[0], servers[1], servers[2], game_id


def code_on(ui: Ui, identifier: str) -> str:
    """The code a screen shows as text (what a player copies)."""
    return ui.label(f"{identifier}-text")


FIELDS = {"en": ("Your name", "The host's code"), "es": ("Tu nombre", "El código del anfitrión")}


def join(host: Ui, guest: Ui, name: str, lang: str = "en") -> None:
    """One guest joins through the steps a player takes (in its language), the codes copied across by the test."""
    name_field, code_field = FIELDS[lang]
    guest.tap("join-table")
    guest.wait_screen("join-table")
    guest.type_into(name_field, name)
    guest.type_into(code_field, code_on(host, "table-offer"), paste=True)
    guest.tap("table-join")
    guest.find("table-answer-steps")
    host.type_into("The other phone's code", code_on(guest, "table-answer"), paste=True)
    host.show("table-connect")  # below the code in the dialog: scrolled to, as a player scrolls
    host.tap("table-connect")
    guest.wait_screen("game")
    host.expect_label(f"table-play-{name}", f"{name} can play. Tap to make it view only.")


def test_a_solo_game_played_from_two_guest_phones_then_one_leaves(
        browser: Browser, phones: tuple[Server, Server, Server, str]) -> None:
    """One table's journey: two guests join, play and undo; Cy is made view only; then Ben leaves and the host
    shows him gone while Cy stays (one host and two joins for both halves: each half cost a host, a guest and a
    join of its own before)."""
    host_server, ben_server, cy_server, game_id = phones
    host = new_tab(browser, host_server.url, user_agent=ANDROID_UA).open(f"/game/{game_id}", "game")  # phones all
    ben = new_tab(browser, ben_server.url, user_agent=ANDROID_UA).open()
    cy = new_tab(browser, cy_server.url, locale="es-ES", user_agent=ANDROID_UA).open()
    try:
        host.tap("share-table")
        join(host, ben, "Ben")
        join(host, cy, "Cy", "es")
        host.tap("share-close")
        played_undone_and_view_only(host, ben, cy, host_server.db, game_id)
        for guest_server in (ben_server, cy_server):
            assert GameStore(guest_server.db).list_games() == [], "a guest never saves the host's game"
        host.tap("share-close")
        ben_leaves(host, ben, game_id)
        host.expect_label("table-play-Cy", re.compile("^Cy can only watch"))  # the other guest stays at the table
        assert GameStore(ben_server.db).list_games() == []
        assert [g.id for g in GameStore(host_server.db).list_games()] == [game_id]
    finally:
        for ui in (host, ben, cy):
            ui.close()


def played_undone_and_view_only(host: Ui, ben: Ui, cy: Ui, host_db: Path, game_id: str) -> None:
    """Her draw from one guest, a point and Undo from the other, every phone showing each; Cy made view only (said
    in Spanish); the host's saves hold every change."""
    ben.tap("bm-her-turn")  # her draw, from a guest
    host.find("bm-report")
    cy.find("bm-report")
    cy.tap("plus-p1")  # a point from the other guest
    for ui in (host, ben, cy):
        ui.expect_label("total-p1", re.compile(r"^Ana: 1\b"))
    past_seen_window()  # Ben has seen Cy's point: his Undo is judged against it (a phone draws it sooner than a
    # computer, and an Undo within the app's window of the point's arrival is refused as made on the screen before)
    ben.tap("undo")
    for ui in (host, ben, cy):
        ui.expect_label("total-p1", re.compile(r"^Ana: 0\b"))
    host.tap("share-table")
    host.show("table-play-Cy")
    host.tap("table-play-Cy")  # Cy may only watch now
    cy.expect_text("table-banner", "Solo para ver")  # in Cy's language
    saved = GameStore(host_db).session(game_id)
    assert len(saved.state["modules_state"]["broodmother"]["history"]) == 1
    assert [e["kind"] for e in saved.doc["log"]][-3:] == ["command", "command", "undo"]


def ben_leaves(host: Ui, ben: Ui, game_id: str) -> None:
    """Ben leaves (asked first: staying keeps the game); the host says so and lists him no more; nothing of the
    host's game stays on his phone."""
    ben.tap("table-leave")
    ben.tap("confirm-cancel")  # asked first: staying keeps the game on screen
    ben.wait_screen("game")
    ben.tap("table-leave")
    ben.tap("confirm-ok")
    ben.wait_screen("home")
    host.expect_text("info-message", "Ben left the table.")
    assert not ben.exists("back-to-table"), "nothing of the host's game is kept to go back to"
    host.tap("share-table")
    host.find("table-guests")
    host.until(lambda: not host.exists("table-play-Ben"), "Ben is off the host's list")
    ben.open(f"/game/{game_id}", "error")  # the host's game is not on this phone
