"""After her draw, where the player looks (issue 34) in Debian's chromium at 360x740, English and Spanish.

Her instructions for the card just drawn (each line: each hex, each number), numbered by draw, the token and the
next "Her turn" are all on the first screen with the default text; the same card twice reads as two draws; her
Colony Points stand under the colonies. Element boxes come from the semantics identifiers; screenshots go to
test-artifacts/screenshots/her-moment-*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.content import load_content
from companion.core.i18n import render, using
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.store import GameStore
from tests.ui.browser import Server, Ui, new_tab
from tests.ui.conftest import made_for_this_try, module_server

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 740}
APP_BAR, BOTTOM_BAR = 60, 76
SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
HEXES = ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1))
# Seeds whose first draws ask nothing: 3 draws the same Plot twice, then a Spawn of four lines; 2 opens with a
# Spawn of four lines (the longest report a first draw gives).
SEEDS = {"en": 3, "es": 2}


served = module_server("her-moment")


def her_meadows(store: GameStore) -> dict[str, str]:
    """A solo game for each language, her meadow laid out, before her first draw."""
    games = {}
    for lang, seed in SEEDS.items():
        game = store.create(SOLO, name=f"Her moment {lang}", seed=seed)
        for n, zone, sites in HEXES:
            game.execute(AddHex(n, zone, sites))
        games[lang] = game.id
    return games


@pytest.fixture
def server(served: Server) -> tuple[Server, dict[str, str], Path]:
    return served, made_for_this_try(served, her_meadows), served.db


def expected_reports(lang: str, draws: int) -> list[tuple[str, list[str]]]:
    """Her report after each of the first ``draws`` draws, as the core says it (title, lines) in ``lang``."""
    session = Session(new_doc("g", "t", new_state(SOLO, load_content(), seed=SEEDS[lang])))
    for n, zone, sites in HEXES:
        session.execute(AddHex(n, zone, sites))
    out = []
    with using(lang):
        for _ in range(draws):
            session.execute(DrawCard())
            report = broodmother_view(session.state, session.content)["report"]
            assert report is not None
            out.append((render(report["title"]), [render(line["text"]) for line in report["lines"]]))
    return out


def box(ui: Ui, identifier: str) -> dict[str, float]:
    ui.find(identifier)
    found = ui.by_id(identifier).bounding_box()
    assert found is not None, identifier
    return {key: float(found[key]) for key in ("x", "y", "width", "height")}


def on_first_screen(ui: Ui, identifier: str) -> bool:
    b = box(ui, identifier)
    return b["y"] >= APP_BAR - 1 and b["y"] + b["height"] <= PHONE["height"] - BOTTOM_BAR + 1 and b["height"] > 0


def settled(ui: Ui, identifier: str) -> None:
    """Wait until the node stops moving (the report's lines come in as the screen settles)."""
    box(ui, identifier)
    ui.settled()


def draw_and_check(ui: Ui, number: int, title: str, lines: list[str], draw_word: str) -> None:
    ui.tap("bm-her-turn")
    ui.expect_label("bm-report-draw", f"{draw_word} {number}")
    ui.expect_label("bm-report-title", title)
    for i, said in enumerate(lines):
        ui.expect_label(f"bm-report-line-{i}", said)
    settled(ui, "bm-her-turn")
    for identifier in ("bm-report-title", "bm-report-draw", *(f"bm-report-line-{i}" for i in range(len(lines))),
                       "bm-cancel", "bm-her-turn"):
        assert on_first_screen(ui, identifier), f"draw {number}: {identifier} is below the fold: {box(ui, identifier)}"


@pytest.mark.parametrize(("lang", "locale", "draw_word", "her_name"), [
    ("en", None, "Draw", "The Broodmother"), ("es", "es-ES", "Robo", "La Madre de la Camada")])
def test_her_instructions_are_on_the_first_screen_numbered_by_draw(
        browser: Browser, server: tuple[Server, dict[str, str], Path], lang: str, locale: str | None,
        draw_word: str, her_name: str) -> None:
    srv, games, _ = server
    reports = expected_reports(lang, 3 if lang == "en" else 1)
    ui = new_tab(browser, srv.url, PHONE, locale=locale)
    try:
        ui.open(f"/game/{games[lang]}", "game")
        for number, (title, lines) in enumerate(reports, start=1):
            draw_and_check(ui, number, title, lines, draw_word)
            ui.shot(f"her-moment-{lang}-draw-{number}")
        if lang == "en":  # the same Plot twice: the same title, told apart by the draw's number
            assert reports[0][0] == reports[1][0]
        points = sum(1 for _, lines in reports for said in lines if said.startswith("She gains 1 Colony Point"))
        ui.show("total-broodmother")
        ui.expect_label("total-broodmother", re.compile(f"^{her_name}: {points} "))
        ui.shot(f"her-moment-{lang}-standings")
    finally:
        ui.close()
