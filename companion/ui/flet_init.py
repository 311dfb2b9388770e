"""Flet 1.0.5's controls built without setting each of their fields: only the ones given.

A Flet control is a dataclass whose public fields are ``Prop`` descriptors keeping only what differs from the default
(``_values``). Its generated ``__init__`` still sets every one of its 50-70 fields through the descriptor, which drops
the defaults one by one: building a control took ~11 us, and a tap on the game screen builds hundreds of them (Next
with every module in play ~520; cProfile, 2026-12-05: ~28,000 descriptor sets a tap, the largest single cost of the
tap's Python share).

``install`` gives each control class a constructor with the same parameters that stores only the properties given a
value other than their default (what ``Prop.__set__`` keeps on a new control), sets the other fields (lists,
callbacks, the tracking dicts) as the dataclass's own ``__init__`` does, in the same order, and calls
``__post_init__`` the same way. A control built either way holds the same values (``tests/ui/test_flet_init.py``
compares them for every control class). Only for Flet 1.0.5 (a later Flet is left as it is); a class whose fields
this cannot follow (a ``__setattr__`` or ``_notify`` of its own, a frozen one, its own ``__init__``) keeps Flet's.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterator
from typing import Any

from companion.ui.flet_diff import FOR_FLET  # the one Flet both cuts were written against

_GIVEN_NOTHING = object()  # the default of a parameter in the new constructors: nothing was given


def control_classes() -> Iterator[type]:
    """Every control class of Flet's loaded now (``BaseControl`` and its subclasses, ours too)."""
    from flet.controls.base_control import BaseControl

    seen: set[type] = set()
    stack: list[type] = [BaseControl]
    while stack:
        kind = stack.pop()
        if kind in seen:
            continue
        seen.add(kind)
        yield kind
        stack.extend(kind.__subclasses__())


def _dataclass_made(init: Any) -> bool:
    """Whether ``init`` is the ``__init__`` ``dataclasses`` generated (its code comes from a string)."""
    code = getattr(init, "__code__", None)
    return code is not None and code.co_filename == "<string>"


def can_follow(kind: type) -> bool:
    """Whether the fast constructor builds ``kind`` exactly as Flet's does."""
    from flet.controls.value_types import Prop

    if not hasattr(dataclasses, "_FIELD_INITVAR"):  # another Python's dataclasses: not followed
        return False
    if not dataclasses.is_dataclass(kind) or not _dataclass_made(kind.__dict__.get("__init__")):
        return False
    if "_prop_defaults" not in kind.__dict__ or "__slots__" in kind.__dict__:
        return False
    params: Any = getattr(kind, "__dataclass_params__", None)
    if params is None or params.frozen or hasattr(kind, "_notify") or hasattr(kind, "_frozen"):
        return False
    if kind.__setattr__ is not object.__setattr__:
        return False
    props: dict[str, Any] = kind.__dict__["_prop_defaults"]
    return all(isinstance(inspect.getattr_static(kind, name, None), Prop) == (name in props)
               for name in (f.name for f in dataclasses.fields(kind)))


def fast_init(kind: type) -> Callable[..., None]:
    """A constructor for ``kind`` with the parameters of its dataclass ``__init__`` (names, kinds, order), which
    stores a property only when given a value other than its default and sets every other field as that one does."""
    flets = kind.__dict__["__init__"]
    parameters = list(inspect.signature(flets).parameters.values())[1:]
    props: dict[str, Any] = kind._prop_defaults  # type: ignore[attr-defined]
    names: dict[str, Any] = {"_GIVEN": _GIVEN_NOTHING}
    signature = _signature_text(parameters, names)
    body = [line for field in dataclasses.fields(kind) for line in _field_lines(field, props, names)]
    body += [f"    if {name} is _GIVEN: {name} = _d_{name}" for name in _initvars(kind) if f"_d_{name}" in names]
    if hasattr(kind, "__post_init__"):
        body.append(f"    self.__post_init__({', '.join(_initvars(kind))})")
    source = f"def __init__(self{signature}):\n" + "\n".join(body or ["    pass"]) + "\n"
    exec(source, names)  # code made of the class's own field names, as ``dataclasses`` makes its own
    made: Callable[..., None] = names["__init__"]
    made.__qualname__ = flets.__qualname__
    made.__doc__ = flets.__doc__
    return made


def _initvars(kind: type) -> list[str]:
    """The names of ``kind``'s init-only variables, in order (``__post_init__`` gets them)."""
    return [name for name, field in kind.__dataclass_fields__.items()  # type: ignore[attr-defined]
            if field._field_type is dataclasses._FIELD_INITVAR]  # type: ignore[attr-defined]


def _signature_text(parameters: list[inspect.Parameter], names: dict[str, Any]) -> str:
    """The new constructor's parameters: the same names and kinds; a property's default is "nothing given", an
    init-only variable's and another field's default the one they had."""
    text, keyword_only = [], False
    for parameter in parameters:
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY and not keyword_only:
            text.append("*")
            keyword_only = True
        if parameter.default is inspect.Parameter.empty:
            text.append(parameter.name)
        else:
            names[f"_d_{parameter.name}"] = parameter.default
            text.append(f"{parameter.name}=_GIVEN")
    return "".join(f", {part}" for part in text)


def _field_lines(field: dataclasses.Field[Any], props: dict[str, Any], names: dict[str, Any]) -> list[str]:
    """The statements that set ``field`` on a new control as the dataclass's ``__init__`` (and ``Prop.__set__``)
    would have."""
    name = field.name
    if name in props and field.init:
        names[f"_p_{name}"] = props[name]
        lines = [f"    if {name} is not _GIVEN and not ({name} == _p_{name}): self._values['{name}'] = {name}"]
        if f"_d_{name}" in names and names[f"_d_{name}"] != props[name]:
            lines.append(f"    elif {name} is _GIVEN: self._values['{name}'] = _d_{name}")
        return lines
    if field.init:
        if field.default_factory is not dataclasses.MISSING:
            names[f"_f_{name}"] = field.default_factory
            return [f"    self.{name} = _f_{name}() if {name} is _GIVEN else {name}"]
        if f"_d_{name}" in names:
            return [f"    self.{name} = _d_{name} if {name} is _GIVEN else {name}"]
        return [f"    self.{name} = {name}"]
    if field.default_factory is not dataclasses.MISSING:
        names[f"_f_{name}"] = field.default_factory
        return [f"    self.{name} = _f_{name}()"]
    return []  # not set by the dataclass's __init__ either: read from the class


def follow(kind: type) -> bool:
    """Give ``kind`` the fast constructor when it can follow Flet's exactly; whether it has it now."""
    if getattr(kind.__dict__.get("__init__"), "_companion_fast", False):
        return True
    try:
        if not can_follow(kind):
            return False
        made = fast_init(kind)
    except Exception:  # a class this cannot read (another Python's dataclasses): Flet's own constructor stays
        return False
    made._companion_fast = True  # type: ignore[attr-defined]
    made._companion_flets = kind.__dict__["__init__"]  # type: ignore[attr-defined]  # Flet's own, for the tests
    kind.__init__ = made  # type: ignore[misc]
    return True


def install() -> bool:
    """Give every control class loaded now, and each one Flet loads later (its ``@control`` decorator), the fast
    constructor; whether it is in (only for Flet 1.0.5)."""
    from flet.controls import base_control
    from flet.version import flet_version

    if flet_version != FOR_FLET:
        return False
    if not getattr(base_control._apply_control, "_companion_fast", False):
        flets = base_control._apply_control

        def apply_control(*args: Any, **kwargs: Any) -> type:
            kind: type = flets(*args, **kwargs)
            follow(kind)
            return kind

        apply_control._companion_fast = True  # type: ignore[attr-defined]
        base_control._apply_control = apply_control
    for kind in control_classes():
        follow(kind)
    return True
