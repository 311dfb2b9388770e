"""The scorer section: the grid of tappable cells, the selected cell's points, the Bonus Card,
colonies, queens, totals, the winner and "apply to scores".

Tapping a cell selects it and, when a player (or "Nobody") is chosen above the grid, gives
it to them at once - so a table taps out a player's colonies in one go. Cells are 56 px, so
a 5x5 grid with 5 px gaps is 300 px wide and fits a 360 px phone inside the card.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core.actions import allowed
from companion.core.antscape import antscape_view
from companion.core.antscape.commands import (
    ApplyScores,
    SetBonus,
    SetCardsLeft,
    SetCellOwner,
    SetCellPoints,
    SetQueen,
    SetQueenTerritory,
    totals_text,
)
from companion.core.antscape.model import KEY
from companion.core.antscape.view import AntscapeView, CellShown
from companion.core.commands.base import Command
from companion.ui import widgets
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.panels import PanelContext, refused
from companion.ui.panels.antscape.drafts import NOBODY, SELECT, ScorerDraft, draft_for
from companion.ui.panels.broodmother.controls import (
    buttons,
    check_row,
    choice,
    line,
    local,
    note,
    subheading,
)
from companion.ui.theme import on_colour, player_colour

CELL = 56
GAP = 5
EDITOR_KEY = "as-cell-editor"  # the selected cell's editor: scrolled into view when a cell is selected
Handler = Callable[[object], None]


def draft(ctx: PanelContext) -> ScorerDraft:
    return draft_for(ctx.services.owner, ctx.game_id)


def send(ctx: PanelContext, command: Command) -> Handler:
    return ctx.answers.handler(lambda: ctx.dispatch(command))


def sending(ctx: PanelContext, view: AntscapeView, command: Command) -> Handler | None:
    """``send``, or None while the view says the game refuses ``command`` now."""
    return send(ctx, command) if allowed(view["actions"], command) else None


def scorer_view(ctx: PanelContext, selected: tuple[int, int] | None = None) -> AntscapeView:
    """The scorer's view, with the actions of the cell this tab selected (kept per game, language and cell)."""
    return ctx.area((KEY, selected), partial(antscape_view, selected=selected))


def build(ctx: PanelContext) -> list[ft.Control]:
    d = draft(ctx)
    view = scorer_view(ctx, d.selected)
    out: list[ft.Control] = [
        line(tr("Tap a cell to select it. Choose a player first and each tapped cell becomes theirs."), ctx.sizes,
             size=ctx.sizes.small, muted=True),
        brushes(ctx, view, d),
        grid(ctx, view, d),
    ]
    if d.selected is not None:
        out.append(cell_editor(ctx, view, d.selected))
    out += bonus_chooser(ctx, view)
    out += colonies(ctx, view)
    out += queens(ctx, view)
    out += totals(ctx, view)
    return out


# -- the grid ----------------------------------------------------------------------------------
def _person(ctx: PanelContext, pid: str | None) -> str:
    if pid is None:
        return tr("nobody")
    return next(str(p["name"]) for p in ctx.state["players"] if p["id"] == pid)


def brushes(ctx: PanelContext, view: AntscapeView, d: ScorerDraft) -> ft.Control:
    options = [(SELECT, tr("Select")), *((p["id"], p["name"]) for p in view["players"]),
               (NOBODY, tr("Nobody"))]

    def pick(value: str) -> Handler:
        return local(ctx, lambda: setattr(d, "brush", value))

    items = [choice(trf("Tapped cells go to {name}",
                        name=name) if value != SELECT else tr("Tapping a cell only selects it"),
                    pick(value), ctx.sizes, text=name, identifier=f"as-brush-{value}", selected=d.brush == value,
                    kind="outlined")
             for value, name in options]
    return buttons(items)


def _cell_label(cell: CellShown, view: AntscapeView, d: ScorerDraft, ctx: PanelContext) -> str:
    owner = cell["name"] or tr("unclaimed")
    parts = [trn("Row {row}, column {col}: {owner}, 1 point", "Row {row}, column {col}: {owner}, {n} points",
                 cell["points"], row=cell["row"], col=cell["col"], owner=owner)]
    if cell["queen_territory"]:
        parts.append(tr("queen territory"))
    if cell["colony"] is not None:
        colony = view["colonies"][cell["colony"]]
        parts.append(trf("in a colony of {size}", size=colony['size']))
    if d.selected == (cell["row"], cell["col"]):
        parts.append(tr("selected"))
    said = ", ".join(parts) + ". "
    if d.brush == SELECT:
        return said + tr("Tap to select it.")
    return said + trf("Tap to give it to {person}.", person=_person(ctx, d.owner_for_brush()))


def _tap_cell(ctx: PanelContext, cell: CellShown, d: ScorerDraft) -> Handler:
    def act() -> None:
        d.selected = (cell["row"], cell["col"])
        owner = d.owner_for_brush()
        if d.brush != SELECT and cell["owner"] != owner:
            ctx.dispatch(SetCellOwner(cell["row"], cell["col"], owner))
        else:
            ctx.services.redraw()
            ctx.reveal(EDITOR_KEY)  # its points editor opens under the grid, off a phone's screen

    return ctx.answers.handler(act)


def cell_face(cell: CellShown, selected: bool) -> ft.Container:
    """A cell: points in the middle, the owner's initials top left, a star for a queen territory top
    right, and on a colony's first cell its size and what it scored along the bottom."""
    owned = cell["owner"] is not None
    fg = on_colour(cell["colour"]) if owned else ft.Colors.ON_SURFACE_VARIANT
    layers: list[ft.Control] = [
        # An unclaimed territory worth nothing yet is blank: a "0" reads as a score.
        ft.Container(ft.Text(str(cell["points"]) if owned or cell["points"] else "", size=20,
                             weight=ft.FontWeight.W_700, color=fg),
                     alignment=ft.Alignment.CENTER, left=0, right=0, top=0, bottom=0),
        ft.Text((cell["name"] or "")[:2], size=11, weight=ft.FontWeight.W_700, color=fg, left=4, top=1),
    ]
    if cell["queen_territory"]:
        layers.append(ft.Icon(ft.Icons.STAR, size=13, color=fg, right=3, top=3))
    if cell["badge"]:
        layers.append(ft.Text(cell["badge"], size=11, weight=ft.FontWeight.W_700, color=fg, max_lines=1,
                              text_align=ft.TextAlign.CENTER, left=0, right=0, bottom=1))
    width = 4 if selected else 1
    return ft.Container(ft.Stack(layers, width=CELL - 2 * width, height=CELL - 2 * width), width=CELL, height=CELL,
                        border_radius=8,
                        bgcolor=player_colour(cell["colour"]) if owned else ft.Colors.SURFACE_CONTAINER_HIGHEST,
                        border=ft.Border.all(width, ft.Colors.PRIMARY if selected else ft.Colors.OUTLINE))


def grid(ctx: PanelContext, view: AntscapeView, d: ScorerDraft) -> ft.Control:
    rows: list[ft.Control] = []
    for row in view["cells"]:
        cells: list[ft.Control] = []
        for cell in row:
            selected = d.selected == (cell["row"], cell["col"])
            tap = _tap_cell(ctx, cell, d)
            box = cell_face(cell, selected)
            box.on_click, box.ink = tap, True
            cells.append(ft.Semantics(identifier=f"as-cell-{cell['row']}-{cell['col']}", button=True,
                                      selected=selected, container=True, exclude_semantics=True,
                                      label=_cell_label(cell, view, d, ctx), on_tap=tap, content=box))
        rows.append(ft.Row(cells, spacing=GAP, alignment=ft.MainAxisAlignment.CENTER, tight=True))
    board = ft.Column(rows, spacing=GAP, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
    legend = line(tr("Each cell shows who claimed it and its points; a star marks a queen territory. The first cell "
                     "of each colony shows its size (x3) and what the Bonus Card gave it (+3)."), ctx.sizes,
                  size=ctx.sizes.small, muted=True)
    return ft.Column([ft.Row([board], alignment=ft.MainAxisAlignment.CENTER), legend], spacing=6,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def cell_editor(ctx: PanelContext, view: AntscapeView, pos: tuple[int, int]) -> ft.Control:
    r, c = pos
    cell = view["cells"][r - 1][c - 1]
    where = trf("Row {r}, column {c}", r=r, c=c)
    owners = [(p["id"], p["name"]) for p in view["players"]] + [(None, tr("Nobody"))]
    owner_buttons = [
        choice(trf("{where}: claimed by {name}", where=where, name=name), sending(ctx, view, SetCellOwner(r, c, pid)),
               ctx.sizes, text=name,
               identifier=f"as-owner-{pid or NOBODY}", selected=cell["owner"] == pid, kind="tonal")
        for pid, name in owners]
    points = cell["points"]
    minus, plus = SetCellPoints(r, c, points - 1), SetCellPoints(r, c, points + 1)
    stepper = widgets.stepper(
        trf("{where} points", where=where), trn("1 point", "{n} points", points),
        sending(ctx, view, minus), sending(ctx, view, plus),
        ctx.sizes, identifier="as-points", minus_label=trf("{where}: one point less", where=where),
        plus_label=trf("{where}: one point more", where=where))
    toggle = SetQueenTerritory(r, c, not cell["queen_territory"])
    queen = check_row(tr("A queen territory lies here"), cell["queen_territory"],
                      sending(ctx, view, toggle), ctx.sizes,
                      identifier="as-queen-territory")
    rows: list[ft.Control] = [subheading(where, ctx.sizes), buttons(owner_buttons), stepper, queen]
    if (reason := refused(view["actions"], toggle)) is not None:
        rows.append(note(reason, ctx.sizes))
    card = ft.Container(ft.Column(rows, spacing=8), padding=12, border_radius=14,
                        border=ft.Border.all(1, ft.Colors.OUTLINE))
    key = ft.ScrollKey(EDITOR_KEY)  # type: ignore[call-arg]
    return ft.Semantics(identifier="as-cell-editor", container=True, content=card, key=key)


# -- Bonus Card, colonies, queens ---------------------------------------------------------------
def bonus_chooser(ctx: PanelContext, view: AntscapeView) -> list[ft.Control]:
    current = view["bonus"]["id"] if view["bonus"] else None
    items = [choice(trf("Active Bonus Card: {name}", name=card['name']), send(ctx, SetBonus(card["id"]))
                    if current != card["id"] else None, ctx.sizes, text=render(card["name"]),
                    identifier=f"as-bonus-{card['id']}", selected=current == card["id"], kind="outlined")
             for card in view["bonus_cards"]]
    out: list[ft.Control] = [subheading(tr("Active Bonus Card"), ctx.sizes), buttons(items)]
    if view["bonus"]:
        out.append(line(render(view["bonus"]["text"]), ctx.sizes, identifier="as-bonus-text"))
    else:
        out.append(note(tr("Choose the Bonus Card on the table; until then it scores nothing."), ctx.sizes,
                        identifier="as-bonus-text"))
    out += [note(trf("Interpretation: {text}", text=text), ctx.sizes) for text in view["interpretations"]]
    return out


def colonies(ctx: PanelContext, view: AntscapeView) -> list[ft.Control]:
    out: list[ft.Control] = [subheading(tr("Colonies"), ctx.sizes)]
    if not view["colonies"]:
        return [*out, note(tr("No territory is claimed yet."), ctx.sizes, identifier="as-no-colonies")]
    for colony in view["colonies"]:
        cells = "; ".join(f"{r},{c}" for r, c in colony["cells"])
        dot = widgets.colour_dot(colony["colour"], ctx.sizes, str(colony["size"]), diameter=36)
        text = ft.Column([
            ft.Text(trf("{name}: {note}", name=colony["name"], note=colony["note"]), size=ctx.sizes.body,
                    weight=ft.FontWeight.W_600),
            ft.Text(trf("Row,column: {cells}", cells=cells), size=ctx.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT),
        ], spacing=0, expand=True, tight=True)
        said = trf("{name}: {note} Cells: {cells}", name=colony['name'], note=colony['note'], cells=cells)
        out.append(widgets.labelled(ft.Row([dot, text], spacing=10), said, f"as-colony-{colony['index']}"))
    return out


def queens(ctx: PanelContext, view: AntscapeView) -> list[ft.Control]:
    out: list[ft.Control] = [subheading(tr("Queens (2 points)"), ctx.sizes)]
    for p in view["players"]:
        command = SetQueen(p["id"], not p["queen_marked"])
        label = trf("{name}: the queen card sits on a claimed territory", name=p['name'])
        out.append(check_row(label, p["queen_marked"], sending(ctx, view, command),
                             ctx.sizes, identifier=f"as-queen-{p['id']}"))
        if p["queen_marked"] and not p["has_territory"]:
            out.append(note(trf("{name}: no claimed territory left, so the queen scores nothing.", name=p['name']),
                            ctx.sizes))
    return out


# -- totals, tie-break, apply ---------------------------------------------------------------------
def totals(ctx: PanelContext, view: AntscapeView) -> list[ft.Control]:
    out: list[ft.Control] = [subheading(tr("Totals"), ctx.sizes)]
    for p in view["players"]:
        detail = (trf("Bonus {bonus} · Queen {queen} · Territories {territories}",
                      bonus=p['bonus'], queen=p['queen'], territories=p['territories']))
        row = ft.Row([
            widgets.colour_dot(p["colour"], ctx.sizes, p["name"][:1].upper()),
            ft.Column([ft.Text(p["name"], size=ctx.sizes.title, weight=ft.FontWeight.W_600),
                       ft.Text(detail, size=ctx.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=0, expand=True, tight=True),
            ft.Text(str(p["total"]), size=ctx.sizes.headline, weight=ft.FontWeight.W_700),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=10)
        said = (trf("{name}: {total} points (bonus {bonus}, queen {queen}, territories {territories})",
                    name=p['name'], total=p['total'], bonus=p['bonus'], queen=p['queen'], territories=p['territories']))
        out.append(widgets.labelled(row, said, f"as-total-{p['id']}"))
    winner = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, color=ft.Colors.PRIMARY),
                     ft.Text(render(view["winner_text"]), size=ctx.sizes.body, weight=ft.FontWeight.W_700,
                             expand=True)], spacing=8)
    out.append(widgets.labelled(winner, render(view["winner_text"]), "as-winner"))
    out += cards_left(ctx, view)
    out += apply_row(ctx, view)
    return out


def cards_left(ctx: PanelContext, view: AntscapeView) -> list[ft.Control]:
    """Only on a tie: each tied player's colony cards left (hand, discard and draw pile)."""
    if not view["tied_ids"]:
        return []
    out: list[ft.Control] = [line(tr("Tie-break: colony cards left in hand, discard pile and draw pile."), ctx.sizes,
                                  size=ctx.sizes.small, muted=True)]
    for p in (p for p in view["players"] if p["id"] in view["tied_ids"]):
        count = p["cards_left"]
        shown = tr("not entered") if count is None else str(count)
        down = SetCardsLeft(p["id"], count - 1) if count else None
        up = SetCardsLeft(p["id"], (count or 0) + 1)
        out.append(ft.Row([
            ft.Text(p["name"], size=ctx.sizes.body, expand=True),
            widgets.stepper(trf("{name} colony cards left", name=p['name']), shown,
                            sending(ctx, view, down) if down else None,
                            sending(ctx, view, up), ctx.sizes,
                            identifier=f"as-cards-{p['id']}", minus_label=trf("{name}: one card fewer", name=p['name']),
                            plus_label=trf("{name}: one card more", name=p['name'])),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
    return out


def apply_row(ctx: PanelContext, view: AntscapeView) -> list[ft.Control]:
    command = ApplyScores()
    if allowed(view["actions"], command):
        label = trf("Apply to scores ({totals})", totals=totals_text(ctx.state))
        button = widgets.tap_button(label, send(ctx, command), text=tr("Apply to scores"), icon=ft.Icons.DONE_ALL,
                                    identifier="as-apply", sizes=ctx.sizes, expand=True)
        return [ft.Row([button])]
    reason = (tr("The game's scores show these totals.") if view["applied"] and view["bonus"]
              else refused(view["actions"], command))
    button = widgets.tap_button(tr("Apply to scores"), None, icon=ft.Icons.DONE_ALL, identifier="as-apply",
                                sizes=ctx.sizes, expand=True)
    return [ft.Row([button]), note(reason or "", ctx.sizes, identifier="as-apply-note")]
