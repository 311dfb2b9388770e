"""The phone build in chromium: dist/web/ served as plain files, Python running in the page (Pyodide).

One journey per test, each in a fresh browser profile: the app starts, a solo game is made, her card drawn and a
tracker used; the game survives a reload, starting offline from the service worker, a tab closed right after a tap,
and two tabs tapping in turn; a game exported from the browser imports on a computer and back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from companion.core.commands.scoring import AdjustScore
from companion.core.setup import GameSetup
from companion.store import GameStore
from companion.store.transfer import export, import_bytes
from tests.helpers import four_players
from tests.ui.browser import Ui
from tests.ui.test_broodmother_panel import her_turn
from tests.ui.test_manage_games import open_actions, tap_row
from tests.ui.test_ui_journeys import create_game
from tests.web.conftest import Site, renderer_of

#: (the client, the renderer's wasm) chromium loads from each build (what ``scripts/build_web.py`` ships for it).
RENDERER_FILES = {"canvaskit": ("main.dart.js", "canvaskit/chromium/canvaskit.wasm"),
                  "skwasm": ("main.dart.wasm", "canvaskit/skwasm.wasm")}

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # one dist/web, built once under a lock (conftest.py)
START_MS = 120_000  # Pyodide's first start on a busy 2-core machine


def start(page: Page, url: str, screen: str = "home", path: str = "") -> Ui:
    ui = Ui(page, url)
    page.goto(url + path, wait_until="commit")
    semantics_on(ui)
    ui.by_id(f"screen-{screen}").wait_for(state="attached", timeout=START_MS)
    return ui


def reload(ui: Ui, screen: str) -> None:
    ui.page.reload(wait_until="commit")
    semantics_on(ui)
    ui.by_id(f"screen-{screen}").wait_for(state="attached", timeout=START_MS)


def semantics_on(ui: Ui) -> None:
    """Flutter's semantics placeholder clicked once the engine is up: on a first visit to a loaded machine that can
    take longer than the served app's wait (Ui.enable_semantics)."""
    ui.page.locator("flt-semantics-placeholder").wait_for(state="attached", timeout=START_MS)
    ui.enable_semantics()


def solo_game(ui: Ui) -> str:
    game_id = create_game(ui, expansions=["minions"], mode="solo", names=["Ana"], title="On the phone")
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 50 cards"))
    return game_id


def wait_offline_copy(page: Page) -> None:
    """The service worker controls the page and says its copy of every file the page uses is complete."""
    page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null"
                           " && window.companionOfflineReady === true", timeout=START_MS)


def test_solo_game_draw_tracker_reload_and_offline(phone: BrowserContext, site: Site) -> None:
    page = phone.new_page()
    ui = start(page, site.url)
    game_id = solo_game(ui)
    her_turn(ui)
    ui.expect_label("bm-report-title", re.compile(r"^Her card: "))
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
    card = ui.label("bm-report-title")
    ui.tap("plus-p1")
    ui.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))

    reload(ui, "game")
    ui.expect_label("bm-report-title", card)
    ui.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))

    wait_offline_copy(page)
    phone.set_offline(True)
    try:
        fresh = phone.new_page()
        again = start(fresh, site.url)
        again.expect_label(f"resume-{game_id}", re.compile("On the phone"))
        again.tap(f"resume-{game_id}")
        again.wait_screen("game")
        again.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
        assert page.evaluate("document.querySelector('meta[name=companion-version]').content")
    finally:
        phone.set_offline(False)


def test_a_tab_closed_right_after_a_tap_keeps_the_change(phone: BrowserContext, site: Site) -> None:
    page = phone.new_page()
    ui = start(page, site.url)
    solo_game(ui)
    ui.tap("plus-p1")
    ui.tap("plus-p1")
    ui.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))
    page.close()  # at once, as a phone's app switcher does
    ui = start(phone.new_page(), site.url)
    ui.tap(ui.page.locator("[flt-semantics-identifier^='resume-g-']").first.get_attribute(
        "flt-semantics-identifier") or "")
    ui.wait_screen("game")
    ui.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))


def test_two_tabs_do_not_lose_each_others_changes(phone: BrowserContext, site: Site) -> None:
    first = start(phone.new_page(), site.url)
    game_id = solo_game(first)
    second = start(phone.new_page(), site.url, screen="game", path=f"#/game/{game_id}")
    first.page.bring_to_front()
    first.tap("plus-p1")
    first.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
    second.page.bring_to_front()
    second.tap("plus-p1")  # on a game the first tab has changed: refused, and the newer game shown
    second.expect_text("error-message", re.compile("was changed in another window"))
    second.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
    second.by_id("error-message").wait_for(state="detached", timeout=20_000)  # the message covers the row
    second.tap("plus-p1")
    second.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))
    first.page.bring_to_front()
    reload(first, "game")
    first.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))


def test_a_game_exported_in_the_browser_imports_on_a_computer_and_back(phone: BrowserContext, site: Site,
                                                                        tmp_path: Path) -> None:
    page = phone.new_page()
    ui = start(page, site.url)
    game_id = solo_game(ui)
    ui.tap("plus-p1")
    ui.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
    page.close()

    ui = start(phone.new_page(), site.url)  # a new tab: the game comes from IndexedDB
    open_actions(ui, game_id)
    with ui.page.expect_download() as download_info:
        ui.tap(f"export-{game_id}")
    exported = tmp_path / download_info.value.suggested_filename
    download_info.value.save_as(exported)
    ui.expect_text("info-message", f"Exported as {exported.name}")
    game = json.loads(exported.read_text(encoding="utf-8"))["game"]

    computer = GameStore(tmp_path / "computer" / "games.json")  # the desktop app's store, in this process
    copy = import_bytes(computer, exported.read_bytes(), exported.name)
    assert copy == game_id
    loaded = computer.load(copy)
    assert loaded["name"] == "On the phone" and loaded["state"] == game["state"]

    made = computer.create(GameSetup(game="mota", players=four_players()), name="From the computer", seed=5)
    made.execute(AdjustScore("p1", 3))
    back = export(computer, made.id, tmp_path / "from-the-computer.moa.json")
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import-game")
    chooser.value.set_files(back)
    ui.expect_text("info-message", "Imported From the computer")
    tap_row(ui, f"resume-{made.id}")
    ui.wait_screen("game")
    ui.expect_label("total-p1", re.compile(r"^Ana: 3 CP"))


def test_a_first_visit_downloads_each_big_file_once(phone: BrowserContext, web_build: Path, tmp_path: Path) -> None:
    """The service worker keeps the files as the page fetches them and then fetches only what is missing: no file
    of the build is sent twice but the few small ones the page asks for before the worker takes control (this
    profile has no HTTP cache: Playwright's routing turns it off), and of the renderers and the client's builds
    only the one this browser uses is sent (a skwasm build: the WebAssembly client and skwasm, neither CanvasKit nor
    the JavaScript client kept as their fallback); the two archives come packed (xz), never whole."""
    import subprocess
    import sys
    import time
    from collections import Counter

    from tests.ui.browser import free_port, stop, wait_http

    port, log = free_port(), tmp_path / "server.log"
    with log.open("w") as sink:
        server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                   "-d", str(web_build)], stdout=subprocess.DEVNULL, stderr=sink, text=True,
                                  start_new_session=True)
        try:
            url = f"http://127.0.0.1:{port}/"
            wait_http(url, time.monotonic() + 20)
            page = phone.new_page()
            start(page, url)
            wait_offline_copy(page)
            page.wait_for_load_state("networkidle")  # no request left on its way (none for 500 ms)
        finally:
            stop(server)
    sent = Counter(m.group(1).lstrip("/") or "index.html"
                   for m in re.finditer(r'"GET (\S+) HTTP/[\d.]+" 200', log.read_text()))
    twice = {name: n for name, n in sent.items() if n > 1}
    assert all((web_build / name).stat().st_size < 50_000 for name in twice), twice
    client, renderer = RENDERER_FILES[renderer_of(web_build)]
    assert sent["app.zip.xz"] == sent["pyodide/pyodide.asm.wasm"] == sent[client] == sent[renderer] == 1
    assert sent["pyodide/python_stdlib.zip.xz"] == 1  # the archives come as xz, unpacked by the service worker
    assert "app.zip" not in sent and "pyodide/python_stdlib.zip" not in sent
    unused = {"canvaskit/canvaskit.wasm", "canvaskit/chromium/canvaskit.wasm", "canvaskit/skwasm.wasm",
              "canvaskit/skwasm_heavy.wasm", "main.dart.js", "main.dart.wasm"} - {client, renderer}
    assert not unused & set(sent), unused & set(sent)  # nor the other renderer or client build this page skips
    assert sent["rive/wasm/rive_native.js"] >= 1  # the client's Rive loader asks here, not a CDN


def test_the_phone_reads_the_shared_and_the_units_own_spanish(chromium: Browser, site: Site) -> None:
    """Spanish chosen in the settings (the phone build has no server to read the browser's language from): the
    calculator's answer joins a sentence of the shared catalogue and the Predators' own words
    (``data/predators/locale/es.po``, in app.zip), and the rules search finds the Symbiotes' own entries
    (``data/symbiotes/rules.json``, in the index the build ships), an interpretation labelled as one."""
    from tests.web.conftest import phone_context

    with phone_context(chromium, locale="es-ES") as context:
        ui = start(context.new_page(), site.url)
        ui.tap("open-settings")
        ui.wait_screen("settings")
        ui.tap("language-es")
        ui.expect_label("screen-title", re.compile("Ajustes"))
        ui.page.go_back()
        ui.wait_screen("home")
        ui.expect_label("new-game", "Nueva partida")
        ui.tap("open-calculators")
        ui.wait_screen("calculators")
        ui.tap("calc-predator-round-2")
        ui.expect_label("calc-predator-result", "Nivel 2 (Salud 5-8); un Hongo Oruga coloca 3 fichas de espora")
        ui.page.go_back()
        ui.wait_screen("home")
        ui.tap("open-rules")
        ui.wait_screen("rules")
        ui.type_into("Buscar en las reglas", "intercambiar fichas de simbionte")
        ui.expect_label("result-0", re.compile("Intercambiar fichas de Simbionte"))
        ui.type_into("Buscar en las reglas", "qué marca lleva una cámara al mazo de ciempiés")  # a reading, labelled
        ui.expect_label("result-0", re.compile(r"^Qué marca lleva una Cámara al mazo de ciempiés\. Símbolo\. "
                                               r"Interpretación\. "))


def test_every_screen_opens_in_both_languages(phone: BrowserContext, site: Site) -> None:
    """Every route the app has (the router's own list: a new screen joins this walk by existing), in English and
    then in Spanish, opens its screen on the phone build, with no Python error in the console. The build leaves
    out what nothing imports (of Python's library, Babel, the client's fonts): a module or file a screen needs
    and the build dropped shows here as the error screen or a traceback."""
    from companion.ui.tab.routes import Router

    page = phone.new_page()
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if re.search(r"Traceback|Error\b", message.text) else None)
    ui = start(page, site.url)
    game_id = solo_game(ui)
    for language in ("en", "es"):
        open_route(ui, "/settings", "settings")
        ui.tap(f"language-{language}")
        ui.expect_label("screen-title", "Settings" if language == "en" else "Ajustes")
        for pattern, module in Router().routes.items():
            if pattern == "/join":
                continue  # a computer's guest page, reached through the address its shared table shows
            route = pattern.replace(":id", game_id if pattern.startswith("/game") else "mm-clar-ladybug")
            open_route(ui, route, module.SCREEN.identifier)
            assert ui.by_id("screen-error").count() == 0, (language, route)
    assert not errors, errors


def open_route(ui: Ui, route: str, screen: str) -> None:
    """The route put in the address's fragment (the phone build's routing), as a link would."""
    ui.page.evaluate("route => { location.hash = '#' + route; }", route)
    ui.wait_screen(screen)
