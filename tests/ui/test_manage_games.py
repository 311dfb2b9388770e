"""Managing saved games in the real app (Debian's chromium): rename, export, import, delete, conflicts.

The games are prepared in the store before a server of their own starts (the shared
server's TinyDB must not be written from outside while it runs), and the conflict journey
changes a game from the terminal - the real CLI on the same database - while the app has it open.
Every journey is checked on screen (the accessibility tree) and in the saved TinyDB file.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator

from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.store.transfer import EXPORT_FORMAT
from companion.ui.game_files import export_file_name
from tests.ui.browser import PHONE, ROOT, Server, Ui, run_server
from tests.ui.conftest import saved_games, tabs_on

pytestmark = pytest.mark.browser

OpenTab = Callable[..., Ui]
GAMES = {
    "rename": ("Old name", ("Ana", "Bo")),
    "export": ("Friday night", ("Cleo", "Dev", "Eli")),
    "conflict": ("Terminal beside the app", ("Ana", "Bo")),
    "delete": ("Sheet delete", ("Fay", "Gus")),
    "shot": ("Saturday at Kim's", ("Ana", "Bo", "Cy", "Di")),
}
COLOURS = ("red", "blue", "black", "yellow")


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    """A server of its own on a database filled beforehand; the game ids by journey."""
    db = tmp_path_factory.mktemp("manage-ui") / "games.json"
    store = GameStore(db)
    ids = {}
    for key, (name, players) in GAMES.items():
        setup = GameSetup(game="mota", mode="competitive",
                          players=tuple(PlayerSpec(p, c) for p, c in zip(players, COLOURS, strict=False)))
        ids[key] = store.create(setup, name=name, seed=1).id
    store.close()
    with run_server(db) as srv:
        yield srv, ids


@pytest.fixture
def home(browser: Browser, prepared: tuple[Server, dict[str, str]]) -> Iterator[OpenTab]:
    """Open tabs on the prepared server (phone-sized); all closed afterwards, nothing asked of the internet."""
    srv, _ = prepared
    with tabs_on(browser, srv.url) as open_tab:
        yield open_tab


def open_actions(ui: Ui, game_id: str) -> None:
    tap_row(ui, f"more-{game_id}")
    ui.find(f"rename-{game_id}")


def tap_row(ui: Ui, identifier: str) -> None:
    """Tap a control in the resume list, even on the last row.

    ``Ui.tap`` keeps room for a bottom bar the home screen does not have, so the last row of
    a long list never counts as on screen; scroll Flutter with the wheel and click it in place.
    """
    scroll_to(ui, identifier).click()


def scroll_to(ui: Ui, identifier: str) -> Locator:
    size = ui.page.viewport_size or PHONE
    node = ui.by_id(identifier)
    node.wait_for(state="attached")
    ui.page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(40):  # on a busy machine Flutter's scroll takes a while to settle: wait until it has
        ui.settled()
        box = node.bounding_box()
        if box is not None and box["y"] >= 64 and box["y"] + box["height"] <= size["height"] - 16:  # not clipped
            break
        ui.page.mouse.wheel(0, (box["y"] - size["height"] / 2) if box else size["height"] / 2)
    return node


def eventually(check: Callable[[], bool], ui: Ui, seconds: float = 10) -> None:
    ui.until(check, "the check", timeout_ms=seconds * 1000)


# -- journeys ----------------------------------------------------------------------------
def test_rename_shows_everywhere_and_is_saved(home: OpenTab, prepared: tuple[Server, dict[str, str]]) -> None:
    srv, ids = prepared
    game_id = ids["rename"]
    ui = home()
    other = home(f"/game/{game_id}", "game")  # another phone with the game open
    ui.page.bring_to_front()
    open_actions(ui, game_id)
    ui.tap(f"rename-{game_id}")
    box = ui.page.get_by_role("textbox", name="Game name", exact=True)
    box.wait_for()
    assert box.input_value() == "Old name", "the dialog starts from the current name"

    ui.type_into("Game name", "   ")  # blank: the store's refusal, in the dialog
    ui.page.keyboard.press("Enter")  # the field wraps a long name, yet Enter still saves (no line break typed)
    ui.expect_text("rename-problem", "A game name needs 1-60 characters.")
    assert saved_games(srv.db)[game_id]["name"] == "Old name"

    ui.type_into("Game name", "Saturday rematch")
    ui.tap("rename-save")
    ui.by_id("rename-save").wait_for(state="detached")
    ui.expect_text("info-message", "Renamed to Saturday rematch")
    ui.expect_label(f"resume-{game_id}", re.compile(r"^Resume Saturday rematch\. "))
    assert saved_games(srv.db)[game_id]["name"] == "Saturday rematch"

    other.page.bring_to_front()  # the other tab follows, and its session still saves (no stale revision)
    other.expect_text("screen-title", "Saturday rematch")
    other.tap("plus-p1")
    other.expect_label("total-p1", re.compile(r"^Ana: 1 CP"))
    assert saved_games(srv.db)[game_id]["state"]["scores"]["p1"][0] == 1

    ui.page.bring_to_front()
    ui.reload("home")
    ui.expect_label(f"resume-{game_id}", re.compile(r"^Resume Saturday rematch\. "))
    assert not ui.exists("error-message")


def test_export_download_then_import_the_copy(home: OpenTab, prepared: tuple[Server, dict[str, str]],
                                             tmp_path: Path) -> None:
    srv, ids = prepared
    game_id = ids["export"]
    ui = home()
    open_actions(ui, game_id)
    with ui.page.expect_download() as download_info:
        ui.tap(f"export-{game_id}")
    download = download_info.value
    assert download.suggested_filename == "friday-night.moa.json" == export_file_name("Friday night")
    exported = tmp_path / download.suggested_filename
    download.save_as(exported)
    ui.expect_text("info-message", "Exported as friday-night.moa.json")

    payload = json.loads(exported.read_text(encoding="utf-8"))
    assert payload["format"] == EXPORT_FORMAT
    assert payload["schema"] == payload["game"]["schema"]
    game = payload["game"]
    assert game["id"] == game_id and game["name"] == "Friday night"
    assert [p["name"] for p in game["state"]["players"]] == ["Cleo", "Dev", "Eli"]
    assert game["state"] == saved_games(srv.db)[game_id]["state"]

    before = set(saved_games(srv.db))
    assert ui.label("import-game") == "Import a game from a file"
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import-game")
    chooser.value.set_files(exported)
    ui.expect_text("info-message", "Imported Friday night (imported)")
    ui.expect_text("game-list", "Friday night (imported)")
    added = set(saved_games(srv.db)) - before
    assert len(added) == 1, "one new game, the original untouched"
    copy_id = added.pop()
    copy = saved_games(srv.db)[copy_id]
    assert copy["name"] == "Friday night (imported)"
    assert copy["state"] == game["state"]
    assert saved_games(srv.db)[game_id]["name"] == "Friday night"

    tap_row(ui, f"resume-{copy_id}")  # the copy opens like any other game
    ui.wait_screen("game")
    ui.expect_text("screen-title", "Friday night (imported)")
    ui.expect_label("total-p3", re.compile(r"^Eli: 0 CP"))


@pytest.mark.parametrize(("content", "message"), [
    (b"{not json", "notes.json was refused: it is not complete JSON"),
    (json.dumps({"format": "something/else", "game": {}}).encode(), "notes.json is not a game exported by this app"),
    (json.dumps({"format": EXPORT_FORMAT, "schema": 1, "game": {"id": "g-x", "name": "Broken", "schema": 1}}
                ).encode(), "notes.json was refused"),
    # no schema: read as a pre-release save, which the store refuses for its missing state
    (json.dumps({"format": EXPORT_FORMAT, "game": {"id": "g-x", "name": "Broken"}}).encode(),
     "notes.json was refused: it is not a complete saved game of schema 0"),
], ids=["not-json", "not-an-export", "refused-by-validation", "malformed-old-save"])
def test_a_bad_file_is_refused_and_nothing_changes(home: OpenTab, prepared: tuple[Server, dict[str, str]],
                                                   tmp_path: Path, content: bytes, message: str) -> None:
    srv, _ = prepared
    bad = tmp_path / "notes.json"
    bad.write_bytes(content)
    ui = home()
    before = srv.db.read_bytes()
    rows = ui.page.locator('[flt-semantics-identifier^="resume-"]').count()
    with ui.page.expect_file_chooser() as chooser:
        ui.tap("import-game")
    chooser.value.set_files(bad)
    ui.expect_text("error-message", message)
    assert srv.db.read_bytes() == before, "a refused file leaves the saves exactly as they were"
    assert ui.page.locator('[flt-semantics-identifier^="resume-"]').count() == rows


def test_delete_from_the_sheet_asks_first(home: OpenTab, prepared: tuple[Server, dict[str, str]]) -> None:
    srv, ids = prepared
    game_id = ids["delete"]
    ui = home()
    open_actions(ui, game_id)
    ui.tap("actions-close")
    ui.by_id("actions-close").wait_for(state="detached")
    open_actions(ui, game_id)
    ui.tap(f"sheet-delete-{game_id}")
    ui.tap("confirm-cancel")
    ui.by_id("confirm-cancel").wait_for(state="detached")
    assert game_id in saved_games(srv.db)
    open_actions(ui, game_id)
    ui.tap(f"sheet-delete-{game_id}")
    ui.tap("confirm-ok")
    ui.by_id(f"resume-{game_id}").wait_for(state="detached")
    ui.expect_text("info-message", "Deleted Sheet delete")
    assert game_id not in saved_games(srv.db)


def test_a_change_from_the_terminal_is_not_overwritten(home: OpenTab,
                                                      prepared: tuple[Server, dict[str, str]]) -> None:
    srv, ids = prepared
    game_id = ids["conflict"]
    ui = home()
    open_actions(ui, game_id)
    ui.tap(f"open-{game_id}")
    ui.wait_screen("game")
    ui.expect_label("total-p1", re.compile(r"^Ana: 0 CP"))

    done = subprocess.run([sys.executable, "-m", "companion", "game", "score", game_id, "p1", "3",
                           "--db", str(srv.db)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert saved_games(srv.db)[game_id]["state"]["scores"]["p1"][0] == 3

    ui.tap("plus-p1")  # made on the stale copy: refused, reloaded, explained
    ui.expect_text("error-message",
                   re.compile("was changed in another window or the terminal .* repeat your last action"))
    ui.expect_label("total-p1", re.compile(r"^Ana: 3 CP"))
    assert saved_games(srv.db)[game_id]["state"]["scores"]["p1"][0] == 3, "the tap was not applied"

    ui.tap("plus-p1")  # the reloaded game saves normally
    ui.expect_label("total-p1", re.compile(r"^Ana: 4 CP"))
    eventually(lambda: saved_games(srv.db)[game_id]["state"]["scores"]["p1"][0] == 4, ui)
    ui.expect_label("undo", "Undo: Ana +1 CP")


def test_row_actions_are_labelled_big_and_on_screen(home: OpenTab, prepared: tuple[Server, dict[str, str]]) -> None:
    _, ids = prepared
    game_id = ids["shot"]
    ui = home()
    ui.expect_label(f"more-{game_id}",
                    "More actions for Saturday at Kim's: open, rename, export, delete")
    ui.expect_label(f"delete-{game_id}", "Delete Saturday at Kim's")
    ui.page.mouse.move(350, 30)  # no hover highlight on a row in the picture
    ui.shot("phone-home-game-actions")
    open_actions(ui, game_id)
    labels = {ident: ui.label(f"{ident}-{game_id}") for ident in ("open", "rename", "export", "sheet-delete")}
    assert labels == {"open": "Open Saturday at Kim's", "rename": "Rename Saturday at Kim's",
                      "export": "Export Saturday at Kim's to a file", "sheet-delete": "Delete Saturday at Kim's"}
    ui.shot("phone-home-game-actions-sheet")
    small = []
    for ident in [*(f"{i}-{game_id}" for i in labels), "actions-close"]:
        box = ui.by_id(ident).bounding_box()
        assert box is not None, ident
        if box["width"] < 47.5 or box["height"] < 47.5:
            small.append((ident, box))
        assert box["y"] > (ui.page.viewport_size or PHONE)["height"] / 2 - 60, f"{ident} is out of thumb reach"
    ui.tap("actions-close")
    ui.by_id("actions-close").wait_for(state="detached")
    for ident in (f"more-{game_id}", f"delete-{game_id}", "import-game"):
        box = scroll_to(ui, ident).bounding_box()
        assert box is not None
        if box["width"] < 47.5 or box["height"] < 47.5:
            small.append((ident, box))
    assert not small, f"buttons smaller than 48 px: {small}"
