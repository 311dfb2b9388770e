"""Closing the dialog a player answered, never the note that came after it.

Flet's ``page.pop_dialog`` closes the topmost open dialog, and a SnackBar is one of those: a note shown while a
question was open (a refusal, another device's change, the table's news) was closed in the question's place, and the
question stayed open over the next screen (a guest who left the table saw "Leave the table?" again over Home). Every
dialog of the app is closed here instead, and panels get the page's dialogs through ``PageDialogs``.
"""

from __future__ import annotations

import flet as ft


def close_answered(page: ft.Page) -> ft.DialogControl | None:
    """Close the topmost open dialog that is not a note (SnackBar); return it (None if none is open)."""
    stack = getattr(getattr(page, "_dialogs", None), "controls", None) or []
    dialog = next((d for d in reversed(stack) if d.open and not isinstance(d, ft.SnackBar)), None)
    if dialog is None:
        return None
    dialog.open = False
    dialog.update()
    return dialog


class PageDialogs:
    """A page's dialogs as a panel uses them: shown on the page, closed by ``close_answered``."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        self.page.show_dialog(dialog)

    def pop_dialog(self) -> ft.DialogControl | None:
        return close_answered(self.page)
