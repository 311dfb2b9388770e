"""Parts of a screen that are sent again only when their drawing changed.

A screen is rebuilt from the saved game after every change, which keeps it honest (it never
shows state of its own), but sending the whole rebuilt page costs Flet a diff of every control
and the browser a relayout of every widget. So each part of a screen (the round bar, the
standings, one panel) sits in a *slot*: a rebuild compares each part's new drawing with the
one on the page by its ``fingerprint`` - every property and child, event handlers counted by
presence - and only the parts that differ are replaced and sent. A part that is drawn the same
keeps the controls on the page, with the new build's event handlers moved onto them
(``transplant``), so a tap always runs what the latest build meant.

A part that comes and goes keeps its slot, empty and hidden while it is away (the game screen
gives every panel the game could show a slot from the start), so the outline - and with it every
control's id, which a tap on its way to the server names - stays put. When the outline does
change (the layout switches to two columns) the new build replaces everything, under new slots.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

import flet as ft

_FN = ("<fn>",)  # an event handler: its presence is drawn (a button is enabled), its identity is not
_PRIMITIVES = (str, int, float, bool, type(None), Enum)


def _children(control: Any) -> Iterator[tuple[str, Any]]:
    """A control's (or a style's) properties and children, in the order they were given."""
    for name, value in vars(control).items():
        if name == "_values":
            yield from value.items()
        elif name[0] != "_" and name != "data":
            yield name, value


def fingerprint(value: Any, opaque: dict[int, str] | None = None) -> Any:
    """A comparable summary of everything ``value`` draws; the controls whose ids are in ``opaque`` count
    only by their name there (a slot inside the outline)."""
    if isinstance(value, _PRIMITIVES):
        return value
    if opaque and id(value) in opaque:
        return ("<slot>", opaque[id(value)])
    if isinstance(value, list | tuple):
        return tuple(fingerprint(item, opaque) for item in value)
    if isinstance(value, dict):
        return tuple((key, fingerprint(item, opaque)) for key, item in value.items())
    if _is_function(value):
        return _FN
    if hasattr(value, "__dict__"):
        parts: list[Any] = [type(value).__name__]
        for name, item in _children(value):
            parts.append(name)
            parts.append(fingerprint(item, opaque))
        return tuple(parts)
    return repr(value)


def _is_function(value: Any) -> bool:
    """An event handler (a function, a bound method, a partial), not a control or a style that is callable."""
    return callable(value) and not isinstance(value, type) and not hasattr(value, "_values")


def transplant(live: Any, fresh: Any) -> None:
    """Give the controls on the page (``live``) the event handlers of a build drawn the same (``fresh``)."""
    if live is fresh:  # a slot kept in both: its part is looked after on its own
        return
    if type(live) is not type(fresh) or not hasattr(fresh, "__dict__"):
        if isinstance(fresh, list | tuple) and isinstance(live, list | tuple) and len(live) == len(fresh):
            for old, new in zip(live, fresh, strict=True):
                transplant(old, new)
        return
    values = getattr(fresh, "_values", None)
    if values is not None:
        live_values = live._values
        for name, item in values.items():
            if _is_function(item):
                live_values[name] = item  # presence unchanged (same fingerprint): nothing to send
            elif name in live_values:
                transplant(live_values[name], item)
    for name, item in vars(fresh).items():
        if name[0] == "_" or name == "data":
            continue
        if _is_function(item):
            object.__setattr__(live, name, item)
        elif name in vars(live):
            transplant(vars(live)[name], item)


@dataclass
class _Placed:
    holder: ft.Container
    drawing: Any


@dataclass
class Slots:
    """The slots of one screen: what each part drew last, and the parts a rebuild has to send."""

    placed: dict[str, _Placed] = field(default_factory=dict)
    outline: Any = None
    layout: Any = None
    generation: int = 0  # counts fresh starts: the outline around new slots is new to Flet too (see ``settle``)
    _pending: dict[str, tuple[ft.Control, Any]] = field(default_factory=dict)

    def begin(self, layout: Any) -> None:
        """A build starts. In another ``layout`` (one column or two) no slot is kept: a part never moves to
        another parent on the page."""
        if layout != self.layout:
            self.forget()
            self.layout = layout
        self._pending = {}

    def part(self, name: str, control: ft.Control | None) -> ft.Control:
        """Put ``control`` in the slot ``name`` (unique on the screen) of the build under way; None keeps the
        slot empty (a part that comes and goes, such as her question, does not change the outline)."""
        if name in self._pending:  # two parts in one slot: one would silently hide the other
            raise ValueError(f"two parts of the screen are named {name!r}")
        drawn = control if control is not None else ft.Container(visible=False)
        placed = self.placed.get(name)
        if placed is None:  # an empty slot is hidden too, so it takes no spacing in its column
            holder = ft.Container(drawn, key=f"slot-{name}-{self.generation}", visible=control is not None)
            placed = self.placed[name] = _Placed(holder, None)
        self._pending[name] = (drawn, fingerprint(drawn))
        return placed.holder

    def settle(self, outline: list[ft.Control]) -> tuple[bool, list[ft.Control]] | None:
        """After a build: whether the whole page is to be sent (its first build) and the slots whose parts
        changed; None when the outline changed around slots already on the page (a part the screen did not give
        a place from the start came or went), which must then be built again with new slots (Flet unregisters
        the controls under an outline it replaces, slots it keeps included, so their buttons would stop answering).

        The outline of new slots is sent under a new key (``generation``): reconciled with the old one, Flet would
        freeze it, and a frozen slot cannot take new content.
        """
        pending, self._pending = self._pending, {}
        opaque = {id(self.placed[name].holder): name for name in pending}
        shape = (tuple(pending), fingerprint(outline, opaque))
        if shape != self.outline:
            if self.outline is not None and pending:
                return None
            self.outline = shape
            for name, (control, drawn) in pending.items():
                self.placed[name].holder.content, self.placed[name].drawing = control, drawn
                self.placed[name].holder.visible = control.visible is not False
            return True, []
        changed: list[ft.Control] = []
        for name, (control, drawn) in pending.items():
            placed = self.placed[name]
            if drawn == placed.drawing:
                transplant(placed.holder.content, control)
                continue
            # Marked as Flet marks a rebuilt tree: reconciled with the part on the page control by control (ids
            # kept, only what differs sent), not replaced whole.
            object.__setattr__(control, "_frozen", True)
            placed.holder.content, placed.drawing = control, drawn
            placed.holder.visible = control.visible is not False
            changed.append(placed.holder)
        return False, changed

    def forget(self) -> None:
        """The page was replaced by other means (a new view): the next build is sent whole."""
        self.placed, self.outline, self.layout, self._pending = {}, None, None, {}
        self.generation += 1
