"""The game screen's "now" layout in Debian's chromium: what this moment asks fits the first phone screen.

Measured with the element boxes of the semantics identifiers, at 360x740 with the default text:
her card, her question and every answer button on the first screen; a 4-player game's four totals on the
first screen; the solo screen with its panels folded at most three screens long; at 1024x768 the
standings beside the panels. The cue on her card is the browser's vibration, counted by a stand-in
``navigator.vibrate``. Screenshots of each screen at phone and tablet size and at the largest text are
written to test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import CancelReaction, DrawCard, TickStep
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextRound
from companion.core.session import Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.store.settings import SettingsStore, settings_path
from tests.ui.browser import Server, Ui, new_tab
from tests.ui.conftest import made_for_this_try, module_server, saved_games

pytestmark = pytest.mark.browser

PHONE_NOW = {"width": 360, "height": 740}
TABLET_NOW = {"width": 1024, "height": 768}
APP_BAR, BOTTOM_BAR = 60, 76
FOUR = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"), PlayerSpec("Dee", "yellow"))
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
HEXES = ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1))
VIBRATIONS = "window.__vibrations = []; navigator.vibrate = (p) => { window.__vibrations.push(p); return true; };"
# Every sound the page plays: what its audio element was given (a headless browser has no speaker to play on).
PLAYS = """window.__plays = []; const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () { window.__plays.push(this.src.slice(0, 14));
  return play.call(this).catch(() => undefined); };"""


served = module_server("phone-now")


def _asking(store: GameStore) -> Session:
    asking = store.create(SOLO, name="Her question", seed=2)  # seed 2: Spawn, Spawn, then an Expand that asks
    for command in [*(AddHex(n, zone, sites) for n, zone, sites in HEXES), DrawCard(), DrawCard(), CancelReaction(),
                    DrawCard()]:
        asking.execute(command)
    return asking


def _meadow(name: str) -> Callable[[GameStore], Session]:
    def make(store: GameStore) -> Session:
        game = store.create(SOLO, name=name, seed=2)
        for n, zone, sites in HEXES:
            game.execute(AddHex(n, zone, sites))
        return game

    return make


def _ticked(store: GameStore) -> Session:
    ticked = store.create(SOLO, name="Set up", seed=4)
    for step in broodmother_view(ticked.state, ticked.content)["checklist"]:
        ticked.execute(TickStep(step["id"], True))
    return ticked


def _four(store: GameStore) -> Session:
    four = store.create(GameSetup(game="mota", players=FOUR), name="Four at the table", seed=6)
    for round_gains in ((3, 5, 1, 2), (4, 0, 6, 3)):
        for pid, gain in zip(("p1", "p2", "p3", "p4"), round_gains, strict=True):
            if gain:
                four.execute(AdjustScore(pid, gain))
        four.execute(NextRound())
    return four


def _finished(store: GameStore) -> Session:
    finished = store.create(GameSetup(game="mota", players=FOUR[:2]), name="Done", seed=3)
    finished.execute(AdjustScore("p1", 4))
    finished.execute(AdjustScore("p2", 9))
    for _ in range(3):
        finished.execute(NextRound())
    finished.execute(FinishGame())
    return finished


#: The games the tests open, by name: her question asked, her meadow, a ticked setup, her cues, four at the table,
#: a finished game.
GAMES: dict[str, Callable[[GameStore], Session]] = {
    "asking": _asking, "solo": _meadow("Against her"), "ticked": _ticked, "cue": _meadow("Her cue"),
    "quiet": _meadow("Her quiet cue"), "four": _four, "finished": _finished}


class Games(dict[str, str]):
    """A game's id by name (``GAMES``), the game written into the server's saves when a test first asks for it, once
    for each try (``made_for_this_try``): a test makes only the games it opens (all seven, for each test, cost about
    half a second of its time at load)."""

    def __init__(self, served: Server) -> None:
        super().__init__()
        self.served = served

    def __missing__(self, which: str) -> str:
        self[which] = made_for_this_try(self.served, lambda store: GAMES[which](store).id)
        return self[which]


@pytest.fixture
def prepared(served: Server) -> tuple[Server, dict[str, str]]:
    return served, Games(served)


@pytest.fixture
def open_game(browser: Browser, prepared: tuple[Server, dict[str, str]]) -> Iterator[Callable[..., Ui]]:
    srv, games = prepared
    opened: list[Ui] = []

    def open_tab(which: str, viewport: dict[str, int] = PHONE_NOW, vibrate: bool = False) -> Ui:
        """``vibrate``: the stand-ins counting vibrations and sounds put in the page once the game is open (the app
        looks ``navigator.vibrate`` and ``play`` up at each cue). Not an init script: a tab given one is not handed
        on, so each such test paid a new browser context (about 1.7 CPU s more than a tab handed on); what a cue
        made while the page started is no longer counted, and no test looks for one there."""
        ui = new_tab(browser, srv.url, viewport)
        opened.append(ui)
        ui.open(f"/game/{games[which]}", "game")
        if vibrate:
            ui.page.evaluate(f"() => {{ {VIBRATIONS}\n{PLAYS} }}")
        return ui

    yield open_tab
    for ui in opened:
        ui.close()


def box(ui: Ui, identifier: str) -> dict[str, float]:
    ui.find(identifier)
    found = ui.by_id(identifier).bounding_box()
    assert found is not None, f"{identifier} has no box"
    return found


def inside(ui: Ui, identifier: str) -> bool:
    """Wholly on the first screen: below the app bar and above the bottom bar, no scrolling."""
    b = box(ui, identifier)
    size = ui.page.viewport_size or PHONE_NOW
    return b["y"] >= APP_BAR - 1 and b["y"] + b["height"] <= size["height"] - BOTTOM_BAR + 1 and b["height"] > 0


def ids(ui: Ui, prefix: str) -> list[str]:
    return [str(i) for i in ui.page.locator(f"[flt-semantics-identifier^='{prefix}']").evaluate_all(
        "els => els.map(e => e.getAttribute('flt-semantics-identifier'))")]


def positions(ui: Ui) -> dict[str, float]:
    return {str(k): float(v) for k, v in ui.page.locator("[flt-semantics-identifier]").evaluate_all(
        "els => els.map(e => [e.getAttribute('flt-semantics-identifier'), e.getBoundingClientRect().top])")}


def _wheel(ui: Ui, delta: float) -> float:
    """Wheel once; how far the screen's nodes moved (their median shift)."""
    before = positions(ui)
    ui.page.mouse.wheel(0, delta)
    ui.settled()
    after = positions(ui)
    moved = sorted(abs(before[k] - after[k]) for k in before.keys() & after.keys()
                   if not k.startswith(("screen-", "undo", "redo", "back", "share", "delete")))
    return moved[len(moved) // 2] if moved else 0.0


def screen_length(ui: Ui) -> float:
    """The screen's whole length: wheel to the top, then down to the end adding up how far it moved, plus one
    screen."""
    size = ui.page.viewport_size or PHONE_NOW
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(60):
        if _wheel(ui, -600) < 1:
            break
    scrolled = 0.0
    for _ in range(60):
        step = _wheel(ui, 300)
        if step < 1:
            break
        scrolled += step
    return scrolled + size["height"]


def settings_of(srv: Server) -> dict[str, Any]:
    return vars(SettingsStore(settings_path(srv.db)).current)


# -- the goals ----------------------------------------------------------------------------------
def test_her_card_question_and_every_answer_are_on_the_first_screen(open_game: Callable[..., Ui]) -> None:
    ui = open_game("asking")
    ui.expect_label("bm-question", re.compile(r"^Her Expand: reveal the top hex"))
    answers = [i for i in ids(ui, "bm-answer-") if not i.endswith("-why")]
    assert answers, ui.visible_ids()
    ui.shot("now-phone-solo-question")
    for identifier in ("bm-her-card", "bm-question", *answers):
        assert inside(ui, identifier), f"{identifier} is not on the first screen: {box(ui, identifier)}"
    # the moment comes before the standings, the standings before the panels
    assert box(ui, "now")["y"] < box(ui, "scores")["y"]


def test_four_players_totals_are_on_the_first_screen(open_game: Callable[..., Ui]) -> None:
    ui = open_game("four")
    ui.expect_label("total-p4", re.compile("^Dee: 5 CP"))
    ui.shot("now-phone-four-players")
    for pid in ("p1", "p2", "p3", "p4"):
        assert inside(ui, f"total-{pid}"), f"total-{pid}: {box(ui, f'total-{pid}')}"
        assert box(ui, f"minus-{pid}")["height"] >= 47.5 and box(ui, f"plus-{pid}")["width"] >= 47.5
    ui.expect_label("total-p3", re.compile("^Cy: 7 CP"))
    ui.expect_label("history-p1", "By round: round 1 +3, total 3; round 2 +4, total 7; round 3 0, total 7")


def test_the_solo_screen_with_its_panels_folded_is_three_screens_at_most(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    ui = open_game("solo")
    ui.find("jump-bar")
    for identifier in [i.removeprefix("jump-") for i in ids(ui, "jump-panel-")]:  # every panel (the far ones not built)
        if re.match("^Fold ", ui.label(f"fold-{identifier}")):
            ui.tap(f"fold-{identifier}")
            ui.expect_label(f"fold-{identifier}", re.compile("^Show "))
    ui.settled()
    length = screen_length(ui)
    print(f"solo screen, panels folded: {length:.0f} px")
    assert PHONE_NOW["height"] * 1.5 < length <= 3 * PHONE_NOW["height"], f"{length:.0f} px"  # it did scroll
    assert ui.exists("log")  # reached the end


def test_a_finished_setup_folds_to_one_line_kept_per_device(open_game: Callable[..., Ui]) -> None:
    ui = open_game("ticked")  # every step ticked: the checklist is done with
    ui.expect_label("fold-panel-bm-setup", "Show Setup done")
    assert box(ui, "panel-bm-setup")["height"] < 100
    assert not ui.exists("bm-step-hex-deck")
    ui.tap("fold-panel-bm-setup")
    ui.expect_label("fold-panel-bm-setup", re.compile(r"^Fold Setup checklist"))
    ui.reload("game")  # shown on this device: it stays shown
    ui.expect_label("fold-panel-bm-setup", re.compile(r"^Fold Setup checklist"))
    ui.tap("fold-panel-bm-setup")
    ui.expect_label("fold-panel-bm-setup", "Show Setup done")


def test_her_draw_is_felt_and_other_taps_are_not(open_game: Callable[..., Ui],
                                                 prepared: tuple[Server, dict[str, str]]) -> None:
    srv, games = prepared
    assert settings_of(srv)["draw_cue"] is None  # unset: on for this phone-size tab
    ui = open_game("cue", vibrate=True)
    ui.tap("plus-p1")  # not her draw
    ui.expect_label("total-p1", re.compile("^Ana: 1 CP"))
    ui.nothing_more()
    assert ui.page.evaluate("window.__vibrations.length + window.__plays.length") == 0
    ui.past_tap_window()
    ui.tap("bm-her-turn")
    ui.find("bm-report-title")
    ui.page.wait_for_function("window.__vibrations.length === 1", timeout=5000)
    ui.page.wait_for_function("window.__plays.length === 1", timeout=5000)
    assert ui.page.evaluate("window.__plays") == ["data:audio/wav"]  # the chime the app makes, as a WAV
    assert saved_games(srv.db)[games["cue"]]["state"]["modules_state"]["broodmother"]["history"]


def test_with_the_sound_off_her_draw_is_felt_not_heard_and_the_cue_setting_is_kept(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    """One tab: the sound turned off in the settings, her draw is felt but not heard (the sound turned on again
    after); then the cue itself turned off is kept (``the_cue_setting_is_kept``)."""
    srv, games = prepared
    ui = open_game("quiet", vibrate=True)
    ui.go("/settings", "settings")  # as the app's links go (``Ui.go``): the page and its init scripts stay
    ui.tap("setting-draw_cue_sound")  # on until turned off
    ui.until(lambda: settings_of(srv)["draw_cue_sound"] is False, "the sound turned off in settings.json")
    try:
        assert settings_of(srv)["draw_cue_sound"] is False
        ui.go(f"/game/{games['quiet']}", "game")
        ui.tap("bm-her-turn")
        ui.find("bm-report-title")
        ui.page.wait_for_function("window.__vibrations.length === 1", timeout=5000)
        ui.nothing_more()
        assert ui.page.evaluate("window.__plays.length") == 0
    finally:
        ui.go("/settings", "settings")
        ui.tap("setting-draw_cue_sound")
        ui.until(lambda: settings_of(srv)["draw_cue_sound"] is True, "the sound turned on in settings.json")
    the_cue_setting_is_kept(ui, srv)


def the_cue_setting_is_kept(ui: Ui, srv: Server) -> None:
    """On the settings screen: the cue, shown on (a phone), turned off by a tap, stays off after a reload (then
    unset again, in the file)."""
    try:
        ui.find("setting-draw_cue")
        ui.tap("setting-draw_cue")  # shown on (a phone), so a tap turns it off
        ui.until(lambda: settings_of(srv)["draw_cue"] is False, "the cue turned off in settings.json")
        ui.reload("settings")
        assert ui.page.locator("[flt-semantics-identifier='setting-draw_cue'] [role='switch']").first \
            .get_attribute("aria-checked") in ("false", None)
    finally:
        SettingsStore(settings_path(srv.db)).update(draw_cue=None)


#: What each screenshot shows: the game opened and the control it waits for.
SHOWN = {"solo-question": ("asking", "bm-question"), "four-players": ("four", "total-p4"),
         "finished-summary": ("finished", "summary-winner")}


def _shoot(ui: Ui, games: dict[str, str], name: str, shown: tuple[str, ...] = tuple(SHOWN)) -> None:
    """Each of ``shown`` (of ``SHOWN``) shot in this tab, at its size: one tab going from one game to the next as the
    app's links go (``Ui.go``: a tab's start, or a page load, costs seconds of CPU)."""
    for which in shown:
        game, ready = SHOWN[which]
        ui.go(f"/game/{games[game]}", "game")
        ui.find(ready)
        ui.shot(f"{name}-{which}")


def test_screenshots_at_phone_and_tablet_size_and_the_tablets_standings_beside_the_panels(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    """Looked at by a person (test-artifacts/screenshots/now-*.png; the phone's question and four players are taken
    by the first-screen tests), in one tab widened from a phone's size to a tablet's; at a tablet's width the
    standings and the panels are side by side."""
    ui = open_game("finished")
    ui.find("summary-winner")
    ui.shot("now-phone-finished-summary")
    ui.page.set_viewport_size(TABLET_NOW)  # type: ignore[arg-type]
    # The server hears of the new width a moment later and draws the screen again in two columns: a screen drawn
    # before that is a phone's (the standings across the whole width), so the shots wait for the two columns.
    ui.until(lambda: (ui.box("scores") or {"width": TABLET_NOW["width"]})["width"] < TABLET_NOW["width"] / 2,
             "the standings in a tablet's column")
    _shoot(ui, prepared[1], "now-tablet")
    ui.go(f"/game/{prepared[1]['solo']}", "game")
    seen: list[tuple[dict[str, float] | None, dict[str, float] | None]] = [(None, None)]

    def beside() -> bool:
        scores, jump = ui.box("scores"), ui.box("jump-bar")
        seen.append((scores, jump))
        return (scores is not None and jump is not None and scores["x"] + scores["width"] <= jump["x"] + 1
                and scores["y"] < TABLET_NOW["height"] and jump["y"] < TABLET_NOW["height"])

    try:
        ui.until(beside, "the standings beside the panels, on the first screen")
    except AssertionError as never:
        raise AssertionError(f"{never}; the last boxes (standings, jump bar): {seen[-1]}") from None
    ui.shot("now-tablet-solo")


def test_screenshots_at_the_largest_text(browser: Browser, prepared: tuple[Server, dict[str, str]]) -> None:
    """The largest text chosen in the settings, then each of ``SHOWN`` shot in the same tab."""
    srv, games = prepared
    ui = new_tab(browser, srv.url, PHONE_NOW)
    try:
        ui.open("/settings", "settings")
        ui.tap("text_scale-1.5")
        ui.until(lambda: settings_of(srv)["text_scale"] == 1.5, "the largest text in settings.json")
        _shoot(ui, games, "now-largest-phone")
    finally:
        ui.go("/settings", "settings")
        ui.tap("text_scale-1.0")
        ui.until(lambda: settings_of(srv)["text_scale"] == 1.0, "the usual text in settings.json")
        ui.close()
