"""This phase's checklist: what the modules in play do now, ticked by hand or applied with one tap.

The items come from the modules (``companion.core.checklist``); the panel only draws them.
An item the app computes carries its command: its button is that command, labelled with
what it will book. The others are tick boxes kept in the game, so every tab agrees.
"""

from __future__ import annotations

import flet as ft

from companion.core.checklist import ChecklistView, Item, TickItem, checklist_view, phase_items
from companion.core.commands.base import Command, command_from_dict
from companion.core.content import load_content
from companion.core.state import State, current_phase
from companion.ui.i18n import render, trf
from companion.ui.panels import Panel, PanelContext, register, sends
from companion.ui.panels.broodmother.controls import check_row
from companion.ui.panels.scoring_controls import choice, note


def applies(state: State) -> bool:
    return bool(phase_items(state, load_content()))


def _item(ctx: PanelContext, view: ChecklistView, item: Item, index: int) -> list[ft.Control]:
    ident = f"checklist-{index}"
    if item["command"] is None:
        tick = TickItem(item["module"], item["id"])
        return [check_row(render(item["text"]), item["done"], sends(ctx, view["actions"], tick),
                          ctx.sizes, identifier=ident)]
    if item["done"]:
        return [note(trf("Done: {text}", text=item['text']), ctx.sizes, identifier=ident, icon=ft.Icons.CHECK_CIRCLE)]
    command: Command = command_from_dict(item["command"])
    out = [choice(trf("Apply: {text}", text=item['text']), sends(ctx, view["actions"], command),
                  ctx.sizes, identifier=ident, text=render(item["text"]), kind="tonal",
                  icon=ft.Icons.PLAYLIST_ADD_CHECK,
                  expand=True)]
    if item["note"]:
        out.append(note(render(item["note"]), ctx.sizes, identifier=f"{ident}-why"))
    return out


def build(ctx: PanelContext) -> list[ft.Control]:
    out: list[ft.Control] = []
    view = ctx.area("checklist", checklist_view)
    for i, item in enumerate(view["items"]):
        out += _item(ctx, view, item, i)
    return out


def _title(ctx: PanelContext) -> str:
    return trf("Now: {label}", label=current_phase(ctx.state, ctx.content).message())


register(Panel(id="checklist", title=_title, applies=applies, build=build, help_topic="rounds", order=5))
