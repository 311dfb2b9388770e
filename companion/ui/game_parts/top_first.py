"""A kept game screen shown again on a phone draws its top first: the round bar, her moment, the standings and the
jump bar in the first frame, the panels and the log a moment later.

Kept beneath Home or the rules (``Routes``), the game screen comes back as one property (its view shown) and what
changed meanwhile, but the browser then built all of it - ~1,400 controls with every module - before it painted
anything: the round bar came 0.9-3.4 s after the tap on a loaded machine, later than on a screen built afresh,
whose opening sends its top first (``GameScreen.build_view``). Here the panels' and the log's slots are hidden in
that first update and shown again by a second, sent ``REST_AFTER`` later so that the browser paints the first
before it reads the second (two messages read in one go are built in one frame).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen

REST_AFTER = 0.1  # s between the top's update and the rest's


def rest_after(screen: GameScreen) -> float:
    """How long a two-pass answer (a tap's, an opening's, a kept screen's) waits before its second pass: on a phone
    ``REST_AFTER``, so the browser paints the top (her moment, the round bar, the standings) before it reads the
    panels below the fold (two updates read in one go are built in one frame: at 4x, her draw's frame took the
    top and the panels together); on a tablet, where the panels are beside the top, no wait."""
    return 0 if screen.layout() else REST_AFTER


class TopFirst:
    """The slots a kept screen shown again hides from its first frame, until its second update shows them."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.hidden: list[ft.Control] = []

    def hide_the_rest(self) -> None:
        """On a phone, hide the panels' and the log's slots from the update under way and show them a moment later
        (``hidden`` meanwhile: the place a route names is scrolled to once they are back)."""
        screen, page = self.screen, self.screen.app.page
        if screen.layout() or not callable(getattr(page, "run_task", None)):
            return
        below = [ident for ident, _ in screen.panels.jumps[screen.panels.first_jumps:]] + ["log"]
        self.hidden = [placed.holder for name in below if (placed := screen.slots.placed.get(name)) is not None
                       and placed.holder.visible is not False]
        if not self.hidden:
            return
        for holder in self.hidden:
            holder.visible = False
        page.run_task(self._show_the_rest)

    async def _show_the_rest(self) -> None:
        await asyncio.sleep(rest_after(self.screen))
        hidden, self.hidden = self.hidden, []
        for holder in hidden:  # as its slot has it now (a change drawn meanwhile may have shown it already)
            content = getattr(holder, "content", None)
            holder.visible = content is not None and content.visible is not False
        screen = self.screen
        if screen.app.screen is not screen or screen.view is None or not screen.view.visible:
            return  # left meanwhile: the flags go out with the next update of the screen
        screen.app.answers.guard(lambda: screen.app.page.update(*hidden))
        screen.follow.the_place_named()  # now that the panels above it have their height
