"""Answers kept while a screen is drawn: each view built, each command asked, once per change.

A screen build asks the core the same questions many times (every Broodmother panel reads her view,
every checklist tick asks for the phase's items, a view asks ``can`` of commands another view asked
too). Inside ``drawing()`` the answers about a game's *saved* state are remembered: a ``Session``
hands its current state here (``hold``) together with the dictionary of answers it keeps for that
state (dropped with the state at the next change), and ``recall`` answers from it.

Only states held by a session are remembered: a saved state is never changed in place (a command
works on a copy, undo and redo make new states), while a copy a command's label tries a change on
is a different object and is always asked afresh. Outside ``drawing()`` (the CLI, tests, ``execute``)
nothing is remembered. Answers are keyed by the reader's language too, since views hold words.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

from companion.core.i18n import language

T = TypeVar("T")
Answers = dict[Hashable, Any]

_held: ContextVar[dict[int, tuple[Any, Answers]] | None] = ContextVar("companion_drawing", default=None)


@contextmanager
def drawing() -> Iterator[None]:
    """While the block runs, answers about the saved states sessions hand over are remembered."""
    if _held.get() is not None:
        yield
        return
    token = _held.set({})
    try:
        yield
    finally:
        _held.reset(token)


def is_drawing() -> bool:
    return _held.get() is not None


def hold(state: Any, answers: Answers) -> None:
    """A session's saved state and its answers dictionary (only inside ``drawing()``)."""
    held = _held.get()
    if held is not None:
        entry = held.get(id(state))
        if entry is None or entry[0] is not state:
            held[id(state)] = (state, answers)


def recall(key: Hashable, state: Any, compute: Callable[[], T]) -> T:
    """``compute()``, or its answer kept for ``state`` under ``key`` (inside ``drawing()``, for a held state)."""
    held = _held.get()
    entry = held.get(id(state)) if held else None
    if entry is None or entry[0] is not state:
        return compute()
    answers = entry[1]
    full = (language(), key)
    try:
        if full in answers:
            found: T = answers[full]
            return found
    except TypeError:  # a key with a list in it: asked afresh
        return compute()
    value = compute()
    answers[full] = value
    return value
