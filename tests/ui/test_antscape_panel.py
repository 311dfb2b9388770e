"""The Antscape scorer in the real app (Debian's chromium): a 2-player table taps out its 4x4 grid.

The journey starts a game through the wizard, gives cells to each player with the "brush",
sets points, picks the Bonus Card and a queen, reads the totals and the winner, applies them
to the game's scores (one Undo step) and checks the saved file. Screenshots at phone and
tablet/desktop width go to test-artifacts/screenshots.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from tests.ui.browser import Server, Ui
from tests.ui.conftest import saved_games
from tests.ui.test_broodmother_panel import to_top
from tests.ui.test_ui_journeys import create_game

pytestmark = pytest.mark.browser

OpenTab = Callable[..., Ui]
WIDE = {"width": 1024, "height": 900}


def give(ui: Ui, brush: str, name: str, *cells: tuple[int, int]) -> None:
    ui.tap(f"as-brush-{brush}")
    ui.expect_label(f"as-brush-{brush}", re.compile(r"\(selected\)$"))
    for r, c in cells:
        ui.tap(f"as-cell-{r}-{c}")
        ui.expect_label(f"as-cell-{r}-{c}", re.compile(f"^Row {r}, column {c}: {name},"))


def set_points(ui: Ui, r: int, c: int, points: int) -> None:
    ui.tap(f"as-cell-{r}-{c}")
    ui.expect_label("as-points", re.compile(f"^Row {r}, column {c} points: "))  # this cell's editor, not the last
    for n in range(1, points + 1):
        ui.tap("as-points-plus")
        ui.expect_label("as-points", f"Row {r}, column {c} points: {n} point{'' if n == 1 else 's'}")


def test_tap_out_a_two_player_grid_read_totals_and_apply(tab: OpenTab, server: Server) -> None:
    ui = tab()
    game_id = create_game(ui, game="antscape", names=["Irene", "Jo"], title="Antscape night")
    ui.expect_label("as-bonus-text", re.compile("^Choose the Bonus Card"))
    assert ui.exists("as-cell-4-4") and not ui.exists("as-cell-5-5")  # 2 players: 4x4

    # Irene: a trio (2,1)-(2,3) and a single (4,4); Jo: a pair (1,1)-(1,2) and a single (4,1)
    give(ui, "p1", "Irene", (2, 1), (2, 2), (2, 3), (4, 4))
    give(ui, "p2", "Jo", (1, 1), (1, 2), (4, 1))
    ui.tap("as-brush-select")
    set_points(ui, 2, 2, 2)
    set_points(ui, 4, 4, 3)
    set_points(ui, 1, 1, 2)
    ui.expect_label("as-cell-2-1", re.compile(r"^Row 2, column 1: Irene, 0 points, in a colony of 3\."))

    ui.tap("as-bonus-trio-triumph")
    ui.expect_label("as-bonus-text", "Each colony of exactly 3 territories scores 3 points.")
    ui.tap("as-queen-p1")
    ui.expect_label("as-total-p1", "Irene: 10 points (bonus 3, queen 2, territories 5)")
    ui.expect_label("as-total-p2", "Jo: 2 points (bonus 0, queen 0, territories 2)")
    ui.expect_label("as-winner", "Irene wins with 10 points.")
    ui.expect_label("as-colony-1", re.compile(r"^Irene: 3 territories: Trio triumph \+3\."))
    to_top(ui, "as-brush-select")
    assert small_buttons_here(ui) == []
    ui.shot("antscape-phone-grid")
    to_top(ui, "as-total-p1")
    assert small_buttons_here(ui) == []
    ui.shot("antscape-phone-totals")

    # one command writes both totals into the game's scores; Undo takes it back in one step
    ui.tap("as-apply")
    ui.expect_label("total-p1", re.compile(r"^Irene: 10 pts"))
    ui.expect_label("total-p2", re.compile(r"^Jo: 2 pts"))
    ui.expect_label("undo", "Undo: Antscape: scores applied (Irene 10, Jo 2)")
    saved = saved_games(server.db)[game_id]["state"]
    assert saved["scores"] == {"p1": [10], "p2": [2]}
    cells = saved["modules_state"]["antscape"]["cells"]
    assert [[c["owner"] for c in row] for row in cells] == [
        ["p2", "p2", None, None], ["p1", "p1", "p1", None], [None, None, None, None], ["p2", None, None, "p1"]]
    assert saved["modules_state"]["antscape"]["bonus"] == "trio-triumph"

    ui.past_tap_window()
    ui.tap("undo")
    ui.expect_label("total-p1", re.compile(r"^Irene: 0 pts"))
    assert saved_games(server.db)[game_id]["state"]["scores"] == {"p1": [0], "p2": [0]}

    # the end checklist: the grid is not full; the table ticks that everyone passed
    ui.expect_label("as-end-all-claimed", re.compile("^Everything is full"))
    assert ui.by_id("as-end-all-claimed").get_attribute("aria-checked") == "false"
    ui.tap("as-end-everyone-passed")
    ui.expect_label("as-over", "The game is over: score it in Final scoring.")
    assert saved_games(server.db)[game_id]["state"]["modules_state"]["antscape"]["passed"] is True

    # each section's "?" opens its own rules topic
    ui.tap("help-antscape.end")
    ui.wait_screen("rules")
    ui.expect_label("rules-topics-title", "How Antscape ends")

    # the same game on a wide screen
    wide = tab(f"/game/{game_id}", "game", viewport=WIDE)
    wide.expect_label("as-total-p1", "Irene: 10 points (bonus 3, queen 2, territories 5)")
    to_top(wide, "as-brush-select")
    wide.shot("antscape-wide-grid")


def small_buttons_here(ui: Ui) -> list[str]:
    """Scorer buttons wholly on screen that are smaller than 48 px (Flutter clips half-hidden ones)."""
    height = (ui.page.viewport_size or {"height": 780})["height"]
    found = ui.page.locator("[flt-semantics-identifier^='as-'][role='button']")
    boxes = found.evaluate_all("""els => els.map(e => {
        const r = e.getBoundingClientRect();
        return [e.getAttribute('flt-semantics-identifier'), r.width, r.height, r.top, r.bottom]; })""")
    return [f"{ident} {w:.0f}x{h:.0f}" for ident, w, h, top, bottom in boxes
            if w and h and top >= 64 and bottom <= height - 84 and (w < 47.5 or h < 47.5)]
