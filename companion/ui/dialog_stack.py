"""Closing the dialog a player answered, never the note that came after it.

Flet's ``page.pop_dialog`` closes the topmost open dialog, and a SnackBar is one of those: a note shown while a
question was open (a refusal, another device's change, the table's news) was closed in the question's place, and the
question stayed open over the next screen (a guest who left the table saw "Leave the table?" again over Home). Every
dialog of the app is closed here instead, and panels get the page's dialogs through ``PageDialogs``. Going elsewhere
right after (Leave the table, Delete) waits for the closing dialog to be gone from the client (``after_closing``,
``Routes.go``): a phone under load otherwise kept the question over the next screen, its buttons answering nothing.
"""

from __future__ import annotations

import asyncio

import flet as ft

CLOSING_LOOK = 0.02  # s between looks at a closing dialog


def dialogs_on(page: ft.Page) -> list[ft.DialogControl]:
    """The page's dialog stack, oldest first (Flet keeps it in a private control; changed in place)."""
    return getattr(getattr(page, "_dialogs", None), "controls", None) or []


def close_answered(page: ft.Page) -> ft.DialogControl | None:
    """Close the topmost open dialog that is not a note (SnackBar); return it (None if none is open)."""
    stack = dialogs_on(page)
    dialog = next((d for d in reversed(stack) if d.open and not isinstance(d, ft.SnackBar)), None)
    if dialog is None:
        return None
    dialog.open = False
    dialog.update()
    return dialog


def closing(page: ft.Page) -> list[ft.DialogControl]:
    """The dialogs closed here whose closing the client has not yet reported (Flet keeps each on the page until its
    dismissal comes back)."""
    return [dialog for dialog in dialogs_on(page) if not dialog.open]


async def after_closing(page: ft.Page, dialogs: list[ft.DialogControl], most: float) -> None:
    """Return once ``dialogs`` are dismissed on the client, or after ``most`` seconds."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + most
    stack = dialogs_on(page)
    while any(dialog in stack for dialog in dialogs) and loop.time() < deadline:
        await asyncio.sleep(CLOSING_LOOK)


class PageDialogs:
    """A page's dialogs as a panel uses them: shown on the page, closed by ``close_answered``."""

    def __init__(self, page: ft.Page) -> None:
        self.page = page

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        self.page.show_dialog(dialog)

    def pop_dialog(self) -> ft.DialogControl | None:
        return close_answered(self.page)
