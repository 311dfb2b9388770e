"""The drafting variant on the game screen: this round's draft as one step, and the Round Draft's carry-overs.

Renders ``drafting_view``; the numbers (deal, keep, let go) and when each rule applies live in
``companion.core.drafting``. The steps themselves are ticked in the "Now" checklist.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.drafting import drafting_view
from companion.core.drafting.commands import CarryOver
from companion.core.drafting.model import KEY
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.scoring_controls import count, interpretations, line, note


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, drafting_view)
    listed = view["actions"]
    s = ctx.sizes
    out: list[ft.Control] = []
    for v in view["variants"]:
        p = v["plan"]
        out.append(line(trf("{variant}: deal {deal}, keep {keep}", variant=tr(v["name"]), deal=p["deal"],
                            keep=p["keep"]), s,
                        identifier=f"drafting-{v['id']}", bold=True))
        out.append(line(render(v["now"]) if v["now"] else tr("No draft this round."), s,
                        identifier=f"drafting-{v['id']}-now"))
    out.append(line(tr(view["how"]), s, size=s.small, muted=True))
    if view["carry_now"]:
        for c in view["colonies"]:
            out.append(count(ctx, listed, trf("{name}: card-site cards kept at the next draft", name=c["name"]),
                             c["extra"], partial(CarryOver, c["id"], "extra"), identifier=f"drafting-{c['id']}-extra"))
            out.append(count(ctx, listed, trf("{name}: aphid-farm cards set aside", name=c["name"]), c["aside"],
                             partial(CarryOver, c["id"], "aside"), identifier=f"drafting-{c['id']}-aside"))
    out.append(ctx.piece("notes", _notes))
    return out


def _notes(ctx: PanelContext) -> list[ft.Control]:
    """The variants' reminders and the readings, a part kept as drawn while they are the same (Next moves this
    round's draft, not them: ``companion.ui.pieces``). The catalogue's own texts, translated by their keys."""
    view = ctx.area(KEY, drafting_view)
    reminders = [note(tr(text), ctx.sizes, identifier=f"drafting-reminder-{i}")
                 for i, text in enumerate(view["reminders"])]
    return [*reminders, interpretations(ctx, [tr(t) for t in view["interpretations"]], "drafting-interpretation")]


register(Panel(id="drafting", title=lambda ctx: tr("Drafting"), applies=module_applies(KEY), build=build,
               help_topic="drafting", order=37))
