"""A tiny seeded random generator whose whole state is one integer kept in the game state.

Python's ``random.Random`` state is 625 numbers; saving it with every undo step would
bloat the saves. SplitMix64 has a single 64-bit word of state, passes BigCrush, and
makes undo and replay deterministic: restore the word, draw the same cards.

>>> rng = Rng(42); [rng.below(10) for _ in range(5)]
[3, 1, 8, 4, 0]
"""

from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def new_seed() -> int:
    return secrets.randbits(63)


class Rng:
    """SplitMix64. ``state`` is what you save; ``Rng(state)`` resumes exactly there."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        if not items:
            raise ValueError("cannot choose from an empty list")
        return items[self.below(len(items))]
