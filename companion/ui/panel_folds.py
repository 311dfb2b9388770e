"""Panels on the game screen that fold to their heading, kept per device, and a jump bar to reach any of them.

Which panels are folded is saved in the browser's own storage (Flet's ``SharedPreferences``) after every
fold and unfold, and read back when a game screen opens; what is read back is checked (a list of short
panel identifiers) and anything else ignored. A panel that is done with (a finished setup checklist) is
folded to one line until it is shown on this device; that choice is kept the same way. The jump bar lists
every panel by title in one line that scrolls sideways; a tap unfolds it and scrolls it into view.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.core.i18n import language
from companion.ui import widgets
from companion.ui.i18n import tr, trf

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen

log = logging.getLogger("companion.ui")

PREFERENCE_KEY = "companion.folded-panels.v1"
SHOWN_KEY = "companion.shown-panels.v1"  # settled panels opened on this device
_IDENT = re.compile(r"^[a-z0-9._-]{1,60}$")
MAX_FOLDED = 100


def parse_folded(saved: object) -> set[str]:
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
        self.shown: set[str] = set()  # settled panels this device unfolded
        self.settled: set[str] = set()  # settled panels on the screen now (set by each build)
        self._prefs: ft.SharedPreferences | None = None
        self._loaded = False
        self._touched: set[str] = set()  # folded or shown here before the device's choices were read

    def prefs(self) -> ft.SharedPreferences:
        if self._prefs is None:
            self._prefs = ft.SharedPreferences()
        return self._prefs

    def is_folded(self, ident: str) -> bool:
        return ident in self.folded or (ident in self.settled and ident not in self.shown)

    def toggle(self, ident: str) -> None:
        self._touch(ident)
        if ident in self.settled:
            self.folded.discard(ident)
            self.shown.symmetric_difference_update({ident})
        else:
            self.folded.symmetric_difference_update({ident})

    def unfold(self, ident: str) -> None:
        self._touch(ident)
        self.folded.discard(ident)
        if ident in self.settled:
            self.shown.add(ident)

    def _touch(self, ident: str) -> None:
        if not self._loaded:
            self._touched.add(ident)

    async def load(self, screen: GameScreen) -> None:
        """Read the device's choices; a panel folded or shown on this screen while they were being read keeps
        what the player just did (reading is slow on a busy phone, and a tap must never be undone by it)."""
        try:
            folded = parse_folded(await self.prefs().get(PREFERENCE_KEY))
            shown = parse_folded(await self.prefs().get(SHOWN_KEY))
        except Exception:
            log.info("folded panels could not be read from this device")
            self._loaded = True
            return
        for ident in self._touched:
            for kept, now in ((folded, self.folded), (shown, self.shown)):
                if ident in now:
                    kept.add(ident)
                else:
                    kept.discard(ident)
        changed = (folded, shown) != (self.folded, self.shown)
        self.folded, self.shown, self._loaded = folded, shown, True
        if changed:
            screen.refresh()

    async def save(self) -> None:
        try:
            await self.prefs().set(PREFERENCE_KEY, json.dumps(sorted(self.folded)))
            await self.prefs().set(SHOWN_KEY, json.dumps(sorted(self.shown)))
        except Exception:
            log.info("folded panels could not be kept on this device")


def fold_button(screen: GameScreen, ident: str, title: str) -> ft.Control:
    """The heading's fold/unfold button."""
    folded = screen.folds.is_folded(ident)

    def toggle() -> None:
        screen.folds.toggle(ident)
        screen.app.page.run_task(screen.folds.save)
        screen.refresh()

    label = trf("Show {title}", title=title) if folded else trf("Fold {title}", title=title)
    return widgets.icon_action(label, ft.Icons.EXPAND_MORE if folded else ft.Icons.EXPAND_LESS,
                               screen.app.answers.handler(toggle), identifier=f"fold-{ident}")


def jump_bar(screen: GameScreen, panels: list[tuple[str, str]], wrap: bool = False) -> ft.Control:
    """One chip per panel (identifier, title): a tap unfolds it and scrolls to it. On a phone the chips are one
    line that scrolls sideways; with ``wrap`` (a tablet's column) they wrap onto more lines."""
    sizes = screen.sizes

    def jump(ident: str) -> widgets.EventHandler:
        def go() -> None:
            if screen.folds.is_folded(ident):
                screen.folds.unfold(ident)
                screen.app.page.run_task(screen.folds.save)
                screen.refresh()
            screen.app.page.run_task(screen.scroll.jump, ident)  # the panel may be far from the view: not built

        return screen.app.answers.handler(go)

    def chip(ident: str, title: str) -> Callable[[], ft.Control]:
        def make() -> ft.Control:
            # keyed: a chip that comes or goes moves the others, and Flet still finds them
            return widgets.tap_button(trf("Go to {title}", title=title), jump(ident), text=title, kind="outlined",
                                      identifier=f"jump-{ident}", sizes=sizes, key=f"jump-{ident}")

        return make

    chips = screen.jump_chips.controls([((ident, title, sizes, language()), chip(ident, title))
                                        for ident, title in panels])
    row = (ft.Row(chips, spacing=8, run_spacing=8, wrap=True) if wrap
           else ft.Row(chips, spacing=8, scroll=ft.ScrollMode.AUTO))
    return ft.Semantics(identifier="jump-bar", container=True, label=tr("Jump to a panel"), content=row)
