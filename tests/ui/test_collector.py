"""The collector set for taps (``companion.collector``): what the app held at its start is left out of collections,
young objects are collected every ``YOUNG`` allocations, and garbage made later is still collected."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from companion import collector


class _Node:
    def __init__(self) -> None:
        self.other: _Node | None = None


@pytest.fixture
def restored() -> Iterator[None]:
    """The test process's own collector back as it was (unfrozen, its thresholds)."""
    thresholds = gc.get_threshold()
    frozen = gc.get_freeze_count()
    yield
    if not frozen:
        gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_what_the_app_holds_at_its_start_is_frozen_and_later_garbage_collected(restored: None) -> None:
    held = _Node()
    collector.settle_after_start()
    assert gc.get_threshold()[0] == collector.YOUNG
    assert gc.get_freeze_count() > 0
    assert not any(item is held for item in gc.get_objects()), "an object of the start is still walked"
    first, second = _Node(), _Node()
    first.other, second.other = second, first  # a cycle made after the start, then dropped
    gone = weakref.ref(first)
    del first, second
    gc.collect()
    assert gone() is None
