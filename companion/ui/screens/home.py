"""Home: resume a saved game, start a new one, or open Rules, Calculators and Settings.

Each saved game is a row: tap it to resume; its "more" button opens Open, Rename, Export
and Delete at the bottom of the screen (within thumb reach); the bin deletes at once
(after the confirmation the settings ask for). Below the list, Import adds a game from a file.

A game that could not be opened (kept aside in ``games.d/damaged/``) is still the player's: it has a
row of its own above the others - "'Solo Tuesday' could not be opened" - with Details (why, and where
the file is), Export (the file as it is) and Delete (after a confirmation).
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.i18n import N_, Msg, render
from companion.core.schema import JsonObject
from companion.store import GameSummary, KeptGame
from companion.store.games import good_news
from companion.ui import widgets
from companion.ui.fields import text_field
from companion.ui.i18n import tr, trf, trn
from companion.ui.measure import title_lines, widest_word
from companion.ui.models import last_played, round_label
from companion.ui.page_size import page_width, side_padding
from companion.ui.screen import Screen
from companion.ui.theme import BUTTON_HEIGHT, MIN_TOUCH

ROUTE = "/"


SM_BREAKPOINT = 576  # px: Flet's "sm", from which the menu's tiles sit four to a row
TILE_GAP = 10  # px between the tiles
PAGE = 25  # rows built at a time: with 1,000 saved games the screen still opens at once
FILTER_FROM = 8  # saved games from which a filter by name is offered
TILE_INSET = 80  # px: a saved game's list tile around its texts (padding 16 + 24, its icon 24 and the gap after it)
ROW_ACTIONS = 2 * MIN_TOUCH + 6  # px: the more and delete buttons beside the texts, and the card's edge after them


class HomeScreen(Screen):
    title = "March of the Ants"
    identifier = "home"

    def setup(self) -> None:
        self.shown = PAGE
        self.name_filter = ""
        self._texts: dict[str, tuple[str, str]] = {}  # each drawn row's name and details
        self._drawn_room = 0.0

    def body(self) -> list[ft.Control]:
        self.app.ctx.notices.extend(self.app.ctx.store.take_notices())
        controls: list[ft.Control] = [self._notice(n) for n in self.app.ctx.notices]
        heading = widgets.heading(tr("Resume a game"), self.sizes, identifier="resume-heading")
        controls += [self._menu(), ft.Row([ft.Container(heading, expand=True), self._import_button()],
                                          vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=10)]
        games = self.app.ctx.store.list_games()
        kept = self.app.ctx.store.damaged.games()
        self.app.ctx.notices.extend(self.app.ctx.store.take_notices())
        if kept:
            controls.append(ft.Semantics(identifier="kept-list", container=True,
                                         content=ft.Column([self._kept_row(k) for k in kept], spacing=8)))
        if len(games) >= FILTER_FROM or self.name_filter:
            controls.append(self._filter_field(len(games)))
        wanted = self.name_filter.casefold().strip()
        matching = [g for g in games if wanted in g.name.casefold()]
        if not games and not kept:
            controls.append(widgets.message_text(tr("No saved games yet. Start one with New game, or import one."),
                                                 self.sizes, identifier="no-games", muted=True))
        elif games and not matching:
            controls.append(widgets.message_text(tr("No saved game has that in its name."), self.sizes,
                                                 identifier="no-match", muted=True))
        self._texts, self._drawn_room = {}, self._row_room()
        rows = [self._game_row(g) for g in matching[:self.shown]]
        controls.append(ft.Semantics(identifier="game-list", container=True, content=ft.Column(rows, spacing=8)))
        if len(matching) > self.shown:
            more = min(PAGE, len(matching) - self.shown)
            controls.append(widgets.tap_button(
                trf("Show {count} more of {left}", count=more, left=len(matching) - self.shown),
                self.app.answers.handler(self._show_more), icon=ft.Icons.EXPAND_MORE, identifier="show-more",
                sizes=self.sizes))
        return controls

    def _filter_field(self, total: int) -> ft.Control:
        field = text_field(
            tr("Find a game by name"), self.sizes, value=self.name_filter, prefix_icon=ft.Icons.SEARCH,
            text_size=self.sizes.body,
            on_change=lambda event: self.app.answers.guard(lambda: self._filter_changed(event)),
            helper=trn("{n} saved game", "{n} saved games", total),
        )
        return ft.Semantics(identifier="game-filter", container=True, content=field.control)

    def _filter_changed(self, event: ft.Event[ft.TextField]) -> None:
        self.name_filter = str(event.control.value or "")[:60]
        self.shown = PAGE
        self.refresh()

    def _show_more(self) -> None:
        self.shown += PAGE
        self.refresh()

    def _import_button(self) -> ft.Control:
        """Beside the list's heading, always in view; opens the file chooser inside the tap (``game_files``)."""
        face = ft.Text(tr("Import"), size=self.sizes.label, weight=ft.FontWeight.W_600, max_lines=1,
                       semantics_label=tr("Import a game from a file"))
        button = ft.OutlinedButton(content=face, icon=ft.Icons.FILE_UPLOAD_OUTLINED,
                                   action=self.app.files.import_action(), height=BUTTON_HEIGHT,
                                   style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=14),
                                                        padding=ft.Padding.symmetric(horizontal=16)))
        # No Semantics label or tap of its own: the button's node is what a screen reader taps, so
        # the client action runs for a finger and a screen reader alike.
        return ft.Semantics(identifier="import-game", container=True, content=button)

    def _notice(self, text: Msg | str) -> ft.Control:
        def dismiss() -> None:
            if text in self.app.ctx.notices:
                self.app.ctx.notices.remove(text)
            self.refresh()

        return widgets.banner(render(text), self.sizes, identifier="notice", error=not good_news(text),
                              on_close=self.app.answers.handler(dismiss))

    def _kept_row(self, kept: KeptGame) -> ft.Control:
        """A game that could not be opened: what happened in plain words, then Details, Export and Delete."""
        files, sizes = self.app.files, self.sizes
        title = trf("'{name}' could not be opened", name=kept.name)
        note = tr("Its file is kept aside, untouched.")
        head = ft.Row([ft.Icon(ft.Icons.ERROR_OUTLINE, color=ft.Colors.ERROR),
                       ft.Column([ft.Text(title, size=sizes.body, weight=ft.FontWeight.W_600),
                                  ft.Text(note, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                                 spacing=2, expand=True, tight=True)],
                      vertical_alignment=ft.CrossAxisAlignment.START, spacing=12)
        label = ft.Semantics(identifier=f"kept-{kept.handle}", container=True, label=f"{title}. {note}",
                             exclude_semantics=True, content=head)
        actions = ft.Row([
            widgets.tap_button(trf("Why {name} could not be opened", name=kept.name),
                               self.app.answers.handler(lambda: files.show_kept_details(kept)), text=tr("Details"),
                               identifier=f"kept-details-{kept.handle}", kind="tonal", expand=True, sizes=sizes),
            widgets.tap_button(trf("Export {name} as it is, to a file", name=kept.name),
                               self.app.answers.handler(lambda: files.export_kept(kept)), text=tr("Export"),
                               identifier=f"kept-export-{kept.handle}", kind="tonal", expand=True, sizes=sizes),
            widgets.tap_button(trf("Delete {name}", name=kept.name),
                               self.app.answers.handler(lambda: files.delete_kept(kept)), text=tr("Delete"),
                               identifier=f"kept-delete-{kept.handle}", kind="outlined", expand=True, sizes=sizes),
        ], spacing=8)
        column = ft.Column([label, actions], spacing=12, tight=True)
        return ft.Card(content=ft.Container(column, padding=ft.Padding.all(14)), margin=0,
                       variant=ft.CardVariant.OUTLINED)

    def _menu(self) -> ft.Control:
        go = self.app.routes.go
        new = widgets.tap_button(tr("New game"), self.app.answers.handler(lambda: go("/new")),
                                 icon=ft.Icons.ADD_CIRCLE_OUTLINE,
                                 identifier="new-game", expand=True, sizes=self.sizes)
        items = [
            (N_("Rules"), ft.Icons.MENU_BOOK, "/rules", "open-rules"),
            (N_("Calculators"), ft.Icons.CALCULATE, "/calculators", "open-calculators"),
            (N_("Settings"), ft.Icons.SETTINGS, "/settings", "open-settings"),
            (N_("Records"), ft.Icons.EMOJI_EVENTS_OUTLINED, "/records", "open-records"),
        ]
        # Two to a row on a phone (xs 6), four from "sm" (576 px): the tile's width sets its label's largest size
        content = (w := page_width(self.app)) - 2 * side_padding(w)
        per_row = 4 if page_width(self.app) >= SM_BREAKPOINT else 2
        width = (content - TILE_GAP * (per_row - 1)) / per_row
        tiles = [
            ft.Container(widgets.tile_button(tr(label), icon, self.app.answers.handler(partial(go, route)),
                                             identifier=ident, sizes=self.sizes, width=width),
                         col={"xs": 6, "sm": 3})
            for label, icon, route, ident in items
        ]
        return ft.ResponsiveRow([ft.Container(new, col={"xs": 12}), *self._table_buttons(), *tiles],
                                spacing=TILE_GAP, run_spacing=10)

    def _table_buttons(self) -> list[ft.Control]:
        """Where phones link to each other (the phone build): join a table, or go back to the one joined."""
        if self.app.ctx.linker is None:
            return []
        at_table = self.app.ctx.table_guest
        buttons = [widgets.tap_button(tr("Join a table"),
                                      self.app.answers.handler(lambda: self.app.routes.go("/table")),
                                      icon=ft.Icons.QR_CODE_SCANNER, identifier="join-table", kind="tonal",
                                      expand=True, sizes=self.sizes)]
        if at_table is not None and at_table.mirror is not None:
            back = f"/game/{at_table.mirror.id}"
            buttons.insert(0, widgets.tap_button(tr("Back to the host's game"),
                                                 self.app.answers.handler(lambda: self.app.routes.go(back)),
                                                 icon=ft.Icons.GROUPS,
                                                 identifier="back-to-table", expand=True, sizes=self.sizes))
        return [ft.Container(button, col={"xs": 12}) for button in buttons]

    def _row_room(self) -> float:
        """The width a saved game's texts have when its buttons sit below them (px)."""
        return (w := page_width(self.app)) - 2 * side_padding(w) - TILE_INSET

    def resized(self) -> None:
        """Rows whose texts no longer fit as drawn (or now fit beside their buttons) are drawn again."""
        super().resized()
        old, new = self._drawn_room, self._row_room()
        if any(self._fit(*texts, old) != self._fit(*texts, new) for texts in self._texts.values()):
            self.refresh()

    def _fit(self, name: str, details: str, room: float) -> tuple[bool, bool]:
        """Whether the name's words each fit a line of ``room``, and whether the texts fit beside the buttons: each
        word whole, and the name in two lines at most (a long name gets the card's whole width)."""
        name_word = widest_word(name, self.sizes.body)
        beside_room = room - ROW_ACTIONS
        beside = (max(name_word, widest_word(details, self.sizes.small)) <= beside_room
                  and title_lines(name, self.sizes.body, beside_room) <= 2)
        return name_word <= room, beside

    def _details(self, game: GameSummary) -> str:
        content = self.app.ctx.store.content
        game_name = content.games[game.game].name if game.game in content.games else game.game
        status = tr("Finished") if game.ended else round_label(game.round, game.rounds)
        who = ", ".join(game.players)
        mode = tr(content.modes[game.mode].name) if game.mode in content.modes else game.mode
        what = mode if game.name.startswith(game_name) else trf("{game} · {mode}", game=game_name, mode=mode)
        return trf("{what}\n{players}\n{status} · {when}", what=what, players=who, status=status,
                   when=last_played(game.updated))

    def _game_row(self, game: GameSummary) -> ft.Control:
        """A saved game: its name and details, with its buttons beside them, or below them where the texts would
        not fit beside (a narrow phone, a large text, a long name): a word is never broken mid-word."""
        details = self._details(game)
        self._texts[game.id] = (game.name, details)
        whole, beside = self._fit(game.name, details, self._drawn_room)
        tile = ft.ListTile(
            title=self._row_name(game.name, whole=whole),
            subtitle=ft.Text(details, size=self.sizes.small),
            leading=ft.Icon(ft.Icons.FLAG if game.ended else ft.Icons.PLAY_CIRCLE_OUTLINE),
            on_click=self.app.answers.handler(lambda: self.app.routes.go(f"/game/{game.id}")),
            expand=beside or None,
        )
        resume = ft.Semantics(identifier=f"resume-{game.id}", container=True, button=True,
                              label=trf("Resume {name}. {details}.", name=game.name,
                                        details=details.replace(chr(10), ". ")), content=tile,
                              expand=beside or None)
        more = widgets.icon_action(trf("More actions for {name}: open, rename, export, delete", name=game.name),
                                   ft.Icons.MORE_VERT,
                                   self.app.answers.handler(lambda: self.app.files.show_actions(game.id, game.name)),
                                   identifier=f"more-{game.id}")
        delete = widgets.icon_action(trf("Delete {name}", name=game.name), ft.Icons.DELETE_OUTLINE,
                                     self.app.answers.handler(lambda: self.app.changes.delete_game(game.id, game.name)),
                                     identifier=f"delete-{game.id}")
        row: ft.Control = ft.Row([resume, more, delete], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=0)
        if not beside:
            row = ft.Column([resume, ft.Row([more, delete], alignment=ft.MainAxisAlignment.END, spacing=0)],
                            spacing=0, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        return ft.Card(content=ft.Container(row, padding=ft.Padding.only(right=6)), margin=0,
                       variant=ft.CardVariant.OUTLINED)

    def _row_name(self, name: str, *, whole: bool) -> ft.Text:
        """A game's name, wrapped at its words; one with a word wider than a line takes one line ending in "..."
        (the row's label says it whole, and so does a tooltip)."""
        if whole:
            return ft.Text(name, size=self.sizes.body, weight=ft.FontWeight.W_600)
        return ft.Text(name, size=self.sizes.body, weight=ft.FontWeight.W_600, max_lines=1,
                       overflow=ft.TextOverflow.ELLIPSIS, tooltip=name)

    def on_message(self, message: JsonObject) -> None:
        if message.get("kind") == "game":
            self.refresh()


SCREEN = HomeScreen
