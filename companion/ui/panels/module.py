"""The generic module panel: a module's name, its setup reminders from the data, and its "?".

It stands in for an enabled module that no tracker panel covers yet, so a table always
sees which modules are in play and can open their rules.
"""

from __future__ import annotations

import flet as ft

from companion.core.setup import setup_summary
from companion.ui.i18n import tr, trf
from companion.ui.panels import Panel, PanelContext


def _title(ctx: PanelContext) -> str:
    module = ctx.content.modules.get(ctx.module_id or "")
    return module.name if module else (ctx.module_id or tr("Module"))


def _build(ctx: PanelContext) -> list[ft.Control]:
    title = _title(ctx)
    steps = [s["text"] for s in setup_summary(ctx.state, ctx.content) if s["group"] == title]
    if not steps:
        return [ft.Text(tr("In play. The \"?\" opens its rules."),
                        size=ctx.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)]
    return [ft.Text(trf("- {step}", step=tr(text)), size=ctx.sizes.small) for text in steps]


MODULE_PANEL = Panel(id="module", title=_title, applies=lambda state: False, build=_build)
