"""The Rules screens' drawing pieces, shared by the search screen and an entry's page: highlighted text, the
kind and "Interpretation" chips, an entry as a tappable row, the language choice.

They only draw what ``companion.ui.rules_model`` worked out; nothing here reads the rules itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.rules.corpus import LANGS
from companion.store.reading import ReadingStore, open_reading
from companion.ui.button_box import RADIUS, button, plain_here
from companion.ui.i18n import tr
from companion.ui.rules_model import LANGUAGE_NAMES, EntryRow, Part, interpretation_label, kind_label, labels
from companion.ui.theme import MIN_TOUCH, Sizes

if TYPE_CHECKING:
    from companion.ui.app import PageApp
    from companion.ui.screens.rule_entry import RuleEntryScreen
    from companion.ui.screens.rules import RulesScreen

EventHandler = Callable[[object], None]
LANGUAGE_LABELS = {"en": "Rules in English", "es": "Rules in Spanish"}


def reading_for(app: PageApp) -> ReadingStore:
    """The reading list beside this server's saves; a damaged one becomes a notice on Home."""
    reading = open_reading(app.ctx.store.path)
    if reading.notice and reading.notice not in app.ctx.notices:
        app.ctx.notices.append(reading.notice)
    return reading


def rich_text(parts: list[Part], size: float, *, weight: ft.FontWeight | None = None,
              max_lines: int | None = None) -> ft.Text:
    """Text whose highlighted parts are bold and in the theme's accent colour."""
    mark = ft.TextStyle(weight=ft.FontWeight.W_800, color=ft.Colors.PRIMARY,
                        decoration=ft.TextDecoration.UNDERLINE, decoration_color=ft.Colors.PRIMARY)
    spans = [ft.TextSpan(piece, style=mark if lit else None) for piece, lit in parts if piece]
    return ft.Text(spans=spans, size=size, weight=weight, max_lines=max_lines,
                   overflow=ft.TextOverflow.ELLIPSIS if max_lines else ft.TextOverflow.CLIP)


def kind_chip(kind: str, sizes: Sizes) -> ft.Control:
    """The entry's kind as a small label (not a button: nothing to tap, so it may be small)."""
    return ft.Container(
        ft.Text(kind_label(kind), size=sizes.small - 1, color=ft.Colors.ON_TERTIARY_CONTAINER,
                weight=ft.FontWeight.W_600, max_lines=1),
        bgcolor=ft.Colors.TERTIARY_CONTAINER, border_radius=8, padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )


def interpretation_chip(sizes: Sizes) -> ft.Control:
    """"Interpretation" beside the kind, in another colour and with the gavel the game panels' readings carry,
    so an entry that reads what its book leaves unsaid is never taken for the book's own rule."""
    return ft.Container(
        ft.Row([ft.Icon(ft.Icons.GAVEL, size=sizes.small, color=ft.Colors.ON_SECONDARY_CONTAINER),
                ft.Text(interpretation_label(), size=sizes.small - 1, color=ft.Colors.ON_SECONDARY_CONTAINER,
                        weight=ft.FontWeight.W_600, max_lines=1)], spacing=4, tight=True),
        bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=8,
        padding=ft.Padding.symmetric(horizontal=8, vertical=2),
    )


def entry_chips(kind: str, interpretation: bool, sizes: Sizes) -> list[ft.Control]:
    """The chips under an entry's title: its kind, and "Interpretation" when it is one."""
    return [kind_chip(kind, sizes), *([interpretation_chip(sizes)] if interpretation else [])]


def chips_and_citation(kind: str, interpretation: bool, citation: str, sizes: Sizes) -> ft.Control:
    """The line under a listed entry's title: its kind chip, then "book > section"; an interpretation's two chips
    take a line of their own above the citation, so that on a phone they do not squeeze it into a column."""
    cited = ft.Text(citation, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT, expand=not interpretation)
    if interpretation:
        return ft.Column([ft.Row(entry_chips(kind, interpretation, sizes), spacing=8), cited], spacing=4, tight=True)
    return ft.Row([kind_chip(kind, sizes), cited], spacing=8, vertical_alignment=ft.CrossAxisAlignment.START)


def tappable(content: ft.Control, label: str, on_tap: EventHandler, identifier: str, *,
             outlined: bool = True) -> ft.Control:
    """A whole card that opens something, announced as one button (two lines and padding: over 48 px)."""
    box = ft.Container(content, on_click=on_tap, ink=not plain_here(), border_radius=12,
                       padding=ft.Padding.symmetric(horizontal=12, vertical=10),
                       border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT) if outlined else None)
    return ft.Semantics(label=label, button=True, identifier=identifier, container=True, exclude_semantics=True,
                        on_tap=on_tap, content=box)


def entry_row(row: EntryRow, on_tap: EventHandler, identifier: str, sizes: Sizes) -> ft.Control:
    """An entry in a list: its title, then kind and "book > section" underneath."""
    lines: list[ft.Control] = [
        ft.Text(row.title, size=sizes.body, weight=ft.FontWeight.W_600),
        chips_and_citation(row.kind, row.interpretation, row.citation, sizes),
    ]
    label = ". ".join([row.title, *labels(row.kind, row.interpretation), row.citation])
    if row.elsewhere:
        lines.append(ft.Text(tr("Not in this game"), size=sizes.small, italic=True,
                             color=ft.Colors.ON_SURFACE_VARIANT))
        label += f". {tr('Not in this game')}"
    return tappable(ft.Column(lines, spacing=4, tight=True), label, on_tap, identifier)


def choice_button(label: str, text: str, selected: bool, on_tap: EventHandler, identifier: str,
                  sizes: Sizes) -> ft.Control:
    """One of a set of choices (language, book, kind): filled when chosen, outlined otherwise."""
    face = ft.Text(text, size=sizes.label, weight=ft.FontWeight.W_600, max_lines=1,
                   overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER)
    style = ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=RADIUS),
                           padding=ft.Padding.symmetric(horizontal=14, vertical=8))
    box = button("filled" if selected else "outlined", face, on_tap, icon=ft.Icons.CHECK if selected else None,
                 height=MIN_TOUCH, style=style, padding=ft.Padding.symmetric(horizontal=14, vertical=8))
    return ft.Semantics(label=label, selected=selected, button=True, identifier=identifier, container=True,
                        exclude_semantics=True, on_tap=on_tap, content=box)


def language_buttons(lang: str, choose: Callable[[str], EventHandler], sizes: Sizes, prefix: str) -> list[ft.Control]:
    """English / Español: the language the entries are searched and shown in."""
    return [choice_button(tr(LANGUAGE_LABELS[code]), LANGUAGE_NAMES[code], code == lang, choose(code),
                          f"{prefix}-{code}", sizes)
            for code in LANGS]


def language_chooser(screen: RulesScreen | RuleEntryScreen, code: str) -> EventHandler:
    """A tap that reads a rules screen (its ``lang``) in ``code``: redrawn only when that is a change."""

    def choose() -> None:
        if code != screen.lang:
            screen.lang = code
            screen.refresh()

    return screen.app.answers.handler(choose)


def end_space() -> ft.Control:
    """Room under the last row, so it can be scrolled up from the screen's edge (and the gesture bar)."""
    return ft.Container(height=64)


def identifier_part(text: str) -> str:
    """"card note" -> "card-note", for identifiers."""
    return "-".join(text.lower().split())
