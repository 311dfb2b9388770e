"""The end checklist (the three ways Antscape ends) and the turn reminder.

Two of the ways are read from the grid (every territory claimed; only queen territories
left); the third, everyone passing in a row, only the table knows, so it is a tick box.
"""

from __future__ import annotations

import flet as ft

from companion.core.antscape.commands import SetEveryonePassed
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import PanelContext
from companion.ui.panels.antscape.grid import scorer_view, send
from companion.ui.panels.broodmother.controls import check_row, line, note


def end(ctx: PanelContext) -> list[ft.Control]:
    view = scorer_view(ctx)
    out: list[ft.Control] = []
    for way in view["ends"]:
        label = trf("{name}: {text}", name=way["name"], text=way["text"])
        if way["manual"]:
            command = SetEveryonePassed(not way["done"])
            out.append(check_row(label, way["done"], send(ctx, command), ctx.sizes, identifier=f"as-end-{way['id']}"))
        else:
            out.append(check_row(label, way["done"], None, ctx.sizes, identifier=f"as-end-{way['id']}"))
    out.append(note(tr("The first two are ticked from the grid (mark the queen territories with a star); "
                       "tick the last one when it happens."), ctx.sizes))
    if view["game_over"]:
        out.append(line(tr("The game is over: score it in Final scoring."), ctx.sizes, identifier="as-over",
                        bold=True))
    return out


def turn(ctx: PanelContext) -> list[ft.Control]:
    view = scorer_view(ctx)
    return [line(render(text), ctx.sizes, identifier=f"as-turn-{i}") for i, text in enumerate(view["turn"], start=1)]
