"""The meadow the app keeps: every hex, the Great Tunnel and her hex, each with its quick actions.

The app cannot see the board, so the table tells it what changed: tap a hex to open its
actions (chase or destroy a nymph, defeat its centipede, set its free collection sites,
corrections), or add a hex when the ants Explore. Which actions a place offers now is the
view's to say (its ``actions``, the core's answer): no rule lives here.
Places her last instructions named are outlined, so the table finds them at a glance.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.broodmother.base import MAX_HEX
from companion.core.broodmother.meadow_commands import (
    AddHex,
    ChaseNymph,
    DefeatCentipede,
    DestroyNymph,
    MoultNymph,
    PlaceNymph,
    SetSites,
)
from companion.core.broodmother.schema import Tunnel
from companion.core.broodmother.shown import BroodmotherView, HexRow
from companion.core.commands.base import Command
from companion.ui import widgets
from companion.ui.button_box import plain_here
from companion.ui.fields import number_field, parse_number, redraw_on_refusal
from companion.ui.i18n import tr, trf, trn
from companion.ui.panels import PanelContext
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.controls import (
    allowed,
    buttons,
    check_row,
    choice,
    drafts,
    line,
    local,
    note,
    sending,
    view_of,
)
from companion.ui.panels.broodmother.drafts import NewHex
from companion.ui.theme import MIN_TOUCH

CELL_COLUMNS: ft.ResponsiveNumber = {"xs": 12, "md": 6}  # a place on a phone: the whole width; on a tablet, half


def build(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    meadow = view["meadow"]
    d = drafts(ctx)
    out: list[ft.Control] = [
        line(trf("The Broodmother: {what}",
                 what=tr(texts.her_place(view['her']))), ctx.sizes, identifier="bm-her-place"),
        line(trf("Centipedes in the Meadow: {centipedes} (threshold {centipede_threshold}) · "
                 "Inner Meadow hexes: {inner_hexes}", centipedes=meadow["centipedes"],
                 centipede_threshold=meadow["centipede_threshold"], inner_hexes=meadow["inner_hexes"]),
             ctx.sizes, identifier="bm-meadow-counts", muted=True, size=ctx.sizes.small),
    ]
    if not meadow["hexes"]:
        out.append(note(tr("No hex yet: add the hexes on the table, starting hexes first."), ctx.sizes,
                        identifier="bm-no-hexes"))
    cells: list[ft.Control] = []
    for row in meadow["hexes"]:
        if d.selected == row["number"]:
            opened_row = view["hexes_by_id"][str(row["number"])]  # whether her report names it, as a closed row reads
            cells.append(_cell([hex_row(ctx, opened_row, opened_row["named"], True), hex_actions(ctx, opened_row)]))
        else:  # a part kept as drawn while its own hex is the same (``companion.ui.pieces``)
            cells.append(ctx.piece(f"hex-{row['number']}", partial(_closed_hex, str(row["number"])), col=CELL_COLUMNS))
    opened = d.selected == texts.TUNNEL
    parts = [tunnel_row(ctx, meadow["tunnel"], texts.TUNNEL in view["report_hexes"], opened)]
    cells.append(_cell(parts + ([place_actions(ctx, texts.TUNNEL, [])] if opened else [])))
    out.append(ft.ResponsiveRow(cells, spacing=8, run_spacing=8))
    out += new_hex_form(ctx, view)
    return out


def _cell(parts: list[ft.Control]) -> ft.Control:
    """One place and its open actions: a column of their own on a phone, half the width on a tablet."""
    return ft.Column(parts, spacing=6, col=CELL_COLUMNS)


def _closed_hex(number: str, ctx: PanelContext) -> list[ft.Control]:
    """A hex with its actions closed, drawn from its own row of her view: her draw that places a nymph on one hex, or
    names other places, draws those rows again and leaves the rest of a long meadow on the page."""
    row = view_of(ctx)["hexes_by_id"][number]
    return [hex_row(ctx, row, row["named"], False)]


def _row(ctx: PanelContext, title: str, detail: str, said: str, identifier: str, named: bool, open_: bool,
         place: int, tag: str) -> ft.Control:
    d = drafts(ctx)
    badge = ft.Container(ft.Text(tag, size=ctx.sizes.title, weight=ft.FontWeight.W_700,
                                 color=ft.Colors.ON_PRIMARY_CONTAINER),
                         width=MIN_TOUCH, height=MIN_TOUCH, border_radius=MIN_TOUCH / 2,
                         bgcolor=ft.Colors.PRIMARY_CONTAINER, alignment=ft.Alignment.CENTER)
    words = ft.Column([ft.Text(title, size=ctx.sizes.label, weight=ft.FontWeight.W_700),
                       ft.Text(detail, size=ctx.sizes.small)], spacing=0, expand=True, tight=True)
    arrow = ft.Icon(ft.Icons.EXPAND_LESS if open_ else ft.Icons.EXPAND_MORE)
    tap = local(ctx, lambda: d.toggle_selected(place))
    box = ft.Container(ft.Row([badge, words, arrow], spacing=12, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                       on_click=tap, ink=not plain_here(), padding=8, border_radius=12,
                       bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if open_ else None,
                       border=ft.Border.all(2, ft.Colors.PRIMARY if named else ft.Colors.OUTLINE_VARIANT))
    if named:
        action = (tr("Named in her last instructions. Tap to close its actions") if open_
                  else tr("Named in her last instructions. Tap for its actions"))
    else:
        action = tr("Tap to close its actions") if open_ else tr("Tap for its actions")
    return ft.Semantics(identifier=identifier, label=trf("{place}. {action}", place=said, action=action),
                        button=True, expanded=open_,
                        container=True, exclude_semantics=True, on_tap=tap, content=box)


def hex_row(ctx: PanelContext, row: HexRow, named: bool, open_: bool) -> ft.Control:
    title, detail = texts.hex_face(row)
    return _row(ctx, title, detail, texts.hex_label(row), f"bm-hex-{row['number']}", named, open_, row["number"],
                str(row["number"]))


def tunnel_row(ctx: PanelContext, tunnel: Tunnel, named: bool, open_: bool) -> ft.Control:
    face = texts.tunnel_face(tunnel)
    return _row(ctx, tr("Great Tunnel"), face, trf("Great Tunnel: {face}", face=face), "bm-tunnel", named, open_,
                texts.TUNNEL, "GT")


def _action(ctx: PanelContext, command: Command, label: str, face: str, ident: str) -> ft.Control | None:
    tap = allowed(ctx, command)
    return None if tap is None else choice(label, tap, ctx.sizes, text=face, identifier=ident, kind="tonal")


def place_actions(ctx: PanelContext, place: int, extra: list[ft.Control]) -> ft.Control:
    """The Great Tunnel's actions, or a hex's after its own (``extra``): what the core allows now."""
    name = texts.place_name(place)
    ident = "bm-tunnel" if place == texts.TUNNEL else f"bm-hex-{place}"
    found = [
        _action(ctx, DestroyNymph(place), trf("{name}: destroy a nymph", name=name), tr("Destroy a nymph"),
                f"{ident}-destroy-nymph"),
        _action(ctx, DefeatCentipede(place), trf("{name}: defeat the centipede", name=name), tr("Defeat the centipede"),
                f"{ident}-defeat"),
        _action(ctx, PlaceNymph(place), trf("{name}: place a nymph (correction)", name=name), tr("Place a nymph"),
                f"{ident}-place"),
        _action(ctx, MoultNymph(place), trf("{name}: a nymph moults (correction)", name=name), tr("A nymph moults"),
                f"{ident}-moult"),
    ]
    controls: list[ft.Control] = [*extra, *(c for c in found if c is not None)]
    if not controls:
        controls = [note(tr("Nothing to change here now."), ctx.sizes)]
    return ft.Container(buttons(controls), padding=ft.Padding.only(left=12, bottom=6))


def hex_actions(ctx: PanelContext, row: HexRow) -> ft.Control:
    n, sites = row["number"], row["sites"]
    name = texts.place_name(n)
    chase = _action(ctx, ChaseNymph(n), trf("{name}: an ant chases a nymph", name=name), tr("Chase a nymph"),
                    f"bm-hex-{n}-chase")
    stepper = widgets.stepper(
        trf("{name} free collection sites", name=name), trn("{n} free", "{n} free", sites),
        allowed(ctx, SetSites(n, sites - 1)), allowed(ctx, SetSites(n, sites + 1)),
        ctx.sizes, identifier=f"bm-hex-{n}-sites", minus_label=trf("{name}: one free site fewer", name=name),
        plus_label=trf("{name}: one more free site", name=name))
    first = [c for c in (chase,) if c is not None]
    return place_actions(ctx, n, [*first, stepper])


# -- the ants' Explore -----------------------------------------------------------------------
def new_hex_form(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    form = drafts(ctx).new_hex
    if not form.open:
        return [ft.Row([choice(tr("Add a hex (the ants explored, or setting up)"),
                               local(ctx, lambda: setattr(form, "open", True)), ctx.sizes, text=tr("Add a hex"),
                               identifier="bm-add-hex", kind="outlined", icon=ft.Icons.ADD, expand=True)])]
    number = number_field(tr("New hex number"), form.number, ctx.sizes, low=1, high=MAX_HEX,
                          on_text=partial(setattr, form, "number"))
    rows: list[ft.Control] = [
        ft.Semantics(identifier="bm-new-hex-number", container=True, content=number.control),
        *_new_hex_zone_and_sites(ctx, form),
        check_row(tr("It is a centipede hex"), form.centipede_hex,
                  local(ctx, lambda: setattr(form, "centipede_hex", not form.centipede_hex)), ctx.sizes,
                  identifier="bm-new-hex-centipede-hex"),
    ]
    if not view["her"]["found"]:
        rows.append(check_row(tr("It is the Nest of Centipedes"), form.nest,
                              local(ctx, lambda: setattr(form, "nest", not form.nest)), ctx.sizes,
                              identifier="bm-new-hex-nest"))
    rows.append(ft.Row([
        choice(tr("Close the new hex form"), local(ctx, lambda: setattr(form, "open", False)), ctx.sizes,
               text=tr("Close"), identifier="bm-new-hex-close", kind="text"),
        choice(tr("Add this hex to the meadow"),
               sending(ctx, lambda: redraw_on_refusal(ctx.services.redraw, lambda: add_hex(form)), after=form.reset),
               ctx.sizes,
               text=tr("Add the hex"), identifier="bm-new-hex-save", kind="filled", expand=True),
    ], spacing=8))
    card = ft.Container(ft.Column(rows, spacing=10), padding=12, border_radius=14,
                        border=ft.Border.all(1, ft.Colors.OUTLINE))
    return [ft.Semantics(identifier="bm-new-hex", container=True, content=card)]


def _new_hex_zone_and_sites(ctx: PanelContext, form: NewHex) -> list[ft.Control]:
    """The new hex's meadow (Inner or Outer) and its free collection sites (0 to 9)."""
    zones = [choice(trf("New hex in the {what}", what=tr(texts.ZONE_NAMES[z])),
                    local(ctx, partial(setattr, form, "zone", z)), ctx.sizes, text=tr(texts.ZONE_NAMES[z]),
                    identifier=f"bm-new-hex-{z}", selected=form.zone == z, kind="outlined", expand=True)
             for z in ("inner", "outer")]
    sites = widgets.stepper(
        tr("Free collection sites"), str(form.sites),
        local(ctx, lambda: setattr(form, "sites", form.sites - 1)) if form.sites > 0 else None,
        local(ctx, lambda: setattr(form, "sites", form.sites + 1)) if form.sites < 9 else None,
        ctx.sizes, identifier="bm-new-hex-sites", minus_label=tr("One free site fewer"),
        plus_label=tr("One more free site"))
    return [ft.Row(zones, spacing=8), ft.Text(tr("Free collection sites"), size=ctx.sizes.small), sites]


def add_hex(form: NewHex) -> AddHex:
    number = parse_number(form.number, tr("New hex number"), 1, MAX_HEX)
    return AddHex(number=number, zone=form.zone, sites=form.sites, centipede_hex=form.centipede_hex,
                  nest=form.nest)
