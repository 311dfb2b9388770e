"""What a game area adds to the end of a phase: a reason to wait, and what happens as it ends.

``NextPhase``, ``NextRound`` and ``FinishGame`` ask every registered area before moving
on: ``hold`` gives the sentence that keeps the phase open (an unanswered question), and
``leave`` carries out what the rulebook puts at the end of the phase being left (her
Slumber points) and returns the lines to add to the command's label and log.

These belong in ``ModuleHooks`` (companion/core/hooks.py); until the engine grows the two
fields they are registered here, by the same packages, at the same import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from companion.core.content import Content
from companion.core.hooks import load_modules
from companion.core.i18n import Msg, msg
from companion.core.patch import copy_json
from companion.core.state import State


def _no_hold(state: State, content: Content, ending: str) -> str | Msg | None:
    return None


def _nothing(state: State, content: Content, ending: str) -> list[str | Msg]:
    return []


@dataclass(frozen=True)
class PhaseHooks:
    """``ending`` is ``"phase"`` (Next), ``"round"`` (skip to the next round) or ``"game"`` (Finish)."""

    id: str
    active: Callable[[State], bool]
    hold: Callable[[State, Content, str], str | Msg | None] = _no_hold
    leave: Callable[[State, Content, str], list[str | Msg]] = _nothing


_PHASE_HOOKS: dict[str, PhaseHooks] = {}


def register_phase_hooks(hooks: PhaseHooks) -> None:
    _PHASE_HOOKS[hooks.id] = hooks


def _active(state: State) -> list[PhaseHooks]:
    load_modules()
    return [h for h in _PHASE_HOOKS.values() if h.active(state)]


def hold_reason(state: State, content: Content, ending: str) -> str | Msg | None:
    """The first area's reason the current phase may not end yet, or None."""
    for hooks in _active(state):
        if reason := hooks.hold(state, content, ending):
            return reason
    return None


def leave_phase(state: State, content: Content, ending: str) -> list[str | Msg]:
    """Carry out every area's end-of-phase steps on ``state``; return what they did, in words (messages)."""
    notes: list[str | Msg] = []
    for hooks in _active(state):
        notes += hooks.leave(state, content, ending)
    return notes


def leave_preview(state: State, content: Content, ending: str) -> list[str | Msg]:
    """What ``leave_phase`` would say, without changing ``state`` (for labels read before a command)."""
    return leave_phase(copy_json(state), content, ending)


def with_notes(label: str | Msg, notes: list[str | Msg]) -> str | Msg:
    """The label followed by what the areas do on leaving ("Next: Soldier Phase; her Slumber: 2 CP")."""
    for note in notes:
        label = msg("{label}; {note}", label=label, note=note)
    return label
