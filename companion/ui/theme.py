"""Colours and type sizes: dark by default, large enough to read with the phone on the table.

The text scale from the settings multiplies every size here, and every control takes its
size from here; Flutter then applies the device's own text scale on top, so the app
follows the device and can be raised further.
"""

from __future__ import annotations

from dataclasses import dataclass

import flet as ft

from companion.store.settings import Settings

SEED = "#C98B2B"  # amber, like the ants' cards; readable on dark and light backgrounds
MIN_TOUCH = 48  # Material's minimum touch target, in logical pixels
DIALOG_BUTTON_GAP = 8  # px between a dialog's buttons when they wrap onto lines of their own (they touched)
# The text and icons of disabled controls: the theme's text colour at 70%, about 5:1 on the page and 3.6:1
# on a disabled button's fill in the light theme (Material's own 38% gives 1.9:1), higher in the dark one.
DISABLED_TEXT = ft.Colors.with_opacity(0.7, ft.Colors.ON_SURFACE)
BUTTON_HEIGHT = 52
WIDE = 900  # px: a tablet held at arm's length; two columns on the game screen and larger text
WIDE_TEXT = 1.2  # the text scale's factor at that width

THEME_MODES = {"system": ft.ThemeMode.SYSTEM, "light": ft.ThemeMode.LIGHT, "dark": ft.ThemeMode.DARK}

# Display colours for the colony colour names the content uses (presentation, not rules).
PLAYER_COLOURS = {
    "red": "#E53935",
    "yellow": "#FDD835",
    "black": "#303030",
    "blue": "#1E88E5",
    "purple": "#8E24AA",
    "pink": "#EC407A",
    "green": "#43A047",
}
UNKNOWN_COLOUR = "#9E9E9E"
BROODMOTHER_COLOUR = "#6D4C41"


def player_colour(name: str | None) -> str:
    if name is None:
        return BROODMOTHER_COLOUR
    return PLAYER_COLOURS.get(name, UNKNOWN_COLOUR)


def on_colour(name: str | None) -> str:
    """Text colour that stays readable on top of a player's colour."""
    return "#000000" if name in ("yellow", "pink", "green") else "#FFFFFF"


class _TypeSize:
    """One type size of ``Sizes``: its size (px) at the device's text size, times the player's text scale."""

    def __init__(self, base: float) -> None:
        self.base = base

    def __get__(self, sizes: Sizes | None, owner: type[Sizes] | None = None) -> float:
        return self.base if sizes is None else round(self.base * sizes.scale, 1)


@dataclass(frozen=True)
class Sizes:
    """Type sizes after the player's text scale."""

    scale: float = 1.0

    small = _TypeSize(14)
    body = _TypeSize(16)
    label = _TypeSize(16)
    title = _TypeSize(20)
    headline = _TypeSize(24)
    score = _TypeSize(40)


def build_theme() -> ft.Theme:
    """Colours and density only: a ``text_theme`` here would drop the theme's text colours
    (Flet sends styles without a colour, and dark mode then draws black text), so every
    control gets its size from ``Sizes`` instead."""
    return ft.Theme(color_scheme_seed=SEED, visual_density=ft.VisualDensity.STANDARD, disabled_color=DISABLED_TEXT)


def scale_for(text_scale: float, width: float | None) -> float:
    """The settings' text scale, raised at tablet width (read at arm's length, not in the hand)."""
    return round(text_scale * (WIDE_TEXT if (width or 0) >= WIDE else 1.0), 3)


def apply(page: ft.Page, settings: Settings) -> Sizes:
    """Set the page's theme from the settings and return the sizes screens should use."""
    sizes = Sizes(scale_for(settings.text_scale, page.width))
    page.theme = build_theme()
    page.dark_theme = build_theme()
    page.theme_mode = THEME_MODES.get(settings.theme, ft.ThemeMode.DARK)
    return sizes
