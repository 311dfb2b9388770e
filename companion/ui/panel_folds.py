"""Panels on the game screen that fold to their heading, kept per device, and a jump bar to reach any of them.

Which panels are folded is saved in the browser's own storage (Flet's ``SharedPreferences``) after every
fold and unfold, and read back when a game screen opens; what is read back is checked (a list of short
panel identifiers) and anything else ignored. The jump bar lists every panel by title; a tap unfolds it
and scrolls it into view.
"""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.ui import widgets
from companion.ui.i18n import tr, trf

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen

log = logging.getLogger("companion.ui")

PREFERENCE_KEY = "companion.folded-panels.v1"
_IDENT = re.compile(r"^[a-z0-9._-]{1,60}$")
MAX_FOLDED = 100


def parse_folded(saved: Any) -> set[str]:
    """The folded panels saved on the device; an empty set for anything that is not a list of identifiers."""
    try:
        raw = json.loads(saved) if isinstance(saved, str) else None
    except ValueError:
        return set()
    if not isinstance(raw, list) or len(raw) > MAX_FOLDED:
        return set()
    return {item for item in raw if isinstance(item, str) and _IDENT.match(item)}


class Folds:
    """This tab's folded panels (the device's, once read)."""

    def __init__(self) -> None:
        self.folded: set[str] = set()
        self._prefs: ft.SharedPreferences | None = None

    def prefs(self) -> ft.SharedPreferences:
        if self._prefs is None:
            self._prefs = ft.SharedPreferences()
        return self._prefs

    async def load(self, screen: GameScreen) -> None:
        try:
            self.folded = parse_folded(await self.prefs().get(PREFERENCE_KEY))
        except Exception:
            log.info("folded panels could not be read from this device")
            return
        if self.folded:
            screen.refresh()

    async def save(self) -> None:
        try:
            await self.prefs().set(PREFERENCE_KEY, json.dumps(sorted(self.folded)))
        except Exception:
            log.info("folded panels could not be kept on this device")


def fold_button(screen: GameScreen, ident: str, title: str) -> ft.Control:
    """The heading's fold/unfold button."""
    folded = ident in screen.folds.folded

    def toggle() -> None:
        screen.folds.folded.symmetric_difference_update({ident})
        screen.app.page.run_task(screen.folds.save)
        screen.refresh()

    label = trf("Show {title}", title=title) if folded else trf("Fold {title}", title=title)
    return widgets.icon_action(label, ft.Icons.EXPAND_MORE if folded else ft.Icons.EXPAND_LESS,
                               screen.app.handler(toggle), identifier=f"fold-{ident}")


def jump_bar(screen: GameScreen, panels: list[tuple[str, str]]) -> ft.Control:
    """One chip per panel (identifier, title): a tap unfolds it and scrolls to it."""
    sizes = screen.sizes

    def jump(ident: str) -> Any:
        def go() -> None:
            if ident in screen.folds.folded:
                screen.folds.folded.discard(ident)
                screen.app.page.run_task(screen.folds.save)
                screen.refresh()
            screen.app.page.run_task(screen.scroll_to, ident)

        return screen.app.handler(go)

    chips = [widgets.tap_button(trf("Go to {title}", title=title), jump(ident), text=title, kind="outlined",
                                identifier=f"jump-{ident}", sizes=sizes) for ident, title in panels]
    row = ft.Row(chips, spacing=8, run_spacing=8, wrap=True)
    return ft.Semantics(identifier="jump-bar", container=True, label=tr("Jump to a panel"), content=row)
