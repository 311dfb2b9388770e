"""A table of phones on the phone build: three browser profiles (three phones, three saves), linked by WebRTC in
the pages (no server, no ICE server), joined through the screens with the codes' text handed over by the test.

One table's journey (each profile's first visit, Pyodide's slowest start, paid once: two journeys and the table
bench's own run paid eight). The host imports a solo game made on a computer; two guests join (one reads
Spanish); the table bench's timing (``scripts/bench_table_browser.py``) times four taps on the host and a guest;
her draw from one guest, a point from the other, Undo from the first; every phone shows each change; the host sets
a guest to view only and that phone says so in its language.

Then the faults (issue 36): a phone whose page stops answering - its browser's renderer processes stopped, as a
locked phone's are, so it answers nothing, not even WebRTC's own checks - is shown away on the host within seconds,
a guest says the host's phone is not answering (each in its language), and each comes back by itself and plays
again; the host's page closed is said on every guest as the host leaving, and the host's phone, opened again, reads
the game back from its own saves with every change. (Chromium's network emulation offline does not touch a data
channel: a text sent "offline" arrived, so it cannot stand for a Wi-Fi drop.) While a phone is out of reach, the
phones judging its silence wait 3 s for it, not the app's 10 (the link's test hooks: ``?tabletest``).
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from companion.store import GameStore
from companion.table.protocol import QUIET
from tests.table.test_table_browser import join
from tests.ui.browser import Ui, past_seen_window
from tests.ui.test_broodmother_panel import her_turn
from tests.web.conftest import ROOT, Site, phone_context
from tests.web.test_phone_build import game_from_a_computer, start
from tests.web.test_table_link import hooked

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("web-build")]  # one dist/web

#: What each guest's banner says, in its language, when the host's phone stops answering and when it leaves.
NOT_ANSWERING = {"Ben": "not answering", "Cy": "no responde"}
LEFT = {"Ben": "stopped sharing", "Cy": "dejó de compartir"}
#: Each phone's page is opened with the link's test hooks (``companion.table.tabletest``): while another phone is
#: out of reach, the phones judging its silence say it gone after ``TEST_QUIET`` seconds rather than the app's
#: ``protocol.QUIET`` (10 s), the rest of the journey at the app's own.
HOOKS = "?tabletest"
TEST_QUIET = 3


def test_three_phones_play_one_game_out_of_reach_and_back_kept_on_the_hosts(chromium: Browser, site: Site,
                                                                            tmp_path: Path) -> None:
    with phone_context(chromium) as host_phone, phone_context(chromium) as ben_phone, \
            phone_context(chromium, locale="es-ES") as cy_phone:
        host, host_pids = opened_with_renderers(host_phone, site.url)
        game_id = a_solo_game(host, tmp_path)
        ben, ben_pids = opened_with_renderers(ben_phone, site.url)
        cy = start(cy_phone.new_page(), site.url, path=HOOKS)
        in_spanish(cy)
        host.tap("share-table")
        for guest, name, lang in ((ben, "Ben", "en"), (cy, "Cy", "es")):
            host.by_id("table-offer-text").wait_for(state="attached", timeout=180_000)  # WebRTC's gathering, loaded
            join(host, guest, name, lang)
        host.expect_label("table-guest-Ben", "Ben (connected)")
        host.tap("share-close")
        taps_timed_round_the_table(host, ben, game_id)
        played_from_the_guests(host, ben, cy)
        cy_made_view_only(host, cy)
        ben_out_of_reach_and_back(host, ben_pids)
        cy_let_play_again(host, cy)
        host_out_of_reach_and_back(host, ben, cy, host_pids)
        host.page.close()
        for ui, name in ((ben, "Ben"), (cy, "Cy")):
            ui.expect_text("table-banner", LEFT[name])
        again = start(host_phone.new_page(), site.url, screen="game", path=f"#/game/{game_id}")  # its own saves
        again.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
        again.expect_label("total-p1", re.compile(r"^Ana: 2\b"))


def a_solo_game(host: Ui, folder: Path) -> str:
    """The host's solo game against her (Ana, Minions of the Meadow), made on a computer and imported through Home:
    an import is one tap, the wizard's walk 12-16 s of taps in the page's Python (it is walked on the phone build
    by ``test_phone_build.py``)."""
    game_id = game_from_a_computer(host, GameStore(folder / "computer" / "games.json"))
    host.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 50 cards"))
    return game_id


def in_spanish(ui: Ui) -> None:
    """The phone build reads no Accept-Language: the player chooses Spanish in the settings."""
    ui.tap("open-settings")
    ui.wait_screen("settings")
    ui.tap("language-es")
    ui.expect_label("screen-title", re.compile("Ajustes"))
    ui.page.go_back()
    ui.wait_screen("home")


def bench_module() -> ModuleType:
    """``scripts/bench_table_browser.py`` loaded as a module (a script, not a package): its timing is called on this
    journey's table."""
    spec = importlib.util.spec_from_file_location("bench_table_browser", ROOT / "scripts" / "bench_table_browser.py")
    assert spec and spec.loader
    module = sys.modules.get(spec.name) or importlib.util.module_from_spec(spec)
    if spec.name not in sys.modules:
        sys.modules[spec.name] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return module


def taps_timed_round_the_table(host: Ui, ben: Ui, game_id: str) -> None:
    """The table bench's timing (issue 36's bench, ``--phones``) on this table's host and Ben (the bench holds every
    page it times to one label, and Cy's reads Spanish): four taps, each kind once, on both phones. A goal, not a
    test: no figure is held to a time, only to what the timing itself implies. The rotation (+, Undo, her draw,
    Undo) leaves the game as it found it."""
    bench = bench_module()
    pages = [host, ben]
    bench.watch(pages)
    results: dict[str, Any] = bench.timed(bench.Table(pages, None, game_id), "phone", 4, 1, lambda _: None, warm=0)
    assert results["build"] == "phone" and results["clock"]["spread_ms"] < 50
    got = results["all"]
    assert got["seen"]["n"] == 4 and got["host_taps_seen"]["n"] == got["guest_taps_seen"]["n"] == 2
    assert 0 < got["seen"]["p50"] <= got["seen"]["p99"] <= got["seen"]["max"] <= got["painted"]["max"]
    assert got["seen"]["max"] >= got["tapper_seen"]["max"], "the last page is no sooner than the tapping one"
    assert set(got["by_page"]) == {"guest_tap_host", "guest_tap_others", "guest_tap_tapper", "host_tap_host",
                                   "host_tap_guests"} and got["by_page"]["guest_tap_others"] is None  # one guest
    for tap in results["runs"][0]["taps"]:
        assert len(tap["seen"]) == 2 and min(tap["seen"]) > 0, "each page showed each change after the tap"
    for ui in pages:
        ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 50 cards"))
        ui.expect_label("total-p1", re.compile(r"^Ana: 0\b"))


def played_from_the_guests(host: Ui, ben: Ui, cy: Ui) -> None:
    """Her draw from one guest, a point from the other, Undo from the first: every phone shows each change."""
    her_turn(ben)
    for ui in (ben, host):
        ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
    cy.find("bm-report")
    cy.tap("plus-p1")
    for ui in (host, ben, cy):
        ui.expect_label("total-p1", re.compile(r"^Ana: 1\b"))
    past_seen_window()  # Ben's Undo is judged against Cy's point, which his phone shows (an Android phone's plain
    # boxes draw it sooner; an Undo within the app's window of its arrival is refused as made on the screen before)
    ben.tap("undo")
    for ui in (host, ben, cy):
        ui.expect_label("total-p1", re.compile(r"^Ana: 0\b"))


def cy_made_view_only(host: Ui, cy: Ui) -> None:
    """The host lets Cy only watch: its phone says so in Spanish (the host's beats carry its role too). The tap
    comes as the dialog opens, while the next phone's code is still being made: the row does not move when the code
    arrives (it once sat below the code, and a tap just then was lost)."""
    host.tap("share-table")
    host.show("table-play-Cy")
    before = top_of(host, "table-play-Cy")
    host.tap("table-play-Cy")
    host.expect_label("table-play-Cy", "Cy can only watch. Tap to let it play.")  # the host took the tap once
    cy.expect_text("table-banner", "Solo para ver")
    host.by_id("table-offer-text").wait_for(state="attached", timeout=180_000)
    assert top_of(host, "table-play-Cy") == before, "the row moved when the next code came"
    assert top_of(host, "table-offer-text") > before, "the next phone's code (it grows as it comes) sits below the rows"


def top_of(ui: Ui, identifier: str) -> float:
    """Where the control's top is drawn (its width follows its label)."""
    box = ui.by_id(identifier).bounding_box()
    assert box is not None, identifier
    return box["y"]


def ben_out_of_reach_and_back(host: Ui, ben_pids: set[int]) -> None:
    """Ben's phone answers nothing: the host's list says so after the quiet time (``TEST_QUIET``) and a beat, Cy
    still connected; then Ben is back by itself, in its place (the Share dialog open)."""
    with quiet_shortened(host), not_answering(ben_pids):
        host.expect_label("table-guest-Ben", "Ben (not answering)")
        host.expect_label("table-guest-Cy", "Cy (connected)")
    host.expect_label("table-guest-Ben", "Ben (connected)")


def cy_let_play_again(host: Ui, cy: Ui) -> None:
    """The host lets Cy play again: its banner goes."""
    host.show("table-play-Cy")
    host.tap("table-play-Cy")
    host.expect_label("table-play-Cy", "Cy can play. Tap to make it view only.")
    cy.by_id("table-banner").wait_for(state="detached")
    host.tap("share-close")


def host_out_of_reach_and_back(host: Ui, ben: Ui, cy: Ui, host_pids: set[int]) -> None:
    """A point from Ben; then the host's phone answers nothing: each guest says so in its language and may only
    watch meanwhile; back, Cy plays again and every phone shows it."""
    ben.tap("plus-p1")
    for ui in (host, ben, cy):
        ui.expect_label("total-p1", re.compile(r"^Ana: 1\b"))
    with quiet_shortened(ben, cy), not_answering(host_pids):
        for ui, name in ((ben, "Ben"), (cy, "Cy")):
            ui.expect_text("table-banner", NOT_ANSWERING[name])
        expect(cy.by_id("plus-p1")).to_have_attribute("aria-disabled", "true")  # view only meanwhile
    cy.by_id("table-banner").wait_for(state="detached")
    cy.tap("plus-p1")
    for ui in (host, ben, cy):
        ui.expect_label("total-p1", re.compile(r"^Ana: 2\b"))


def renderers() -> set[int]:
    """The pids of the chromium renderers this test process started (its browser's descendants)."""
    found: set[int] = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit() and b"--type=renderer" in _read(f"/proc/{entry}/cmdline") \
                and os.getpid() in _ancestors(int(entry)):
            found.add(int(entry))
    return found


def _read(path: str) -> bytes:
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:  # a process that ended meanwhile
        return b""


def _ancestors(pid: int) -> list[int]:
    chain: list[int] = []
    while pid > 1 and len(chain) < 50:
        stat = _read(f"/proc/{pid}/stat")
        if not stat:
            break
        pid = int(stat.rsplit(b")", 1)[1].split()[1])
        chain.append(pid)
    return chain


def opened_with_renderers(context: BrowserContext, url: str) -> tuple[Ui, set[int]]:
    """A phone's page, and the renderer processes that appeared with it (its own: each profile has its own)."""
    before = renderers()
    ui = start(context.new_page(), url, path=HOOKS)
    return ui, renderers() - before


@contextmanager
def quiet_shortened(*judges: Ui) -> Iterator[None]:
    """The phones in ``judges`` say a silent phone gone after ``TEST_QUIET`` seconds for the block's time, then
    after the app's ``QUIET`` again (each checks it was told: the hook answers with the time it set)."""
    hooks = [hooked(ui.page, ui.base_url) for ui in judges]
    for hook in hooks:
        assert hook.ok("quiet", TEST_QUIET) == {"quiet": TEST_QUIET}
    try:
        yield
    finally:
        for hook in hooks:
            assert hook.ok("quiet", QUIET) == {"quiet": QUIET}


@contextmanager
def not_answering(pids: set[int]) -> Iterator[None]:
    """A phone that answers nothing (screen locked, out of reach) for the block's time, then back as it was."""
    living = pids & renderers()  # a spare renderer started beside the page may have ended since
    assert living, "no renderer process of that phone was found"
    for pid in living:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in living:
            os.kill(pid, signal.SIGCONT)
