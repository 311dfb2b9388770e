"""The game screen on a phone, in Debian's chromium: the way back from a "?", the score dialog, number fields.

Games are prepared in the store and served by a server of their own; every check reads the accessibility
tree (what a screen reader hears) or the saved game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, expect

from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextRound
from companion.core.harvest.commands import AddAphidHex
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.store.settings import SettingsStore, settings_path
from tests.ui.browser import ANDROID_UA, PHONE, Server, Ui, new_tab, run_server
from tests.ui.conftest import saved_games

pytestmark = pytest.mark.browser

THREE = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"))
TABLE = GameSetup(game="mota", players=THREE, expansions=("minions",), modules=("aphids",))
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
FRAMEWORK_ERROR = "must be provided and visible"


def table_commands() -> list[object]:
    """Three rounds of points: Ana 3, 4, 1; Bo 5, 0, 2; Cy 1, 6, 0 (and an aphid hex, for its panel)."""
    gains = {"p1": (3, 4, 1), "p2": (5, 0, 2), "p3": (1, 6, 0)}
    commands: list[object] = [AddAphidHex("Lichen", 4)]
    for number in range(3):
        commands += [AdjustScore(pid, by[number]) for pid, by in gains.items() if by[number]]
        if number < 2:
            commands.append(NextRound())
    return commands


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    db = tmp_path_factory.mktemp("phone-ui") / "games.json"
    store = GameStore(db)
    table = store.create(TABLE, name="Three at the table", seed=1)
    for command in table_commands():
        table.execute(command)  # type: ignore[arg-type]
    solo = store.create(SOLO, name="Against her", seed=2)
    for number, zone in ((4, "inner"), (7, "outer")):
        solo.execute(AddHex(number, zone, 2))
    finished = store.create(GameSetup(game="mota", players=THREE[:2]), name="Done", seed=3)
    finished.execute(AdjustScore("p1", 4))
    finished.execute(AdjustScore("p2", 9))
    for _ in range(3):
        finished.execute(NextRound())
    finished.execute(FinishGame())
    typed = store.create(TABLE, name="Typed totals", seed=4)  # the score dialog's own game
    for command in table_commands():
        typed.execute(command)  # type: ignore[arg-type]
    tallied = store.create(GameSetup(game="mota", players=THREE[:2]), name="Tallied", seed=5)
    plain = store.create(GameSetup(game="mota", players=THREE[:2]), name="Plain boxes", seed=6)
    games = {"table": table.id, "solo": solo.id, "finished": finished.id, "typed": typed.id, "tallied": tallied.id,
             "plain": plain.id}
    store.close()
    with run_server(db) as srv:
        yield srv, games


@pytest.fixture
def open_game(browser: Browser, prepared: tuple[Server, dict[str, str]]) -> Iterator[Callable[..., Ui]]:
    srv, games = prepared
    opened: list[Ui] = []

    def open_tab(which: str, viewport: dict[str, int] = PHONE, user_agent: str | None = None) -> Ui:
        ui = new_tab(browser, srv.url, viewport, user_agent=user_agent)
        opened.append(ui)
        return ui.open(f"/game/{games[which]}", "game")

    yield open_tab
    for ui in opened:
        ui.close()


def on_screen(ui: Ui, identifier: str) -> bool:
    box = ui.box(identifier)
    size = ui.page.viewport_size or PHONE
    return box is not None and box["y"] >= 56 and box["y"] < size["height"] - 84


def screen_text(ui: Ui) -> str:
    return " ".join(ui.page.locator("flt-semantics").all_inner_texts())


@pytest.mark.parametrize("agent", [None, ANDROID_UA], ids=["computer", "android"])
def test_the_table_games_chart_its_help_back_to_the_same_place_and_its_books_first(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]], agent: str | None) -> None:
    """One tab on the table's game: its chart (``the_chart_shows_each_players_points_by_round``); a "?" opens the
    rules, and the way back returns to the same place (``back_from_a_rule_returns_to_the_same_place``); the rules
    opened from the game rank its books first. On a computer (Material's buttons) and on an Android phone (plain
    boxes, ``companion.ui.button_box``)."""
    _, games = prepared
    ui = open_game("table", user_agent=agent)
    the_chart_shows_each_players_points_by_round(ui)
    back_from_a_rule_returns_to_the_same_place(ui, games["table"])
    ui.tap("help-scores")  # rules opened from a game rank its books first
    ui.wait_screen("rules")
    ui.type_into("Search the rules", "setup", paste=True)  # one search: typing is checked in test_rules_screen
    ui.find("result-0")
    ui.expect_label("result-0", re.compile("Minions of the Meadow"))


def test_on_an_android_phone_a_plain_plus_scores_and_a_disabled_button_does_nothing(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    """The plain boxes a phone draws (``companion.ui.button_box``), as a finger uses them: + on Ana's total saves
    her point; Bo's - at 0 and Redo with nothing to redo are said as not available and do nothing when tapped."""
    srv, games = prepared
    ui = open_game("plain", user_agent=ANDROID_UA)

    def scores() -> dict[str, int]:
        return {pid: sum(by_round) for pid, by_round in saved_games(srv.db)[games["plain"]]["state"]["scores"].items()}

    ui.tap("plus-p1")
    ui.until(lambda: scores() == {"p1": 1, "p2": 0}, "Ana's point saved")
    ui.expect_label("total-p1", re.compile("^Ana: 1 CP"))
    for disabled in ("minus-p2", "redo"):
        assert "not available now" in ui.label(disabled) or ui.label(disabled) == "Nothing to redo", disabled
        ui.tap(disabled)
    ui.nothing_more()
    assert scores() == {"p1": 1, "p2": 0} and not ui.exists("error-message")  # not even tried and refused
    ui.expect_label("undo", re.compile("Ana"))  # the last change is still Ana's point


def the_chart_shows_each_players_points_by_round(ui: Ui) -> None:
    ui.shot("phone-game")
    ui.show("points-chart")
    assert ui.label("points-chart") == ("Points at the end of each round, round 1 to 3: "
                                        "Ana 3, 7, 8; Bo 5, 5, 7; Cy 1, 7, 7.")
    box = ui.by_id("points-chart").bounding_box()
    assert box is not None and box["height"] > 200  # the drawn chart (200 px) and its table
    ui.shot("phone-points-chart")


def back_from_a_rule_returns_to_the_same_place(ui: Ui, game_id: str) -> None:
    """The aphids panel's "?" opens a rule; "Back to the game" returns to the panel; the browser's back and forward
    walk the same routes; the topic's list leads back to the game too."""
    ui.show("help-aphids")
    assert not on_screen(ui, "round-bar")  # the aphids panel is further down than the first screen
    ui.tap("help-aphids")
    ui.wait_screen("rules")
    assert re.search(rf"/rules\?.*game={game_id}", ui.page.url)
    ui.find("rules-topics")
    first = ui.page.locator("[flt-semantics-identifier^='topic-']").first.get_attribute("flt-semantics-identifier")
    assert first
    ui.tap(first)
    ui.wait_screen("rule-entry")
    assert ui.label("back-to-game") == "Back to the game"
    ui.shot("phone-rule-from-game")
    ui.tap("back-to-game")
    ui.wait_screen("game")
    assert ui.page.url.endswith(f"/game/{game_id}?at=panel-aphids")
    ui.until(lambda: back_at_the_aphids(ui), "the game comes back to the aphids panel")
    ui.page.go_back()  # the browser's back and forward walk the same routes
    ui.wait_screen("rule-entry")
    ui.page.go_back()
    ui.wait_screen("rules")
    ui.find("rules-topics")
    ui.page.go_forward()
    ui.wait_screen("rule-entry")
    ui.tap("back-to-search")  # the in-page way: the topic's list, still leading back to the game
    ui.wait_screen("rules")
    ui.find("rules-topics")
    ui.tap("back-to-game")
    ui.wait_screen("game")
    ui.until(lambda: back_at_the_aphids(ui), "the in-page way back comes back to the aphids panel too")


def back_at_the_aphids(ui: Ui) -> bool:
    """The game scrolled back to the aphids panel: the panel on screen and the standings above it gone. (The kept
    screen draws its top first and scrolls a moment later. Until the page's accessibility tree has caught up, it
    places the standings' "?" where the top was drawn, and a tap aimed by it lands on the aphids panel's +: the
    panel's heading alone was on screen at the top too, and the next tap went to aphids-h1-p2-sites-plus, about
    1 run in 2.)"""
    return on_screen(ui, "panel-aphids") and not on_screen(ui, "help-scores")


def test_the_score_dialog_shows_no_framework_error_and_refuses_with_a_message(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    srv, games = prepared
    ui = open_game("typed")
    ui.tap("total-p1")
    ui.page.get_by_role("textbox", name="New total for Ana", exact=True).wait_for()
    ui.nothing_more(500)  # then no framework error came with the dialog
    assert FRAMEWORK_ERROR not in screen_text(ui)
    ui.shot("phone-score-dialog")
    ui.type_into("New total for Ana", "4.5")
    ui.expect_text("total-problem", "Type a whole number")
    assert ui.page.get_by_role("textbox", name="New total for Ana", exact=True).input_value() == "4.5"
    ui.tap("total-save")  # refused, said beside the field, and nothing saved
    ui.shot("phone-score-dialog-refused")
    ui.expect_text("total-problem", "Type a whole number")
    assert saved_games(srv.db)[games["typed"]]["state"]["scores"]["p1"][:3] == [3, 4, 1]
    ui.type_into("New total for Ana", "10")
    ui.tap("total-save")
    ui.expect_label("total-p1", re.compile("^Ana: 10 CP"))
    assert FRAMEWORK_ERROR not in screen_text(ui)


def test_the_solo_games_hex_field_keeps_what_was_typed_and_its_panels_fold_per_device(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    """One tab on the solo game: the hex number field (``the_hex_number_field_keeps_what_was_typed``), then the
    panels' folds and the jump bar (``panels_fold_per_device_and_the_jump_bar_reaches_them``)."""
    srv, games = prepared
    ui = open_game("solo")
    the_hex_number_field_keeps_what_was_typed(ui, srv, games["solo"])
    panels_fold_per_device_and_the_jump_bar_reaches_them(ui)


def the_hex_number_field_keeps_what_was_typed(ui: Ui, srv: Server, game_id: str) -> None:
    ui.tap("bm-add-hex")
    box = ui.page.get_by_role("textbox", name="New hex number", exact=True)
    for typed in ("-5", "4.5"):
        ui.type_into("New hex number", typed)
        ui.nothing_more(300)  # then no rewrite came back from the server
        assert box.input_value() == typed  # not rewritten to 5 or 45
        ui.tap("bm-new-hex-save")  # refused: in a snackbar, and beside the field
        ui.expect_text("error-message", re.compile("whole number", re.IGNORECASE))
        ui.until(lambda: "Type a whole number from 1 to" in screen_text(ui), "the refusal beside the field")
        ui.show("bm-new-hex-number")
        box.click()  # Flutter's web text field holds its text in the DOM only while focused
        expect(box).to_have_value(typed, timeout=5000)
    ui.shot("phone-hex-number-refused")
    hexes = saved_games(srv.db)[game_id]["state"]["modules_state"]["broodmother"]["hexes"]
    assert sorted(h["number"] for h in hexes) == [4, 7]
    ui.type_into("New hex number", "15")
    ui.tap("bm-new-hex-save")
    ui.expect_label("undo", re.compile("Hex 15 enters the meadow"))


def test_a_finished_game_has_its_summary_and_the_screens_at_tablet_width(
        open_game: Callable[..., Ui], prepared: tuple[Server, dict[str, str]]) -> None:
    """The finished game's summary on a phone; then the same tab widened to a tablet's width, and the three games'
    screens shot there, going from one game to the next."""
    ui = open_game("finished")
    ui.find("panel-summary")
    ui.expect_label("summary-winner", "Winner: Bo")
    ui.expect_text("summary-reason", "Bo wins with 9")
    ui.expect_label("summary-totals", "Totals: Bo 9; Ana 4")
    assert ui.label("points-chart").endswith("Ana 4, 4, 4, 4; Bo 9, 9, 9, 9.")
    assert ui.nowhere("panel-picture")  # the summary has the chart; no second one
    ui.shot("phone-finished-summary")
    ui.page.set_viewport_size({"width": 1024, "height": 768})
    for which in ("finished", "table", "solo"):
        if which != "finished":
            ui.go(f"/game/{prepared[1][which]}", "game")  # as the app's links go (``Ui.go``): no page load
        ui.shot(f"tablet-game-{which}")


def test_the_tally_is_kept_respects_the_floor_and_goes_into_a_game(
        browser: Browser, prepared: tuple[Server, dict[str, str]]) -> None:
    srv, games = prepared
    store = GameStore(srv.db)  # the game played last (here from the terminal beside the app): the tally offers the
    with store.editing(games["tallied"]) as tallied:  # 4 played most recently, and this module has 5 (saves to the
        tallied.execute(AdjustScore("p1", 2))  # second: the fixture's five tie, in no set order)
    store.close()
    ui = new_tab(browser, srv.url)
    try:
        ui.open("/calculators", "calculators")
        ui.expect_label("tally-sub-1", "Subtract 1 (not available now)")  # 0 is the floor with no game chosen
        ui.tap("tally-add-5")
        ui.expect_label("tally-total", "Total: 5")
        ui.tap("tally-add-3")
        ui.expect_label("tally-total", "Total: 8")
        ui.reload("calculators")  # kept on this device
        ui.expect_label("tally-total", "Total: 8")
        ui.tap(f"tally-game-{games['tallied']}")
        ui.tap("tally-player-p2")
        ui.expect_label("tally-send", "Add +8 to Bo")
        ui.shot("phone-tally")
        ui.tap("tally-send")
        ui.expect_label("tally-total", "Total: 0")
        state = saved_games(srv.db)[games["tallied"]]["state"]
        assert sum(state["scores"]["p2"]) == 8
        ui.go(f"/game/{games['tallied']}", "game")
        ui.expect_label("total-p2", re.compile("^Bo: 8 CP"))
        ui.expect_label("undo", re.compile("Bo \\+8"))  # one step of that game, undone in one tap
        ui.tap("undo")
        ui.expect_label("total-p2", re.compile("^Bo: 0 CP"))
    finally:
        ui.close()


def _contrast(rgb_a: tuple[int, ...], rgb_b: tuple[int, ...]) -> float:
    def lum(rgb: tuple[int, ...]) -> float:
        parts = [c / 255 for c in rgb[:3]]
        lin = [p / 12.92 if p <= 0.04045 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    high, low = sorted((lum(rgb_a), lum(rgb_b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _png_pixels(data: bytes) -> list[tuple[int, ...]]:
    """The RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG (what Chromium's screenshots are)."""
    import struct
    import zlib

    width, height, depth, kind = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and kind in (2, 6), (depth, kind)
    chunks, at = b"", 8
    while at < len(data):
        size, tag = struct.unpack(">I4s", data[at:at + 8])
        if tag == b"IDAT":
            chunks += data[at + 8:at + 8 + size]
        at += 12 + size
    raw, step = zlib.decompress(chunks), 3 if kind == 2 else 4
    stride, rows, prev = width * step, [], bytearray(width * step)
    for y in range(height):
        line = raw[y * (stride + 1):(y + 1) * (stride + 1)]
        filt, cur = line[0], bytearray(line[1:])
        for i in range(stride):
            a = cur[i - step] if i >= step else 0
            b, c = prev[i], prev[i - step] if i >= step else 0
            if filt == 1:
                cur[i] = (cur[i] + a) & 255
            elif filt == 2:
                cur[i] = (cur[i] + b) & 255
            elif filt == 3:
                cur[i] = (cur[i] + (a + b) // 2) & 255
            elif filt == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                cur[i] = (cur[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(cur)
        prev = cur
    return [tuple(row[x * step:x * step + 3]) for row in rows for x in range(width)]


def _face_contrast(ui: Ui, identifier: str) -> float:
    """The contrast between a control's fill (its commonest colour) and its text (the colour farthest from it)."""
    from collections import Counter

    box = ui.by_id(identifier).bounding_box()
    assert box is not None
    pixels = _png_pixels(ui.page.screenshot(clip=box))
    fill = Counter(pixels).most_common(1)[0][0]
    return max(_contrast(fill, p) for p in pixels)


def test_rows_are_48px_disabled_controls_have_3_to_1_contrast_in_light_and_home_says_the_mode(
        browser: Browser, prepared: tuple[Server, dict[str, str]]) -> None:
    """One tab: the settings' radio rows 48 px tall; the light theme chosen there, the finished game's disabled
    controls have 3:1 contrast (the dark theme chosen again after); Home's rows 48 px, each saying its mode."""
    srv, games = prepared
    ui = new_tab(browser, srv.url)
    try:
        ui.open("/settings", "settings")
        boxes = ui.page.locator("[flt-semantics-identifier^='theme-']").evaluate_all(
            "els => els.map(e => [e.getAttribute('flt-semantics-identifier'), e.getBoundingClientRect().height])")
        assert boxes and all(height >= 47.5 for _, height in boxes), boxes
        try:
            disabled_controls_have_3_to_1_contrast_in_the_light_theme(ui, srv, games["finished"])
        finally:
            ui.go("/settings", "settings")
            ui.tap("theme-dark")
            ui.until(lambda: SettingsStore(settings_path(srv.db)).current.theme == "dark", "the dark theme saved")
        ui.go("/", "home")
        ui.expect_label(f"resume-{games['solo']}", re.compile("Solo: Against the Broodmother"))
        ui.expect_label(f"resume-{games['table']}", re.compile("Competitive"))
        ui.show(f"resume-{games['table']}")  # measured whole, not clipped by the foot of the screen
        ui.settled()
        box = ui.by_id(f"resume-{games['table']}").bounding_box()
        assert box is not None and box["height"] >= 48, box
        ui.shot("phone-home-modes")
    finally:
        ui.close()


def disabled_controls_have_3_to_1_contrast_in_the_light_theme(ui: Ui, srv: Server, game_id: str) -> None:
    """On the settings screen: the light theme chosen; the game's disabled controls measured in a screenshot."""
    ui.tap("theme-light")
    ui.until(lambda: SettingsStore(settings_path(srv.db)).current.theme == "light", "the light theme saved")
    ui.go(f"/game/{game_id}", "game")  # the theme is this tab's at once: no page load needed to see it
    ui.show("next-phase")
    ui.shot("phone-light-disabled")
    for identifier in ("next-phase", "next-round", "redo", "minus-p1"):
        found = _face_contrast(ui, identifier)
        assert found >= 3.0, f"{identifier}: {found:.2f}:1"


def panels_fold_per_device_and_the_jump_bar_reaches_them(ui: Ui) -> None:
    ui.find("jump-bar")
    chips = ui.page.locator("[flt-semantics-identifier^='jump-panel-']").evaluate_all(
        "els => els.map(e => e.getAttribute('flt-semantics-identifier'))")
    assert len(chips) >= 5, chips
    last = chips[-1].removeprefix("jump-")
    ui.tap(chips[-1])
    ui.until(lambda: on_screen(ui, last), f"{last} on screen after its jump")
    ui.shot("phone-jumped")
    ui.tap(f"fold-{last}")
    ui.expect_label(f"fold-{last}", re.compile("^Show "))
    height = ui.by_id(last).bounding_box()
    assert height is not None and height["height"] < 120  # its heading only
    ui.reload("game")  # kept on this device
    ui.expect_label(f"fold-{last}", re.compile("^Show "))
    ui.tap(chips[-1])  # the jump unfolds it
    ui.expect_label(f"fold-{last}", re.compile("^Fold "))
