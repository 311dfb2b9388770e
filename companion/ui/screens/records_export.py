"""The Records screen's export: the plays shown (its filters apply) as a file, one row per player per game, in CSV
or JSON, downloaded the way a game's export is (``GameFiles.offer``)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.history import PlayRecord
from companion.core.records import plays_csv, plays_json
from companion.ui import widgets
from companion.ui.i18n import tr, trf, trn
from companion.ui.theme import Sizes

if TYPE_CHECKING:
    from companion.ui.app import PageApp

EXPORT_NAME = "march-of-the-ants-plays"  # .csv or .json


class PlaysExport:
    """The export tile of one Records screen: ``records`` gives the plays its filters show when asked."""

    def __init__(self, app: PageApp, sizes: Sizes, records: Callable[[], list[PlayRecord]]) -> None:
        self.app, self.sizes, self._records = app, sizes, records

    def tile(self, count: int) -> ft.Control:
        """A tile under the filters (closed, one line) so the figures come first on a phone."""
        app = self.app
        return widgets.lazy_tile(app.opened_tiles, lambda: app.answers.guard(app.routes.refresh), "records-export", trn(
            "Export the plays of {n} game", "Export the plays of {n} games", count), self._body, self.sizes)

    def _body(self) -> list[ft.Control]:
        return [
            widgets.message_text(tr("One row per player per game, for a spreadsheet: date, game, edition, "
                                    "expansions, modules, variants, mode, difficulty, player, colour, score and "
                                    "winner; each code with its name beside it."), self.sizes,
                                 muted=True),
            ft.Row([
                widgets.tap_button(tr("Export the plays as CSV"), self.app.answers.handler(partial(self._download,
                                                                                                   "csv")),
                                   text=tr("CSV"), icon=ft.Icons.FILE_DOWNLOAD_OUTLINED, kind="tonal",
                                   identifier="records-export-csv", expand=True, sizes=self.sizes),
                widgets.tap_button(tr("Export the plays as JSON"), self.app.answers.handler(partial(self._download,
                                                                                                    "json")),
                                   text=tr("JSON"), icon=ft.Icons.FILE_DOWNLOAD_OUTLINED, kind="tonal",
                                   identifier="records-export-json", expand=True, sizes=self.sizes),
            ], spacing=8)]

    def _download(self, kind: str) -> None:
        records = self._records()
        content = self.app.ctx.store.content
        text = plays_csv(records, content) if kind == "csv" else plays_json(records, content)
        self.app.files.offer(f"{EXPORT_NAME}.{kind}", text.encode("utf-8"), title=tr("Export the plays"),
                             extension=kind, failed=lambda exc: trf("The plays could not be exported: {exc}",
                                                                    exc=exc))
