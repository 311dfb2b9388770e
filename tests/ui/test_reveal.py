"""``Screen.reveal`` scrolls to what changed a moment after the drawing, and once more only if the list has not
moved since: a second scroll made after the player's own would pull the page from under the finger, and the next
tap would land on another control (seen in the phone tests: back from the rules to the aphids panel, a scroll up to
the standings, and the "?" tapped there went to an aphids +)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Coroutine
from typing import Any

import pytest

from companion.ui import screen as screen_module
from companion.ui.screen import Place, Screen


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


def a_screen(place: Place | None, during_first_scroll: Callable[[], None]) -> tuple[Screen, list[str | None]]:
    """A screen whose ``scroll_to`` records each scroll; ``during_first_scroll`` is what the browser says meanwhile."""
    screen = Screen.__new__(Screen)
    screen.app = App()  # type: ignore[assignment]
    screen.place = place
    sent: list[str | None] = []

    async def scroll_to(key: str | None = None, offset: float | None = None) -> None:
        sent.append(key)
        if len(sent) == 1:
            during_first_scroll()

    screen.scroll_to = scroll_to  # type: ignore[method-assign]
    return screen, sent


@pytest.fixture(autouse=True)
def no_pauses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_module, "REVEAL_PAUSES", (0, 0))


def test_a_list_that_moved_after_the_first_scroll_is_not_scrolled_again() -> None:
    place = Place({}, "game/g")

    def moved() -> None:  # the scroll took, or the player scrolled: the browser notes where the list is now
        place.moves += 1

    screen, sent = a_screen(place, moved)
    screen.reveal("panel-aphids")
    assert sent == ["panel-aphids"]


def test_a_list_that_did_not_move_is_scrolled_once_more() -> None:
    """The first scroll came before the frame that draws the part: the browser did nothing, so it goes again."""
    screen, sent = a_screen(Place({}, "game/g"), lambda: None)
    screen.reveal("panel-aphids")
    assert sent == ["panel-aphids", "panel-aphids"]


def test_a_screen_that_does_not_listen_to_its_list_scrolls_twice_as_before() -> None:
    screen, sent = a_screen(None, lambda: None)
    screen.reveal("now")
    assert sent == ["now", "now"]
