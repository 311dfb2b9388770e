"""A button's box: Material's on a computer; on a phone a plain box with no ink, which draws one frame when tapped.

A Material button (FilledButton, TextButton, IconButton...) animates its ink splash, its overlay and its elevation
on a press: many Flutter frames per tap, each dear on a phone's CPU (on the phone build at 4x CPU they kept a tap
~110 ms over a bare Flet app's, and a guest's own page showed the table's answer last). A ``Container`` with
``on_click`` and no ink is a plain GestureDetector: one frame. It has no pressed look and takes no keyboard focus, so
it is drawn only on a mobile platform (``MOBILE``: the browser's or the app's platform, as the client reports it);
a computer, where a keyboard and a mouse are, keeps Material's buttons. Every button of ``widgets`` asks
``plain_here()`` and draws its face with ``plain_box``: the same size and colours per kind as Material's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

import flet as ft

from companion.ui.theme import DISABLED_TEXT

MOBILE = (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
RADIUS = 14  # px: a button's corners
#: A disabled filled button's fill, as Material draws it (the text colour at 12%).
DISABLED_FILL = ft.Colors.with_opacity(0.12, ft.Colors.ON_SURFACE)


def mobile(platform: ft.PagePlatform | None) -> bool:
    """A phone's or a tablet's platform (Android, iOS), in its browser or its app."""
    return platform in MOBILE


#: The platform of the tab drawing now, as its entry points say it (``TabBase.own_context``): Flet's context page
#: is not always the tab drawn (another tab's broadcast runs in the sender's context).
_drawing_for: ContextVar[tuple[ft.PagePlatform | None] | None] = ContextVar("companion_drawing_for", default=None)


@contextmanager
def drawn_for(platform: ft.PagePlatform | None) -> Iterator[None]:
    """Buttons drawn inside are for a client of ``platform``; restored afterwards."""
    token = _drawing_for.set((platform,))
    try:
        yield
    finally:
        _drawing_for.reset(token)


def plain_here() -> bool:
    """Whether the tab being drawn is a mobile platform's, so its buttons are plain boxes: as its entry point said
    (``drawn_for``), else Flet's context page's (a handler, a task); drawn outside any page (a unit test),
    Material's."""
    said = _drawing_for.get()
    if said is not None:
        return said[0] in MOBILE
    try:
        page = ft.context.page
    except RuntimeError:
        return False
    return page.platform in MOBILE


@dataclass(frozen=True)
class Face:
    """A kind of button's colours: its fill, its text and icons, its border (None: none)."""

    fill: str | None
    ink: str
    border: str | None = None
    disabled_fill: str | None = None


#: Material 3's colours for each kind of button (Flutter's defaults for FilledButton, FilledButton.tonal,
#: OutlinedButton, TextButton, IconButton and IconButton.filledTonal).
FACES = {
    "filled": Face(ft.Colors.PRIMARY, ft.Colors.ON_PRIMARY, disabled_fill=DISABLED_FILL),
    "tonal": Face(ft.Colors.SECONDARY_CONTAINER, ft.Colors.ON_SECONDARY_CONTAINER, disabled_fill=DISABLED_FILL),
    "outlined": Face(None, ft.Colors.PRIMARY, border=ft.Colors.OUTLINE),
    "text": Face(None, ft.Colors.PRIMARY),
    "icon": Face(None, ft.Colors.ON_SURFACE_VARIANT),
}


def material_style(kind: str, padding: ft.Padding | None = None) -> ft.ButtonStyle:
    """A Material button's style: its corners, padding and text colours (enabled and disabled)."""
    # Each kind's own text colour is given beside the disabled one (a state map without it does not fall back to the
    # kind's default: a filled button's text then vanished into its fill). Disabled faces in theme.DISABLED_TEXT:
    # Material's default (38% of the text colour) is 1.9:1 in the light theme.
    faces = {ft.ControlState.DISABLED: DISABLED_TEXT, ft.ControlState.DEFAULT: FACES[kind].ink}
    return ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=RADIUS), padding=padding or button_padding(),
                          color=faces, icon_color=faces)


def button_padding(horizontal: float = 18, vertical: float = 10) -> ft.Padding:
    """A button's padding, a new value each time (a control's properties are its own)."""
    return ft.Padding.symmetric(horizontal=horizontal, vertical=vertical)


MATERIAL_KINDS: dict[str, Callable[..., ft.Control]] = {
    "filled": ft.FilledButton,
    "tonal": ft.FilledTonalButton,
    "outlined": ft.OutlinedButton,
    "text": ft.TextButton,
}


def ink_of(kind: str, enabled: bool) -> str:
    """The colour of a plain box's text and icons."""
    return FACES[kind].ink if enabled else DISABLED_TEXT


def button(kind: str, face: ft.Control, on_tap: Callable[[object], None] | None, *, icon: ft.IconData | None = None,
           padding: ft.Padding | None = None, height: float | None = None, expand: bool | int | None = None,
           style: ft.ButtonStyle | None = None, width: float | None = None) -> ft.Control:
    """A button of ``kind`` showing ``face`` (a text, or a column or row of texts, their colour left to the button),
    tapped by ``on_tap`` (None: disabled): Material's on a computer (``style``, else the kind's own); on a phone a
    plain box of the same colours, its texts coloured here (``width``: the box's, on a phone only)."""
    if plain_here():
        ink = ink_of(kind, on_tap is not None)
        for text in [face, *getattr(face, "controls", ())]:
            if isinstance(text, ft.Text) and text.color is None:
                text.color = ink
        return plain_box(face, on_tap, kind, icon=icon, padding=padding, height=height, width=width, expand=expand)
    return MATERIAL_KINDS[kind](content=face, icon=icon, on_click=on_tap, disabled=on_tap is None, height=height,
                                style=style or material_style(kind, padding), expand=expand)


def plain_box(content: ft.Control, on_tap: Callable[[object], None] | None, kind: str, *,
              icon: ft.IconData | None = None, padding: ft.Padding | None = None, radius: float = RADIUS,
              height: float | None = None, width: float | None = None,
              expand: bool | int | None = None) -> ft.Container:
    """``content`` (its text already in ``ink_of(kind, ...)``) in a box with the kind's fill and border, tapped by
    ``on_tap`` (None: disabled, its fill Material's disabled one, and nothing to tap). ``icon`` goes before the
    content as Material puts a button's icon (18 px, 8 px apart).

    The box is as wide as its face unless ``expand`` or ``width`` say otherwise, the face in its middle both ways,
    a long text wrapping within the room there is: a row as small as its children, the content loosely flexible
    in it (a container's ``alignment`` would stretch it across its parent, as a Material button is not)."""
    face = FACES[kind]
    enabled = on_tap is not None
    content.expand, content.expand_loose = True, True
    parts = [content] if icon is None else [ft.Icon(icon, size=18, color=ink_of(kind, enabled)), content]
    middle = ft.Row(parts, spacing=8, tight=True, alignment=ft.MainAxisAlignment.CENTER,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER)
    border_colour = face.border if enabled else DISABLED_FILL
    return ft.Container(middle, on_click=on_tap, bgcolor=face.fill if enabled else face.disabled_fill,
                        border=ft.Border.all(1, border_colour) if face.border else None, border_radius=radius,
                        padding=padding, height=height, width=width, expand=expand)
