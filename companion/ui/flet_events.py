"""A tap on a control that a redraw has just replaced is answered, never silently lost (Flet 1.0.5).

Flet's ``Session.dispatch_event`` finds an event's control by its id; a control a patch took off the page is popped
from the session's index, and its event is dropped with only a debug log. The screen is redrawn while a finger is
on the way - another device's change, her draw on another phone, a guest's word, the app's own second pass - and a
tap on a control drawn anew (the round bar after her draw, her turn's button, a panel folded as its setup is done)
did nothing, and the player was not told (issues 34 and 36).

So each patch notes, for the controls it removes that answer an event (an ``on_...`` handler set), what each one was
(``Aim``: the semantics identifier of the control or of its nearest ancestor that has one, the controls' classes
between the two, where it was drawn - a view by its route, a dialog by its id - and when), for ``KEEP_SECONDS`` and
``KEEP_IDS`` controls a tab at most (``Removed``). An event for such a control is then answered:

- a tap (``click``, ``tap``) goes to the control drawn in its place - the one control with the same identifier in a
  view of the same route (or the same dialog, still open) and, under it, the one at the same depth (through the
  same classes; itself of any, a button may come back as an icon) with a handler for that event - while
  ``drawn_before()`` says when that screen was replaced, so a command the tap sends is judged against the revision
  the player saw (``ShownRevisions.seen``): a tap aimed at "Undo Ana's point" is refused in
  plain words when Bo's point arrived meanwhile, never undoes Bo's;
- any other (no such control, or more than one; a switch's or a field's change, whose value went to the control that
  is gone) is refused in plain words by the tab (``answered_by``): once a control, and not for a second tap on a
  control whose first tap, just before, was answered (a hurried double tap; ``Debouncer`` would have dropped it).

A tap on a control still on the page that no longer answers taps (drawn anew in place, its handler gone: "-" when
there is nothing left to take) is refused the same way: a client sends a tap only to a control drawn with a
handler. An event for an id never seen, or forgotten, stays ignored, as Flet does. Only for Flet 1.0.5 (a later
Flet is left as it is): the patches reach three of its ``Session``'s methods, two of them private.
"""

from __future__ import annotations

import functools
import logging
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from companion.ui.dialog_stack import dialogs_on
from companion.ui.flet_diff import FOR_FLET, fields_to_walk

log = logging.getLogger("companion.ui")

KEEP_SECONDS = 5.0  # a tap is on its way a second or two at most, even on a loaded phone
KEEP_IDS = 300  # a tab's removed controls that answer taps, remembered (30 at most over 30 taps at a table)
REPEAT_SECONDS = 1.0  # a second tap this soon on the control whose first tap took it away is the same tap
MAX_DEPTH = 4  # controls from the one tapped up to the identified one (a button's box in its labelled node: 1-3)
TAPS = frozenset({"click", "tap"})  # events sent to the control now drawn in the old one's place
ANSWERED = TAPS | {"change", "submit"}  # events a player makes: said as not made when they cannot be sent on

Root = tuple[str, object]  # ("view", its route) or ("dialog", its id)


@dataclass(frozen=True)
class Aim:
    """What a control a patch removed was, enough to find the one drawn in its place."""

    when: float  # the moment the patch took it off
    identifier: str | None  # its own semantics identifier, or its nearest ancestor's
    path: tuple[str, ...]  # the classes from it up to that ancestor (the control's first)
    root: Root | None  # where it was drawn


@dataclass
class _Dispatch:
    """One event on its way to its handler (the patched ``dispatch_event`` sets it for the task)."""

    name: str
    drawn_before: float | None = None  # set when the event goes to a control drawn in the place of the one it named


_dispatch: ContextVar[_Dispatch | None] = ContextVar("companion_dispatch", default=None)


def drawn_before() -> float | None:
    """While a tap's handler runs: the moment the control it was made on was replaced (its player saw the screen
    from before then), or None for a tap on a control still on the page."""
    dispatch = _dispatch.get()
    return dispatch.drawn_before if dispatch is not None else None


class Removed:
    """A tab's controls that patches removed lately (each one's ``Aim``), bounded by age and count; the control its
    last event reached; the removed controls already answered."""

    def __init__(self, seconds: float = KEEP_SECONDS, keep: int = KEEP_IDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.seconds = seconds
        self.keep = keep
        self.clock = clock
        self._aims: OrderedDict[int, Aim] = OrderedDict()
        self._answered: set[int] = set()
        self._tapped: tuple[int, float] | None = None

    def __len__(self) -> int:
        return len(self._aims)

    def note(self, control_id: int, aim: Aim) -> None:
        self._aims[control_id] = aim
        self._aims.move_to_end(control_id)
        self._trim()

    def aim(self, control_id: int) -> Aim | None:
        """What the control was, if it was removed lately and not yet answered."""
        self._trim()
        return None if control_id in self._answered else self._aims.get(control_id)

    def answered(self, control_id: int) -> None:
        """An event for it was refused and said: the next ones (a field's typing) stay quiet."""
        self._answered.add(control_id)

    def tapped(self, control_id: int) -> None:
        """An event reached this control on the page."""
        self._tapped = (control_id, self.clock())

    def repeats(self, control_id: int) -> bool:
        """Whether an event now for ``control_id`` repeats the one that reached it just before it went."""
        return self._tapped is not None and self._tapped[0] == control_id and \
            self.clock() - self._tapped[1] < REPEAT_SECONDS

    def _trim(self) -> None:
        oldest = self.clock() - self.seconds
        while self._aims and (len(self._aims) > self.keep or next(iter(self._aims.values())).when < oldest):
            control_id, _ = self._aims.popitem(last=False)
            self._answered.discard(control_id)


_memories: weakref.WeakKeyDictionary[Any, Removed] = weakref.WeakKeyDictionary()  # Flet session -> its removed
_answers: weakref.WeakKeyDictionary[Any, Callable[[], None]] = weakref.WeakKeyDictionary()  # page -> its refusal


def answered_by(page: Any, refuse: Callable[[], None]) -> None:
    """``refuse()`` says, on ``page``, that a tap met a screen drawn anew and nothing was done."""
    _answers[page] = refuse


# -- the controls -------------------------------------------------------------------------
def _events(control: Any) -> frozenset[str]:
    """The events ``control`` has a handler for (Flet keeps a set handler among its set properties)."""
    values = getattr(control, "_values", None)
    return frozenset(name[3:] for name in values if name[:3] == "on_") if values else frozenset()


def _parent(control: Any) -> Any:
    ref = getattr(control, "_parent", None)
    return ref() if ref is not None else None


@functools.cache
def _roots_kinds() -> tuple[Any, Any]:
    """Flet's classes of the two places a control is drawn in: a view, a dialog."""
    from flet.controls.core.view import View
    from flet.controls.dialog_control import DialogControl

    return View, DialogControl


def _root(control: Any, memo: dict[int, Root | None]) -> Root | None:
    """The view (by route) or the dialog (by id) ``control`` is drawn in; ``memo`` keeps each ancestor's."""
    view, dialog = _roots_kinds()
    passed: list[int] = []
    node, root = control, None
    while node is not None:
        if id(node) in memo:
            root = memo[id(node)]
            break
        passed.append(id(node))
        if isinstance(node, view):
            root = ("view", node.route)
            break
        if isinstance(node, dialog):
            root = ("dialog", node._i)
            break
        node = _parent(node)
    for key in passed:
        memo[key] = root
    return root


def aim_of(control: Any, when: float, memo: dict[int, Root | None]) -> Aim:
    """What ``control`` is on the page now (``memo``: the roots found so far in this patch)."""
    path: list[str] = []
    node = control
    while node is not None and len(path) <= MAX_DEPTH:
        identifier = node._values.get("identifier") if hasattr(node, "_values") else None
        if isinstance(identifier, str) and identifier:
            return Aim(when, identifier, tuple(path), _root(control, memo))
        path.append(type(node).__name__)
        node = _parent(node)
    return Aim(when, None, tuple(path), _root(control, memo))


_HANDLERS = tuple(f"on_{name}" for name in sorted(ANSWERED))


def _answers_player(control: Any) -> bool:
    """Whether ``control`` has a handler for an event a player makes (run on every control a patch removes)."""
    values = getattr(control, "_values", None)
    return values is not None and any(name in values for name in _HANDLERS)


def note_removed(memory: Removed, added: list[Any], removed: list[Any]) -> None:
    """Note the controls a patch removed (and did not add back under the same id) that answer a player's event."""
    answering = [control for control in removed if _answers_player(control)]
    if not answering:
        return
    kept = {control._i for control in added}
    memo: dict[int, Root | None] = {}
    now = memory.clock()
    for control in answering:
        if control._i not in kept:
            memory.note(control._i, aim_of(control, now, memo))


def _children(value: Any) -> Iterator[Any]:
    """The controls directly inside ``value`` (a control, or a list or dict of them)."""
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _children(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _children(item)
    elif hasattr(value, "_i") and hasattr(value, "_values"):
        yield value


def _walk(control: Any) -> Iterator[Any]:
    """``control`` and every control inside it."""
    stack = [control]
    while stack:
        node = stack.pop()
        yield node
        for value in fields_to_walk(node):
            stack.extend(_children(value))


def _roots(page: Any, root: Root) -> list[Any]:
    """The views of ``root``'s route, or its dialog while it is still open, on the page now."""
    kind, key = root
    if kind == "view":
        return [view for view in page.views if view.route == key]
    return [dialog for dialog in dialogs_on(page) if dialog._i == key and dialog.open]


def _below(control: Any, path: tuple[str, ...]) -> list[Any]:
    """The controls under ``control`` down ``path`` (the classes met going up from the one tapped: read backwards),
    the last step of any class: the compact round bar draws Next as an icon button, the same Next."""
    found = [control]
    for step, name in enumerate(reversed(path)):
        found = [child for node in found for value in fields_to_walk(node) for child in _children(value)
                 if step == len(path) - 1 or type(child).__name__ == name]
    return found


def drawn_in_place(page: Any, aim: Aim, event: str) -> Any:
    """The one control now drawn where ``aim``'s was, answering ``event``; None when there is none, or more. The
    identifier says what the control does; the control tapped may be drawn in another class (a button as an icon)."""
    if aim.identifier is None or aim.root is None:
        return None
    named = [node for root in _roots(page, aim.root) for node in _walk(root)
             if node._values.get("identifier") == aim.identifier]
    if len(named) != 1:
        return None
    found = [node for node in _below(named[0], aim.path) if event in _events(node)]
    return found[0] if len(found) == 1 else None


# -- Flet's session -----------------------------------------------------------------------
def _memory(session: Any) -> Removed:
    """The session's ``Removed``, made at its first use."""
    memory = _memories.get(session)
    if memory is None:
        memory = _memories[session] = Removed()
    return memory


def _refuse(session: Any, memory: Removed, control_id: int, why: str) -> None:
    """Say on the session's page that the event for ``control_id`` was not made, unless it repeats the tap just
    before on that control (a hurried double tap)."""
    if not memory.repeats(control_id) and (refuse := _answers.get(session.page)) is not None:
        log.info("an event on a control drawn anew is refused: %s", why)
        try:
            refuse()
        except Exception:  # the refusal is said on a page that may be going; nothing raises into Flet's dispatch
            log.exception("could not say a tap was refused")


def _answer_lost(session: Any, control_id: int) -> Any:
    """The control an event for ``control_id`` (not on the page) goes to, or None; a refusal said when due."""
    dispatch, memory = _dispatch.get(), _memories.get(session)
    aim = memory.aim(control_id) if memory is not None and dispatch is not None else None
    if aim is None or dispatch is None or memory is None or dispatch.name not in ANSWERED:
        return None  # never seen, forgotten, or an event no player makes (a scroll, a focus): ignored, as Flet does
    target = drawn_in_place(session.page, aim, dispatch.name) if dispatch.name in TAPS else None
    if target is not None:
        dispatch.drawn_before = aim.when
        log.info("a %s on a control drawn anew (%s) goes to the one in its place", dispatch.name, aim.identifier)
        return target
    _refuse(session, memory, control_id, f"{dispatch.name} on {aim.identifier}: nothing in its place")
    memory.answered(control_id)  # said once: its next events (a field's typing) stay quiet
    return None


def _get_update_control_patch(session: Any, *args: Any, **kwargs: Any) -> Any:
    """Flet's patch of a subtree, the controls it removed noted for their taps."""
    patch, added, removed = _flets(session)[0](session, *args, **kwargs)
    if removed:
        note_removed(_memory(session), added, removed)
    return patch, added, removed


def _resolve_event_control(session: Any, control_id: int) -> Any:
    """Flet's control for an event; for a control a patch removed, the one in its place (or None, answered); for
    a tap on a control that no longer answers taps (drawn anew in place: "-" at nothing to take), None, answered."""
    control = _flets(session)[1](session, control_id)
    if control is None:
        return _answer_lost(session, control_id)
    dispatch = _dispatch.get()
    if dispatch is None or dispatch.name not in ANSWERED:
        return control
    memory = _memory(session)
    if dispatch.name in TAPS and dispatch.name not in _events(control):
        # A client sends a tap only to a control drawn with a handler for it: this one lost its handler since.
        _refuse(session, memory, control_id, f"{dispatch.name} on a control that no longer answers it")
        return None
    memory.tapped(control_id)
    return control


async def _dispatch_event(session: Any, control_id: int, event_name: str, event_data: Any) -> None:
    """Flet's dispatch, the event's name known to ``_resolve_event_control`` and ``drawn_before`` for its task."""
    token = _dispatch.set(_Dispatch(event_name))
    try:
        await _flets(session)[2](session, control_id, event_name, event_data)
    finally:
        _dispatch.reset(token)


def _flets(session: Any) -> tuple[Any, Any, Any]:
    """Flet's own three methods, kept on its ``Session`` by ``install``."""
    flets: tuple[Any, Any, Any] = type(session)._companion_events
    return flets


def install() -> bool:
    """Patch Flet 1.0.5's ``Session`` (once): its patches note what they remove, its dispatch answers an event
    for a removed control; whether it is in (only for Flet 1.0.5)."""
    from flet.messaging.session import Session
    from flet.version import flet_version

    if flet_version != FOR_FLET:
        return False
    if getattr(Session, "_companion_events", None) is None:
        flets = (getattr(Session, "_Session__get_update_control_patch"),  # noqa: B009  # private to Flet
                 getattr(Session, "_Session__resolve_event_control"), Session.dispatch_event)  # noqa: B009
        setattr(Session, "_companion_events", flets)  # noqa: B010
        setattr(Session, "_Session__get_update_control_patch", _get_update_control_patch)  # noqa: B010
        setattr(Session, "_Session__resolve_event_control", _resolve_event_control)  # noqa: B010
        setattr(Session, "dispatch_event", _dispatch_event)  # noqa: B010
    return True
