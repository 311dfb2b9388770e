"""What a control draws, as a comparable value (its *fingerprint*): the slots compare a part's new drawing with the one
on the page by it (``companion.ui.slots``), and the kept parts and headings are checked by it (``companion.ui.pieces``).

A control that is drawn once and then handed back as it is (a kept part, a panel's heading) is *sealed*: its
fingerprint is worked out once, not walked again inside every drawing of its panel.
"""

from __future__ import annotations

import functools
import weakref
from enum import Enum
from typing import cast

import flet as ft

_FN = ("<fn>",)  # an event handler: its presence is drawn (a button is enabled), its identity is not
LEAVES = frozenset({str, int, float, bool, type(None)})


Drawings = dict[int, object]  # id of each control of a part -> its fingerprint, while the part is on the page

#: Controls kept as drawn while they are on the page (a panel's kept part, its heading): each one's fingerprint and its
#: controls' own, worked out once when it was sealed, by id; an entry goes with its control.
_sealed: dict[int, tuple[object, Drawings]] = {}


@functools.cache
def empty_drawing() -> object:
    """What an empty slot's hidden container draws (a game screen has a dozen or two such slots at every build)."""
    return fingerprint(ft.Container(visible=False))


def seal(control: ft.Control) -> ft.Control:
    """``control``, its fingerprint worked out now and used from now on: for a control drawn once and then handed
    back as it is, build after build (a part of a panel kept as drawn), which a panel's fingerprint walked whole at
    every drawing of the panel. Its caller never changes it after (``sealed_still`` checks so in the tests)."""
    drawings: Drawings = {}
    drawn = fingerprint(control, None, drawings)
    key = id(control)
    _sealed[key] = (drawn, drawings)
    weakref.finalize(control, _sealed.pop, key, None)
    return control


def sealed_still(control: ft.Control) -> bool:
    """Whether a sealed control still draws as when it was sealed (worked out afresh, for the tests' check)."""
    kept = _sealed.pop(id(control), None)
    try:
        return kept is None or fingerprint(control) == kept[0]
    finally:
        if kept is not None:
            _sealed[id(control)] = kept


def fingerprint(value: object, opaque: dict[int, str] | None = None, drawings: Drawings | None = None) -> object:
    """A comparable summary of everything ``value`` draws; the controls whose ids are in ``opaque`` count
    only by their name there (a slot inside the outline); each control's own summary is noted in ``drawings``.

    A control (or a style) is its type's name and its properties and children in the order they were given:
    Flet keeps the properties set in ``_values``, the children lists among its public attributes. Run over
    every part after every change, so it is written for speed: leaves are returned as they are."""
    kind = type(value)
    if kind in LEAVES or isinstance(value, Enum):
        return value
    if opaque and id(value) in opaque:
        return ("<slot>", opaque[id(value)])
    if kind is list or kind is tuple:
        return tuple([fingerprint(item, opaque, drawings) for item in cast("list[object]", value)])
    if (sealed := _sealed.get(id(value))) is not None:
        if drawings is not None:
            drawings.update(sealed[1])
        return sealed[0]
    if kind is dict:
        return tuple([(key, fingerprint(item, opaque, drawings))
                      for key, item in cast("dict[object, object]", value).items()])
    attrs = getattr(value, "__dict__", None)
    values = attrs.get("_values") if attrs is not None else None
    if values is None and is_function(value):
        return _FN
    if attrs is None:
        return repr(value)
    parts: list[object] = [kind.__name__]
    for name, item in (values or {}).items():
        parts.append(name)
        parts.append(item if type(item) in LEAVES else fingerprint(item, opaque, drawings))
    for name, item in attrs.items():
        if name[0] != "_" and name != "data":
            parts.append(name)
            parts.append(item if type(item) in LEAVES else fingerprint(item, opaque, drawings))
    drawn = tuple(parts)
    if drawings is not None and values is not None:
        drawings[id(value)] = drawn
    return drawn


def is_function(value: object) -> bool:
    """An event handler (a function, a bound method, a partial), not a control or a style that is callable."""
    return callable(value) and not isinstance(value, type) and not hasattr(value, "_values")
