"""A screen's two bars: the app bar (title, actions, the way back) and the bottom bar (Undo/Redo, Back/Next).

Each is drawn again at every refresh and sent only when its drawing (a fingerprint of every property) changed;
otherwise the controls on the page keep their place and take the new drawing's handlers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import flet as ft

from companion.ui.fingerprints import fingerprint
from companion.ui.measure import title_lines
from companion.ui.page_size import page_width
from companion.ui.slots import transplant

if TYPE_CHECKING:
    from companion.ui.screen import Screen

APP_BAR_HEIGHT = 60
TITLE_MAX = 22  # the app bar's title at the larger text sizes: its lines still leave room for the screen
TOUCH = 56  # an app bar button's width


class Bars:
    """The bars of one screen, and what each drew last."""

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self.bottom_row = ft.Row()
        self.drawn: dict[str, object] = {}  # what the app bar and the bottom bar drew last

    def forget(self) -> None:
        """The page was built afresh: the next drawing of each bar is sent."""
        self.drawn = {}

    def _changed(self, name: str, live: Sequence[object], fresh: Sequence[object]) -> bool:
        """Whether a bar's new drawing differs from the last (if not, the live one takes its handlers)."""
        drawn = fingerprint(fresh)
        if self.drawn.get(name) == drawn:
            transplant(live, fresh)
            return False
        self.drawn[name] = drawn
        return True

    def fill_app_bar(self, view: ft.View) -> ft.AppBar | None:
        """The title, its actions and the way back: the app bar when it changed, else None."""
        screen = self.screen
        if view.appbar is None:
            view.appbar = ft.AppBar(toolbar_height=APP_BAR_HEIGHT, automatically_imply_leading=False)
        appbar = view.appbar
        assert isinstance(appbar, ft.AppBar)
        actions, leading = screen.actions(), screen.leading()
        heading = screen.heading()
        size = min(screen.sizes.title, TITLE_MAX)
        # At the device's text size a long name ends in "..." on one line (the screen keeps its room); with the
        # text made larger, the title takes the lines it needs rather than being cut.
        room = page_width(screen.app) - TOUCH * (len(actions) + (leading is not None)) - 32
        lines = title_lines(heading, size, room) if screen.sizes.scale > 1 else 1
        title = ft.Semantics(header=True, identifier="screen-title",
                             content=ft.Text(heading, size=size, max_lines=lines, overflow=ft.TextOverflow.ELLIPSIS))
        height = max(APP_BAR_HEIGHT, round(lines * size * 1.4 + 6))
        if not self._changed("app", [appbar.title, appbar.actions, appbar.leading, appbar.toolbar_height],
                             [title, actions, leading, height]):
            return None
        appbar.title, appbar.actions, appbar.leading, appbar.toolbar_height = title, actions, leading, height
        return appbar

    def fill_bottom_bar(self, view: ft.View, changed: list[ft.Control]) -> bool:
        """The bottom bar's buttons (its row joins ``changed`` when they differ): whether the bar came or went."""
        screen = self.screen
        bottom = screen.bottom()
        whole = (bottom is None) != (view.bottom_appbar is None)  # the bottom bar comes or goes
        if bottom is None:
            view.bottom_appbar = None
            return whole
        if view.bottom_appbar is None:
            from companion.ui import widgets

            view.bottom_appbar = ft.BottomAppBar(
                self.bottom_row, padding=ft.Padding.symmetric(horizontal=widgets.BAR_PADDING),
                height=widgets.bar_height(screen.sizes))
        # Keyed inside a list, so it is reconciled as the body's items are (``Screen._outline``).
        fresh: list[ft.Control] = [ft.Container(bottom, key=f"{screen.identifier}-bottom", expand=True,
                                                disabled=screen.changes_game and not screen.app.guests.can_play)]
        if self._changed("bottom", self.bottom_row.controls, fresh):
            self.bottom_row.controls = fresh
            changed.append(self.bottom_row)
        return whole
