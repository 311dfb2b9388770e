"""A computer gets Material's buttons, a phone plain boxes with no ink (``companion.ui.button_box``), without a browser:
the page being drawn is Flet's context's, here a stand-in with only a platform."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import flet as ft
import pytest
from flet.controls.context import _context_page

from companion.ui import button_box, widgets
from companion.ui.button_box import DISABLED_FILL, FACES, plain_here
from companion.ui.theme import DISABLED_TEXT, MIN_TOUCH, Sizes

MATERIAL = (ft.FilledButton, ft.FilledTonalButton, ft.OutlinedButton, ft.TextButton, ft.IconButton,
            ft.FilledTonalIconButton)


class Page:
    """A page as a button asks it: its platform (and a weak reference, as the tab's language looks it up by)."""

    def __init__(self, platform: ft.PagePlatform | None) -> None:
        self.platform = platform


@contextmanager
def drawn_for(platform: ft.PagePlatform | None) -> Iterator[None]:
    token = _context_page.set(Page(platform))  # type: ignore[arg-type]
    try:
        yield
    finally:
        _context_page.reset(token)


def tap(_: object = None) -> None:
    pass


def every_kind() -> list[ft.Control]:
    """A button of each kind ``widgets`` draws, enabled and disabled, each inside its ``ft.Semantics``."""
    sizes = Sizes()
    buttons = [widgets.tap_button("Go", on, kind=kind, sizes=sizes) for kind in FACES if kind != "icon"
               for on in (tap, None)]
    buttons += [widgets.icon_action("Add", ft.Icons.ADD, on, filled=filled) for filled in (True, False)
                for on in (tap, None)]
    buttons += [widgets.bar_button("Undo", "Ana +1 CP", ft.Icons.UNDO, on, identifier="undo", sizes=sizes,
                                   width=168) for on in (tap, None)]
    buttons.append(ft.Semantics(content=widgets.face_button(ft.Text("12"), tap, width=64), on_tap=tap, button=True,
                                exclude_semantics=True))  # its caller's Semantics (a total, a Health)
    return buttons


def inner(control: ft.Control) -> ft.Control:
    return control.content if isinstance(control, ft.Semantics) else control  # type: ignore[return-value]


@pytest.mark.parametrize("platform", [ft.PagePlatform.LINUX, ft.PagePlatform.WINDOWS, ft.PagePlatform.MACOS, None])
def test_a_computer_gets_materials_buttons(platform: ft.PagePlatform | None) -> None:
    with drawn_for(platform):
        assert not plain_here()
        for button in every_kind():
            assert isinstance(inner(button), MATERIAL), inner(button)


@pytest.mark.parametrize("platform", [ft.PagePlatform.ANDROID, ft.PagePlatform.IOS])
def test_a_phone_gets_plain_boxes_tapped_as_the_button_was_and_disabled_ones_not_tappable(
        platform: ft.PagePlatform) -> None:
    with drawn_for(platform):
        assert plain_here()
        for button in every_kind():
            box = inner(button)
            assert isinstance(box, ft.Container) and not box.ink, box
            assert isinstance(button, ft.Semantics) and button.button and button.exclude_semantics
            assert box.on_click is button.on_tap  # None for a disabled one: nothing to tap
            if box.on_click is None:
                assert box.bgcolor in (None, DISABLED_FILL)
                assert all(text.color == DISABLED_TEXT for text in texts(box)), box
        filled = inner(widgets.tap_button("Go", tap, kind="filled"))
        assert isinstance(filled, ft.Container) and filled.bgcolor == ft.Colors.PRIMARY
        assert all(text.color == ft.Colors.ON_PRIMARY for text in texts(filled))
        icon = inner(widgets.icon_action("Add", ft.Icons.ADD, tap))
        assert isinstance(icon, ft.Container) and icon.width == icon.height == MIN_TOUCH
        total = widgets.face_button(ft.Text("0"), tap, width=64)  # a box has no minimum: a "0" was 26 px wide
        assert isinstance(total, ft.Container) and total.width == 64


def test_drawn_outside_any_page_a_button_is_materials() -> None:
    assert not plain_here()
    assert isinstance(inner(widgets.tap_button("Go", tap)), ft.FilledButton)


def texts(control: object) -> list[ft.Text | ft.Icon]:
    """Every text and icon inside ``control``."""
    found: list[ft.Text | ft.Icon] = []
    if isinstance(control, ft.Text | ft.Icon):
        found.append(control)
    for child in [getattr(control, "content", None), *(getattr(control, "controls", None) or ())]:
        if child is not None:
            found += texts(child)
    return found


def test_the_tab_drawn_says_its_platform_whatever_page_the_context_holds() -> None:
    """Another tab's broadcast runs in the sender's context, a table's link in none: the tab drawn says its own
    platform (``TabBase.own_context``), and that wins over Flet's context page."""
    with drawn_for(ft.PagePlatform.LINUX), button_box.drawn_for(ft.PagePlatform.ANDROID):
        assert plain_here() and isinstance(inner(widgets.tap_button("Go", tap)), ft.Container)
    with drawn_for(ft.PagePlatform.ANDROID), button_box.drawn_for(ft.PagePlatform.WINDOWS):
        assert not plain_here() and isinstance(inner(widgets.tap_button("Go", tap)), ft.FilledButton)
    with button_box.drawn_for(ft.PagePlatform.IOS):
        assert plain_here()
    assert not plain_here()
