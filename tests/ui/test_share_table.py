"""One table, several devices, in the real app: browser contexts as the players' phones.

The server is started as a host would (``companion --share``), with 127.0.0.2 standing in
for the local network, so no test leaves loopback. Each guest is its own browser context
(its own storage, like its own phone) opened on the shared address.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, FloatRect, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from companion.core.broodmother.meadow_commands import AddHex
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import ANDROID_UA, COMPUTER_UA, PHONE, Server, Ui, new_tab, nothing_more, poll, run_server
from tests.ui.conftest import UntilARerun, saved_games
from tests.ui.test_security import LAN, _wait_shared

pytestmark = pytest.mark.browser

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))


@dataclass
class Table:
    server: Server
    game_id: str
    lan_url: str


@contextmanager
def shared_table(folder: Path, log: Path) -> Iterator[Table]:
    db = folder / "games.json"
    store = GameStore(db)
    session = store.create(SOLO, name="Shared table", seed=4)
    for n, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        session.execute(AddHex(n, zone, sites))
    game_id = session.id
    store.close()
    command = [sys.executable, "-m", "companion", "--share", "--share-address", LAN]
    with run_server(db, command=command) as server:
        yield Table(server, game_id, f"http://{LAN}:{_wait_shared(server)}")
    log.write_text("".join(server.output), encoding="utf-8")


@pytest.fixture(scope="module")
def table_kept(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UntilARerun[Table]]:
    """The shared table of both tests: who joined and whether it is shared live in the server's memory (a failed
    first try may leave a device at the table or the sharing stopped), so a rerun gets a new one."""
    log = tmp_path_factory.getbasetemp() / "share-server.log"
    with UntilARerun(lambda: shared_table(tmp_path_factory.mktemp("share"), log)) as kept:
        yield kept


@pytest.fixture
def table(table_kept: UntilARerun[Table], request: pytest.FixtureRequest) -> Table:
    return table_kept.for_this_try(request)


@pytest.fixture
def devices(browser: Browser) -> Iterator[list[Ui]]:
    opened: list[Ui] = []
    yield opened
    for ui in opened:
        ui.close()
    external = [url for ui in opened for url in ui.external_requests]
    assert not external, f"the app asked for things off this machine: {external}"


def open_device(browser: Browser, devices: list[Ui], base: str, path: str, screen: str,
                user_agent: str | None = ANDROID_UA) -> Ui:
    ui = new_tab(browser, base, PHONE, user_agent=user_agent)
    devices.append(ui)
    return ui.open(path, screen)


def deck(table: Table) -> dict[str, Any]:
    state: dict[str, Any] = saved_games(table.server.db)[table.game_id]["state"]
    return dict(state["modules_state"]["broodmother"]["deck"])


def code_of(host: Ui) -> str:
    return re.sub(r"\D", "", host.label("share-code").split(":", 1)[1])


def open_share(host: Ui) -> None:
    """Open the Share dialog; a tap made while the game screen was still settling is made again (a loaded CI run
    once waited 20 s on a dialog whose tap never arrived)."""
    for _ in range(3):
        if not host.exists("share-dialog"):
            host.tap("share-table")
        try:
            host.by_id("share-code").wait_for(state="attached", timeout=8000)
            return
        except PlaywrightTimeout:
            continue
    host.find("share-code")


def dialog_tap(ui: Ui, identifier: str) -> None:
    """Scroll the share dialog to its end (its device list is below the QR code on a phone), then tap. One turn of
    the wheel as far as three (the dialog stops at its end), settled once: three turns settled each cost two more
    settles a tap."""
    ui.find(identifier)
    ui.page.mouse.move(180, 400)
    ui.page.mouse.wheel(0, 1800)
    ui.settled()
    ui.tap(identifier)


def join_with_code(ui: Ui, code: str, name: str) -> None:
    ui.type_into("Code from the host's screen", code)
    ui.type_into("Your name", name)
    ui.tap("join-submit")


def host_tab(browser: Browser, devices: list[Ui], table: Table) -> Ui:
    """The host: the computer that runs ``--share`` (Material's buttons), its window as narrow as a phone's."""
    return open_device(browser, devices, table.server.url, f"/game/{table.game_id}", "game", COMPUTER_UA)


def wait_for(check: Any, what: str, seconds: float = 15) -> None:
    poll(check, what, seconds)


# -- joining ---------------------------------------------------------------------------------
def test_join_by_code_and_by_the_qr_link_a_wrong_code_refused(browser: Browser, devices: list[Ui],
                                                             table: Table) -> None:
    host = host_tab(browser, devices, table)
    host.expect_text("share-banner", "shared on the local network")
    host.shot("host-shared-360")
    open_share(host)
    code = code_of(host)
    host.shot("share-dialog-360")

    ana = open_device(browser, devices, table.lan_url, "/", "join")
    assert not ana.exists("screen-game") and not ana.exists("screen-home")
    ana.shot("join-page-360")
    wrong = "000000" if code != "000000" else "111111"
    join_with_code(ana, wrong, "Ana")
    ana.expect_text("join-problem", "not right")
    assert not ana.exists("screen-game")
    join_with_code(ana, code, "Ana")
    ana.wait_screen("game")
    ana.expect_text("share-banner", "Ana")
    host.find("device-play-Ana")
    assert code_of(host) != code  # spent: the next device gets a new one

    link = host.label("share-link").split(": ", 1)[1]
    assert link.startswith(f"{table.lan_url}/?join=")
    bo = open_device(browser, devices, table.lan_url, link.removeprefix(table.lan_url), "join")
    assert not bo.page.get_by_role("textbox", name="Code from the host's screen").count()
    bo.type_into("Your name", "Bo")
    bo.tap("join-submit")
    bo.wait_screen("game")
    host.find("device-play-Bo")
    bo.page.wait_for_url("**/game/**")
    assert "join=" not in bo.page.url  # the spent link left the address bar

    # The same link again (one use only): the join page asks for the code instead.
    cy = open_device(browser, devices, table.lan_url, link.removeprefix(table.lan_url), "join")
    cy.type_into("Your name", "Cy")
    cy.tap("join-submit")
    cy.expect_text("join-problem", "already used")
    assert not cy.exists("screen-game")
    cy.page.wait_for_url(lambda url: "join=" not in url)  # the spent link leaves the address bar a moment later
    # the code is asked now (its field comes a frame after the problem line)
    expect(cy.page.get_by_role("textbox", name="Code from the host's screen")).to_have_count(1)

    # A phone that sleeps and wakes (the page reloaded) is still at the table.
    bo.reload("game")
    bo.expect_text("share-banner", "Bo")
    # Even after a long sleep, when the server has let its session go: the browser kept its key.
    kept = bo.page.evaluate("Object.keys(localStorage)")
    assert any(key.endswith("companion.table-device") for key in kept), kept
    bo.page.evaluate("sessionStorage.clear()")
    bo.page.reload(wait_until="commit")
    bo.enable_semantics()
    bo.wait_screen("game")
    bo.expect_text("share-banner", "Bo")


def test_two_devices_tap_at_once_then_one_made_view_only_removed_and_sharing_stopped(
        browser: Browser, devices: list[Ui], table: Table) -> None:
    """One host and one device for three checks in turn (each made its own host and device before): both tap her
    draw at once and one card is drawn, Undo showing on both; the device made view only cannot act, then removed is
    cut off; the host stops sharing and the shared address closes, and starts again with a new code."""
    host = host_tab(browser, devices, table)
    open_share(host)
    dee = open_device(browser, devices, table.lan_url, "/", "join")
    join_with_code(dee, code_of(host), "Dee")
    dee.wait_screen("game")
    host.tap("share-close")
    both_tap_her_draw_at_once(host, dee, table)
    view_only_then_removed(host, dee, table)
    sharing_stopped_and_started(host, table)


def both_tap_her_draw_at_once(host: Ui, dee: Ui, table: Table) -> None:
    """Two fingers on Her turn at once, on two devices: one card drawn; Undo on one shows Redo on the other."""
    left = len(deck(table)["draw"])
    for ui in (host, dee):
        ui.show("bm-her-turn")
    # Both fingers down within a few milliseconds: the points are found first, so no wait for a button's checks
    # falls between the taps (on a loaded machine that wait let the first draw reach the other screen well before
    # the second tap, which then rightly drew again)
    points = [_centre(ui.by_id("bm-her-turn").bounding_box()) for ui in (host, dee)]
    for ui, (x, y) in zip((host, dee), points, strict=True):
        ui.page.mouse.click(x, y)
    wait_for(lambda: len(deck(table)["draw"]) < left, "no card was drawn")
    nothing_more(1500)
    assert len(deck(table)["draw"]) == left - 1, "two cards were drawn"
    dee.expect_label("undo", re.compile("Undo"))
    host.expect_label("undo", re.compile("Undo"))
    host.tap("undo")
    wait_for(lambda: len(deck(table)["draw"]) == left, "the undo did not put the card back")
    dee.expect_label("redo", re.compile("^Redo: "))


def view_only_then_removed(host: Ui, dee: Ui, table: Table) -> None:
    """Made view only, the device's taps change nothing saved; removed, it is back on the join page."""
    open_share(host)
    dialog_tap(host, "device-play-Dee")
    dee.expect_text("share-banner", "view only")
    host.shot("share-devices-360")
    before = saved_games(table.server.db)[table.game_id]["rev"]
    dee.show("plus-p1")
    dee.by_id("plus-p1").click(force=True)
    dee.by_id("undo").click(force=True)
    nothing_more(1500)
    assert saved_games(table.server.db)[table.game_id]["rev"] == before
    dee.shot("view-only-360")

    dialog_tap(host, "device-remove-Dee")
    dee.wait_screen("join")
    assert not dee.exists("screen-game")


def sharing_stopped_and_started(host: Ui, table: Table) -> None:
    """Stop sharing closes the shared address (the host's own still answers); started again from the Share button,
    a new code is shown and printed in the terminal that started the app."""
    import httpx

    open_share(host)
    dialog_tap(host, "share-stop")
    host.find("share-start")
    wait_for(lambda: _refused(table.lan_url), "the shared address still answers")
    assert httpx.get(table.server.url, timeout=5).status_code == 200
    printed = len(table.server.output)
    host.tap("share-start")
    host.find("share-code")
    code = "".join(ch for ch in host.label("share-code") if ch.isdigit())
    assert len(code) == 6, code
    # Started from the Share button, the terminal that started the app gets the code and QR code as well.
    wait_for(lambda: any(code in "".join(ch for ch in line if ch.isdigit())
                         for line in list(table.server.output)[printed:]), "the new code in the terminal")


def _refused(url: str) -> bool:
    import httpx

    try:
        httpx.get(url, timeout=2)
    except httpx.HTTPError:
        return True
    return False


def _centre(box: FloatRect | None) -> tuple[float, float]:
    assert box is not None, "the button is not on the page"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
