"""The Nest, battles, Slumber and the end: the numbers a table needs when it fights or scores her.

Each section reads its numbers off the view: her size bonus and extra cards in a
battle, each centipede's size, the Slumber sum with its parts, and how far the ants are
from each way to lose - or, when the game has ended, why. A button the core refuses is
drawn disabled with the core's reason under it.
"""

from __future__ import annotations

import flet as ft

from companion.core.broodmother.commands import ScoreSlumber
from companion.core.broodmother.meadow_commands import CentipedeWon, DestroyBroodmother
from companion.core.broodmother.shown import BroodmotherView, PredatorOnBoard
from companion.ui import widgets
from companion.ui.i18n import tr, trf, trn
from companion.ui.panels import PanelContext
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.controls import (
    allowed,
    choice,
    line,
    note,
    sending,
    stat,
    takes,
    tile,
    tiles,
    view_of,
    why_refused,
)
from companion.ui.panels.broodmother.turn import ended_banner


def nest(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    her, s = view["her"], ctx.sizes
    out: list[ft.Control] = [line(trf("The Broodmother: {what}", what=tr(texts.her_place(her))), s,
                                  identifier="bm-nest-state", size=s.title, bold=True)]
    if not her["found"]:
        out.append(note(tr("When the ants reveal it, add the hex in the meadow and tick \"It is the Nest of "
                           "Centipedes\"; when her Expand reveals it, answer her question the same way."), s))
    elif not her["destroyed"]:
        def destroy() -> None:
            ctx.answers.confirm(tr("Is the Broodmother destroyed?"),
                                    tr("This ends the game (Undo can take it back)."),
                            tr("She is destroyed"),
                            lambda: ctx.dispatch(DestroyBroodmother(), debounce="bm-destroy"))

        tap = ctx.answers.handler(destroy) if takes(ctx, DestroyBroodmother()) else None
        out.append(ft.Row([choice(tr("The ants destroyed the Broodmother"), tap, s, text=tr("Broodmother destroyed"),
                                  identifier="bm-destroy-broodmother", kind="filled", icon=ft.Icons.FLAG,
                                  expand=True)]))
    return out


def battle(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    b, s = view["battle"], ctx.sizes
    out: list[ft.Control] = []
    her = b["broodmother"]
    if her["in_play"]:
        out.append(tiles([
            stat(tr("Her size bonus"), f"+{her['size_bonus']}", s, identifier="bm-battle-size",
                 detail=trf("on hex {hex}", hex=her['hex'])),
            stat(tr("Extra cards she discards"), f"+{her['extra_cards']}", s, identifier="bm-battle-cards"),
        ]))
    else:
        out.append(note(tr("She is not on the board: her own battle numbers appear once she is found."), s,
                        identifier="bm-battle-hidden"))
    centipedes = [stat(trf("Centipede, {place_name}", place_name=texts.place_name(c['hex'])), f"+{c['size_bonus']}", s,
                       identifier=f"bm-battle-centipede-{c['hex']}", detail=tr("size bonus"))
                  for c in b["centipedes"]]
    tunnel = b["tunnel_centipedes"]
    if tunnel["count"]:
        centipedes.append(stat(trn("Great Tunnel: 1 centipede", "Great Tunnel: {n} centipedes", tunnel["count"]),
                               f"+{tunnel['size_bonus']}", s, identifier="bm-battle-tunnel", detail=tr("size bonus")))
    if centipedes:
        out.append(tiles(centipedes))
    out += predators(ctx, view)
    tap = allowed(ctx, CentipedeWon(), debounce="bm-won")
    out.append(ft.Row([choice(tr("A centipede won a battle: she gains 1 Colony Point"), tap, s,
                              text=tr("A centipede won a battle (+1 CP)"), identifier="bm-centipede-won",
                              kind="tonal", icon=ft.Icons.MILITARY_TECH, expand=True)]))
    return out


def predators(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """The Predators on the board (the Predators panel changes their Health and battles them)."""
    return [line(_predator_line(p), ctx.sizes, identifier=f"bm-predator-{p['id']}") for p in view["predators"]]


def _predator_line(p: PredatorOnBoard) -> str:
    if p["hex"] is None:
        return trf("{name}, {health} Health", name=p["name"], health=p["health"])
    return trf("{name}: {place_name}, {health} Health", name=p["name"], place_name=texts.place_name(p["hex"]),
               health=p["health"])


def slumber(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    sl, s = view["slumber"], ctx.sizes
    inner = ", ".join(str(n) for n in sl["inner_hexes"]) or tr("none")
    out: list[ft.Control] = [
        line(sl["sum"], s, identifier="bm-slumber-sum", size=s.title, bold=True),
        line(trf("Centipedes in the Meadow: {centipedes}",
                 centipedes=sl['centipedes']), s, identifier="bm-slumber-centipedes"),
        line(trf("Inner Meadow hexes with a nymph: {inner}", inner=inner), s, identifier="bm-slumber-hexes"),
    ]
    can = takes(ctx, ScoreSlumber())
    tap = sending(ctx, ScoreSlumber, debounce="bm-slumber") if can else None
    out.append(ft.Row([choice(trf("Score her Slumber points: +{total} CP", total=sl['total']), tap, s,
                              text=trf("Score her Slumber (+{total})",
                                       total=sl['total']), identifier="bm-slumber-score",
                              kind="filled" if can else "tonal", icon=ft.Icons.BEDTIME, expand=True)]))
    if sl["scored_this_round"]:
        out.append(note(tr("Scored for this round."), s, identifier="bm-slumber-why"))
    elif not can and (reason := why_refused(ctx, ScoreSlumber())):
        out.append(note(reason, s, identifier="bm-slumber-why"))
    readings = {i["id"]: i["text"] for i in view["interpretations"]["all"]}
    out.append(note(readings["slumber-at-step-end"], s, identifier="bm-interpretation-slumber-at-step-end",
                    icon=ft.Icons.GAVEL))
    return out


HALF: ft.ResponsiveNumber = {"xs": 6}  # the end's two tiles share a row at any width


def _centipedes_left(ctx: PanelContext) -> list[ft.Control]:
    e = view_of(ctx)["end"]
    return [stat(tr("Centipedes in the Meadow"), str(e["centipedes"]), ctx.sizes, identifier="bm-end-centipedes",
                 detail=tr(texts.threshold_gap(e["centipedes_before_loss"])), alert=e["centipedes_before_loss"] <= 1,
                 col=HALF)]


def _lead_left(ctx: PanelContext) -> list[ft.Control]:
    e = view_of(ctx)["end"]
    return [stat(tr("Her lead in CP"), f"{e['cp_lead']:+d}", ctx.sizes, identifier="bm-end-lead",
                 detail=tr(texts.threshold_gap(e["cp_lead_before_loss"])), alert=e["cp_lead_before_loss"] <= 1,
                 col=HALF)]


def end(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    e, s = view["end"], ctx.sizes
    out: list[ft.Control] = []
    if e["ended"]:
        out.append(ended_banner(e["ended"], ctx))
    elif e["applies"]:  # each a part of its own: a card that moves her lead leaves the centipedes' tile as it is
        out.append(tiles([tile(ctx, "centipedes", _centipedes_left, col=HALF),
                          tile(ctx, "lead", _lead_left, col=HALF)]))
    readings = view["interpretations"]["at_end"]
    if readings:
        def notes() -> list[ft.Control]:
            return [ft.Column([note(i["text"], s, identifier=f"bm-end-interpretation-{i['id']}", icon=ft.Icons.GAVEL)
                               for i in readings], spacing=8)]

        out.append(widgets.lazy_tile(ctx.services.opened_tiles, ctx.services.redraw, "bm-end-readings",
                                     trf("How the app reads the end ({count})", count=len(readings)), notes, s))
    return out
