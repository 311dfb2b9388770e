"""A table of phones on the phone build: three browser profiles (three phones, three saves), linked by WebRTC in
the pages (no server, no ICE server), joined through the screens with the codes' text handed over by the test.

The host makes a solo game; two guests join (one reads Spanish); her draw from one guest, a point from the other,
Undo from the first; every phone shows each change; the host sets a guest to view only and that phone says so in
its language; the host's page, reloaded, reads the game back from its own saves with every change.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser

from tests.table.test_table_browser import join
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
        cy.expect_text("table-banner", "Solo para ver")
        host.tap("share-close")
        reload(host, "game")  # the host's own saves, read back
        assert game_id in host.page.url
        host.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
        host.expect_label("total-p1", re.compile(r"^Ana: 0\b"))
