"""A phone's first visit to the phone build, then a new version reaching it (issue 33): the service worker's update.

The build is served from a folder of its own; a phone opens it for the first time (its splash, what it downloads:
``a_first_visit``), plays, chooses Spanish, and its offline copy completes. Then the folder becomes a new version as
a release changes it - the app's archive (here a corrected Spanish text), the page (its version) and the service
worker's list of files - and the phone, reloading (a warm start), is told "An update is ready"; its Reload, tapped
with the phone offline, takes the new version, which starts offline with the game and the settings kept in
IndexedDB. The update fetches only the files that changed: the others are copied from the copy in use
(``packaging/web/sw.js``). The app starts three times: a first visit, the reload that finds the update (warm), the
new version (offline); it was five, with a warm start and an offline start of their own.
"""

from __future__ import annotations

import lzma
import re
import shutil
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.ui.browser import SHOTS, Ui
from tests.web.conftest import build_web_module, files_sent, phone_context, renderer_of, static_server
from tests.web.test_phone_build import (
    START_MS,
    open_route,
    semantics_on,
    solo_game,
    wait_offline_copy,
    wait_screen,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = "companion/locale/es/LC_MESSAGES/companion.po"
OLD_TITLE, NEW_TITLE = 'msgid "Settings"\nmsgstr "Ajustes"\n', 'msgid "Settings"\nmsgstr "Ajustes y preferencias"\n'
NEW_VERSION = "the-next-version"
#: (the client, the renderer's wasm) chromium loads from each build (what ``scripts/build_web.py`` ships for it).
RENDERER_FILES = {"canvaskit": ("main.dart.js", "canvaskit/chromium/canvaskit.wasm"),
                  "skwasm": ("main.dart.wasm", "canvaskit/skwasm.wasm")}
SPLASH_STAGE = "#companion-splash-stage"


def a_first_visit(page: Page, url: str, folder: Path, log: Path) -> Ui:
    """A first visit shows the app's splash, saying the download and filling its bar, until the first screen is up.
    Meanwhile the service worker keeps the files as the page fetches them and then fetches only what is missing: no
    file of the build is sent twice but the few small ones the page asks for before the worker takes control (this
    profile has no HTTP cache: Playwright's routing turns it off), and of the renderers and the client's builds only
    the one this browser uses is sent (a skwasm build: the WebAssembly client and skwasm, neither CanvasKit nor the
    JavaScript client kept as their fallback); the two archives come packed (xz), never whole. Its Home, semantics
    on. (A warm start's splash is checked on the reload that finds the update: ``take_the_update``.)"""
    page.goto(url, wait_until="commit")
    the_first_visits_splash(page)
    wait_offline_copy(page)
    page.wait_for_load_state("networkidle")  # no request left on its way (none for 500 ms)
    each_big_file_sent_once(files_sent(log), folder)
    ui = Ui(page, url)
    semantics_on(ui)
    ui.by_id("screen-home").wait_for(state="attached", timeout=START_MS)
    return ui


def a_warm_starts_splash(page: Page) -> None:
    """A warm start (the page reloaded) names its stages, with no download. (That the splash goes once the first
    screen is up is the first visit's check: here the update's offer is taken without waiting for the old
    version's start.)"""
    page.wait_for_function("document.getElementById('companion-splash-stage') &&"
                           " !document.getElementById('companion-splash-stage').textContent.includes('first')",
                           timeout=START_MS)
    page.screenshot(path=str(SHOTS / "phone-splash-warm-start.png"))


def the_first_visits_splash(page: Page) -> None:
    """The splash in the app's colours over the whole page, saying the download, its bar filling; gone once the
    first screen is up."""
    page.locator(SPLASH_STAGE).wait_for(state="visible", timeout=START_MS)
    page.wait_for_function("document.getElementById('companion-splash-stage').textContent.includes('first visit')",
                           timeout=START_MS)  # a first visit: the download said, and its bar filling
    page.wait_for_function("parseFloat(document.querySelector('#companion-splash-bar i').style.width) > 4",
                           timeout=START_MS)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "phone-splash-first-visit.png"))
    splash = page.evaluate("""() => { const s = getComputedStyle(document.getElementById('companion-splash'));
        return [s.backgroundColor, s.position, s.zIndex, innerWidth]; }""")
    assert splash == ["rgb(28, 27, 31)", "fixed", "9999", 360]
    page.locator("#companion-splash").wait_for(state="detached", timeout=START_MS)  # gone once the screen is up


def each_big_file_sent_once(sent: Counter[str], folder: Path) -> None:
    twice = {name: n for name, n in sent.items() if n > 1}
    assert all((folder / name).stat().st_size < 50_000 for name in twice), twice
    client, renderer = RENDERER_FILES[renderer_of(folder)]
    assert sent["app.zip.xz"] == sent["pyodide/pyodide.asm.wasm"] == sent[client] == sent[renderer] == 1
    assert sent["pyodide/python_stdlib.zip.xz"] == 1  # the archives come as xz, unpacked by the service worker
    assert "app.zip" not in sent and "pyodide/python_stdlib.zip" not in sent
    unused = {"canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm", "canvaskit/skwasm.wasm",
              "canvaskit/skwasm_heavy.wasm", "main.dart.js", "main.dart.wasm"} - {client, renderer}
    assert not unused & set(sent), unused & set(sent)  # nor the other renderer or client build this page skips
    assert sent["rive/wasm/rive_native.js"] >= 1  # the client's Rive loader asks here, not a CDN



def release_next_version(folder: Path) -> None:
    """``folder`` (a copy of the build) becomes the next version, as a build of a changed app would write it: a new
    ``app.zip`` (and its ``.xz``, what browsers download), the page naming the new version, and ``sw.js`` listing
    every file's new hash (which is what makes a browser install the new worker)."""
    rewrite_app_zip(folder / "app.zip")
    data = (folder / "app.zip").read_bytes()
    (folder / "app.zip.xz").write_bytes(lzma.compress(data, check=lzma.CHECK_CRC32, preset=1))
    index = folder / "index.html"
    page = index.read_text(encoding="utf-8")
    page, found = re.subn(r'<meta name="companion-version" content="[^"]*">',
                          f'<meta name="companion-version" content="{NEW_VERSION}">', page)
    assert found == 1
    index.write_text(page, encoding="utf-8")
    shutil.copyfile(ROOT / "packaging" / "web" / "sw.js", folder / "sw.js")  # the template, filled in again
    build_web_module().write_service_worker(folder)


def rewrite_app_zip(archive: Path) -> None:
    """The app's archive with one Spanish text corrected, every other member as it was (stored, same order)."""
    with zipfile.ZipFile(archive) as old:
        members = [(info, old.read(info)) for info in old.infolist()]
    with zipfile.ZipFile(archive, "w") as new:
        for info, data in members:
            if info.filename == CATALOGUE:
                text = data.decode("utf-8")
                assert OLD_TITLE in text
                data = text.replace(OLD_TITLE, NEW_TITLE).encode("utf-8")
            new.writestr(info, data)


def version_of(page: Page) -> str:
    return str(page.evaluate("window.companionVersion"))


def companion_caches(page: Page) -> list[str]:
    return list(page.evaluate("caches.keys().then(keys => keys.filter(k => k.startsWith('companion-')))"))


def play_and_choose_spanish(ui: Ui) -> str:
    """The first version in use: a game with a point, and Spanish chosen (both kept in IndexedDB)."""
    game_id = solo_game(ui)
    ui.tap("plus-p1")
    ui.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
    open_route(ui, "/settings", "settings")
    ui.tap("language-es")
    ui.expect_label("screen-title", "Ajustes")
    return game_id


def take_the_update(ui: Ui, phone: BrowserContext) -> None:
    """Reloaded, the page (still the old version) starts warm (``a_warm_starts_splash``) and finds the new worker
    installed and waiting, and offers it; the phone then goes offline, and the offer's button makes the new worker
    take over: the page reloads itself into the new version, which starts offline from the new worker's copy."""
    page = ui.page
    old = version_of(page)
    page.reload(wait_until="commit")  # a navigation: the browser asks for sw.js again and installs the new one
    a_warm_starts_splash(page)  # the old version starts warm meanwhile: one reload checks both
    offer = page.locator("#companion-update button")
    offer.wait_for(state="visible", timeout=START_MS)
    assert version_of(page) == old  # still the version in use until the player says so
    phone.set_offline(True)  # the update's files are in: the new version starts with no network
    with page.expect_navigation(wait_until="commit", timeout=START_MS):
        offer.click()
    semantics_on(ui)
    ui.by_id("screen-settings").wait_for(state="attached", timeout=START_MS)  # a start of the new version


def test_a_first_visit_then_an_update_offered_taken_keeps_the_saves_and_starts_offline(
        chromium: Browser, web_build: Path, tmp_path: Path) -> None:
    folder, log = tmp_path / "site", tmp_path / "server.log"
    shutil.copytree(web_build, folder)
    with static_server(folder, log) as url, phone_context(chromium) as phone:
        ui = a_first_visit(phone.new_page(), url, folder, log)
        game_id = play_and_choose_spanish(ui)
        wait_offline_copy(ui.page)
        first = companion_caches(ui.page)
        assert len(first) == 1 and version_of(ui.page) != NEW_VERSION

        before = files_sent(log)
        release_next_version(folder)
        try:
            take_the_update(ui, phone)
            assert version_of(ui.page) == NEW_VERSION
            ui.expect_label("screen-title", "Ajustes y preferencias")  # the new app.zip runs, in the kept language
            open_route(ui, "/", "home")
            ui.expect_label("new-game", "Nueva partida")
            ui.tap(f"resume-{game_id}")
            wait_screen(ui, "game")
            ui.expect_label("total-p1", re.compile(r"^Ana: 1 "))
        finally:
            phone.set_offline(False)
        ui.page.wait_for_function("window.companionOfflineReady === true", timeout=START_MS)
        caches = companion_caches(ui.page)
        assert len(caches) == 1 and caches != first  # the old version's copy is gone, the new one complete
        fetched = files_sent(log) - before
        assert fetched["app.zip.xz"] == 1 and "app.zip" not in fetched
        assert set(fetched) <= {"sw.js", "index.html", "app.zip.xz", "vendor/xz-decompress.js"}, fetched
