"""Flet's controls built by the constructors that store only what is given (``companion.ui.flet_init``): every
control class Flet has comes out holding what Flet's own constructor makes (its properties, in the same order, and
every other field), given nothing, every parameter, or each one its default; and the game screen with every module
in play, built both ways, is the same tree."""

from __future__ import annotations

import dataclasses
import datetime
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.store import GameStore
from companion.ui import flet_init, kept
from tests.ui.test_build_once import EVERYTHING, SOLO
from tests.ui.test_kept_panels import open_screen


def every_control_class() -> list[type]:
    """Flet's control classes, each of its public names loaded first (Flet imports them when first asked)."""
    for name in dir(ft):
        if name[:1].isupper():
            getattr(ft, name, None)
    assert flet_init.install()
    return sorted(flet_init.control_classes(), key=lambda kind: (kind.__module__, kind.__qualname__))


def state(item: Any) -> Any:
    """What ``item`` holds, its controls' ids and random uids left out (each build makes them anew), controls
    inside compared by what they hold, dicts in their order, a method by its function, an object equal only to
    itself (or the time it was made) by its kind."""
    if isinstance(item, ft.BaseControl):
        return type(item).__name__, [(key, state(value)) for key, value in vars(item).items() if key != "_i"]
    if isinstance(item, dict):
        return [(key, "a random uid" if key == "uid" else state(value)) for key, value in item.items()]
    if isinstance(item, (list, tuple)):
        return [state(value) for value in item]
    if inspect.ismethod(item):  # a handler of the control's own (bound to the control it was made for)
        return "method", item.__func__
    made_for_it = item is not None and type(item).__eq__ is object.__eq__  # a lock, an event
    if made_for_it or isinstance(item, (datetime.datetime, datetime.time)):
        return "object", type(item).__name__
    return item


def flets_own(kind: type) -> Callable[..., None]:
    own: Callable[..., None] = kind.__dict__["__init__"]._companion_flets
    return own


def built(kind: type, init: Callable[..., None], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
    """A ``kind`` made by ``init``, or the kind of error it raised."""
    item = kind.__new__(kind)
    try:
        init(item, *args, **kwargs)
    except Exception as error:  # a constructor that refuses the made-up values: both must refuse them alike
        return type(error).__name__
    return state(item)


def calls(kind: type) -> Iterator[tuple[tuple[Any, ...], dict[str, Any]]]:
    """Ways to build ``kind``: nothing but what is required; every parameter with a value of its own; every one its
    declared default; the positional ones given by position."""
    parameters = [p for p in list(inspect.signature(flets_own(kind)).parameters.values())[1:] if p.name != "ref"]
    required = {p.name: f"<{p.name}>" for p in parameters if p.default is inspect.Parameter.empty}
    yield (), required
    yield (), {p.name: f"<{p.name}>" for p in parameters}
    defaults = {p.name: p.default for p in parameters if p.default is not inspect.Parameter.empty
                and not type(p.default).__name__.startswith("_HAS_DEFAULT")}
    yield (), {**required, **defaults}
    positional = [p for p in parameters if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD]
    yield tuple(f"<{p.name}>" for p in positional), {p.name: f"<{p.name}>" for p in parameters
                                                     if p.kind is inspect.Parameter.KEYWORD_ONLY and p.name in required}


def test_every_control_class_is_built_as_flet_builds_it() -> None:
    kinds = every_control_class()
    fast = [kind for kind in kinds if getattr(kind.__dict__.get("__init__"), "_companion_fast", False)]
    assert len(fast) > 150, "Flet's controls have the fast constructor"
    for kind in fast:
        for args, kwargs in calls(kind):
            ours = built(kind, kind.__init__, args, kwargs)
            assert ours == built(kind, flets_own(kind), args, kwargs), (kind, args, kwargs)


def test_a_property_given_its_default_is_not_kept_and_others_are_in_the_declared_order() -> None:
    every_control_class()
    text = ft.Text("Ana", size=14, weight=None, color=ft.Colors.PRIMARY, max_lines=2)
    declared = [field.name for field in dataclasses.fields(ft.Text)]
    assert list(text._values) == sorted(["value", "color", "size", "max_lines"], key=declared.index)
    assert (text.weight, text.size, "weight" in text._values) == (None, 14, False)
    assert not text._dirty, "building is no change to send"
    row = ft.Row([text])
    assert row.controls == [text] and ft.Row().controls == [] and ft.Row().controls is not ft.Row().controls


@contextmanager
def flets_constructors() -> Iterator[None]:
    """Flet's own constructors back on every class for a while."""
    swapped = {kind: kind.__dict__["__init__"] for kind in every_control_class()
               if getattr(kind.__dict__.get("__init__"), "_companion_fast", False)}
    for kind, fast in swapped.items():
        kind.__init__ = fast._companion_flets  # type: ignore[misc]
    try:
        yield
    finally:
        for kind, fast in swapped.items():
            kind.__init__ = fast  # type: ignore[misc]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


@pytest.mark.parametrize("setup", [EVERYTHING, SOLO], ids=["every module", "solo"])
def test_the_game_screen_is_the_same_tree_built_either_way(store: GameStore, setup: Any,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "CHECK", False)
    every_control_class()
    ours = open_screen(store, setup)[0].scroll.list
    with flets_constructors():
        flets = open_screen(store, setup)[0].scroll.list
    assert ours.controls and dataclasses.is_dataclass(ours)
    assert state(ours.controls) == state(flets.controls)
