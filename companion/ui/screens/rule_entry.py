"""One rules entry: its title, where it stands in the rulebook, its text, related entries and a bookmark.

The page remembers the search it was opened from (``?q=...&lang=...``), so "Back to the
results" and the app bar's back arrow return to those results instead of an empty box,
and related entries opened from here keep that way back too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.core.schema import JsonObject
from companion.ui import widgets
from companion.ui.i18n import tr, trf
from companion.ui.rules_model import (
    LANGUAGE_NAMES,
    EntryPage,
    EntryRow,
    entry_route,
    kind_label,
    search_route,
)
from companion.ui.rules_parts import end_space, entry_chips, entry_row, language_chooser
from companion.ui.screens.rules import RulesPage
from companion.ui.widgets import back_to_game_arrow, back_to_game_button

if TYPE_CHECKING:
    pass

ROUTE = "/rules/:id"


class RuleEntryScreen(RulesPage):
    identifier = "rule-entry"

    def setup(self) -> None:
        super().setup()
        self.entry_id = self.params["id"]
        self.model.open_entry(self.entry_id)  # building the page is opening it: top of Recent

    @property
    def back_route(self) -> str:
        return self.origin.add_to(search_route(self.query, self.lang, self.book, self.kind))

    def up_route(self) -> str:
        return self.origin.game_route() if self.origin.from_game else self.back_route

    # -- layout ------------------------------------------------------------------------------
    def leading(self) -> ft.Control:
        """The app bar's back arrow leads to the search this entry came from, not to Home - or, when a
        "?" in a game opened it, straight back to that place in the game."""
        if self.origin.from_game:
            return back_to_game_arrow(self.app, self.origin)
        return widgets.icon_action(self._back_label(), ft.Icons.ARROW_BACK, self.app.answers.handler(self._back),
                                   identifier="entry-back-arrow")

    def _back_label(self) -> str:
        return trf("Back to the results for “{query}”",
                   query=self.query) if self.query.strip() else tr("Back to the rules")

    def body(self) -> list[ft.Control]:
        page = self.model.entry(self.entry_id, self.lang)
        if page is None:
            return [
                widgets.banner(trf("There is no rules entry called {entry_id}.", entry_id=self.entry_id), self.sizes,
                               identifier="entry-missing", error=True),
                self._back_button(),
            ]
        return [
            self._title(page),
            self._citation(page),
            *self._text(page),
            ft.Row([self._bookmark_button(page), self._language_button()], wrap=True, spacing=8, run_spacing=8),
            *self._listed(page.same_rule, tr("The same rule in other books"), "same-rule"),
            *self._listed(page.related, tr("Related entries"), "related"),
            self._back_button(),
            *([back_to_game_button(self.app, self.origin)] if self.origin.from_game else []),
            end_space(),
        ]

    def _title(self, page: EntryPage) -> ft.Control:
        return ft.Semantics(header=True, identifier="entry-title", content=ft.Text(
            page.title, size=self.sizes.headline, weight=ft.FontWeight.W_700))

    def _citation(self, page: EntryPage) -> ft.Control:
        """Book > section, as printed in the rulebook, so the player can find the page; an interpretation's two
        chips go on a line of their own, so that on a phone they do not squeeze the citation into a column."""
        sizes = self.sizes
        chips = entry_chips(page.kind, page.interpretation, sizes)
        row: ft.Control = ft.Row([
            ft.Icon(ft.Icons.MENU_BOOK, size=20, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Text(page.citation, size=sizes.body, color=ft.Colors.ON_SURFACE_VARIANT, expand=True),
            *([] if page.interpretation else chips),
        ], spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if page.interpretation:
            row = ft.Column([row, ft.Row(chips, spacing=8)], spacing=6, tight=True)
        said = (trf("In the rulebook: {citation}. {kind_label}, an interpretation: the book leaves this unsaid.",
                    citation=page.citation, kind_label=kind_label(page.kind)) if page.interpretation else
                trf("In the rulebook: {citation}. {kind_label}.", citation=page.citation,
                    kind_label=kind_label(page.kind)))
        return widgets.labelled(row, said, "entry-citation")

    def _text(self, page: EntryPage) -> list[ft.Control]:
        controls: list[ft.Control] = []
        if not page.translated:
            controls.append(widgets.message_text(
                tr("This entry has no Spanish text; it is shown in English."), self.sizes, muted=True,
                identifier="entry-untranslated"))
        body = ft.Text(page.body, size=self.sizes.body + 1)
        controls.append(ft.Semantics(identifier="entry-body", container=True,
                                     content=ft.Container(body, padding=ft.Padding.symmetric(vertical=4))))
        return controls

    def _bookmark_button(self, page: EntryPage) -> ft.Control:
        """Short on the button (it shares a phone's line with the language), full for a screen reader."""
        if page.bookmarked:
            label, text, icon, kind = tr("Remove the bookmark"), tr("Bookmarked"), ft.Icons.BOOKMARK, "tonal"
        else:
            label, text, icon, kind = tr("Bookmark this entry"), tr("Bookmark"), ft.Icons.BOOKMARK_BORDER, "outlined"
        return widgets.tap_button(label, self.app.answers.handler(self._toggle_bookmark), text=text, icon=icon,
                                  kind=kind,
                                  identifier="bookmark-toggle", sizes=self.sizes)

    def _language_button(self) -> ft.Control:
        """One tap shows the entry in the other language (the search's language comes along when going back)."""
        other = "es" if self.lang == "en" else "en"
        label = tr("Show this entry in Spanish") if other == "es" else tr("Show this entry in English")
        return widgets.tap_button(label, language_chooser(self, other), text=LANGUAGE_NAMES[other],
                                  icon=ft.Icons.TRANSLATE, kind="outlined", identifier="entry-language",
                                  sizes=self.sizes)

    def _listed(self, entries: list[EntryRow], title: str, name: str) -> list[ft.Control]:
        """A titled list of entries to open (the same rule in other books, related entries); none when empty."""
        if not entries:
            return []
        rows = [entry_row(row, self._opener(row.id), f"{name}-{row.id}", self.sizes) for row in entries]
        return [widgets.section(title, rows, self.sizes, identifier=f"entry-{name}",
                                title_identifier=f"entry-{name}-title")]

    def _back_button(self) -> ft.Control:
        text = (trf("Search for “{query}”", query=self.query) if self.query.strip() else tr("Search the rules"))
        return widgets.tap_button(self._back_label(), self.app.answers.handler(self._back), text=text,
                                  icon=ft.Icons.SEARCH,
                                  kind="tonal", identifier="back-to-search", sizes=self.sizes)

    # -- actions -------------------------------------------------------------------------------
    def _back(self) -> None:
        self.app.routes.go(self.back_route)

    def _opener(self, entry_id: str) -> widgets.EventHandler:
        return self.app.answers.handler(lambda: self.app.routes.go(
            self.origin.add_to(entry_route(entry_id, self.query, self.lang, self.book, self.kind))))

    def _toggle_bookmark(self) -> None:
        on = self.model.toggle_bookmark(self.entry_id)
        self.app.broadcast({"kind": "reading"})
        self.refresh()
        self.app.answers.show_info(tr("Bookmarked.") if on else tr("Bookmark removed."))

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") == "reading":
            self.refresh()


SCREEN = RuleEntryScreen
