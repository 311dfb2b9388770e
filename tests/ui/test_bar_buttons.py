"""The bottom bar's buttons at a phone's width, without a browser: the icon makes way for a detail it would cut."""

from __future__ import annotations

import flet as ft

from companion.ui import widgets
from companion.ui.page_size import PHONE_WIDTH
from companion.ui.theme import Sizes

WIDTH = widgets.bar_button_width(PHONE_WIDTH, 2)


def button_of(detail: str, scale: float = 1.0, width: float = WIDTH) -> ft.FilledTonalButton:
    wrapper = widgets.bar_button("Deshacer", detail, ft.Icons.UNDO, None, identifier="undo", sizes=Sizes(scale),
                                 width=width)
    assert isinstance(wrapper, ft.Semantics) and isinstance(wrapper.content, ft.FilledTonalButton)
    return wrapper.content


def test_two_buttons_share_a_phone_less_the_bars_padding_and_gap() -> None:
    assert PHONE_WIDTH == 360 and WIDTH == (360 - 3 * 8) / 2


def test_a_short_detail_keeps_its_icon_and_a_long_one_reads_whole_without_it() -> None:
    assert button_of("Ana +1 PC").icon == ft.Icons.UNDO
    assert button_of("Nada que deshacer").icon is None  # was "Nada que desha..." beside the icon at 360 px
    assert button_of("Nada que deshacer", scale=1.6).icon is None  # above "Large" the icon always makes way


def test_on_a_tablet_the_icon_stays() -> None:
    assert button_of("Nada que deshacer", width=widgets.bar_button_width(800, 2)).icon == ft.Icons.UNDO
