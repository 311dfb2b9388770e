"""Shared building blocks: big labelled buttons, sections with a help "?", dialogs and messages.

Every interactive control is wrapped in ``ft.Semantics`` with a label that says what it
does ("Give Ana 1 CP", not "+"), so screen readers and the browser tests find the same
thing a player sees. Buttons are at least 48 px in both directions for fingers at a table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.ui.button_box import button, button_padding, ink_of, plain_box, plain_here
from companion.ui.i18n import tr, trf
from companion.ui.measure import text_width
from companion.ui.models import Debouncer
from companion.ui.return_path import Origin
from companion.ui.theme import (
    BUTTON_HEIGHT,
    DIALOG_BUTTON_GAP,
    DISABLED_TEXT,
    MIN_TOUCH,
    Sizes,
    on_colour,
    player_colour,
)

if TYPE_CHECKING:
    from companion.ui.app import PageApp

__all__ = [
    "Debouncer",
    "bar_button",
    "colour_dot",
    "confirm_dialog",
    "help_button",
    "icon_action",
    "section",
    "tap_button",
    "tile_button",
]

Action = Callable[[], None]
EventHandler = Callable[[object], None]

def _event(action: Action) -> EventHandler:
    """An event handler that ignores the event and runs ``action``."""

    def handle(_: object = None) -> None:
        action()

    return handle


SHORT_FACE = 26  # letters: what one line of a full-width button holds at 360 px at the device's text size


def tap_button(label: str, on_tap: EventHandler | None, *, text: str | None = None,
               icon: ft.IconData | None = None, identifier: str | None = None, kind: str = "filled",
               expand: bool | int = False, sizes: Sizes | None = None, key: str | None = None) -> ft.Control:
    """A large button whose screen-reader label is ``label`` and whose face shows ``text`` (``key``: Flet's, for a
    button that moves among others: given here, not set afterwards, which would mark a control just made as
    changed).

    ``on_tap`` None draws it disabled. The semantics node replaces the button's own so a
    screen reader announces one clear action (and tests find exactly one button).
    """
    sizes = sizes or Sizes()
    # A short face at the device's text size is one line of a fixed height; a long one, or any with the text made
    # larger, wraps (at spaces) onto the lines it needs and the button grows, rather than ending in "...".
    shown = text or label
    one_line = sizes.scale <= 1 and len(shown) <= SHORT_FACE
    face = ft.Text(shown, size=sizes.label, weight=ft.FontWeight.W_600, text_align=ft.TextAlign.CENTER,
                   max_lines=1 if one_line else None,
                   overflow=ft.TextOverflow.ELLIPSIS if one_line else ft.TextOverflow.VISIBLE)
    # One line makes 48 px: at the device's text size it needs 13 (12 made 47); larger text is taller already
    padding = button_padding() if one_line else button_padding(14, 13 if sizes.scale <= 1 else 12)
    box = button(kind, face, on_tap, icon=icon, padding=padding, height=BUTTON_HEIGHT if one_line else None,
                 expand=expand or None)
    return ft.Semantics(label=label if on_tap else trf("{label} (not available now)", label=label), button=True,
                        identifier=identifier, container=True, exclude_semantics=True, on_tap=on_tap,
                        content=box, expand=expand or None, key=key)  # an explicit False breaks a Wrap


def face_button(face: ft.Text, on_tap: EventHandler | None, *, width: float, height: float | None = None,
                padding: ft.Padding | None = None) -> ft.Control:
    """A text button whose face is ``face`` as its caller set it (a total's large number), for the caller's own
    ``ft.Semantics``: Material's on a computer (at least 64 px wide, Material's minimum), a plain box ``width`` px
    wide on a phone (``button_box``), which has no minimum of its own: a one-digit total was a 26 px target there."""
    return button("text", face, on_tap, height=height, style=ft.ButtonStyle(padding=padding), padding=padding,
                  width=width)


BAR_TEXT_GROWS_UP_TO = 1.15  # the text scale ("Large") above which the bottom bar's type stays as it is
BAR_TITLE_MAX = 16 * BAR_TEXT_GROWS_UP_TO
BAR_DETAIL_MAX = 14 * BAR_TEXT_GROWS_UP_TO
BAR_HEIGHT = 76  # px: the bottom bar at the text sizes up to "Large", one line of detail
BAR_DETAIL_LINES = 4  # above "Large": the detail's lines, so "Ladybug summoned in hex 7: ..." is read whole


def bar_height(sizes: Sizes) -> int:
    """The bottom bar's height: one line of detail up to "Large", room for ``BAR_DETAIL_LINES`` above it."""
    if sizes.scale <= BAR_TEXT_GROWS_UP_TO:
        return BAR_HEIGHT
    return round(BAR_HEIGHT + (BAR_DETAIL_LINES - 1) * BAR_DETAIL_MAX * 1.35)


BAR_PADDING = 8  # px: the bottom bar's side padding, and the gap between its buttons


def bar_button_width(page_width: float, buttons: int) -> float:
    """The width of each of ``buttons`` bottom-bar buttons sharing a page ``page_width`` px wide."""
    return (page_width - 2 * BAR_PADDING - (buttons - 1) * BAR_PADDING) / buttons


BAR_BUTTON_PADDING = 14  # px each side of a bottom-bar button's face
BAR_ICON_ROOM = 18 + 8  # px: a button's icon and its gap to the text (Material's)


def bar_button(title: str, detail: str, icon: ft.IconData, on_tap: EventHandler | None, *, identifier: str,
               sizes: Sizes, width: float, key: str | None = None) -> ft.Control:
    """A bottom-bar button ``width`` px wide with a short title and what it will do underneath ("Undo" /
    "Ana +1 CP"); ``key`` as ``tap_button``'s (given here: set afterwards, it marks the button as changed).

    Above "Large" its type stops growing, the icon makes way and the detail wraps onto up to four lines (the bar
    grows by three, ``bar_height``: a Spanish label is a line longer), so "Nothing to undo" and "Ladybug
    summoned in hex 7: Health 3, Tier 1" read whole at 360 px; up to "Large" the icon also makes way for a
    detail it would cut ("Nada que deshacer" at 360 px; the title says what the button does), and a longer one
    ends in "..." on its one line, and is read whole aloud."""
    roomy = sizes.scale <= BAR_TEXT_GROWS_UP_TO
    detail_size = min(sizes.small, BAR_DETAIL_MAX)
    room = width - 2 * BAR_BUTTON_PADDING - BAR_ICON_ROOM
    face = ft.Column([
        ft.Text(title, size=min(sizes.label, BAR_TITLE_MAX), weight=ft.FontWeight.W_700, max_lines=1),
        ft.Text(detail, size=detail_size, max_lines=1 if roomy else BAR_DETAIL_LINES,
                overflow=ft.TextOverflow.ELLIPSIS),
    ], spacing=0, alignment=ft.MainAxisAlignment.CENTER, horizontal_alignment=ft.CrossAxisAlignment.START,
        tight=True)
    with_icon = roomy and text_width(detail, detail_size) <= room
    box = button("tonal", face, on_tap, icon=icon if with_icon else None, expand=True,
                 padding=button_padding(BAR_BUTTON_PADDING, 4),
                 height=BUTTON_HEIGHT + 8 if roomy else bar_height(sizes) - 12)
    label = f"{title}: {detail}" if on_tap else detail
    return ft.Semantics(label=label, button=True, identifier=identifier, container=True, exclude_semantics=True,
                        on_tap=on_tap, content=box, expand=True, key=key)


TILE_SIDE_PADDING = 6  # px each side of a tile's label
BOLD_EM = 0.6  # a generous width of a semibold letter, in ems (``measure.GLYPH_EM`` is for regular type)


def tile_label_size(label: str, size: float, width: float | None) -> float:
    """The label's type size in a tile ``width`` px wide: ``size``, or smaller so that its longest word still fits
    one line (a word is never broken inside itself: "Calculators" at the largest text in a 2 x 2 grid)."""
    if width is None:
        return size
    longest = max((len(word) for word in label.split()), default=1)
    room = width - 2 * TILE_SIDE_PADDING
    return round(min(size, room / (longest * BOLD_EM)), 1)


def tile_button(label: str, icon: ft.IconData, on_tap: EventHandler, *, identifier: str, sizes: Sizes,
                primary: bool = False, width: float | None = None) -> ft.Control:
    """A square-ish menu tile: icon above a label that may wrap at spaces, so it fits a third of a phone; with
    the tile's ``width`` known, a long word is set smaller rather than broken."""
    fg = ft.Colors.ON_PRIMARY if primary else ft.Colors.ON_SECONDARY_CONTAINER
    face = ft.Column([
        ft.Icon(icon, color=fg, size=28),
        ft.Text(label, size=tile_label_size(label, sizes.label, width), weight=ft.FontWeight.W_600, color=fg,
                text_align=ft.TextAlign.CENTER, max_lines=2),
    ], spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, tight=True)
    box = ft.Container(face, on_click=on_tap, ink=not plain_here(), border_radius=16,
                       padding=ft.Padding.symmetric(vertical=12, horizontal=TILE_SIDE_PADDING),
                       bgcolor=ft.Colors.PRIMARY if primary else ft.Colors.SECONDARY_CONTAINER,
                       alignment=ft.Alignment.CENTER)
    return ft.Semantics(label=label, button=True, identifier=identifier, container=True, exclude_semantics=True,
                        on_tap=on_tap, content=box)


def icon_action(label: str, icon: ft.IconData, on_tap: EventHandler | None, *, identifier: str | None = None,
                filled: bool = False, color: str | None = None) -> ft.Control:
    """An icon-only button (48 x 48 at least) that is announced by ``label``."""
    if plain_here():
        kind = "tonal" if filled else "icon"
        shown = ft.Icon(icon, color=color if color and on_tap else ink_of(kind, on_tap is not None))
        button: ft.Control = plain_box(shown, on_tap, kind, width=MIN_TOUCH, height=MIN_TOUCH, radius=MIN_TOUCH / 2)
    else:
        material = ft.FilledTonalIconButton if filled else ft.IconButton
        button = material(icon=icon, on_click=on_tap, disabled=on_tap is None, icon_color=color, tooltip=None,
                          size_constraints=ft.BoxConstraints(min_width=MIN_TOUCH, min_height=MIN_TOUCH),
                          disabled_color=DISABLED_TEXT)
    said = label if on_tap else trf("{label} (not available now)", label=label)
    return ft.Semantics(label=said, button=True, identifier=identifier, container=True, exclude_semantics=True,
                        on_tap=on_tap, content=button)


def help_button(topic: str, title: str | None = None, at: str | None = None) -> ft.Control:
    """The "?" on a tracker: the one hook into the rules lookup (``/rules?topic=...``). On a game's
    screen it also says which game and which section (``at``) to come back to (``return_path``)."""

    def open_rules(_: object = None) -> None:
        page = ft.context.page
        page.navigate("/rules", **Origin.from_route(page.route, topic, at).query())  # topic, and game and at

    what = title or topic
    return icon_action(trf("Rules help: {what}", what=what), ft.Icons.HELP_OUTLINE, open_rules,
                       identifier=f"help-{topic}")


def lazy_tile(opened_tiles: set[str], redraw: Callable[[], object], key: str, title: str,
              build: Callable[[], list[ft.Control]], sizes: Sizes, **tile: Any) -> ft.Control:
    """A tile that opens on a tap, its content built only while it is open on this tab (``opened_tiles``, the tab's;
    ``redraw`` draws the screen again, its errors shown): a closed one (35 readings of the rules, her deck's make-up)
    costs the screen's every rebuild nothing."""
    opened = key in opened_tiles

    def change(event: ft.Event[ft.ExpansionTile]) -> None:
        if event.data in (True, "true"):
            opened_tiles.add(key)
        else:
            opened_tiles.discard(key)
        redraw()

    return ft.Semantics(identifier=key, container=True, content=ft.ExpansionTile(
        title=ft.Text(title, size=sizes.body), controls=build() if opened else [], expanded=opened,
        on_change=change, min_tile_height=48, tile_padding=ft.Padding.symmetric(horizontal=4), **tile))


def heading(text: str, sizes: Sizes, *, identifier: str | None = None) -> ft.Control:
    return ft.Semantics(header=True, identifier=identifier,
                        content=ft.Text(text, size=sizes.title, weight=ft.FontWeight.W_700))


SECTION_PADDING = 14  # px inside a section's card


def section(title: str, body: list[ft.Control], sizes: Sizes, *, help_topic: str | None = None,
            identifier: str | None = None, col: ft.ResponsiveNumber | None = None,
            subtitle: str | None = None, title_identifier: str | None = None,
            actions: list[ft.Control] | None = None, anchor: bool = False, head: ft.Control | None = None
            ) -> ft.Control:
    """A card with a heading, an optional "?" (and other ``actions``) and its content: the unit every tracker
    uses. One with a "?" or ``anchor`` can be scrolled to by its identifier. ``head``: the heading as
    ``section_head`` drew it for these arguments before (a game screen's panel keeps its own while it is the same)."""
    if head is None:
        head = section_head(title, sizes, help_topic=help_topic, identifier=identifier, subtitle=subtitle,
                            title_identifier=title_identifier, actions=actions)
    column = ft.Column([head, *body], spacing=10)
    card = ft.Card(content=ft.Container(column, padding=SECTION_PADDING), variant=ft.CardVariant.FILLED, margin=0)
    # A section with a "?" is a place the rules lead back to: its key lets the screen scroll to it.
    key = ft.ScrollKey(identifier) if (help_topic or anchor) and identifier else None  # type: ignore[call-arg]
    return ft.Semantics(identifier=identifier, container=True, content=card, col=col or {"xs": 12}, key=key)


def section_head(title: str, sizes: Sizes, *, help_topic: str | None = None, identifier: str | None = None,
                 subtitle: str | None = None, title_identifier: str | None = None,
                 actions: list[ft.Control] | None = None) -> ft.Control:
    """A section's heading line: its title (and subtitle), its ``actions`` and its "?"."""
    titles: list[ft.Control] = [heading(title, sizes, identifier=title_identifier)]
    if subtitle:
        titles.append(ft.Text(subtitle, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))
    head: list[ft.Control] = [ft.Column(titles, spacing=2, expand=True)]
    head += actions or []
    if help_topic:
        head.append(help_button(help_topic, title, at=identifier))
    return ft.Row(head, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def colour_dot(colour: str | None, sizes: Sizes, text: str = "", diameter: int = 40) -> ft.Control:
    """A player's colour as a disc (with their initial): colour is never the only cue."""
    return ft.Container(
        ft.Text(text, size=min(sizes.body, diameter / 2), weight=ft.FontWeight.W_700, color=on_colour(colour)),
        width=diameter, height=diameter, border_radius=diameter / 2, bgcolor=player_colour(colour),
        alignment=ft.Alignment.CENTER, border=ft.Border.all(2, ft.Colors.OUTLINE),
    )


def labelled(content: ft.Control, label: str, identifier: str | None = None) -> ft.Control:
    """Show ``content`` but announce ``label`` instead (a bare "12" becomes "Total: 12")."""
    return ft.Semantics(label=label, identifier=identifier, container=True, exclude_semantics=True, content=content)


def message_text(text: str, sizes: Sizes, *, identifier: str | None = None, muted: bool = False) -> ft.Control:
    color = ft.Colors.ON_SURFACE_VARIANT if muted else None
    return ft.Semantics(identifier=identifier, content=ft.Text(text, size=sizes.body, color=color))


def banner(text: str, sizes: Sizes, *, identifier: str = "notice", error: bool = False,
           on_close: EventHandler | None = None, action: ft.Control | None = None) -> ft.Control:
    """A message that stays on screen until dismissed (a damaged save set aside, a game finished); ``action``, a
    button below the text (below, not beside: at 360 px and the largest text a button beside would squeeze it)."""
    bg = ft.Colors.ERROR_CONTAINER if error else ft.Colors.SECONDARY_CONTAINER
    fg = ft.Colors.ON_ERROR_CONTAINER if error else ft.Colors.ON_SECONDARY_CONTAINER
    row: list[ft.Control] = [
        ft.Icon(ft.Icons.ERROR_OUTLINE if error else ft.Icons.INFO_OUTLINE, color=fg),
        ft.Text(text, size=sizes.body, color=fg, expand=True),
    ]
    if on_close:
        row.append(icon_action(tr("Dismiss message"), ft.Icons.CLOSE, on_close, identifier=f"{identifier}-close"))
    said = ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    if action is not None:  # the message its own node: a node with a button inside reads as the button alone
        message = ft.Semantics(identifier=identifier, live_region=True, container=True, content=said)
        return ft.Container(ft.Column([message, ft.Row([action], alignment=ft.MainAxisAlignment.END)], spacing=8),
                            bgcolor=bg, padding=12, border_radius=12)
    box = ft.Container(said, bgcolor=bg, padding=12, border_radius=12)
    return ft.Semantics(identifier=identifier, live_region=True, container=True, content=box)


def error_snack(message: str, sizes: Sizes) -> ft.SnackBar:
    """A readable error at the bottom of the screen; the game itself is unchanged."""
    text = ft.Text(message, size=sizes.body, color=ft.Colors.ON_ERROR_CONTAINER)
    return ft.SnackBar(
        content=ft.Semantics(identifier="error-message", live_region=True, content=text),
        bgcolor=ft.Colors.ERROR_CONTAINER, close_icon_color=ft.Colors.ON_ERROR_CONTAINER,
        show_close_icon=True, duration=ft.Duration(seconds=6), behavior=ft.SnackBarBehavior.FLOATING,
    )


def info_snack(message: str, sizes: Sizes) -> ft.SnackBar:
    return ft.SnackBar(content=ft.Semantics(identifier="info-message", live_region=True,
                                            content=ft.Text(message, size=sizes.body)),
                       duration=ft.Duration(seconds=3), behavior=ft.SnackBarBehavior.FLOATING)


def confirm_dialog(title: str, message: str, confirm_label: str, on_confirm: Action, on_cancel: Action,
                   sizes: Sizes) -> ft.AlertDialog:
    """Ask before something that cannot be taken back; Cancel is the safe default."""
    return ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
        modal=True,
        title=ft.Text(title, size=sizes.title),
        content=ft.Text(message, size=sizes.body),
        actions=[
            tap_button(tr("Cancel"), _event(on_cancel), identifier="confirm-cancel", kind="text", sizes=sizes),
            tap_button(confirm_label, _event(on_confirm), identifier="confirm-ok", kind="filled", sizes=sizes),
        ],
        semantics_label=title,
    )


def stepper(label: str, value_text: str, on_minus: EventHandler | None, on_plus: EventHandler | None,
            sizes: Sizes, *, identifier: str, minus_label: str, plus_label: str) -> ft.Control:
    """[-] value [+] with each button labelled for what it does."""
    return ft.Row([
        icon_action(minus_label, ft.Icons.REMOVE, on_minus, identifier=f"{identifier}-minus", filled=True),
        labelled(ft.Text(value_text, size=sizes.title, weight=ft.FontWeight.W_700), f"{label}: {value_text}",
                 identifier),
        icon_action(plus_label, ft.Icons.ADD, on_plus, identifier=f"{identifier}-plus", filled=True),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=12, tight=True)


def radio(value: str, label: str, sizes: Sizes, *, identifier: str, disabled: bool = False) -> ft.Control:
    """One choice of a ``RadioGroup``: a row at least 48 px tall that a tap anywhere on selects, findable by its
    identifier. The label wraps (a long game name at the largest text is never cut); the row is one radio
    button for a screen reader, named by its label."""
    tile = ft.ListTile(
        leading=ft.Radio(value=value, disabled=disabled, visual_density=ft.VisualDensity.STANDARD),
        title=ft.Text(label, size=sizes.body), toggle_inputs=True, min_height=MIN_TOUCH, disabled=disabled,
        content_padding=ft.Padding.symmetric(horizontal=4), horizontal_spacing=8, min_leading_width=40,
        min_vertical_padding=4)
    return ft.Semantics(identifier=identifier, container=True, content=ft.MergeSemantics(content=tile))


def back_to_game_arrow(app: PageApp, origin: Origin) -> ft.Control:
    """The app bar's arrow on a rules screen opened from a game: straight back to its place there."""
    return icon_action(tr("Back to the game"), ft.Icons.ARROW_BACK,
                       app.answers.handler(lambda: app.routes.go(origin.game_route())), identifier="back-to-game")


def back_to_game_button(app: PageApp, origin: Origin) -> ft.Control:
    """The same way back as a button in the page, for a thumb far from the app bar."""
    return tap_button(tr("Back to the game"), app.answers.handler(lambda: app.routes.go(origin.game_route())),
                              icon=ft.Icons.SPORTS_ESPORTS, kind="tonal", identifier="back-to-game-button",
                              sizes=app.sizes)
