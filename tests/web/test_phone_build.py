"""The phone build in chromium: dist/web/ served as plain files, Python running in the page (Pyodide).

One journey on one phone (a browser profile: its first tab is a first visit, the others start warm from the
service worker's copy, as a phone's do); each start of the app costs seconds, so it starts as few times as its
checks need: a solo game is made, her card drawn and a tracker used; the game survives a tab closed right after a
tap, resumed in the next tab, started offline; back online, that tab opens every screen in both languages, then it
and a second one tap in turn and the first exports the second's point, and the game exported from the browser
imports on a computer and back. A first visit's downloads and its splash, and an update of the build:
``test_phone_update.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from companion.core.commands.scoring import AdjustScore
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.store.transfer import export, import_bytes
from tests.helpers import four_players
from tests.ui.browser import Ui
from tests.ui.test_broodmother_panel import her_turn
from tests.ui.test_manage_games import open_actions, tap_row
from tests.ui.test_ui_journeys import create_game
from tests.web.conftest import Site, phone_context

pytestmark = [pytest.mark.browser, pytest.mark.slow]  # one dist/web, built once under a lock (conftest.py)
START_MS = 120_000  # Pyodide's first start on a busy 2-core machine
#: A screen change in the phone build: at a load of 30-40 on two cores one took over the served app's 20 s
#: (``Ui.wait_screen``): Python runs in the browser there, on the two cores the page draws on.
ROUTE_MS = 60_000


def start(page: Page, url: str, screen: str = "home", path: str = "") -> Ui:
    ui = Ui(page, url)
    page.goto(url + path, wait_until="commit")
    semantics_on(ui)
    ui.by_id(f"screen-{screen}").wait_for(state="attached", timeout=START_MS)
    return ui


def wait_screen(ui: Ui, screen: str) -> None:
    """The screen ``screen`` shown (``ROUTE_MS``), else a failure saying what was on screen, and where."""
    try:
        ui.by_id(f"screen-{screen}").wait_for(state="attached", timeout=ROUTE_MS)
    except PlaywrightError:
        raise AssertionError(f"screen-{screen} never came; at {ui.page.url} on screen: {ui.visible_ids()}") from None


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


@pytest.fixture
def warm_phone(chromium: Browser) -> Iterator[BrowserContext]:
    """One phone for the journey (a new tab of it for each start): the first tab's start is a first visit, which
    installs the service worker and keeps Pyodide's snapshot, so every later tab starts warm, as a phone's does
    after its first visit. Made for each try: a second try starts again from a first visit."""
    with phone_context(chromium) as context:
        yield context


def test_solo_game_a_tab_closed_every_screen_in_both_languages_offline_two_tabs_and_to_a_computer_and_back(
        warm_phone: BrowserContext, site: Site, tmp_path: Path) -> None:
    """One game's journey on one phone, each start of the app paid once (a start is seconds of Pyodide; a second
    journey of its own paid a start and a walk through the wizard again).

    Her draw and a tracker; the tab closed at once after two taps keeps both (as a phone's app switcher closes
    it): the next tab, started offline from the service worker's copy, resumes the game with her card and the
    points; back online, that tab opens every screen in both languages (``every_screen_in_both_languages``), then
    it and a second tab tap the game in turn and lose neither change, the first exports the second's point, and
    it goes to a computer and back (``two_tabs_then_to_a_computer_and_back``). (The offline start had a tab of its
    own after the walk: one start fewer.)"""
    page = warm_phone.new_page()
    ui = start(page, site.url)
    wait_offline_copy(page)  # before the taps: the tab is closed at once after them
    game_id = solo_game(ui)
    card = her_card_and_two_points(ui)
    page.close()  # at once, as a phone's app switcher does; a phone runs one tab of the app at a time

    warm_phone.set_offline(True)
    try:  # the next tab starts offline from the service worker's copy and resumes the game as it was closed
        page = warm_phone.new_page()
        errors = python_errors(page)
        again = start(page, site.url)
        again.expect_label(f"resume-{game_id}", re.compile("On the phone"))
        tap_row(again, f"resume-{game_id}")
        wait_screen(again, "game")
        again.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))
        again.expect_label("bm-report-title", card)
        assert again.page.evaluate("document.querySelector('meta[name=companion-version]').content")
    finally:
        warm_phone.set_offline(False)
    every_screen_in_both_languages(again, game_id)
    assert not errors, errors
    open_route(again, f"/game/{game_id}", "game")  # the walk ends on the settings
    again.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))
    two_tabs_then_to_a_computer_and_back(again, site.url, game_id, tmp_path)


def her_card_and_two_points(ui: Ui) -> str:
    """Her draw (one card fewer in the pile) and two points on the tracker; her card's title."""
    her_turn(ui)
    ui.expect_label("bm-report-title", re.compile(r"^Her card: "))
    ui.expect_label("bm-deck-draw", re.compile(r"^Draw pile: 49 cards"))
    card = ui.label("bm-report-title")
    ui.tap("plus-p1")
    ui.tap("plus-p1")
    ui.expect_label("total-p1", re.compile(r"^Ana: 2 CP"))
    return card


def python_errors(page: Page) -> list[str]:
    """The page's console lines that say a Python error (a traceback) or a script's, as they come."""
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text)
            if re.search(r"Traceback|Error\b", message.text) else None)
    return errors


def two_tabs_then_to_a_computer_and_back(first: Ui, url: str, game_id: str, tmp_path: Path) -> None:
    """``first`` on the game (Ana at 2 CP) and a second tab, started on the game's route, tap it in turn: neither
    change is lost (the second tab's tap on a game the first changed is refused, and the newer game shown), and the
    first tab's export holds the second tab's last point (read from the saves the two share); exported from the
    browser, it imports on a computer, and a computer's game imports back through the file picker. (A reload of
    the first tab on the game's route was a start of its own here: a start on that route is the second tab's, a
    reload's is ``test_phone_update.py``'s, and a start reading the saves back is the offline tab's.)"""
    second = start(first.page.context.new_page(), url, screen="game", path=f"#/game/{game_id}")
    first.page.bring_to_front()
    first.tap("plus-p1")
    first.expect_label("total-p1", re.compile(r"^Ana: 3 CP"))
    second.page.bring_to_front()
    second.tap("plus-p1")  # on a game the first tab has changed: refused, and the newer game shown
    second.expect_text("error-message", re.compile("was changed in another window"))
    second.expect_label("total-p1", re.compile(r"^Ana: 3 CP"))
    dismiss_the_error(second)  # the message covers the row
    second.tap("plus-p1")
    second.expect_label("total-p1", re.compile(r"^Ana: 4 CP"))
    second.page.close()
    first.page.bring_to_front()
    open_route(first, "/", "home")
    exported = export_in_the_browser(first, game_id, tmp_path)
    game = json.loads(exported.read_text(encoding="utf-8"))["game"]
    assert sum(game["state"]["scores"]["p1"]) == 4, "the first tab exports the second tab's point, read from its saves"

    computer = GameStore(tmp_path / "computer" / "games.json")  # the desktop app's store, in this process
    copy = import_bytes(computer, exported.read_bytes(), exported.name)
    assert copy == game_id
    loaded = computer.load(copy)
    assert loaded["name"] == "On the phone" and loaded["state"] == game["state"]

    game_from_a_computer(first, computer, GameSetup(game="mota", players=four_players()), points=3)
    first.expect_label("total-p1", re.compile(r"^Ana: 3 CP"))
    first.page.close()


def dismiss_the_error(ui: Ui) -> None:
    """The error message closed by its close button, as a player does (it closes by itself after 6 s)."""
    ui.tap_steady(ui.page.locator("flt-semantics[role=button]", has_text=re.compile(r"^Close$")), "the message's Close")
    ui.by_id("error-message").wait_for(state="detached", timeout=20_000)


#: A solo game against her, as ``solo_game`` makes it through the wizard.
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "blue"),), expansions=("minions",),
                 options={"difficulty": "normal"})


def game_from_a_computer(ui: Ui, computer: GameStore, setup: GameSetup = SOLO, points: int = 0) -> str:
    """A game made on a computer (``computer``, the desktop app's store in this process; ``points`` to Ana), exported
    and imported on the phone through Home's file picker, then opened: its id. The journeys that need a game, not
    the wizard, start from one: the wizard on the phone build is walked in ``test_solo_game_...`` (a walk is 12-16 s
    of taps and typing in the page's Python at load 15-19, an import one tap)."""
    made = computer.create(setup, name="From the computer", seed=5)
    if points:
        made.execute(AdjustScore("p1", points))
    file = export(computer, made.id, computer.path.parent / f"{made.id}.moa.json")
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import-game")
    chooser.value.set_files(file)
    ui.expect_text("info-message", "Imported From the computer")
    tap_row(ui, f"resume-{made.id}")
    wait_screen(ui, "game")
    return made.id


def export_in_the_browser(ui: Ui, game_id: str, folder: Path) -> Path:
    """The game's Export on Home: the browser's download, saved into ``folder``."""
    open_actions(ui, game_id)
    with ui.page.expect_download() as download_info:
        ui.tap(f"export-{game_id}")
    exported = folder / download_info.value.suggested_filename
    download_info.value.save_as(exported)
    ui.expect_text("info-message", f"Exported as {exported.name}")
    return exported


def every_screen_in_both_languages(ui: Ui, game_id: str) -> None:
    """Every route the app has (the router's own list: a new screen joins this walk by existing), in English and
    then in Spanish, opens its screen on the phone build (the caller checks the console for Python errors). The
    build leaves out what nothing imports (of Python's library, Babel, the client's fonts): a module or file a
    screen needs and the build dropped shows here as the error screen or a traceback. In Spanish, then, the phone
    reads the shared catalogue and the units' own (``spanish_from_every_catalogue``)."""
    from companion.ui.tab.routes import Router

    for language in ("en", "es"):
        choose_language(ui, language)
        for pattern, module in Router().routes.items():
            if pattern == "/join":
                continue  # a computer's guest page, reached through the address its shared table shows
            route = pattern.replace(":id", game_id if pattern.startswith("/game") else "mm-clar-ladybug")
            open_route(ui, route, module.SCREEN.identifier)
            assert ui.by_id("screen-error").count() == 0, (language, route)
    try:
        spanish_from_every_catalogue(ui)
    finally:
        choose_language(ui, "en")  # the journey goes on in English


def choose_language(ui: Ui, language: str) -> None:
    """The language chosen in the settings (the phone build has no server to read the browser's language from)."""
    open_route(ui, "/settings", "settings")
    ui.tap(f"language-{language}")
    ui.expect_label("screen-title", "Settings" if language == "en" else "Ajustes")


def spanish_from_every_catalogue(ui: Ui) -> None:
    """Spanish chosen: the calculator's answer joins a sentence of the shared catalogue and the Predators' own
    words (``data/predators/locale/es.po``, in app.zip), and the rules search finds the Symbiotes' own entries
    (``data/symbiotes/rules.json``, in the index the build ships), an interpretation labelled as one."""
    open_route(ui, "/", "home")
    ui.expect_label("new-game", "Nueva partida")
    ui.tap("open-calculators")
    wait_screen(ui, "calculators")
    ui.tap("calc-predator-round-2")
    ui.expect_label("calc-predator-result", "Nivel 2 (Salud 5-8); un Hongo Oruga coloca 3 fichas de espora")
    ui.page.go_back()
    wait_screen(ui, "home")
    ui.tap("open-rules")
    wait_screen(ui, "rules")
    # pasted: typed, each key was a search in the page's Python (16 s for the two at load 20); what is checked
    # here is the index the build ships, and typing is the served app's tests' (tests/ui/test_rules_screen.py)
    ui.type_into("Buscar en las reglas", "intercambiar fichas de simbionte", paste=True)
    ui.expect_label("result-0", re.compile("Intercambiar fichas de Simbionte"))
    ui.type_into("Buscar en las reglas", "qué marca lleva una cámara al mazo de ciempiés", paste=True)  # a reading
    ui.expect_label("result-0", re.compile(r"^Qué marca lleva una Cámara al mazo de ciempiés\. Símbolo\. "
                                           r"Interpretación\. "))
    ui.page.go_back()  # the search's field has the focus: Home by the back button, as a player leaves it
    wait_screen(ui, "home")


def open_route(ui: Ui, route: str, screen: str) -> None:
    """The route put in the address's fragment (the phone build's routing), as a link would."""
    ui.page.evaluate("route => { location.hash = '#' + route; }", route)
    wait_screen(ui, screen)
