"""Major Workers (Minions) or Large Workers (Predators & Prey): how many are out, and each colony's abilities.

Renders ``workers_view``; which body part unlocks which ability, and when each one acts, live
in ``companion.core.workers``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.words import part_name
from companion.core.workers import workers_view
from companion.core.workers.commands import SetEvolved, SetWorkers
from companion.core.workers.model import KEY, MODULES
from companion.ui.i18n import tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register, sends
from companion.ui.panels.broodmother.controls import check_row
from companion.ui.panels.scoring_controls import count, interpretations, line, note


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, workers_view)
    listed = view["actions"]
    s = ctx.sizes
    out: list[ft.Control] = []
    for text in view["now"]:
        out.append(note(trf("Now: {text}", text=text), s, icon=ft.Icons.BOLT))
    out.append(line(tr(view["action"]), s, identifier="workers-action"))
    for c in view["colonies"]:
        pid = c["id"]
        out.append(count(ctx, listed, trf("{who}: {workers} in play (of {pieces})", who=c["name"],
                                          workers=tr(view["name"]), pieces=view["pieces"]),
                         c["in_play"], partial(SetWorkers, pid), identifier=f"workers-{pid}-count"))
        for part in ("head", "thorax", "abdomen"):
            on = part in c["evolved"]
            out.append(check_row(trf("{who}: an Evolution on the {part}", who=c["name"], part=part_name(part)), on,
                                 sends(ctx, listed, SetEvolved(pid, part, not on)),
                                 s, identifier=f"workers-{pid}-{part}"))
        names = ", ".join(tr(a["name"]) for a in c["abilities"]) or tr("none yet")
        out.append(line(trf("{name}: {abilities}", name=c["name"], abilities=names), s,
                        identifier=f"workers-{pid}-abilities", size=s.small, muted=True))
    for a in view["all"]:
        out.append(line(trf("{ability}: {text}", ability=tr(a["name"]), text=tr(a["text"])), s, size=s.small))
    out += [note(tr(text), s) for text in view["rules"]]
    out.append(interpretations(ctx, [tr(t) for t in view["interpretations"]], "workers-interpretation"))
    return out


def _title(ctx: PanelContext) -> str:
    return tr("Large Workers") if ctx.state["game"] == "evolved" else tr("Major Workers")


register(Panel(id="workers", title=_title, applies=module_applies(KEY), build=build, help_topic="minions-base",
               modules=MODULES, order=39))
