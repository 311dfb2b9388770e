"""The Queen's Decree on the game screen: which decree is out, each colony's measure, the Slumber points.

Renders ``decree_view``; the scoring (round number to the best colony, 1 each on a tie,
nobody when every measure is 0) lives in ``companion.core.decrees``.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import flet as ft

from companion.core.commands.base import Command
from companion.core.decrees import decree_view
from companion.core.decrees.commands import ApplyDecree, ChooseDecree, SetMeasure
from companion.core.decrees.content import said
from companion.core.decrees.model import KEY
from companion.core.decrees.view import DecreeView
from companion.core.errors import GameError
from companion.ui import widgets
from companion.ui.fields import FieldMessage, text_field
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register, sends
from companion.ui.panels.scoring_controls import apply_button, buttons, choice, count, interpretations, line
from companion.ui.theme import DIALOG_BUTTON_GAP

applies = module_applies(KEY, "modules")


def _measure(player_id: str, value: int) -> Command:
    return SetMeasure(player_id, value)


def _known(decree_id: str) -> Command:
    return ChooseDecree(decree_id)


def _view(ctx: PanelContext) -> DecreeView:
    """The decree view with the decrees typed in earlier games (the panel and its title read the same one)."""
    typed = tuple(_typed_decrees(ctx))
    return ctx.area((KEY, typed), partial(decree_view, typed=typed))


def _typed_decrees(ctx: PanelContext) -> Iterator[ChooseDecree]:
    """The decrees typed in earlier games, offered again (the view says whether the game takes each now)."""
    for typed in ctx.services.typed_cards(ChooseDecree.name):
        yield ChooseDecree(decree_name=str(typed.get("decree_name", "")), measure=str(typed.get("measure", "")),
                           criterion=str(typed.get("criterion", "")))


def build(ctx: PanelContext) -> list[ft.Control]:
    view = _view(ctx)
    s, d, listed = ctx.sizes, view["decree"], view["actions"]
    out: list[ft.Control] = []
    if d is None:
        out.append(line(tr("Which Queen's Decree is beside the Great Tunnel?"), s, identifier="decree-ask"))
    else:
        out += [line(render(said(d, "name")), s, identifier="decree-name", bold=True),
                line(render(said(d, "criterion")), s, identifier="decree-criterion"),
                line(trf("Round {round}: the best colony gains {worth} CP; tied colonies gain 1 each.",
                         round=view['round'], worth=view['worth']), s, identifier="decree-worth", muted=True)]
    picks = [choice(render(said(k, "name")),
                    sends(ctx, listed, _known(k["id"])),
                    s, identifier=f"decree-pick-{k['id']}", selected=bool(d and d["id"] == k["id"]))
             for k in view["known"]]
    for n, again in enumerate(_typed_decrees(ctx)):
        picks.append(choice(again.decree_name, sends(ctx, listed, again), s, identifier=f"decree-typed-{n}",
                            selected=bool(d and d["id"] == "custom" and d["name"] == again.decree_name)))
    picks.append(choice(tr("Type the card's decree"), ctx.answers.handler(lambda: _ask_decree(ctx)), s,
                        identifier="decree-custom", kind="outlined", icon=ft.Icons.EDIT))
    out.append(buttons(picks))
    if d is not None:
        out += [ctx.piece(f"measure-{c['id']}", partial(_measure_part, c["id"])) for c in view["colonies"]]
        out.append(line(render(view["preview"]), s, identifier="decree-preview", bold=True))
        out += apply_button(ctx, listed, ApplyDecree(), view["applied"], tr("This round's decree is in the scores."),
                            identifier="decree-apply")
    out.append(interpretations(ctx, view["interpretations"], "decree-interpretation"))
    return out


def _measure_part(colony_id: str, ctx: PanelContext) -> list[ft.Control]:
    """One colony's measure, read from its own entry (``colonies_by_id``): a measure of Ana's draws her count again,
    not the others' (``companion.ui.pieces``)."""
    view = _view(ctx)
    d, c = view["decree"], view["colonies_by_id"][colony_id]
    value = c["measure"]
    label = trf("{name}: {measure}", name=c["name"], measure=said(d, "measure") if d else "")
    return [count(ctx, view["actions"], label, value or 0, partial(_measure, colony_id),
                  identifier=f"decree-measure-{colony_id}", shown="-" if value is None else None)]


def _ask_decree(ctx: PanelContext) -> None:
    """A decree the app does not list: its name, what each colony counts, and its condition, once."""
    s = ctx.sizes
    name = text_field(tr("Decree name"), s, autofocus=True, text_size=s.body, on_change=lambda _: None)
    measure = text_field(tr("What each colony counts (e.g. Chambers)"), s, text_size=s.body, on_change=lambda _: None)
    criterion = text_field(tr("Its condition, as on the card"), s, text_size=s.body, multiline=True,
                           on_change=lambda _: None)
    problem = FieldMessage(s, "decree-custom-problem")

    def save() -> None:
        try:
            ctx.dispatch(ChooseDecree(decree_name=name.box.value or "", measure=measure.box.value or "",
                                      criterion=criterion.box.value or ""))
        except GameError as exc:
            problem.show(str(exc))
            return
        ctx.dialogs.pop_dialog()

    ctx.dialogs.show_dialog(ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
        # Scrolls as a whole: at the largest text its three labelled fields are taller than a phone's screen
        modal=True, title=ft.Text(tr("Type the card's decree"), size=s.title), scrollable=True,
        semantics_label=tr("Type the card's decree"),
        content=ft.Column([name.control, measure.control, criterion.control, problem.control],
                          tight=True, spacing=8),
        actions=[
            widgets.tap_button(tr("Cancel"), ctx.answers.handler(ctx.dialogs.pop_dialog), kind="text",
                               identifier="decree-custom-cancel", sizes=s),
            widgets.tap_button(tr("Save decree"), ctx.answers.handler(save), identifier="decree-custom-save",
                               sizes=s),
        ]))


def _title(ctx: PanelContext) -> str:
    d = _view(ctx)["decree"]
    return trf("Queen's Decree: {decree}", decree=said(d, "name")) if d else tr("Queen's Decree")


register(Panel(id="decrees", title=_title, applies=applies, build=build, help_topic="queens-decrees",
               modules=(KEY,), order=31,
               reads=lambda ctx: ctx.services.typed_cards(ChooseDecree.name)))
