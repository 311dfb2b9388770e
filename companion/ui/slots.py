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

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from enum import Enum
from typing import cast

import flet as ft

_FN = ("<fn>",)  # an event handler: its presence is drawn (a button is enabled), its identity is not
_LEAVES = frozenset({str, int, float, bool, type(None)})


def fingerprint(value: object, opaque: dict[int, str] | None = None) -> object:
    """A comparable summary of everything ``value`` draws; the controls whose ids are in ``opaque`` count
    only by their name there (a slot inside the outline).

    A control (or a style) is its type's name and its properties and children in the order they were given:
    Flet keeps the properties set in ``_values``, the children lists among its public attributes. Run over
    every part after every change, so it is written for speed: leaves are returned as they are."""
    kind = type(value)
    if kind in _LEAVES or isinstance(value, Enum):
        return value
    if opaque and id(value) in opaque:
        return ("<slot>", opaque[id(value)])
    if kind is list or kind is tuple:
        return tuple([fingerprint(item, opaque) for item in cast("list[object]", value)])
    if kind is dict:
        return tuple([(key, fingerprint(item, opaque)) for key, item in cast("dict[object, object]", value).items()])
    attrs = getattr(value, "__dict__", None)
    values = attrs.get("_values") if attrs is not None else None
    if values is None and _is_function(value):
        return _FN
    if attrs is None:
        return repr(value)
    parts: list[object] = [kind.__name__]
    for name, item in (values or {}).items():
        parts.append(name)
        parts.append(item if type(item) in _LEAVES else fingerprint(item, opaque))
    for name, item in attrs.items():
        if name[0] != "_" and name != "data":
            parts.append(name)
            parts.append(item if type(item) in _LEAVES else fingerprint(item, opaque))
    return tuple(parts)


def _is_function(value: object) -> bool:
    """An event handler (a function, a bound method, a partial), not a control or a style that is callable."""
    return callable(value) and not isinstance(value, type) and not hasattr(value, "_values")


def transplant(live: object, fresh: object) -> None:
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
        live_values: dict[str, object] = live._values  # type: ignore[attr-defined]  # a control, as ``fresh``
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
    drawing: object
    inputs: object = None  # what its part was drawn from, when the screen knows (``part``, ``kept``)


@dataclass
class _Pending:
    control: ft.Control
    drawing: object
    inputs: object


@dataclass
class Slots:
    """The slots of one screen: what each part drew last, and the parts a rebuild has to send."""

    placed: dict[str, _Placed] = field(default_factory=dict)
    outline: object = None
    layout: object = None
    generation: int = 0  # counts fresh starts: the outline around new slots is new to Flet too (see ``settle``)
    gap: float = 0  # px under a part that is shown (an empty slot takes no room at all)
    scrolled_to: bool = False  # each slot can be scrolled to by its key (``scroll_key``): one such screen on a page
    changed: list[str] = field(default_factory=list)  # the slots whose parts the last build sent, in screen order
    _pending: dict[str, _Pending] = field(default_factory=dict)

    def begin(self, layout: object) -> None:
        """A build starts. In another ``layout`` (one column or two) no slot is kept: a part never moves to
        another parent on the page."""
        if layout != self.layout:
            self.forget()
            self.layout = layout
        self._pending = {}

    def part(self, name: str, control: ft.Control | None, inputs: object = None) -> ft.Control:
        """Put ``control`` in the slot ``name`` (unique on the screen) of the build under way; None keeps the
        slot empty (a part that comes and goes, such as her question, does not change the outline). ``inputs``:
        what the part is drawn from, if the screen knows (a later build with the ``same_inputs`` may ``keep`` it)."""
        drawn = control if control is not None else ft.Container(visible=False)
        placed = self.placed.get(name)
        if placed is None:  # an empty slot is hidden, so it takes no room (its gap is its own)
            holder = ft.Container(drawn, key=self._key(name), visible=control is not None,
                                  padding=ft.Padding.only(bottom=self.gap) if self.gap else None)
            placed = self.placed[name] = _Placed(holder, None)
        self._put(name, _Pending(drawn, fingerprint(drawn), inputs))
        return placed.holder

    def _key(self, name: str) -> ft.KeyValue:
        """The key of slot ``name``'s own control: a scroll key on a screen that scrolls to its parts (one screen of
        that kind on the page at a time, so the key is unique there)."""
        return ft.ScrollKey(self.scroll_key(name)) if self.scrolled_to else self.scroll_key(name)  # type: ignore[call-arg]

    def scroll_key(self, name: str) -> str:
        """What ``scroll_to(scroll_key=...)`` finds slot ``name`` by (when ``scrolled_to``)."""
        return f"slot-{name}-{self.generation}"

    def keep(self, name: str) -> ft.Control:
        """Leave slot ``name`` as it is on the page in the build under way (drawn again in a later build)."""
        placed = self.placed[name]
        content = placed.holder.content
        assert content is not None  # a placed slot always holds a part (an empty one holds a hidden container)
        self._put(name, _Pending(content, placed.drawing, placed.inputs))
        return placed.holder

    def holds(self, name: str) -> bool:
        """Whether slot ``name`` has a part on the page (one that ``keep`` can leave there)."""
        placed = self.placed.get(name)
        return placed is not None and placed.drawing is not None

    def same_inputs(self, name: str, inputs: object) -> bool:
        """Whether the part on the page in slot ``name`` was drawn from these ``inputs`` (then ``keep`` may leave it
        there without drawing it again)."""
        placed = self.placed.get(name)
        return inputs is not None and placed is not None and placed.drawing is not None and placed.inputs == inputs

    def unchanged(self, name: str) -> bool:
        """Whether the part just put in slot ``name`` is drawn as the one on the page."""
        return self._pending[name].drawing == self.placed[name].drawing

    def _put(self, name: str, pending: _Pending) -> None:
        if name in self._pending:  # two parts in one slot: one would silently hide the other
            raise ValueError(f"two parts of the screen are named {name!r}")
        self._pending[name] = pending

    def settle(self, outline: list[ft.Control]) -> tuple[bool, list[ft.Control]] | None:
        """After a build: whether the whole page is to be sent (its first build) and the slots whose parts
        changed; None when the outline changed around slots already on the page (a part the screen did not give
        a place from the start came or went), which must then be built again with new slots (Flet unregisters
        the controls under an outline it replaces, slots it keeps included, so their buttons would stop answering).

        The outline of new slots is sent under a new key (``generation``): reconciled with the old one, Flet would
        freeze it, and a frozen slot cannot take new content.
        """
        pending, self._pending = self._pending, {}
        self.changed = []
        opaque = {id(self.placed[name].holder): name for name in pending}
        shape = (tuple(pending), fingerprint(outline, opaque))
        if shape != self.outline:
            if self.outline is not None and pending:
                return None
            self.outline = shape
            for name, part in pending.items():
                self._place(self.placed[name], part)
            return True, []
        changed: list[ft.Control] = []
        for name, part in pending.items():
            placed = self.placed[name]
            if part.control is placed.holder.content:  # left as it is (``keep``)
                continue
            placed.inputs = part.inputs
            if part.drawing == placed.drawing:
                transplant(placed.holder.content, part.control)
                continue
            # Marked as Flet marks a rebuilt tree: reconciled with the part on the page control by control (ids
            # kept, only what differs sent), not replaced whole.
            object.__setattr__(part.control, "_frozen", True)
            self._place(placed, part)
            changed.append(placed.holder)
        self.changed = self._shown_in_order(outline, {id(holder) for holder in changed})
        return False, changed

    def _shown_in_order(self, outline: list[ft.Control], wanted: set[int]) -> list[str]:
        """The names of the slots whose holders are in ``wanted`` and shown, in the order the screen shows them
        (the outline's, top to bottom; a tablet's left column before its right)."""
        names = {id(placed.holder): name for name, placed in self.placed.items()}
        found: list[str] = []
        stack: list[object] = list(reversed(outline))
        while stack and len(found) < len(wanted):
            node = stack.pop()
            if id(node) in names:
                if id(node) in wanted and getattr(node, "visible", True) is not False:
                    found.append(names[id(node)])
                continue
            children = getattr(node, "controls", None) or [getattr(node, "content", None)]
            stack.extend(reversed([child for child in children if child is not None]))
        return found

    @staticmethod
    def _place(placed: _Placed, part: _Pending) -> None:
        placed.holder.content, placed.drawing, placed.inputs = part.control, part.drawing, part.inputs
        placed.holder.visible = part.control.visible is not False

    def forget(self) -> None:
        """The page was replaced by other means (a new view): the next build is sent whole."""
        self.placed, self.outline, self.layout, self._pending = {}, None, None, {}
        self.generation += 1

    def holders(self) -> set[int]:
        """The ids of the slots' own controls (what a screen puts in its outline)."""
        return {id(placed.holder) for placed in self.placed.values()}


class Reused:
    """The controls of a list drawn again and again (the log's lines, the jump bar's chips), reused from the last
    drawing by what they show: Flet's diff skips a control it finds in the old and the new drawing alike (the same
    object), so a log that gained a line is compared and sent as that one line."""

    def __init__(self) -> None:
        self._last: dict[Hashable, ft.Control] = {}

    def controls(self, items: list[tuple[Hashable, Callable[[], ft.Control]]]) -> list[ft.Control]:
        """One control per (key, make): the last drawing's for a key it had (a key names all a control shows),
        else ``make()``'s."""
        drawn = {key: self._last.get(key) or make() for key, make in items}
        self._last = drawn
        return list(drawn.values())
