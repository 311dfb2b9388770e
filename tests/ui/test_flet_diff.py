"""Flet's diff walking a control's set properties (``companion.ui.flet_diff``): on the game screen with every module
in play, the controls added and removed are found in the same order as Flet's own walks find them, each configured
the same (built, its parent, its changes cleared)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.controls.object_patch import DiffBuilder

from companion.store import GameStore
from companion.ui import flet_diff, kept
from tests.ui.test_build_once import EVERYTHING, SOLO
from tests.ui.test_kept_panels import open_screen


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


def _flets_own() -> tuple[Callable[..., Iterator[Any]], Callable[..., Iterator[Any]]]:
    assert flet_diff.install()
    own: tuple[Callable[..., Iterator[Any]], Callable[..., Iterator[Any]]] = DiffBuilder._companion_walks  # type: ignore[attr-defined]
    return own


def _screen_tree(store: GameStore, setup: Any) -> ft.Control:
    return open_screen(store, setup)[0].scroll.list


def _configured(control: Any) -> tuple[object, ...]:
    parent = control._parent() if getattr(control, "_parent", None) else None
    return type(control).__name__, type(parent).__name__, bool(getattr(control, "_initialized", False)), \
        dict(control._dirty)


@pytest.mark.parametrize("setup", [EVERYTHING, SOLO], ids=["every module", "solo"])
def test_the_removed_controls_are_found_as_flet_finds_them(store: GameStore, setup: Any,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "CHECK", False)
    removed_by_flet, _ = _flets_own()
    tree = _screen_tree(store, setup)
    builder = DiffBuilder(None, None, control_cls=ft.BaseControl)
    ours = list(builder._removed_controls(tree, True))
    assert len(ours) > 600
    assert [id(control) for control in ours] == [id(control) for control in removed_by_flet(builder, tree, True)]


@pytest.mark.parametrize("setup", [EVERYTHING, SOLO], ids=["every module", "solo"])
def test_added_controls_are_configured_as_flet_configures_them(store: GameStore, setup: Any,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kept, "CHECK", False)
    _, configured_by_flet = _flets_own()
    builder = DiffBuilder(None, None, control_cls=ft.BaseControl)
    flets = [_configured(c) for c in list(configured_by_flet(builder, _screen_tree(store, setup), None, False))]
    ours = [_configured(c) for c in list(builder._configure_dataclass(_screen_tree(store, setup), None, False))]
    assert len(ours) > 600
    assert ours == flets
    assert all(initialized and not dirty for _, _, initialized, dirty in ours)


def test_a_value_is_walked_by_what_is_set_and_a_plain_dataclass_field_by_field() -> None:
    @dataclass
    class Plain:
        first: int = 1
        second: Any = None

    assert list(flet_diff.fields_to_walk(ft.Padding.only(left=3))) == [3]  # the others at their default, 0
    text = ft.Text("x")
    walked = list(flet_diff.fields_to_walk(ft.Container(text, padding=4)))  # its structural fields too (its id)
    assert [item for item in walked if isinstance(item, ft.BaseControl) or item == 4] == [text, 4]  # declared order
    assert list(flet_diff.fields_to_walk(Plain(second=text))) == [1, text]
