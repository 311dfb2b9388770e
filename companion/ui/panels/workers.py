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
    """Each colony's workers and Evolutions, then what each ability does. A colony's count and its abilities are
    parts read from its own entry (``colonies_by_id``), kept while it is the same, and what the abilities do is a
    part that never changes in a game (``companion.ui.pieces``); the tick boxes are drawn with the panel (a part holds
    nothing the browser writes into)."""
    view = ctx.area(KEY, workers_view)
    listed = view["actions"]
    s = ctx.sizes
    out: list[ft.Control] = []
    for text in view["now"]:
        out.append(note(trf("Now: {text}", text=text), s, icon=ft.Icons.BOLT))
    out.append(line(tr(view["action"]), s, identifier="workers-action"))
    for c in view["colonies"]:
        pid = c["id"]
        out.append(ctx.piece(f"count-{pid}", partial(_count_part, pid)))
        for part in ("head", "thorax", "abdomen"):
            on = part in c["evolved"]
            out.append(check_row(trf("{who}: an Evolution on the {part}", who=c["name"], part=part_name(part)), on,
                                 sends(ctx, listed, SetEvolved(pid, part, not on)),
                                 s, identifier=f"workers-{pid}-{part}"))
        out.append(ctx.piece(f"abilities-{pid}", partial(_abilities_part, pid)))
    out.append(ctx.piece("about", _about_part))
    return out


def _count_part(pid: str, ctx: PanelContext) -> list[ft.Control]:
    """A colony's workers in play, one less or more."""
    view = ctx.area(KEY, workers_view)
    c = view["colonies_by_id"][pid]
    return [count(ctx, view["actions"], trf("{who}: {workers} in play (of {pieces})", who=c["name"],
                                            workers=tr(view["name"]), pieces=view["pieces"]),
                  c["in_play"], partial(SetWorkers, pid), identifier=f"workers-{pid}-count")]


def _abilities_part(pid: str, ctx: PanelContext) -> list[ft.Control]:
    """The abilities a colony's Evolutions have unlocked."""
    c, s = ctx.area(KEY, workers_view)["colonies_by_id"][pid], ctx.sizes
    names = ", ".join(tr(a["name"]) for a in c["abilities"]) or tr("none yet")
    return [line(trf("{name}: {abilities}", name=c["name"], abilities=names), s,
                 identifier=f"workers-{pid}-abilities", size=s.small, muted=True)]


def _about_part(ctx: PanelContext) -> list[ft.Control]:
    """What each ability does, the rules to remember and how the app reads them: the same all game."""
    view, s = ctx.area(KEY, workers_view), ctx.sizes
    out = [line(trf("{ability}: {text}", ability=tr(a["name"]), text=tr(a["text"])), s, size=s.small)
           for a in view["all"]]
    out += [note(tr(text), s) for text in view["rules"]]
    out.append(interpretations(ctx, [tr(t) for t in view["interpretations"]], "workers-interpretation"))
    return out


def _title(ctx: PanelContext) -> str:
    return tr("Large Workers") if ctx.state["game"] == "evolved" else tr("Major Workers")


register(Panel(id="workers", title=_title, applies=module_applies(KEY), build=build, help_topic="minions-base",
               modules=MODULES, order=39))
