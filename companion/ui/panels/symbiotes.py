"""Symbiote tokens on the game screen: who holds whose, the bonuses, the Slumber swaps and the end points.

Renders ``symbiotes_view``: the swap rules (Slumber only, not Autumn's, once per pair) and the end points (booked
when the game is finished) live in ``companion.core.symbiotes``; whether a swap may be made now and which pairs'
battles give tokens back are its view's ``actions``, read here, never asked of the game.
"""

from __future__ import annotations

from functools import partial
from itertools import combinations

import flet as ft

from companion.core.actions import action_key
from companion.core.symbiotes import symbiotes_view
from companion.core.symbiotes.commands import Exchange, ReturnForBattle
from companion.core.symbiotes.model import KEY
from companion.core.symbiotes.view import SymbiotesView
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import choice, command_choice, interpretations, line, note

applies = module_applies(KEY, "variants")


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, symbiotes_view)
    s = ctx.sizes
    out: list[ft.Control] = [ctx.piece("holders", _holders)]  # kept as drawn while the tokens stay (``pieces``)
    if view["exchange"] is not None:
        out.append(note(render(view["exchange"]), s, identifier="symbiotes-why"))
    else:
        out.append(choice(tr("Swap Symbiote tokens (colonies sharing a hex)"),
                          ctx.answers.handler(partial(_ask_swap, ctx, view)), s, identifier="symbiotes-swap",
                          kind="filled"))
    out.append(ctx.piece("battles", lambda own: _battles(own, own.area(KEY, symbiotes_view))))
    if view["booked"] is not None:
        out.append(note(tr("The end points are in the final scores."), s, identifier="symbiotes-booked",
                        icon=ft.Icons.CHECK_CIRCLE_OUTLINE))
    out.append(ctx.piece("notes", _notes))
    return out


def _notes(ctx: PanelContext) -> list[ft.Control]:
    """The reminders and interpretations, kept as drawn while they are the same (``companion.ui.pieces``). Not
    ``scoring_controls.notes_part``: these texts are catalogue keys (``tr``), not messages; rendered as messages
    they show as plain text outside the catalogue (the pseudo-locale walk of ``test_i18n_browser.py`` fails)."""
    view = ctx.area(KEY, symbiotes_view)
    return [*(note(tr(text), ctx.sizes, identifier=f"symbiotes-reminder-{i}")
              for i, text in enumerate(view["reminders"])),
            interpretations(ctx, [tr(t) for t in view["interpretations"]], "symbiotes-interpretation")]


def _holders(ctx: PanelContext) -> list[ft.Control]:
    """Each colony's tokens, their bonus and their points at the end."""
    s = ctx.sizes
    out: list[ft.Control] = []
    for p in ctx.area(KEY, symbiotes_view)["players"]:
        held = ", ".join(render(t["name"]) for t in p["held"]) or tr("no token")
        out.append(line(trf("{name}: {held}", name=p["name"], held=held), s, identifier=f"symbiotes-{p['id']}",
                        bold=True))
        out.append(line("; ".join(render(b) for b in p["bonus"]) or tr("no bonus"), s, size=s.small, muted=True))
        out.append(line(trf("At the end: {points} CP", points=p["end_points"]), s,
                        identifier=f"symbiotes-{p['id']}-points", size=s.small))
    return out


def _battles(ctx: PanelContext, view: SymbiotesView) -> list[ft.Control]:
    """One button per pair of colonies whose battle gives tokens back now (its label what it gives back), or
    a note that none would."""
    out: list[ft.Control] = []
    for a, b in combinations(view["players"], 2):
        battle = ReturnForBattle(a["id"], b["id"])
        said = view["says"].get(action_key(battle))
        button = command_choice(ctx, view["actions"], battle, render(said) if said else "",
                                f"symbiotes-battle-{a['id']}-{b['id']}")
        if button is not None:
            out.append(button)
    if not out:
        return [note(tr("No colony holds another's Symbiote token: a battle gives none back."), ctx.sizes,
                     identifier="symbiotes-no-battle")]
    return [line(tr("A battle starts: give back each other's tokens"), ctx.sizes, bold=True), *out]


def _colonies(view: SymbiotesView) -> tuple[tuple[str, str], ...]:
    return tuple((p["id"], p["name"]) for p in view["players"])


def _tokens(view: SymbiotesView) -> tuple[tuple[str, str], ...]:
    return tuple((t["id"], render(t["name"])) for p in view["players"] for t in p["held"])


def _ask_swap(ctx: PanelContext, view: SymbiotesView) -> None:
    colonies, tokens = _colonies(view), _tokens(view)
    fields = [Field("a", tr("First colony"), "radio", colonies[0][0], colonies),
              Field("ta", tr("The token it gives"), "radio", "", tokens),
              Field("b", tr("Second colony"), "radio", colonies[1][0] if len(colonies) > 1 else "", colonies),
              Field("tb", tr("The token it gives"), "radio", "", tokens)]
    ask(ctx, tr("Swap Symbiote tokens"), fields, lambda v: Exchange(v["a"], v["ta"], v["b"], v["tb"]),
        identifier="symbiotes-swap-form", save_label=tr("Swap"))


register(Panel(id="symbiotes", title=lambda ctx: tr("Symbiote tokens"), applies=applies, build=build,
               help_topic="symbiote-tokens", modules=(KEY,), order=35))
