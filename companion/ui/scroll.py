"""Scrolling a screen's list: where the player left it (``Place``), and bringing a part of it into view (``Scroll``).

The list builds only the parts near the view (``CACHE_EXTENT``): a tap lays out and describes those alone, which
halved a tap at a phone's speed. A part far from the view is not built, so its key finds nothing; a jump to it
widens the list for that one scroll (``Scroll.jump``).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

if TYPE_CHECKING:
    from companion.ui.app import PageApp

CACHE_EXTENT = 1_500  # px beyond the view whose parts the page builds: a tap lays out and describes only those
JUMP_EXTENT = 100_000  # px: every part built, for the moment a jump looks for a part that is not (``Scroll.jump``)
# s: the pauses before each of a jump's scrolls: the page builds the widened list before the part can be found; on a
# busy page the first comes too soon (the part not built yet, the list's end still a guess), and the second lands
JUMP_PAUSES = (0.05, 0.3)
REVEAL_PAUSES = (0.1, 0.3)  # s: when a part is scrolled to after a change (``reveal``), and again
#: ms: at most how often the browser tells a screen that keeps its place where it is scrolled to. Flet's client keeps
#: this apart for each kind of scroll event and drops, with no later word, one that comes sooner than this after the
#: last of its kind: at 250 a second flick (or wheel turn) ending within 250 ms of the first was never told, and the
#: game opened that far above where the player left it (``test_back_to_the_game_browser.py``, 1 in 3-4 under load).
PLACE_NOTE_MS = 40


class Place:
    """Where a screen's list was left on this tab, noted as the player scrolls and kept in the tab's ``places`` by
    ``key`` (each game its own), so the screen opens there again rather than at its top."""

    def __init__(self, places: dict[str, float], key: str) -> None:
        self.places = places
        self.key = key
        self.moves = 0  # how often the browser has said the list moved (``Scroll.reveal`` asks)

    @property
    def offset(self) -> float:
        """Pixels from the list's top (0 until the player scrolls)."""
        return self.places.get(self.key, 0.0)

    def noted(self, e: ft.OnScrollEvent) -> None:
        """The browser says where the list is now. Nothing is drawn, so nothing is sent back (Flet would otherwise
        diff the page after the event)."""
        ft.context.disable_auto_update()
        self.places[self.key] = e.pixels
        self.moves += 1


class Scroll:
    """A screen's list (``list``, made anew with each view: ``new_list``) and the scrolls to a part of it."""

    def __init__(self, app: PageApp) -> None:
        self.app = app
        self.list = ft.ListView()
        # where the screen was left, if it opens there again (set by the screen before its first view is built)
        self.place: Place | None = None
        # the part the last ``reveal`` brought into view, and how often the list had moved once it was there
        self.shown: tuple[str, int] | None = None

    def new_list(self, padding: ft.Padding) -> ft.ListView:
        """The scrolling list of a new view of the screen (made once a view; only its content is replaced on
        refresh, so a tap far down the screen does not jump the player back to the top)."""
        place = self.place
        self.shown = None
        self.list = ft.ListView(expand=True, spacing=0, padding=padding, build_controls_on_demand=False,
                                cache_extent=CACHE_EXTENT, on_scroll=place.noted if place is not None else None,
                                scroll_interval=PLACE_NOTE_MS)
        return self.list

    async def scroll_to(self, key: str | None = None, offset: float | None = None) -> None:
        """Bring the section whose scroll key is ``key`` into view (or scroll ``offset`` pixels from the top), if the
        page has built it: the parts near the view (``CACHE_EXTENT``). A part far away needs ``jump``."""
        if _on_page(self.list):
            await self.list.scroll_to(scroll_key=key, offset=offset, duration=0)

    async def jump(self, key: str | None = None, offset: float | None = None) -> None:
        """Scroll to a part wherever it is. The page builds only the parts near the view, and a part it has not built
        cannot be found by its key; so for this one scroll the list builds every part, then only those near its new
        place again. That costs a frame as long as every part built all the time did; a tap pays it only when it
        jumps far (``reveal`` tries near first)."""
        scroller = self.list  # the screen may get a new view (and list) meanwhile: this one is narrowed again
        if not _on_page(scroller):
            return
        scroller.cache_extent = JUMP_EXTENT
        scroller.update()
        try:
            for pause in JUMP_PAUSES:  # again once the page surely has the wide frame: a scroll that landed stays put
                await asyncio.sleep(pause)
                await self.scroll_to(key, offset)
        finally:
            scroller.cache_extent = CACHE_EXTENT
            if _on_page(scroller):
                scroller.update()

    def reveal(self, key: str | None = None, offset: float | None = None) -> None:
        """Once the drawing under way is on the page, scroll the part keyed ``key`` (an ``ft.ScrollKey``) into view:
        what a tap opened, or what changed, is where the player looks. (``offset``: pixels from the top instead,
        where the player left the screen: ``Place``.)"""
        page = self.app.page
        if not callable(getattr(page, "run_task", None)):
            return

        def moves() -> int | None:  # how often the list said it moved (a screen with a ``Place`` listens)
            return self.place.moves if self.place is not None else None

        async def scroll() -> None:
            # The browser finds the part by its key only once it has built the frame that draws it: a scroll sent
            # with the drawing itself can arrive first and do nothing, so it goes a moment later. If the list has not
            # moved since, the part was not built yet or is far from the view (not built at all): ``jump`` builds
            # every part and looks again. If it moved (it took, or the player scrolled meanwhile), no second scroll:
            # it would pull the page from under the player's finger, and a tap there would land on another control.
            # Nor does it jump to the part the last reveal brought into view while the list has not moved since: it
            # is still there (a guest following the table's taps on the standings would otherwise build every part
            # at each change, a wide frame that delays the next change).
            first, again = REVEAL_PAUSES
            await asyncio.sleep(first)
            if key is None:  # a place far down: the list knows how long it is only once every part is laid out
                await self.jump(None, offset)
                return
            moved = moves()
            await self.scroll_to(key, offset)
            await asyncio.sleep(again)
            if moves() == moved and (moved is None or self.shown != (key, moved)):
                await self.jump(key, offset)
                await asyncio.sleep(again)  # the browser says where the jump left the list
            now = moves()
            self.shown = (key, now) if now is not None else None

        page.run_task(scroll)

    def show_top(self) -> None:
        """Once the screen's new content is drawn, scroll to its top (a new step opens at its heading, the end of a
        game at its result). A ``jump``: scrolled far down, the list knows the parts above only by the places it
        last laid them out at; parts that came or grew up there since (the game's summary) would leave a plain
        scroll to 0 that much short of the top."""
        if not callable(getattr(self.app.page, "run_task", None)):
            return
        self.app.page.run_task(self.jump, None, 0)


def _on_page(scroller: ft.ListView) -> bool:
    """Whether a screen's list is still on the page: a scroll that comes a moment after a tap may find the player gone
    to another screen, and Flet refuses to touch a control that left the page."""
    try:
        return scroller.page is not None
    except RuntimeError:
        return False
