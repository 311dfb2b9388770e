"""The memory of removed controls (``flet_events.Removed``) is bounded, and a tap on one is judged against the screen
its player saw (``ShownRevisions.seen``); the wire tests are ``test_taps_redrawn.py``."""

from __future__ import annotations

from flet.messaging.session import Session

from companion.ui import flet_events
from companion.ui.flet_events import KEEP_IDS, KEEP_SECONDS, REPEAT_SECONDS, Aim, Removed
from companion.ui.models import ShownRevisions


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def aim(when: float, identifier: str = "undo") -> Aim:
    return Aim(when, identifier, (), ("view", "/game/g"))


def test_a_removed_control_is_remembered_a_few_seconds() -> None:
    clock = Clock()
    removed = Removed(clock=clock)
    removed.note(7, aim(clock.now))
    clock.now += KEEP_SECONDS - 0.1
    assert removed.aim(7) == aim(100.0)
    clock.now += 0.2
    assert removed.aim(7) is None and len(removed) == 0
    assert removed.aim(8) is None  # never seen


def test_at_most_keep_ids_controls_the_oldest_forgotten_first() -> None:
    clock = Clock()
    removed = Removed(clock=clock)
    for control_id in range(KEEP_IDS + 50):
        removed.note(control_id, aim(clock.now))
    assert len(removed) == KEEP_IDS
    assert removed.aim(49) is None and removed.aim(50) is not None and removed.aim(KEEP_IDS + 49) is not None


def test_a_refused_control_is_answered_once() -> None:
    clock = Clock()
    removed = Removed(clock=clock)
    removed.note(3, aim(clock.now))
    removed.answered(3)
    assert removed.aim(3) is None
    clock.now += KEEP_SECONDS + 1
    removed.note(4, aim(clock.now))  # the next patch: 3 is forgotten, and so is its answer
    assert removed.aim(3) is None and len(removed) == 1


def test_a_second_tap_repeats_the_first_only_on_the_same_control_soon_after() -> None:
    clock = Clock()
    removed = Removed(clock=clock)
    assert not removed.repeats(5)
    removed.tapped(5)
    clock.now += REPEAT_SECONDS / 2
    assert removed.repeats(5) and not removed.repeats(6)
    clock.now += REPEAT_SECONDS
    assert not removed.repeats(5)


def test_a_tap_on_a_control_drawn_anew_is_judged_against_the_screen_before() -> None:
    clock = Clock()
    shown = ShownRevisions(clock=clock)
    shown.sent("g", 4)  # the screen with "Undo: Ana +1"
    clock.now += 5
    shown.sent("g", 5)  # Bo's point arrives: this build's patch replaces the Undo button ...
    removed_at = clock.now + 0.01  # ... sent just after the build noted its revision
    clock.now += 3  # the tap arrives late: the usual guess is the newer screen
    assert shown.seen("g") == 5
    assert shown.seen("g", drawn_before=removed_at) == 4
    clock.now += 1
    shown.sent("g", 6)  # a later screen changes nothing for that tap
    assert shown.seen("g", drawn_before=removed_at) == 4


def test_the_tabs_own_change_counts_as_seen() -> None:
    clock = Clock()
    shown = ShownRevisions(clock=clock)
    shown.sent("g", 4)
    clock.now += 5
    shown.own_change("g", 5)  # this tab's own tap ...
    shown.sent("g", 5)  # ... and the screen it drew
    removed_at = clock.now + 0.01
    assert shown.seen("g", drawn_before=removed_at) == 5
    assert ShownRevisions(clock=clock).seen("g", drawn_before=removed_at) is None  # a game never shown


def test_the_usual_guess_stays_when_it_is_older() -> None:
    clock = Clock()
    shown = ShownRevisions(clock=clock)
    shown.sent("g", 4)
    clock.now += 0.1
    shown.sent("g", 5)
    clock.now += 0.1
    shown.sent("g", 6)
    removed_at = clock.now + 0.01
    assert shown.seen("g") == 4  # all within the seen window
    assert shown.seen("g", drawn_before=removed_at) == 4


def test_installed_once_and_flets_own_kept() -> None:
    assert flet_events.install()
    patched = Session.dispatch_event
    assert flet_events.install()
    assert Session.dispatch_event is patched
    assert len(Session._companion_events) == 3  # type: ignore[attr-defined]


def test_no_tap_under_way_nothing_drawn_before() -> None:
    assert flet_events.drawn_before() is None
