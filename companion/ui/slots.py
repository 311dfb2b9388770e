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

import flet as ft

from companion.ui import kept
from companion.ui.fingerprints import LEAVES, Drawings, empty_drawing, fingerprint, is_function


def reuse(live: object, fresh: object, was: Drawings, now: Drawings) -> None:
    """Swap each control inside the part ``fresh`` drawn as the control at its place in the part on the page
    (``live``) for that one, with the new build's handlers moved on (``was``, ``now``: each one's fingerprint).

    Flet's diff skips a control it finds in the old and the new drawing alike (the same object), so a part that
    changed in one line is compared and sent as that line, not walked whole. A control whose properties are not
    what its build drew (a field holds what was typed there) is not swapped. A control is swapped only where Flet
    pairs it with the same one: the same place in a parent of the same type and key, among children whose keys
    match (or which have none), under a parent that Flet's diff reconciled before (frozen: its removal then lists
    itself alone, not the children it kept; a part first sent whole would list them all, so it is not entered)."""
    if not (hasattr(live, "_frozen") and not hasattr(live, "__prev_lists") and type(live) is type(fresh)
            and _key_of(live) == _key_of(fresh)):
        return
    live_values: dict[str, object] = live._values  # type: ignore[attr-defined]  # a control, as ``fresh``
    fresh_values: dict[str, object] = fresh._values  # type: ignore[attr-defined]
    for name, item in fresh_values.items():
        old = live_values.get(name)
        if _is_control(item) and _is_control(old):
            fresh_values[name] = _swapped(old, item, was, now)
    live_attrs = vars(live)
    for name, item in vars(fresh).items():
        old = live_attrs.get(name)
        if name[0] != "_" and type(item) is list and type(old) is list:
            item[:] = _list_swapped(old, item, was, now)


def _list_swapped(live: list[object], fresh: list[object], was: Drawings, now: Drawings) -> list[object]:
    """``fresh``'s items, each swapped for the item on the page Flet pairs it with when both draw the same: by place
    when the two lists' keys match in order (or none has one), else by key, for the keyed items alone (an item
    put before a keyed one - her instructions above "Her turn" - leaves that one on the page, not sent again)."""
    if _paired(live, fresh):
        return [_swapped(*pair, was, now) if _is_control(pair[0]) and _is_control(pair[1]) else pair[1]
                for pair in zip(live, fresh, strict=False)] + fresh[len(live):]
    keyed: dict[object, object] = {}
    for item in live:
        if (key := _key_of(item)) is not None:
            keyed.setdefault(key, item)
    return [_swapped(keyed[key], item, was, now)
            if (key := _key_of(item)) is not None and key in keyed and _is_control(item) else item
            for item in fresh]


def _swapped(live: object, fresh: object, was: Drawings, now: Drawings) -> object:
    """``live`` (its handlers taken from ``fresh``) when both draw the same, else ``fresh`` with its parts swapped."""
    if live is fresh:
        return live
    drawn = was.get(id(live))
    if drawn is not None and drawn == now.get(id(fresh)) and transplant(live, fresh):
        now[id(live)] = drawn
        return live
    reuse(live, fresh, was, now)
    return fresh


def _carried(was: Drawings, now: Drawings) -> Drawings:
    """The fingerprints of a part's controls once placed: the new build's, and the page's for the controls it kept
    (their children among them). An id that no control on the page holds any more is never asked for (a new
    control with that id is in the new build's), so the last drawings are carried whole while they stay small."""
    return {**was, **now} if len(was) < 4 * len(now) + 256 else now


def _paired(live: list[object], fresh: list[object]) -> bool:
    """Whether Flet pairs two lists' items by place: their keys the same in order, or none with a key."""
    live_keys = [_key_of(item) for item in live]
    fresh_keys = [_key_of(item) for item in fresh]
    return live_keys == fresh_keys or not any(key is not None for key in [*live_keys, *fresh_keys])


def _is_control(value: object) -> bool:
    return hasattr(value, "_values") and hasattr(value, "_i")


def _key_of(item: object) -> object:
    """The key Flet's diff pairs ``item`` by: a key object's value (a ``ScrollKey`` is neither hashable nor equal to
    its value's other keys), else the key as given; None for an item without one."""
    values = getattr(item, "_values", None)
    key = values.get("key") if values is not None else None
    return key.value if isinstance(key, ft.Key) else key


def transplant(live: object, fresh: object) -> bool:
    """Give the controls on the page (``live``) the event handlers of a build drawn the same (``fresh``); whether
    they still hold every property as ``fresh`` draws it (Flet writes what the browser changed, such as a field's
    typed text, into the control on the page, which its drawing's fingerprint does not know)."""
    if live is fresh:  # a slot kept in both: its part is looked after on its own
        return True
    if type(live) is not type(fresh) or not hasattr(fresh, "__dict__"):
        if isinstance(fresh, list | tuple) and isinstance(live, list | tuple) and len(live) == len(fresh):
            return all([transplant(old, new) for old, new in zip(live, fresh, strict=True)])
        return True
    same = True
    values = getattr(fresh, "_values", None)
    if values is not None:
        live_values: dict[str, object] = live._values  # type: ignore[attr-defined]  # a control, as ``fresh``
        same = len(live_values) == len(values)
        for name, item in values.items():
            if is_function(item):
                live_values[name] = item  # presence unchanged (same fingerprint): nothing to send
            elif type(item) in LEAVES:
                same = same and live_values.get(name) == item
            elif name in live_values:
                same = transplant(live_values[name], item) and same
    for name, item in vars(fresh).items():
        if name[0] == "_" or name == "data":
            continue
        if is_function(item):
            object.__setattr__(live, name, item)
        elif name in vars(live):
            same = transplant(vars(live)[name], item) and same
    return same


@dataclass
class _Placed:
    holder: ft.Container
    drawing: object
    inputs: object = None  # what its part was drawn from, when the screen knows (``part``, ``kept``)
    drawings: Drawings = field(default_factory=dict)  # each of its controls' fingerprint (``reuse``)


@dataclass
class _Pending:
    control: ft.Control
    drawing: object
    inputs: object
    drawings: Drawings = field(default_factory=dict)


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
        placed = self.placed.get(name)
        if control is None and placed is not None and placed.drawing == empty_drawing():
            self.keep(name)  # empty it was, empty it stays: no hidden container built again
            self._pending[name].inputs = inputs  # what it is drawn from is noted all the same
            return placed.holder
        drawn = control if control is not None else ft.Container(visible=False)
        if placed is None:  # an empty slot is hidden, so it takes no room (its gap is its own)
            holder = ft.Container(drawn, key=self._key(name), visible=control is not None,
                                  padding=ft.Padding.only(bottom=self.gap) if self.gap else None)
            placed = self.placed[name] = _Placed(holder, None)
        drawings: Drawings = {}
        self._put(name, _Pending(drawn, fingerprint(drawn, None, drawings), inputs, drawings))
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
        self._put(name, _Pending(content, placed.drawing, placed.inputs, placed.drawings))
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
            placed.inputs = part.inputs
            if part.control is placed.holder.content:  # left as it is (``keep``, or empty as it was)
                continue
            if part.drawing == placed.drawing:
                transplant(placed.holder.content, part.control)
                continue
            # Marked as Flet marks a rebuilt tree: reconciled with the part on the page control by control (ids
            # kept, only what differs sent), not replaced whole; what is drawn as before is the page's own controls.
            reuse(placed.holder.content, part.control, placed.drawings, part.drawings)
            part.drawings = _carried(placed.drawings, part.drawings)
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
        _set(placed.holder, "content", part.control)
        placed.drawing, placed.inputs, placed.drawings = part.drawing, part.inputs, part.drawings
        placed.holder.visible = part.control.visible is not False

    def forget(self) -> None:
        """The page was replaced by other means (a new view): the next build is sent whole."""
        self.placed, self.outline, self.layout, self._pending = {}, None, None, {}
        self.generation += 1

    def holders(self) -> set[int]:
        """The ids of the slots' own controls (what a screen puts in its outline)."""
        return {id(placed.holder) for placed in self.placed.values()}


def _set(control: ft.Control, name: str, value: object) -> None:
    """``control.name = value`` as Flet's property does it (noted as changed, sent at the next update), without its
    check that the value differs: for a control that check is a deep comparison of the two trees, and a part is
    placed only when its drawing changed."""
    control._values[name] = value  # Flet keeps a control's properties there
    control._dirty[name] = None


class Reused:
    """The controls of a list drawn again and again (the log's lines, the jump bar's chips), reused from the last
    drawing by what they show: Flet's diff skips a control it finds in the old and the new drawing alike (the same
    object), so a log that gained a line is compared and sent as that one line."""

    def __init__(self) -> None:
        self._last: dict[Hashable, ft.Control] = {}

    def controls(self, items: list[tuple[Hashable, Callable[[], ft.Control]]]) -> list[ft.Control]:
        """One control per (key, make): the last drawing's for a key it had (a key names all a control shows),
        else ``make()``'s. Under ``kept.CHECK`` (the test suite) a control handed back is made afresh all the same
        and must come out equal: a key that leaves out something the control shows is found by every test."""
        drawn = {key: self._handed_back(key, make) for key, make in items}
        self._last = drawn
        return list(drawn.values())

    def _handed_back(self, key: Hashable, make: Callable[[], ft.Control]) -> ft.Control:
        found = self._last.get(key)
        if found is None:
            return make()
        if kept.CHECK:
            kept.same_drawing(f"a reused control ({key!r})"[:200], fingerprint(make()) == fingerprint(found))
        return found
