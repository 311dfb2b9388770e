"""The Records screen in the real browser at 360 px, in English and Spanish: reached from Home, the hand-worked
figures shown (``tests/records/helpers``), a figure opening its games, the plays downloaded as CSV and JSON and
checked against the hand-worked figures, two players head to head, two names merged; and a deleted game opening
its record, its colours in the reader's language.

The database is filled through the store (``tests/records/conftest.fill``). The games the Broodmother won stay
saved (they read back since the core's fix) and open their game; only the deleted-record case deletes games."""

from __future__ import annotations

import csv
import json
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from companion.core.history import name_key
from companion.core.i18n import trf, trn, using
from companion.core.records import CSV_COLUMNS
from companion.store.history import HISTORY_FILE
from tests.records import helpers
from tests.records.conftest import fill
from tests.ui.browser import ANDROID_UA, Server, Ui, new_tab, run_server

pytestmark = pytest.mark.browser

LANGS = {"en-GB": "en", "es-ES": "es"}
FOLDED = {"en-GB": "Collapsed", "es-ES": "Contraído"}  # Flutter's Material words (its own translations)
_LABELS = "() => [...document.querySelectorAll('flt-semantics[aria-label]')].map(e => e.getAttribute('aria-label'))"


def figures_of_rows(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The hand-worked figures again, from the exported rows alone: her rows give the results against her, the
    competitive rows each player's games, wins, average and best (names typed alike and merged counted as one)."""
    hers = sorted((r for r in rows if r["role"] == "broodmother" and r["mode"] in ("solo", "coop")),
                  key=lambda r: r["date"])
    base = [r for r in hers if "empires" not in r["expansions"].split()]
    per_game: dict[tuple[str, str], dict[str, Any]] = {}
    for r in rows:
        if r["mode"] == "competitive":
            key = name_key(r["player"])
            per_game[(r["date"], helpers.MERGES.get(key, key))] = r
    players: dict[str, list[tuple[int, bool]]] = defaultdict(list)
    for (_, key), r in sorted(per_game.items()):
        players[key].append((int(r["score"]), r["winner"] == "yes"))
    return {
        "base": {"played": len(base), "won": sum(r["winner"] == "no" for r in base),
                 "lost": sum(r["winner"] == "yes" for r in base)},
        "timeline": "".join("L" if r["winner"] == "yes" else "W" for r in base),
        "players": {k: (len(v), sum(w for _, w in v), round(sum(s for s, _ in v) / len(v), 1), max(s for s, _ in v))
                    for k, v in players.items()},
    }


def downloaded(ui: Ui, identifier: str, folder: Path) -> Path:
    with ui.page.expect_download() as info:
        ui.tap(identifier)
    download = info.value
    path = folder / download.suggested_filename
    download.save_as(path)
    return path


def check_exports(ui: Ui, folder: Path) -> None:
    ui.tap("records-export")  # the tile under the filters opens
    csv_path = downloaded(ui, "records-export-csv", folder)
    assert csv_path.name == "march-of-the-ants-plays.csv"
    lines = csv_path.read_text("utf-8").splitlines()
    assert lines[0] == ",".join(CSV_COLUMNS)
    rows = list(csv.DictReader(lines))
    assert len(rows) == 35  # 26 players in 14 games, and her row in each of the 9 games against her
    codes = {k: v for k, v in rows[0].items() if not k.endswith(("_name", "_names"))}
    assert codes == {"date": "2025-01-01T20:00:00", "game": "mota", "edition": rows[0]["edition"],
                     "expansions": "minions", "modules": rows[0]["modules"], "variants": "", "mode": "solo",
                     "difficulty": "easy", "player": "Ana", "role": "ant", "colour": "red", "score": "0",
                     "winner": "yes", "ended": "broodmother-destroyed"}
    assert rows[0]["edition"] in ("Original edition", "Edición original")  # the reader's words beside the codes
    assert rows[0]["game_name"] == "March of the Ants"
    found = figures_of_rows(rows)
    assert found["base"] == helpers.BASE and found["timeline"] == helpers.TIMELINE
    assert found["players"] == helpers.PLAYERS
    json_path = downloaded(ui, "records-export-json", folder)
    assert json_path.name == "march-of-the-ants-plays.json"
    plays = json.loads(json_path.read_text("utf-8"))
    assert [{k: str(v) for k, v in p.items()} for p in plays] == rows  # the same rows, scores as numbers
    assert isinstance(plays[0]["score"], int)


@pytest.mark.parametrize("lang", LANGS)
def test_records_at_360_px(browser: Browser, tmp_path: Path, lang: str) -> None:
    db = tmp_path / "games.json"
    fill(db).close()  # her wins stay saved
    with using(LANGS[lang]):
        words = {"played": trf("{label}: {value}", label=_("Played"), value=8),
                 "won": trf("{label}: {value}", label=_("Won"), value=4),
                 "streak": trf("{label}: {value}", label=_("Best winning streak"), value=3),
                 "together": trf("{label}: {value}", label=_("Together"), value=3),
                 "ana": trf("{label}: {value}", label=trf("{name} won", name="Ana"), value=2),
                 "bob": trf("{label}: {value}", label=trf("{name} won", name="Bob"), value=1),
                 "merged": trf("{label}: {value}", label="Cy", value=trn(
                     "{n} game, {wins} won, average {average}, best {best}",
                     "{n} games, {wins} won, average {average}, best {best}", 3, wins=2, average=6.7, best=9))}
    with run_server(db) as server:
        ui = new_tab(browser, server.url, locale=lang, user_agent=ANDROID_UA)  # a phone's screen reader's words
        try:
            ui.open("/", "home")
            assert ui.exists("open-records")
            ui.tap("open-records")
            ui.wait_screen("records")
            ui.expect_label("brood-base-played", words["played"])
            ui.expect_label("brood-base-won", words["won"])
            ui.expect_label("brood-base-best-streak", words["streak"])
            ui.shot(f"records-{lang}-360")
            # Flutter's own word for a folded tile, as a phone's screen reader says it: in the reader's language (a
            # Spanish phone heard "Collapsed" until the tab set Flutter's locale, ``tab.base.flutter_locales``)
            said = ui.page.evaluate(_LABELS)
            assert FOLDED[lang] in said, said
            assert not {"Collapsed", "Expanded"} & set(said) or lang == "en-GB", said

            ui.tap("brood-base-lost")
            ui.find("records-games")
            ui.shot(f"records-{lang}-360-lost")

            check_exports(ui, tmp_path)
            ui.shot(f"records-{lang}-360-export")

            ui.tap("pick-ana")
            ui.tap("pick-bo")
            ui.expect_label("versus-games", words["together"])
            ui.expect_label("versus-first", words["ana"])
            ui.expect_label("versus-second", words["bob"])  # Bob is merged into Bo: his latest spelling
            ui.shot(f"records-{lang}-360-versus")
            ui.tap("pick-ana")
            ui.tap("pick-bo")
            ui.tap("pick-cy")
            ui.tap("pick-dee")
            ui.tap("versus-merge")  # Cy into Dee
            ui.find("confirm-ok")
            ui.shot(f"records-{lang}-360-merge")
            ui.tap("confirm-ok")
            ui.expect_label("player-dee", words["merged"])
            merges = json.loads(db.with_name(HISTORY_FILE).read_text("utf-8"))["merges"]
            assert merges == {"bob": "bo", "cy": "dee"}

            ui.tap("brood-base-lost")
            ui.find("records-games")
            ui.tap("record-g-00000008")  # one of her wins: still saved, it opens as a game
            ui.wait_screen("game")
        finally:
            ui.close()


@pytest.fixture(scope="module")
def deleted_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The records with one game deleted, served once for both languages: their tests only read (a server's start
    costs seconds)."""
    db = tmp_path_factory.mktemp("records-deleted") / "games.json"
    store = fill(db)
    store.delete("g-00000014")  # the Antscape game: Ana in blue, Cy in pink
    store.close()
    with run_server(db) as server:
        yield server


@pytest.mark.parametrize(("lang", "deleted", "pink"), [
    ("en-GB", "This game was deleted; its record is kept.", "Cy (Pink): 9"),
    ("es-ES", "Esta partida se borró; su registro se conserva.", "Cy (Rosa): 9"),
])
def test_a_deleted_games_record_at_360_px(browser: Browser, deleted_server: Server, lang: str, deleted: str,
                                          pink: str) -> None:
    ui = new_tab(browser, deleted_server.url, locale=lang)
    try:
        ui.open("/records", "records")
        ui.tap("antscape-cy")
        ui.find("records-games")
        ui.tap("record-g-00000014")
        ui.expect_text("records-record", deleted)
        ui.expect_text("records-record", pink)
        ui.shot(f"records-{lang}-360-record")
    finally:
        ui.close()


def _(text: str) -> str:
    from companion.core.i18n import tr

    return tr(text)


def test_the_pseudo_locale_marks_every_text_of_the_records_screen(browser: Browser, tmp_path: Path) -> None:
    """The completeness walk (``test_i18n_browser``) over the Records screen: its figures, the export tile, a
    figure's games, head to head, the merge dialog and a deleted game's record all go through the catalogue."""
    import sys

    from tests.ui.qps_walk import Walker
    from tests.ui.test_i18n_browser import assert_all_marked

    db = tmp_path / "games.json"
    store = fill(db)
    store.delete("g-00000014")
    store.close()
    names = ("Dee", "Bob", "Brood")  # players of the hand-worked games (Ana, Bo and Cy are known names already)
    with run_server(db, [sys.executable, "-m", "companion", "app", "--lang", "qps"]) as server:
        ui = new_tab(browser, server.url, locale="en-US")
        try:
            walk = Walker(ui)
            walk.visit("/records", "records", scrolls=10)
            walk.ui.page.mouse.wheel(0, -20_000)  # back at its top, as a fresh page shows it (no page load)
            walk.ui.settled()
            walk.ui.tap("records-export")
            walk.ui.find("records-export-csv")
            walk.ui.tap("records-filters")
            walk.ui.find("filter-game-all")
            walk.read("/records (tiles open)")
            walk.press("pick-cy")
            walk.press("pick-dee")
            walk.ui.find("versus-merge")
            walk.read("/records (head to head)", scrolls=3)
            walk.dialog("/records (head to head)", "versus-merge")
            walk.press("antscape-cy")
            walk.ui.find("records-games")
            walk.read("/records (a figure's games)")
            walk.press("record-g-00000014")
            walk.ui.find("record-deleted")
            walk.read("/records (a deleted game's record)")
            walk.dialog("/records (a deleted game's record)", "record-forget")
        finally:
            ui.close()
    for texts in walk.seen.values():
        texts[:] = [_without(text, names) for text in texts]
    read = {where: "\n".join(texts) for where, texts in walk.seen.items()}
    assert "[!Played!]" in read["/records"] and "[!Export the plays as CSV!]" in read["/records (tiles open)"]
    assert "[!Pink!]" in read["/records (a deleted game's record)"]
    assert_all_marked(walk.seen)


def _without(text: str, names: tuple[str, ...]) -> str:
    import re

    return re.sub(rf"\b(?:{'|'.join(names)})\b", "", text)
