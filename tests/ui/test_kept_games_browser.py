"""A game that could not be opened, in the real app at 360 px (Debian's chromium), in English and Spanish.

Two games are kept in games.d/damaged/ before the server starts, named as ``keep_aside`` names them and
broken so that no reader accepts them (a round that is a word). Home shows each on a row of its own,
never "No saved games yet"; Details says why and where the file is; Export downloads it byte for byte;
Delete removes it after a confirmation. Screenshots go to test-artifacts/screenshots/.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.ui.browser import PHONE, Server, Ui, new_tab, run_server

pytestmark = pytest.mark.browser

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))


def keep_broken(store: GameStore, name: str, when: str) -> tuple[str, Path]:
    game_id = store.create(SOLO, name=name, seed=1).id
    store.files.damaged.mkdir(exist_ok=True)
    kept = store.files.damaged / f"{game_id}.damaged-{when}.json"
    shutil.move(store.files.path(game_id), kept)
    raw = json.loads(kept.read_text(encoding="utf-8"))
    raw["game"]["1"]["state"]["round"] = "three"
    kept.write_text(json.dumps(raw), encoding="utf-8")
    return game_id, kept


@pytest.fixture(scope="module")
def prepared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, tuple[str, Path]]]]:
    db = tmp_path_factory.mktemp("kept-ui") / "games.json"
    store = GameStore(db)
    kept = {"en": keep_broken(store, "Solo Tuesday", "20261203-070123"),
            "es": keep_broken(store, "Martes en solitario", "20261202-070123")}
    store.close()
    with run_server(db) as srv:
        yield srv, kept


@pytest.fixture
def phone(browser: Browser, prepared: tuple[Server, dict[str, tuple[str, Path]]]) -> Iterator[list[Ui]]:
    opened: list[Ui] = []
    yield opened
    for ui in opened:
        ui.close()


WORDS = {
    "en": {"row": "'Solo Tuesday' could not be opened. Its file is kept aside, untouched.",
           "kept": "Its file is kept, untouched, as",
           "export": "Exported as solo-tuesday.damaged.json", "file": "solo-tuesday.damaged.json",
           "confirm": "Delete this game?", "deleted": "Deleted Solo Tuesday.", "delete": "Delete Solo Tuesday",
           "details": "Why Solo Tuesday could not be opened"},
    "es": {"row": "No se ha podido abrir «Martes en solitario». Su archivo se guarda aparte, intacto.",
           "kept": "Su archivo se guarda, intacto, como",
           "export": "Exportada como martes-en-solitario.damaged.json", "file": "martes-en-solitario.damaged.json",
           "confirm": "¿Borrar esta partida?", "deleted": "Martes en solitario borrada.",
           "delete": "Borrar Martes en solitario", "details": "Por qué no se ha podido abrir Martes en solitario"},
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_kept_game_has_a_row_with_details_export_and_delete(
        browser: Browser, prepared: tuple[Server, dict[str, tuple[str, Path]]], phone: list[Ui], tmp_path: Path,
        lang: str) -> None:
    srv, kept = prepared
    game_id, path = kept[lang]
    words = WORDS[lang]
    ui = new_tab(browser, srv.url, PHONE, locale="es-ES" if lang == "es" else "en-US")
    phone.append(ui)
    ui.open("/", "home")

    ui.expect_label(f"kept-{game_id}", words["row"])
    assert not ui.exists("no-games"), "never 'No saved games yet' while a game is kept aside"
    assert ui.label(f"kept-details-{game_id}") == words["details"]
    assert ui.label(f"kept-delete-{game_id}") == words["delete"]
    ui.shot(f"phone-kept-game-{lang}")

    ui.tap(f"kept-details-{game_id}")
    ui.expect_text("kept-details-text", words["kept"])
    ui.expect_text("kept-details-text", str(path))
    ui.expect_text("kept-details-text", re.compile("round"))
    ui.shot(f"phone-kept-game-details-{lang}")
    ui.tap("kept-details-close")
    ui.by_id("kept-details-close").wait_for(state="detached")

    with ui.page.expect_download() as download_info:
        ui.tap(f"kept-export-{game_id}")
    download = download_info.value
    assert download.suggested_filename == words["file"]
    copy = tmp_path / download.suggested_filename
    download.save_as(copy)
    assert copy.read_bytes() == path.read_bytes(), "exported as it is, byte for byte"
    ui.expect_text("info-message", words["export"])

    ui.tap(f"kept-delete-{game_id}")
    ui.find("confirm-ok")
    ui.page.get_by_text(words["confirm"], exact=True).wait_for()
    ui.shot(f"phone-kept-game-delete-{lang}")
    assert path.exists(), "nothing is deleted before the player confirms"
    ui.tap("confirm-ok")
    ui.expect_text("info-message", words["deleted"])
    ui.by_id(f"kept-{game_id}").wait_for(state="detached")
    assert not path.exists()
