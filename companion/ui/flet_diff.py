"""Flet 1.0.5's diff, walking a control's set properties instead of all its fields.

When a part of the screen is replaced, Flet's diff (``flet.controls.object_patch.DiffBuilder``) walks each control
added - to build it and find the controls inside - and each control removed that it reconciled before, to find the
controls inside to forget. It walks them field by field: every one of a control's 40-90 declared fields read through
its property, though a control keeps only the properties it was given (``_values``, the rest being their defaults:
None, numbers, enums - never a control) and its lists and nested values apart (``_structural_fields``). On Next with
every module in play that was about half of Flet's diff (cProfile, 2026-12-05).

``install`` replaces those two walks with the same walks over the fields a control can hold something in: its set
properties and its structural fields, in the declared order (so controls are found in the same order). Everything
else in the two methods is Flet's, copied. Only for Flet 1.0.5 (a later Flet is left as it is); a class without
property tracking is walked as Flet walks it.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator
from typing import Any

FOR_FLET = "1.0.5"
_NOT_SET = object()
_walks: dict[type, tuple[tuple[str, bool], ...] | None] = {}


def fields_to_walk(item: Any) -> Iterator[Any]:
    """The values of ``item``'s non-skipped fields that can hold a control or a value to configure, in the declared
    order: a property only when set (its default is a plain value), a structural field always."""
    kind = type(item)
    if kind not in _walks:
        _walks[kind] = _walk_of(kind)
    walk = _walks[kind]
    values = getattr(item, "_values", None)
    if walk is None or values is None:
        for field in dataclasses.fields(item):
            if not field.metadata.get("skip", False):
                yield getattr(item, field.name)
        return
    for name, structural in walk:
        if structural:
            yield getattr(item, name)
        elif (value := values.get(name, _NOT_SET)) is not _NOT_SET:
            yield value


def _walk_of(kind: type) -> tuple[tuple[str, bool], ...] | None:
    """Each non-skipped field of ``kind`` and whether it is structural; None for a class without property tracking."""
    structural = getattr(kind, "_structural_fields", None)
    defaults = getattr(kind, "_prop_defaults", None)
    if structural is None or defaults is None:
        return None
    walk = []
    for field in dataclasses.fields(kind):
        if field.metadata.get("skip", False):
            continue
        if field.name not in structural and field.name not in defaults:
            return None  # a field neither tracked nor structural: walk this class as Flet does
        walk.append((field.name, field.name in structural))
    return tuple(walk)


def _is_dataclass(item: Any) -> bool:
    """``dataclasses.is_dataclass``, its answer a plain bool (``item`` stays ``Any`` to the type checker)."""
    return dataclasses.is_dataclass(item)


def _removed_controls(self: Any, item: Any, recurse: bool) -> Iterator[Any]:
    """Flet 1.0.5's ``DiffBuilder._removed_controls`` walking ``fields_to_walk``."""
    if self.control_cls and isinstance(item, self.control_cls):
        if hasattr(item, "__prev_lists"):
            for item_list in getattr(item, "__prev_lists", {}).values():
                yield from self._removed_controls(item_list, recurse)
            for item_dict in getattr(item, "__prev_dicts", {}).values():
                yield from self._removed_controls(item_dict, recurse)
            for item_class in getattr(item, "__prev_classes", {}).values():
                yield from self._removed_controls(item_class, recurse)
        elif recurse:
            for value in fields_to_walk(item):
                yield from self._removed_controls(value, recurse)
        yield item
    elif isinstance(item, dict):
        for value in item.values():
            yield from self._removed_controls(value, recurse)
    elif isinstance(item, list):
        for value in item:
            yield from self._removed_controls(value, recurse)


def _configure_dataclass(self: Any, item: Any, parent: Any, frozen: bool,
                         configure_setattr_only: bool = False) -> Iterator[Any]:
    """Flet 1.0.5's ``DiffBuilder._configure_dataclass`` (without its debug log line) walking ``fields_to_walk``."""
    if _is_dataclass(item):
        parent, frozen = _attached(self, item, parent, frozen)
        is_control = bool(self.control_cls) and isinstance(item, self.control_cls)
        if is_control:
            if not configure_setattr_only:
                item.build()
                item._before_update_safe()
                object.__setattr__(item, "_initialized", True)
            yield item
        if not configure_setattr_only:
            child_parent = item if is_control else parent
            for value in fields_to_walk(item):
                yield from self._configure_dataclass(value, child_parent, frozen)
        if not frozen:
            _track_changes_from_now(item)
    elif isinstance(item, dict):
        for value in item.values():
            yield from self._configure_dataclass(value, parent, frozen)
    elif isinstance(item, list):
        for value in item:
            yield from self._configure_dataclass(value, parent, frozen)


def _attached(builder: Any, item: Any, parent: Any, frozen: bool) -> tuple[Any, bool]:
    """Flet's first steps for a dataclass being configured: its parent (the one it had, if none is given) and
    whether it is frozen noted on it; the parent and frozen its children get."""
    from flet.controls.object_patch import ObjectPatchException

    if parent is None:
        parent_ref = getattr(item, "_parent", None)
        parent = parent_ref() if parent_ref else None
    if parent:
        if parent is item:
            raise ObjectPatchException(f"Parent is the same as item: {item}")
        item._parent = weakref.ref(parent)
    if hasattr(item, "_frozen"):
        frozen = item._frozen
    elif frozen:
        item._frozen = frozen
    item_cls = item.__class__
    if getattr(item_cls, "__flet_control_cls__", None) is None:
        item_cls.__flet_control_cls__ = builder.control_cls
    return parent, frozen


def _track_changes_from_now(item: Any) -> None:
    """Flet's last step for a dataclass not frozen: its changes so far cleared (later ones are sent)."""
    from flet.controls.object_patch import _control_setattr

    dirty = getattr(item, "_dirty", None)
    if dirty is not None:
        dirty.clear()
        return
    item_cls = type(item)
    if item_cls.__setattr__ is not _control_setattr:
        setattr(item_cls, "__setattr__", _control_setattr)  # noqa: B010  # Flet's own step
    object.__setattr__(item, "__changes", {})


def install() -> bool:
    """Put the two walks into Flet's ``DiffBuilder`` (once); whether they are in (only for Flet 1.0.5)."""
    from flet.controls.object_patch import DiffBuilder
    from flet.version import flet_version

    if flet_version != FOR_FLET:
        return False
    if getattr(DiffBuilder, "_companion_walks", None) is None:  # Flet's own kept there (tests compare with them)
        setattr(DiffBuilder, "_companion_walks", (DiffBuilder._removed_controls, DiffBuilder._configure_dataclass))  # noqa: B010
        setattr(DiffBuilder, "_removed_controls", _removed_controls)  # noqa: B010
        setattr(DiffBuilder, "_configure_dataclass", _configure_dataclass)  # noqa: B010
    return True
