"""A table of phones on the phone build: three browser profiles (three phones, three saves), linked by WebRTC in
the pages (no server, no ICE server), joined through the screens with the codes' text handed over by the test.

The host makes a solo game; two guests join (one reads Spanish); her draw from one guest, a point from the other,
Undo from the first; every phone shows each change; the host sets a guest to view only and that phone says so in
its language; the host's page, reloaded, reads the game back from its own saves with every change.

Then the faults (issue 36): a phone whose page stops answering - its browser's renderer processes stopped, as a
locked phone's are, so it answers nothing, not even WebRTC's own checks - is shown away on the host within seconds,
a guest says the host's phone is not answering, and each comes back by itself and plays again; the host's page
closed is said on every guest as the host leaving. (Chromium's network emulation offline does not touch a data
channel: a text sent "offline" arrived, so it cannot stand for a Wi-Fi drop.)
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, expect

from tests.table.test_table_browser import join
from tests.ui.browser import Ui
from tests.ui.test_broodmother_panel import her_turn
from tests.web.conftest import Site, phone_context
from tests.web.test_phone_build import reload, solo_game, start

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("web-build")]  # one dist/web


def test_three_phones_play_one_game_kept_on_the_hosts(chromium: Browser, site: Site) -> None:
    with phone_context(chromium) as host_phone, phone_context(chromium) as ben_phone, \
            phone_context(chromium, locale="es-ES") as cy_phone:
        host = start(host_phone.new_page(), site.url)
        game_id = solo_game(host)
        ben, cy = start(ben_phone.new_page(), site.url), start(cy_phone.new_page(), site.url)
        cy.tap("open-settings")  # the phone build reads no Accept-Language: Cy chooses Spanish
        cy.wait_screen("settings")
        cy.tap("language-es")
        cy.expect_label("screen-title", re.compile("Ajustes"))
        cy.page.go_back()
        cy.wait_screen("home")
        host.tap("share-table")
        join(host, ben, "Ben")
        join(host, cy, "Cy", "es")
        host.tap("share-close")
        her_turn(ben)  # her draw, from a guest
        for ui in (ben, host):
            ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
        cy.by_id("bm-report").wait_for()
        cy.tap("plus-p1")  # a point, from the other guest
        for ui in (host, ben, cy):
            ui.expect_label("total-p1", re.compile(r"^Ana: 1\b"))
        ben.tap("undo")
        for ui in (host, ben, cy):
            ui.expect_label("total-p1", re.compile(r"^Ana: 0\b"))
        host.tap("share-table")
        host.show("table-play-Cy")
        host.tap("table-play-Cy")  # Cy may only watch now
        host.expect_label("table-play-Cy", "Cy can only watch. Tap to let it play.")  # the host took the tap once
        cy.expect_text("table-banner", "Solo para ver")  # in Cy's language (the host's beats carry its role too)
        host.tap("share-close")
        reload(host, "game")  # the host's own saves, read back
        assert game_id in host.page.url
        host.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
        host.expect_label("total-p1", re.compile(r"^Ana: 0\b"))


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
    ui = start(context.new_page(), url)
    return ui, renderers() - before


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


def test_a_phone_out_of_reach_is_said_comes_back_and_the_host_leaving_is_said(chromium: Browser, site: Site) -> None:
    with phone_context(chromium) as host_phone, phone_context(chromium) as ben_phone, \
            phone_context(chromium) as cy_phone:
        host, host_pids = opened_with_renderers(host_phone, site.url)
        solo_game(host)
        ben, ben_pids = opened_with_renderers(ben_phone, site.url)
        cy = start(cy_phone.new_page(), site.url)
        host.tap("share-table")
        join(host, ben, "Ben")
        join(host, cy, "Cy")
        host.expect_label("table-guest-Ben", "Ben (connected)")
        with not_answering(ben_pids):
            host.expect_label("table-guest-Ben", "Ben (not answering)")  # after QUIET (10 s) and a beat
            host.expect_label("table-guest-Cy", "Cy (connected)")
        host.expect_label("table-guest-Ben", "Ben (connected)")  # back by itself, in its place
        host.tap("share-close")
        ben.tap("plus-p1")
        for ui in (host, ben, cy):
            ui.expect_label("total-p1", re.compile(r"^Ana: 1\b"))
        with not_answering(host_pids):
            for ui in (ben, cy):
                ui.expect_text("table-banner", "not answering")
            expect(cy.by_id("plus-p1")).to_have_attribute("aria-disabled", "true")  # view only meanwhile
        cy.by_id("table-banner").wait_for(state="detached")
        cy.tap("plus-p1")
        for ui in (host, ben, cy):
            ui.expect_label("total-p1", re.compile(r"^Ana: 2\b"))
        host.page.close()
        for ui in (ben, cy):
            ui.expect_text("table-banner", "stopped sharing")


def test_the_table_bench_times_taps_on_the_phone_build_over_webrtc(web_build: Path) -> None:
    """``scripts/bench_table_browser.py --phones`` (issue 36's bench) runs on this build and reports every figure: a
    host and one guest linked by WebRTC, four taps (each kind once, on both phones). A goal, not a test: no figure
    is held to a time, only to what the timing itself implies."""
    done = subprocess.run([sys.executable, str(web_build.parents[1] / "scripts" / "bench_table_browser.py"),
                           "--phones", "--dist", str(web_build), "--guests", "1", "--taps", "4", "--runs", "1",
                           "--warm", "0", "--json"], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    results = json.loads(done.stdout)
    assert results["build"] == "phone" and results["clock"]["spread_ms"] < 50
    got = results["all"]
    assert got["seen"]["n"] == 4 and got["host_taps_seen"]["n"] == got["guest_taps_seen"]["n"] == 2
    assert 0 < got["seen"]["p50"] <= got["seen"]["p99"] <= got["seen"]["max"] <= got["painted"]["max"]
    assert got["seen"]["max"] >= got["tapper_seen"]["max"], "the last page is no sooner than the tapping one"
    assert set(got["by_page"]) == {"guest_tap_host", "guest_tap_others", "guest_tap_tapper", "host_tap_host",
                                   "host_tap_guests"} and got["by_page"]["guest_tap_others"] is None  # one guest
    for tap in results["runs"][0]["taps"]:
        assert len(tap["seen"]) == 2 and min(tap["seen"]) > 0, "each page showed each change after the tap"
