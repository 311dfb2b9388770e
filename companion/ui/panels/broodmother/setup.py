"""The setup checklist: this game's steps with this game's numbers, each a tick box.

The steps, their texts and which apply are the core's (``checklist`` in the view); a
tick is a command, so it is saved, shared with the other tabs and undoable.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.broodmother.commands import TickStep
from companion.ui.i18n import tr, trf
from companion.ui.panels import PanelContext
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.controls import check_row, line, sending, view_of


def title(ctx: PanelContext) -> str:
    steps = view_of(ctx)["checklist"]
    return trf("Setup checklist ({what})", what=tr(texts.checklist_progress(steps)))


def settled(ctx: PanelContext) -> bool:
    """Done with: every step ticked, or the game past its first phase (then it folds to one line)."""
    steps = view_of(ctx)["checklist"]
    first = ctx.view["round"] == 1 and bool(ctx.view["phases"]) and ctx.view["phases"][0]["current"]
    return all(s["done"] for s in steps) or not first


def build(ctx: PanelContext) -> list[ft.Control]:
    steps = view_of(ctx)["checklist"]
    out: list[ft.Control] = []
    for step in steps:
        tick = sending(ctx, partial(TickStep, step["id"], not step["done"]))
        out.append(check_row(step["text"], step["done"], tick, ctx.sizes, identifier=f"bm-step-{step['id']}"))
    if steps and all(s["done"] for s in steps):
        out.insert(0, line(tr("All set: play your first turn, then tap Her turn."), ctx.sizes,
                           identifier="bm-setup-done", bold=True))
    return out
