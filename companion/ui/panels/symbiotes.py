"""Symbiote tokens on the game screen: who holds whose, the bonuses, the Slumber swaps and the end points.

Renders ``symbiotes_view``; the swap rules (Slumber only, not Autumn's, once per pair) and the
end points (booked when the game is finished) live in ``companion.core.symbiotes``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.symbiotes import symbiotes_view
from companion.core.symbiotes.commands import Exchange, ReturnForBattle, token_name
from companion.core.symbiotes.model import KEY, held_by, symbiotes
from companion.core.symbiotes.view import SymbiotesView
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import choice, interpretations, line, note

applies = module_applies(KEY, "variants")


def build(ctx: PanelContext) -> list[ft.Control]:
    view = symbiotes_view(ctx.state, ctx.content)
    s = ctx.sizes
    out: list[ft.Control] = []
    for p in view["players"]:
        held = ", ".join(render(t["name"]) for t in p["held"]) or tr("no token")
        out.append(line(trf("{name}: {held}", name=p["name"], held=held), s, identifier=f"symbiotes-{p['id']}",
                        bold=True))
        out.append(line("; ".join(render(b) for b in p["bonus"]) or tr("no bonus"), s, size=s.small, muted=True))
        out.append(line(trf("At the end: {points} CP", points=p["end_points"]), s,
                        identifier=f"symbiotes-{p['id']}-points", size=s.small))
    if view["exchange"]:
        out.append(note(render(view["exchange"]), s, identifier="symbiotes-why"))
    else:
        out.append(choice(tr("Swap Symbiote tokens (colonies sharing a hex)"),
                          ctx.answers.handler(partial(_ask_swap, ctx, view)), s, identifier="symbiotes-swap",
                          kind="filled"))
    out.append(choice(tr("A battle starts: give back each other's tokens"),
                      ctx.answers.handler(partial(_ask_battle, ctx, view)), s, identifier="symbiotes-battle",
                      kind="outlined"))
    if view["booked"] is not None:
        out.append(note(tr("The end points are in the final scores."), s, identifier="symbiotes-booked",
                        icon=ft.Icons.CHECK_CIRCLE_OUTLINE))
    out += [note(tr(text), s, identifier=f"symbiotes-reminder-{i}") for i, text in enumerate(view["reminders"])]
    out.append(interpretations(ctx, [tr(t) for t in view["interpretations"]], "symbiotes-interpretation"))
    return out


def _colonies(view: SymbiotesView) -> tuple[tuple[str, str], ...]:
    return tuple((p["id"], p["name"]) for p in view["players"])


def _tokens(ctx: PanelContext) -> tuple[tuple[str, str], ...]:
    s = symbiotes(ctx.state)
    names = {p["id"]: p["name"] for p in ctx.state["players"]}
    return tuple((t, render(token_name(ctx.state, t))) for pid in names for t in held_by(s, pid))


def _ask_swap(ctx: PanelContext, view: SymbiotesView) -> None:
    colonies, tokens = _colonies(view), _tokens(ctx)
    fields = [Field("a", tr("First colony"), "radio", colonies[0][0], colonies),
              Field("ta", tr("The token it gives"), "radio", "", tokens),
              Field("b", tr("Second colony"), "radio", colonies[1][0] if len(colonies) > 1 else "", colonies),
              Field("tb", tr("The token it gives"), "radio", "", tokens)]
    ask(ctx, tr("Swap Symbiote tokens"), fields, lambda v: Exchange(v["a"], v["ta"], v["b"], v["tb"]),
        identifier="symbiotes-swap-form", save_label=tr("Swap"))


def _ask_battle(ctx: PanelContext, view: SymbiotesView) -> None:
    colonies = _colonies(view)
    fields = [Field("a", tr("One colony in the battle"), "radio", colonies[0][0], colonies),
              Field("b", tr("The other colony"), "radio", colonies[1][0] if len(colonies) > 1 else "", colonies)]
    ask(ctx, tr("Tokens given back at a battle"), fields, lambda v: ReturnForBattle(v["a"], v["b"]),
        identifier="symbiotes-battle-form", save_label=tr("Give back"))


register(Panel(id="symbiotes", title=lambda ctx: tr("Symbiote tokens"), applies=applies, build=build,
               help_topic="symbiote-tokens", modules=(KEY,), order=35))
