"""The Rules screen: search as you type, a tracker's "?" topic, bookmarks, recent entries, browse by book.

What it shows comes from ``companion.ui.rules_model`` (and through it from the rules
engine); this module only draws it. Typing redraws just the results, never the search
box, so the caret and the phone's keyboard stay where they are between keystrokes.
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import TypeVar

import flet as ft

from companion.core.i18n import N_
from companion.core.schema import JsonObject
from companion.rules.corpus import KINDS, LANGS
from companion.ui import widgets
from companion.ui.button_box import RADIUS, button, plain_here
from companion.ui.fields import text_field
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.return_path import Origin, game_in_play
from companion.ui.rules_model import (
    EntryRow,
    ResultRow,
    Results,
    RulesModel,
    content_language,
    entry_route,
    kind_label,
    labels,
)
from companion.ui.rules_parts import (
    EventHandler,
    chips_and_citation,
    choice_button,
    end_space,
    entry_row,
    identifier_part,
    language_buttons,
    language_chooser,
    reading_for,
    rich_text,
    tappable,
)
from companion.ui.screen import Screen
from companion.ui.theme import MIN_TOUCH
from companion.ui.widgets import back_to_game_arrow, back_to_game_button

ROUTE = "/rules"

K = TypeVar("K", bound=Hashable)  # what a fold is known by: a book's name, a (book, section) pair
SEARCH_LABEL = "Search the rules"
RECENT_SHOWN = 5


class RulesPage(Screen):
    """What the search and an entry share: the rules read from the route (search words, language, book, kind)
    and the place in a game a "?" opened them from."""

    title = N_("Rules")

    def setup(self) -> None:
        self.model = RulesModel(reading=reading_for(self.app))
        params = self.params
        asked = params.get("lang")
        self.lang = asked if asked in LANGS else content_language(self.app.language)
        self.query = params.get("q", "")
        self.book = self.model.book_code(params.get("book"))
        self.kind = self.model.kind(params.get("kind"))
        self.origin = Origin.of(params)


class RulesScreen(RulesPage):
    identifier = "rules"

    def setup(self) -> None:
        super().setup()
        self.topic_id = self.params.get("topic")
        self.filters_open = bool(self.book or self.kind)
        self.open_books: set[str] = set()
        self.open_sections: set[tuple[str, str]] = set()
        self.all_recent = False
        self.in_play = game_in_play(self.app, self.origin, self.model.corpus)

    def leading(self) -> ft.Control | None:
        return back_to_game_arrow(self.app, self.origin) if self.origin.from_game else super().leading()

    def up_route(self) -> str:
        return self.origin.game_route() if self.origin.from_game else "/"

    # -- layout ------------------------------------------------------------------------------
    def _search_field(self) -> ft.Control:
        return text_field(
            tr(SEARCH_LABEL), self.sizes, value=self.query, autofocus=True, text_size=self.sizes.body,
            prefix_icon=ft.Icons.SEARCH, keyboard_type=ft.KeyboardType.TEXT, autocorrect=False,
            enable_suggestions=False, capitalization=ft.TextCapitalization.NONE, expand=True,
            on_change=self._typed, on_submit=self._typed,
        ).control

    def body(self) -> list[ft.Control]:
        """The whole screen, rebuilt on every change (each keystroke too).

        Flet reconciles the rebuilt tree with the one on screen and sends only the difference:
        the search box is the same widget with the same text, so it keeps the caret and the
        phone's keyboard while the results under it change. (Updating a control in place
        would not work here: after a redraw, the screen's controls are immutable descriptions.)
        """
        controls: list[ft.Control] = [back_to_game_button(self.app, self.origin)] if self.origin.from_game else []
        controls += [
            ft.Row([self._search_field(), widgets.icon_action(
                tr("Clear the search"), ft.Icons.CLOSE, self.app.answers.handler(self._clear) if self.query else None,
                identifier="rules-clear")],
                   spacing=4, vertical_alignment=ft.CrossAxisAlignment.END),  # beside the field, under its label
            # Natural widths fit a 360 px phone on one line; larger text wraps instead of squeezing.
            ft.Row([*language_buttons(self.lang, partial(language_chooser, self), self.sizes, "rules-lang"),
                    self._filters_button()],
                   spacing=8, run_spacing=8, wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        ]
        if self.filters_open:
            controls.append(self._filters())
        controls.append(ft.Semantics(identifier="rules-results", container=True,
                                     content=ft.Column(self._results_now(), spacing=10)))
        controls.append(end_space())
        return controls

    def _filters_button(self) -> ft.Control:
        active = sum(bool(x) for x in (self.book, self.kind))
        text = trf("Filters ({active})", active=active) if active else tr("Filters")
        label = (f"{tr('Hide filters') if self.filters_open else tr('Show filters')}"
                 f"{f' ({active} on)' if active else ''}")
        icon = ft.Icons.FILTER_LIST_OFF if self.filters_open else ft.Icons.FILTER_LIST
        face = ft.Text(text, size=self.sizes.label, weight=ft.FontWeight.W_600, max_lines=1)
        padding = ft.Padding.symmetric(horizontal=12, vertical=8)
        box = button("tonal" if active else "outlined", face, self.app.answers.handler(self._toggle_filters),
                     icon=icon, height=MIN_TOUCH, padding=padding,
                     style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=RADIUS), padding=padding))
        return ft.Semantics(label=label, button=True, identifier="rules-filters", container=True,
                            exclude_semantics=True, on_tap=self.app.answers.handler(self._toggle_filters),
                            content=box)

    def _filters(self) -> ft.Control:
        """Book and kind choices; each narrows the results at once."""
        def book_choice(code: str | None, name: str) -> ft.Control:
            return choice_button(trf("Only {name}", name=name) if code else tr("All books"), name, self.book == code,
                                 self.app.answers.handler(lambda: self._set_filter(book=code, kind=self.kind)),
                                 f"filter-book-{code or 'all'}", self.sizes)

        def kind_choice(kind: str | None) -> ft.Control:
            text = kind_label(kind) if kind else tr("All kinds")
            return choice_button(trf("Only kind {text}",
                                     text=text) if kind else tr("All kinds"), text, self.kind == kind,
                                 self.app.answers.handler(lambda: self._set_filter(book=self.book, kind=kind)),
                                 f"filter-kind-{identifier_part(kind) if kind else 'all'}", self.sizes)

        books = [book_choice(None, tr("All books"))] + [book_choice(b.code, b.name) for b in self.model.books()]
        kinds = [kind_choice(None)] + [kind_choice(kind) for kind in KINDS]
        small = self.sizes.small
        return widgets.section(tr("Filters"), [
            ft.Text(tr("Book"), size=small, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(books, wrap=True, spacing=8, run_spacing=8),
            ft.Text(tr("Kind"), size=small, color=ft.Colors.ON_SURFACE_VARIANT),
            ft.Row(kinds, wrap=True, spacing=8, run_spacing=8),
        ], self.sizes, identifier="rules-filter-panel")

    # -- results or the start view -----------------------------------------------------------
    def _results_now(self) -> list[ft.Control]:
        """What goes under the search box for its current text: results, or the start view when blank."""
        found = self.model.search(self.query, self.lang, book=self.book, kind=self.kind, in_play=self.in_play)
        return self._result_list(found) if not found.blank else self._start_view()

    def _result_list(self, found: Results) -> list[ft.Control]:
        count = len(found.rows)
        if count:
            said = trn("{n} entry found", "{n} entries found", count)
        else:
            said = tr("Nothing found. Try other words, another language or fewer filters.")
        controls: list[ft.Control] = [ft.Semantics(
            identifier="results-count", live_region=True, label=said, container=True,
            content=ft.Text(said, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))]
        controls += [self._result(position, row) for position, row in enumerate(found.rows)]
        return controls

    def _result(self, position: int, row: ResultRow) -> ft.Control:
        sizes = self.sizes
        also = [trf("Also in: {places}", places="; ".join(row.also))] if row.also else []
        content = ft.Column([
            rich_text(row.title, sizes.body + 1, weight=ft.FontWeight.W_600),
            chips_and_citation(row.kind, row.interpretation, row.citation, sizes),
            *[ft.Text(line, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT) for line in also],
            rich_text(row.snippet, sizes.small),  # the engine keeps snippets short
        ], spacing=6, tight=True)
        label = ". ".join([row.title_text, *labels(row.kind, row.interpretation), row.citation, *also,
                           row.snippet_text])
        return tappable(content, label, self._opener(row.id), f"result-{position}")

    def _start_view(self) -> list[ft.Control]:
        """No query yet: the tracker's topic first, then bookmarks, recent entries and the books."""
        controls: list[ft.Control] = [self._notice()] if self.model.reading and self.model.reading.notice else []
        topic = self.model.topic(self.topic_id, self.lang, self.in_play)
        if topic is not None:
            controls.append(self._list_section(topic.title, topic.rows, "topic",
                                               subtitle=tr("The entries about what you asked for")))
        bookmarks, recent = self.model.bookmarks(self.lang), self.model.recent(self.lang)
        if bookmarks:
            controls.append(self._list_section(tr("Bookmarks"), bookmarks, "bookmark"))
        if recent:
            controls.append(self._recent_section(recent))
        if topic is None and not bookmarks and not recent:
            controls.append(widgets.message_text(
                tr("Type a question in your own words, for example: ladybug tie, predator health, "
                   "or in Spanish: obrera mayor. Spelling mistakes are fine."),
                self.sizes, identifier="rules-hint", muted=True))
        controls.append(self._browse())
        return controls

    def _notice(self) -> ft.Control:
        def dismiss() -> None:
            reading = self.model.reading
            if reading and reading.notice:
                if reading.notice in self.app.ctx.notices:
                    self.app.ctx.notices.remove(reading.notice)
                reading.notice = None
            self._redraw_results()

        assert self.model.reading is not None and self.model.reading.notice is not None
        return widgets.banner(render(self.model.reading.notice), self.sizes, identifier="reading-notice", error=True,
                              on_close=self.app.answers.handler(dismiss))

    def _list_section(self, title: str, rows: list[EntryRow], prefix: str, *, subtitle: str | None = None
                      ) -> ft.Control:
        body = [entry_row(row, self._opener(row.id), f"{prefix}-{row.id}", self.sizes) for row in rows]
        return widgets.section(title, body, self.sizes, identifier=f"rules-{prefix}s", subtitle=subtitle,
                               title_identifier=f"rules-{prefix}s-title")

    def _recent_section(self, recent: list[EntryRow]) -> ft.Control:
        """The last few entries opened; the rest of the list (up to 20) on request, so Browse stays near."""
        shown = recent if self.all_recent else recent[:RECENT_SHOWN]
        section = self._list_section(tr("Recently opened"), shown, "recent")
        if len(recent) <= RECENT_SHOWN:
            return section

        def toggle() -> None:
            self.all_recent = not self.all_recent
            self.refresh()

        text = tr("Show fewer") if self.all_recent else trf("Show all {count}", count=len(recent))
        more = widgets.tap_button(text if self.all_recent else trf("{text} recent entries", text=text),
                                  self.app.answers.handler(toggle), text=text, kind="text",
                                  icon=ft.Icons.EXPAND_LESS if self.all_recent else ft.Icons.EXPAND_MORE,
                                  identifier="recent-more", sizes=self.sizes)
        return ft.Column([section, more], spacing=4)

    def _browse(self) -> ft.Control:
        """Books, then their headings, then the entries: each level opens on a tap, in rulebook order."""
        rows: list[ft.Control] = []
        for book in self.model.books():
            is_open = book.name in self.open_books
            rows.append(self._fold_row(book.name, trf("{count} entries", count=book.count), is_open, 0,
                                       self._toggler(self.open_books, book.name), f"browse-book-{book.code}"))
            if not is_open:
                continue
            for number, section in enumerate(book.sections):
                key = (book.name, section)
                section_open = key in self.open_sections
                rows.append(self._fold_row(section, None, section_open, 1, self._toggler(self.open_sections, key),
                                           f"browse-section-{book.code}-{number}"))
                if section_open:
                    rows += [ft.Container(entry_row(row, self._opener(row.id), f"browse-{row.id}", self.sizes),
                                          padding=ft.Padding.only(left=28))
                             for row in self.model.section_rows(book.name, section, self.lang)]
        return widgets.section(tr("Browse the rulebooks"), rows, self.sizes, identifier="rules-browse",
                               title_identifier="rules-browse-title")

    def _fold_row(self, text: str, detail: str | None, is_open: bool, depth: int, on_tap: EventHandler,
                  identifier: str) -> ft.Control:
        icon = ft.Icons.EXPAND_MORE if is_open else ft.Icons.CHEVRON_RIGHT
        words: list[ft.Control] = [ft.Text(text, size=self.sizes.body, weight=ft.FontWeight.W_600 if depth == 0
                                           else ft.FontWeight.W_500)]
        if detail:
            words.append(ft.Text(detail, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))
        content = ft.Row([ft.Icon(icon), ft.Column(words, spacing=0, tight=True, expand=True)],
                         vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=8)
        box = ft.Container(content, on_click=on_tap, ink=not plain_here(), border_radius=10,
                           padding=ft.Padding.only(left=4 + 14 * depth, right=8, top=12, bottom=12))
        label = f"{text}, {detail}" if detail else text  # open or closed is announced from ``expanded``
        return ft.Semantics(label=label, button=True, expanded=is_open, identifier=identifier, container=True,
                            exclude_semantics=True, on_tap=on_tap, content=box)

    # -- actions -------------------------------------------------------------------------------
    def _typed(self, event: ft.Event[ft.TextField]) -> None:
        """Each keystroke: search again (about a millisecond) and redraw."""
        def search() -> None:
            self.query = event.control.value or ""
            self.refresh()

        self.app.answers.guard(search)

    def _redraw_results(self) -> None:
        self.refresh()

    def _clear(self) -> None:
        self.query = ""
        self.refresh()

    def _toggle_filters(self) -> None:
        self.filters_open = not self.filters_open
        self.refresh()

    def _set_filter(self, *, book: str | None, kind: str | None) -> None:
        self.book, self.kind = book, kind
        self.refresh()

    def _toggler(self, opened: set[K], key: K) -> EventHandler:
        def toggle() -> None:
            opened.symmetric_difference_update({key})
            self._redraw_results()

        return self.app.answers.handler(toggle)

    def _opener(self, entry_id: str) -> EventHandler:
        return self.app.answers.handler(lambda: self.app.routes.go(
            self.origin.add_to(entry_route(entry_id, self.query, self.lang, self.book, self.kind))))

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") == "reading" and not self.query.strip():
            self._redraw_results()


SCREEN = RulesScreen
