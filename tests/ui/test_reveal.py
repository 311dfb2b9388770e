"""``Scroll.reveal`` scrolls to what changed a moment after the drawing, and once more only if the list has not
moved since (that second time as a ``jump``, with every part built: the first found nothing, because the part was
not drawn yet or is too far from the view to be built): a second scroll made after the player's own would pull the
page from under the finger, and the next tap would land on another control (seen in the phone tests: back from the
rules to the aphids panel, a scroll up to the standings, and the "?" tapped there went to an aphids +)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

import flet as ft
import pytest

from companion.ui import scroll as scroll_module
from companion.ui.scroll import Place, Scroll


class Page:
    """The page's ``run_task``: the coroutine run to its end here, stepped by hand (the pauses are 0, and a browser
    test's event loop may be running in this thread already)."""

    def run_task(self, make: Callable[[], Coroutine[Any, Any, None]]) -> None:
        coroutine = make()
        with contextlib.suppress(StopIteration):
            while True:
                coroutine.send(None)


class App:
    page = Page()


def a_screen(place: Place | None, during_first_scroll: Callable[[], None]) -> tuple[Scroll, list[str | None]]:
    """A screen whose ``scroll_to`` and ``jump`` record each scroll (a jump with a "jump:" before it);
    ``during_first_scroll`` is what the browser says meanwhile."""
    screen = Scroll(App())  # type: ignore[arg-type]
    screen.place = place
    sent: list[str | None] = []

    async def scroll_to(key: str | None = None, offset: float | None = None) -> None:
        sent.append(key)
        if len(sent) == 1:
            during_first_scroll()

    async def jump(key: str | None = None, offset: float | None = None) -> None:
        sent.append(f"jump:{key if offset is None else offset}")

    screen.scroll_to = scroll_to  # type: ignore[method-assign]
    screen.jump = jump  # type: ignore[method-assign]
    return screen, sent


@pytest.fixture(autouse=True)
def no_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scroll_module, "REVEAL_PAUSES", (0, 0))


def test_a_list_that_moved_after_the_first_scroll_is_not_scrolled_again() -> None:
    place = Place({}, "game/g")

    def moved() -> None:  # the scroll took, or the player scrolled: the browser notes where the list is now
        place.moves += 1

    screen, sent = a_screen(place, moved)
    screen.reveal("panel-aphids")
    assert sent == ["panel-aphids"]


def test_a_list_that_did_not_move_jumps_to_the_part() -> None:
    """The first scroll came before the frame that draws the part, or the part is far from the view and not built:
    the browser did nothing, so it goes again as a jump (every part built for it)."""
    screen, sent = a_screen(Place({}, "game/g"), lambda: None)
    screen.reveal("panel-aphids")
    assert sent == ["panel-aphids", "jump:panel-aphids"]


def test_the_part_last_revealed_is_not_jumped_to_again_while_the_list_has_not_moved() -> None:
    """A guest following the table: each change of the standings reveals them. The first time the list jumps there;
    after that the part is already at the top, so the plain scroll does not move the list, and a jump each time would
    build every part for nothing (a wide frame before the next change)."""
    screen, sent = a_screen(Place({}, "game/g"), lambda: None)
    screen.reveal("scores")
    screen.reveal("scores")
    screen.reveal("scores")
    assert sent == ["scores", "jump:scores", "scores", "scores"]


def test_a_part_is_jumped_to_again_once_the_list_has_moved_or_another_part_was_revealed() -> None:
    """The player scrolled away (the browser said the list moved), or another part was brought into view since:
    a plain scroll that does not move the list means the part is not built, so it jumps."""
    place = Place({}, "game/g")
    screen, sent = a_screen(place, lambda: None)
    screen.reveal("scores")
    place.moves += 1  # the player scrolled
    screen.reveal("scores")
    screen.reveal("now")
    screen.reveal("scores")
    assert sent == ["scores", "jump:scores", "scores", "jump:scores", "now", "jump:now", "scores", "jump:scores"]


def test_a_new_view_forgets_what_was_revealed() -> None:
    screen, sent = a_screen(Place({}, "game/g"), lambda: None)
    screen.reveal("scores")
    screen.new_list(ft.Padding.all(0))
    screen.reveal("scores")
    assert sent == ["scores", "jump:scores", "scores", "jump:scores"]


def test_a_place_far_down_is_jumped_to_at_once() -> None:
    """Where the player left the screen, in pixels: a plain scroll there would stop where the list, having laid out
    only the parts near the view, guesses its end is; a jump lays every part out first."""
    screen, sent = a_screen(Place({"game/g": 5400.0}, "game/g"), lambda: None)
    screen.reveal(offset=5400.0)
    assert sent == ["jump:5400.0"]


def test_a_screen_that_does_not_listen_to_its_list_scrolls_then_jumps() -> None:
    screen, sent = a_screen(None, lambda: None)
    screen.reveal("now")
    assert sent == ["now", "jump:now"]


class Scroller:
    """The list: what its ``cache_extent`` was at each update and at the scroll."""

    page = object()  # on the page

    def __init__(self) -> None:
        self.cache_extent: float = scroll_module.CACHE_EXTENT
        self.seen: list[tuple[str, float]] = []

    def update(self) -> None:
        self.seen.append(("update", self.cache_extent))

    async def scroll_to(self, scroll_key: str | None = None, offset: float | None = None, duration: int = 0) -> None:
        self.seen.append((f"scroll:{scroll_key}", self.cache_extent))


def test_a_jump_builds_every_part_for_its_scroll_then_only_those_near_the_view(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scroll_module, "JUMP_PAUSES", (0, 0))
    screen = Scroll(App())  # type: ignore[arg-type]
    screen.list = scroller = Scroller()  # type: ignore[assignment]
    Page().run_task(lambda: screen.jump("panel-tactics"))
    wide, near = scroll_module.JUMP_EXTENT, scroll_module.CACHE_EXTENT
    # scrolled twice while wide: a busy page may not have built the wide list by the first scroll, which then finds
    # nothing (the jump bar's last panel, or the foot of a screen left there, missed in a loaded run)
    assert scroller.seen == [("update", wide), ("scroll:panel-tactics", wide), ("scroll:panel-tactics", wide),
                             ("update", near)]
    assert near < 5_000 < wide  # near: a few screens; wide: any screen's whole length


class GoneScroller(Scroller):
    """A list whose screen the player has left: Flet refuses it (``page`` raises), as it does for a control taken off
    the page."""

    @property  # type: ignore[override]
    def page(self) -> object:
        raise RuntimeError("ListView Control must be added to the page first")


def test_a_jump_after_the_player_left_the_screen_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scroll_module, "JUMP_PAUSES", (0, 0))
    screen = Scroll(App())  # type: ignore[arg-type]
    screen.list = scroller = GoneScroller()  # type: ignore[assignment]
    Page().run_task(lambda: screen.jump("panel-tactics"))
    Page().run_task(lambda: screen.scroll_to("panel-tactics"))
    assert scroller.seen == []
