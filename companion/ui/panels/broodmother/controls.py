"""Building blocks the Broodmother panels share: the view, drafts, big choice buttons, stat tiles.

Every control here carries a semantics label and identifier (what a screen reader says
and what the browser tests find) and is at least 48 px tall. A button the core refuses
is drawn disabled, and her view's ``actions`` give the core's own sentence for it (``why_refused``), so the
panel never has to know a rule to explain itself.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Required, TypedDict

import flet as ft

from companion.core.actions import allowed as is_allowed
from companion.core.broodmother import broodmother_view
from companion.core.broodmother.asymmetric import MoveNymph, Redraw
from companion.core.broodmother.shown import BroodmotherView
from companion.core.commands.base import Command
from companion.ui.button_box import FACES, plain_here
from companion.ui.i18n import trf
from companion.ui.panels import PanelContext, refused
from companion.ui.panels.broodmother.drafts import Drafts, drafts_for
from companion.ui.theme import Sizes

Handler = Callable[[object], None]


class ChoiceOptions(TypedDict, total=False):
    """What a panel's own wrapper of ``choice`` passes on (it sets the column width itself)."""

    identifier: Required[str]
    text: str | None
    selected: bool
    kind: str
    icon: ft.IconData | None
    expand: bool | int
    big: bool


def view_of(ctx: PanelContext) -> BroodmotherView:
    """The core's Broodmother view of the game as saved now: built once per change for every panel that reads it
    (and the game screen's moment), or once per draft while this tab composes a nymph's move or a redraw."""
    drafted = drafted_commands(drafts(ctx))
    content = ctx.content
    if not drafted:
        return ctx.ask("broodmother_view", lambda state: broodmother_view(state, content))
    return ctx.ask(("broodmother_view", drafted), lambda state: broodmother_view(state, content, drafted))


def drafted_commands(d: Drafts) -> tuple[Command, ...]:
    """The commands this tab's drafts compose (the asymmetric variant's nymph move and redraw), once complete."""
    out: list[Command] = []
    if d.move_from is not None and d.move_to is not None:
        out.append(MoveNymph(d.move_from, d.move_to))
    if len(d.redraw) == 2:
        out.append(Redraw(d.redraw[0], d.redraw[1]))
    return tuple(out)


def drafts(ctx: PanelContext) -> Drafts:
    return drafts_for(ctx.services.owner, ctx.game_id)


def shows(ctx: PanelContext) -> bool:
    """Every Broodmother panel applies to a game whose view is active."""
    return bool(view_of(ctx)["active"])


def local(ctx: PanelContext, change: Callable[[], object]) -> Handler:
    """A handler that changes this tab's drafts and redraws the screen (nothing is saved)."""

    def act() -> None:
        change()
        ctx.services.redraw()

    return ctx.answers.handler(act)


def sending(ctx: PanelContext, build: Callable[[], Command], *, debounce: str | None = None,
            after: Callable[[], object] | None = None) -> Handler:
    """A handler that builds a command when tapped, runs it, then tidies this tab's drafts."""

    def act() -> None:
        done = ctx.dispatch(build(), debounce=debounce)
        if after is not None and done.changed:
            after()
            ctx.services.redraw()

    return ctx.answers.handler(act)


def allowed(ctx: PanelContext, command: Command, *, debounce: str | None = None,
            after: Callable[[], object] | None = None) -> Handler | None:
    """The tap that sends ``command`` when her view says the game takes it now; None (drawn disabled) when not."""
    return sending(ctx, lambda: command, debounce=debounce, after=after) if takes(ctx, command) else None


def takes(ctx: PanelContext, command: Command) -> bool:
    """Whether her view says the game takes ``command`` now."""
    return is_allowed(view_of(ctx)["actions"], command)


def why_refused(ctx: PanelContext, command: Command) -> str | None:
    """Her view's reason the game refuses ``command`` now, in the reader's language (None: it takes it)."""
    return refused(view_of(ctx)["actions"], command)


def choice(label: str, on_tap: Handler | None, sizes: Sizes, *, identifier: str, text: str | None = None,
           selected: bool = False, kind: str = "tonal", icon: ft.IconData | None = None,
           expand: bool | int = False, big: bool = False, col: Any = None) -> ft.Control:
    """A button whose face may wrap to three lines (answers from the core can be long).

    Drawn as an inked container rather than a Material button: Flet's buttons keep one
    line's height and clip a second line. A zero-width 34 px strut plus the padding keeps
    every button at least 48 px tall. ``selected`` draws it filled and says so to a screen
    reader; ``big`` makes it the one-tap action of its panel (taller, larger text).
    """
    look = FACES["filled" if selected else kind]
    bg, fg, border = look.fill, look.ink, look.border
    wide = bool(expand) or col is not None
    size = sizes.headline if big else sizes.label
    face = ft.Text(text or label, size=size, weight=ft.FontWeight.W_700 if big else ft.FontWeight.W_600,
                   color=fg, text_align=ft.TextAlign.CENTER, max_lines=3, overflow=ft.TextOverflow.ELLIPSIS,
                   expand=True, expand_loose=True)  # wraps when long, stays centred when short
    # Loose even in a button as narrow as its face: a face not allowed to flex is laid out on one line however
    # narrow the screen, and a long one ran off the button ("Move the Praying Mar").
    cells: list[ft.Control] = [ft.Container(width=0, height=56 if big else 34)]
    if icon is not None:
        cells.append(ft.Icon(icon, color=fg, size=30 if big else 20))
    cells.append(face)
    row = ft.Row(cells, spacing=8, tight=not wide, alignment=ft.MainAxisAlignment.CENTER,
                 vertical_alignment=ft.CrossAxisAlignment.CENTER)
    box = ft.Container(row, on_click=on_tap, ink=on_tap is not None and not plain_here(), bgcolor=bg, border_radius=14,
                       border=ft.Border.all(1, border) if border else None,
                       padding=ft.Padding.symmetric(horizontal=12 if wide else 16, vertical=8),
                       opacity=1.0 if on_tap or selected else 0.45, expand=expand or None)
    said = label if on_tap or selected else trf("{label} (not available now)", label=label)
    if selected:
        said = trf("{said} (selected)", said=said)
    return ft.Semantics(label=said, button=True, selected=selected, identifier=identifier, container=True,
                        exclude_semantics=True, on_tap=on_tap, content=box, expand=expand or None, col=col)


def line(text: str, sizes: Sizes, *, identifier: str | None = None, size: float | None = None,
         muted: bool = False, bold: bool = False, italic: bool = False, label: str | None = None) -> ft.Control:
    """A piece of text that wraps, findable by its identifier, announced as ``label`` if given."""
    shown = ft.Text(text, size=size or sizes.body, color=ft.Colors.ON_SURFACE_VARIANT if muted else None,
                    weight=ft.FontWeight.W_700 if bold else None, italic=italic)
    if identifier is None and label is None:
        return shown
    return ft.Semantics(identifier=identifier, label=label or text, container=True, exclude_semantics=True,
                        content=shown)


def note(text: str, sizes: Sizes, *, identifier: str | None = None, icon: ft.IconData = ft.Icons.INFO_OUTLINE
         ) -> ft.Control:
    """A quieter line with an icon: an interpretation, a reason a button is off, a hint."""
    row = ft.Row([ft.Icon(icon, size=18, color=ft.Colors.ON_SURFACE_VARIANT),
                  ft.Text(text, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT, expand=True)],
                 vertical_alignment=ft.CrossAxisAlignment.START, spacing=8)
    return ft.Semantics(identifier=identifier, label=text, container=True, exclude_semantics=True, content=row)


#: A number's tile takes half a phone's row, a third of a tablet's, a quarter of a wide screen's.
TILE_COLUMNS: ft.ResponsiveNumber = {"xs": 6, "sm": 4, "md": 3}


def stat(title: str, value: str, sizes: Sizes, *, identifier: str, detail: str | None = None,
         col: Any = None, alert: bool = False) -> ft.Control:
    """A number with its name under it, in a tile: two or three to a phone's row."""
    texts: list[ft.Control] = [
        ft.Text(value, size=sizes.headline, weight=ft.FontWeight.W_700,
                color=ft.Colors.ERROR if alert else None),
        ft.Text(title, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT),
    ]
    if detail:
        texts.append(ft.Text(detail, size=sizes.small, color=ft.Colors.ON_SURFACE_VARIANT))
    tile = ft.Container(ft.Column(texts, spacing=0, tight=True),
                        padding=ft.Padding.symmetric(horizontal=12, vertical=8), border_radius=12,
                        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    said = f"{title}: {value}" + (f", {detail}" if detail else "")
    return ft.Semantics(identifier=identifier, label=said, container=True, exclude_semantics=True, content=tile,
                        col=col or TILE_COLUMNS)


def tiles(items: list[ft.Control]) -> ft.Control:
    return ft.ResponsiveRow(items, spacing=8, run_spacing=8)


def tile(ctx: PanelContext, name: str, build: Callable[[PanelContext], list[ft.Control]],
         col: ft.ResponsiveNumber = TILE_COLUMNS) -> ft.Control:
    """A number's tile as a part of its own (``companion.ui.pieces``), read from its own key of her view: her draw
    that moves her plot pile leaves her level's tile and her nymphs' on the page."""
    return ctx.piece(f"tile-{name}", build, col=col)


def buttons(items: list[ft.Control]) -> ft.Control:
    """Buttons that flow onto as many rows as the width needs."""
    return ft.Row(items, wrap=True, spacing=8, run_spacing=8)


def boxed(body: list[ft.Control], *, identifier: str | None = None, spacing: int = 6) -> ft.Control:
    """One thing's rows (a predator, a chamber, a hex) in a rounded outlined box; named, a screen-reader group."""
    box = ft.Container(ft.Column(body, spacing=spacing), padding=10, border_radius=12,
                       border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT))
    return box if identifier is None else ft.Semantics(identifier=identifier, container=True, content=box)


def subheading(text: str, sizes: Sizes) -> ft.Control:
    return ft.Semantics(header=True, content=ft.Text(text, size=sizes.label, weight=ft.FontWeight.W_700))


def check_row(label: str, value: bool, on_change: Handler | None, sizes: Sizes, *, identifier: str) -> ft.Control:
    """A tick box whose whole row (wrapping text included) is the touch target."""
    box = ft.Checkbox(value=value, on_change=on_change, disabled=on_change is None)  # 48 px with its padding
    row = ft.Container(
        ft.Row([box, ft.Text(label, size=sizes.body, expand=True)], vertical_alignment=ft.CrossAxisAlignment.CENTER,
               spacing=4),
        on_click=on_change, ink=not plain_here(), border_radius=10, padding=ft.Padding.only(right=8, top=4, bottom=4))
    return ft.Semantics(identifier=identifier, label=label, checked=value, button=True, container=True,
                        exclude_semantics=True, on_tap=on_change, content=row)
