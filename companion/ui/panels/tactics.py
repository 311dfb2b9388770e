"""Tactics in a battle, as ordered steps, and Flooded Spring's setup: references with their moment.

Renders ``companion.core.reference``: the order of Tactic effects (the attacker's first; in
Predators & Prey, playing order from the defender's left) and the leave-a-battle rule.
"""

from __future__ import annotations

import flet as ft

from companion.core.reference import flooded_view, tactics_steps, tactics_view, uses_tactics
from companion.core.state import State, has
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, register
from companion.ui.panels.scoring_controls import line, note


def build_tactics(ctx: PanelContext) -> list[ft.Control]:
    """When battles come, then a battle's steps: a part kept as drawn, which Next leaves alone
    (``companion.ui.pieces``)."""
    view = tactics_view(ctx.state, ctx.content)
    return [note(render(view["reminder"]), ctx.sizes, identifier="tactics-now",
                 icon=ft.Icons.BOLT if view["now"] else ft.Icons.INFO_OUTLINE),
            ctx.piece("steps", _steps)]


def _steps(ctx: PanelContext) -> list[ft.Control]:
    """A battle's steps, notes and source: the edition's, read from the game's edition alone."""
    view, s = tactics_steps(ctx.state, ctx.content), ctx.sizes
    out = [line(trf("{index}. {step}", index=i, step=text), s, identifier=f"tactics-step-{i}")
           for i, text in enumerate(view["steps"], start=1)]
    out += [line(render(text), s, size=s.small, muted=True) for text in view["notes"]]
    out.append(line(render(view["source"]), s, size=s.small, muted=True, italic=True))
    return out


def build_flooded(ctx: PanelContext) -> list[ft.Control]:
    view = flooded_view(ctx.state, ctx.content)
    s = ctx.sizes
    out: list[ft.Control] = [line(trf("Setup: {setup}", setup=view["setup"]), s, identifier="flooded-setup",
                                  bold=view["now"])]
    out += [line(render(text), s, size=s.small, muted=True) for text in view["notes"]]
    return out


def _tactics_applies(state: State) -> bool:
    return state["game"] in ("mota", "evolved") and uses_tactics(state)


def _flooded_applies(state: State) -> bool:
    return has(state, "flooded-spring")


register(Panel(id="tactics", title=lambda ctx: tr("Tactics in a battle"),
               applies=lambda state: _tactics_applies(state) and state["game"] == "mota",
               build=build_tactics, help_topic="tactics", modules=("tactics",), order=40))
register(Panel(id="pp-tactics", title=lambda ctx: tr("Tactics in a battle"),
               applies=lambda state: _tactics_applies(state) and state["game"] == "evolved",
               build=build_tactics, help_topic="pp-tactics", order=40))
register(Panel(id="flooded-spring", title=lambda ctx: tr("Flooded Spring"), applies=_flooded_applies,
               build=build_flooded, help_topic="flooded-spring", order=41))
