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
from typing import Any, Final, TypeVar

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
    if _reads.get() is not None:  # reads are recorded: asked afresh, so what it reads is seen
        return compute()
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


# -- which parts of a saved state a drawing reads (for tests) ---------------------------------------------------
_reads: ContextVar[set[str] | None] = ContextVar("companion_reads", default=None)


@contextmanager
def recording_reads() -> Iterator[set[str]]:
    """While the block runs, the top-level parts of a saved state read through ``Session.state`` (and ``observed``)
    are collected in the set it yields, and nothing is answered from what was kept: a kept answer would hide
    what it read. A screen's tests use it to hold a panel to the parts of the game it says it never reads."""
    reads: set[str] = set()
    token = _reads.set(reads)
    try:
        yield reads
    finally:
        _reads.reset(token)


def observed(state: Any) -> Any:
    """``state``, or while reads are recorded a copy of its top level that notes each part read."""
    reads = _reads.get()
    return state if reads is None or isinstance(state, _ReadState) else _ReadState(state, reads)


MODULES: Final = "modules_state"  # each module's part of the state is a part of its own: "modules_state.aphids"


def part_name(key: str, prefix: str = "") -> str:
    """The name of a part of the state: a top-level key, or ``modules_state.<module>`` for one module's."""
    return f"{prefix}.{key}" if prefix else key


class NotingDict(dict[str, Any]):
    """A dict that tells ``_note`` each key read, and ``_note_all`` when it is walked whole (a copy, a loop, a
    comparison); its copies are plain dicts (``_plain``)."""

    def _note(self, key: object) -> None:
        raise NotImplementedError

    def _note_all(self) -> None:
        raise NotImplementedError

    def _plain(self) -> dict[str, Any]:
        return {key: value._plain() if isinstance(value, NotingDict) else value
                for key, value in dict.items(self)}

    def __getitem__(self, key: str) -> Any:
        self._note(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self._note(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._note(key)
        return super().__contains__(key)

    def keys(self) -> Any:
        self._note_all()
        return super().keys()

    def values(self) -> Any:
        self._note_all()
        return super().values()

    def items(self) -> Any:
        self._note_all()
        return super().items()

    def __iter__(self) -> Iterator[str]:
        self._note_all()
        return super().__iter__()

    def __eq__(self, other: object) -> bool:
        self._note_all()
        return super().__eq__(other)

    __hash__ = None

    def copy(self) -> dict[str, Any]:
        self._note_all()
        return self._plain()

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[str, Any]:
        import copy

        self._note_all()
        return copy.deepcopy(self._plain(), memo)


class _ReadState(NotingDict):
    """A state's top level (or its modules' part) that notes the parts read. Each module's state counts as a part
    of its own."""

    def __init__(self, state: dict[str, Any], reads: set[str], prefix: str = "") -> None:
        super().__init__(state)
        self._reads = reads
        self._prefix = prefix
        if not prefix and isinstance(state.get(MODULES), dict):
            super().__setitem__(MODULES, _ReadState(state[MODULES], reads, MODULES))

    def _note(self, key: object) -> None:
        if isinstance(key, str) and (self._prefix or key != MODULES):
            self._reads.add(part_name(key, self._prefix))

    def _note_all(self) -> None:
        for key, value in dict.items(self):  # the plain walk (``items`` here notes every part)
            self._note(key)
            if isinstance(value, _ReadState):
                value._note_all()
