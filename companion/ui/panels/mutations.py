"""Mutations on the game screen: the deal, the 2 kept per colony, and each ant's body part by part.

Renders ``mutations_view``; the deal, the redeal rule and what an Evolution covers live in
``companion.core.mutations``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.i18n import N_, Msg
from companion.core.mutations import mutations_view
from companion.core.mutations.commands import DealMutations, EnterDealt, KeepMutations, NameMutation, PlayEvolution
from companion.core.mutations.model import KEY
from companion.core.mutations.view import MutationsPlayer, MutationsView, ShownMutation
from companion.core.words import THE_PART
from companion.ui.i18n import render, tr, trf, verbatim
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import (
    Listed,
    command_choice,
    interpretations,
    line,
    note,
    view_text,
    wide_choice,
)

PART_NAMES = {"head": N_("Head"), "thorax": N_("Thorax"), "abdomen": N_("Abdomen")}


applies = module_applies(KEY)


def _dealt_line(d: ShownMutation, kept: bool) -> str:
    part = tr(PART_NAMES[d["part"]])
    if kept:
        return trf("{card} ({part}) · kept", card=d["label"], part=part)
    return trf("{card} ({part})", card=d["label"], part=part)


def _part_line(part: str, what: str, card: Msg | str) -> str:
    name = tr(PART_NAMES[part])
    if what == "evolution":
        return trf("{part}: an Evolution", part=name)
    if what == "empty":
        return trf("{part}: nothing yet", part=name)
    return trf("{part}: Mutation {card} (no caste bonus)", part=name, card=card)


def _player(ctx: PanelContext, listed: Listed, p: MutationsPlayer) -> list[ft.Control]:
    s, pid = ctx.sizes, p["id"]
    out: list[ft.Control] = [line(verbatim(p["name"]), s, identifier=f"mutations-{pid}", bold=True)]
    for d in p["dealt"]:
        out.append(line(_dealt_line(d, d["id"] in p["kept"]), s, identifier=f"mutations-{pid}-{d['id']}",
                        size=s.small))
        if d["ability"]:
            out.append(line(view_text(d["ability"]), s, size=s.small, muted=True))
    for part, what in p["parts"].items():
        out.append(line(_part_line(part, what, p["mutations"].get(part, "")), s, identifier=f"mutations-{pid}-{part}",
                        size=s.small))
    out.append(line(render(p["developed_text"]), s, identifier=f"mutations-{pid}-developed", size=s.small,
                    muted=True))
    offers = [command_choice(ctx, listed, PlayEvolution(pid, part), trf("{who}: an Evolution on {part}", who=p["name"],
                                                       part=tr(THE_PART[part])),
                    f"mutations-{pid}-evolve-{part}") for part in p["parts"]]
    if p["dealt"] and not p["kept"]:
        offers.append(wide_choice(trf("{who}: keep two Mutations", who=p["name"]),
                              ctx.answers.handler(partial(_ask_keep, ctx, p)), s,
                              identifier=f"mutations-{pid}-keep", kind="filled"))
    if not p["kept"]:
        offers.append(wide_choice(trf("{who}: enter the 4 dealt", who=p["name"]),
                              ctx.answers.handler(partial(_ask_dealt, ctx,
                                                              pid)), s, identifier=f"mutations-{pid}-enter",
                              kind="text"))
    out.append(ft.ResponsiveRow([o for o in offers if o is not None], spacing=8, run_spacing=8))
    return out


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, mutations_view)
    listed = view["actions"]
    s = ctx.sizes
    out: list[ft.Control] = []
    if view["redeal"]:
        out.append(note(render(view["redeal"]), s, identifier="mutations-redeal", icon=ft.Icons.WARNING_AMBER))
    deal = command_choice(ctx, listed, DealMutations(), tr("Deal 4 Mutations to each colony") if not view["dealt"]
                 else tr("Shuffle and deal 4 new Mutations to every colony"), "mutations-deal", "filled")
    if deal is not None:
        out.append(deal)
    for p in view["players"]:
        out += _player(ctx, listed, p)
    out.append(wide_choice(tr("Name a Mutation card (once)"), ctx.answers.handler(partial(_ask_name, ctx, view)), s,
                       identifier="mutations-name", kind="text", icon=ft.Icons.EDIT))
    out += [note(render(text), s, identifier=f"mutations-reminder-{i}") for i, text in enumerate(view["reminders"])]
    out.append(interpretations(ctx, [render(t) for t in view["interpretations"]], "mutations-interpretation"))
    return out


def _ask_keep(ctx: PanelContext, p: MutationsPlayer) -> None:
    options = tuple((d["id"], _dealt_line(d, False)) for d in p["dealt"])
    fields = [Field("first", tr("First Mutation"), "radio", options[0][0], options),
              Field("second", tr("Second Mutation (another body part)"), "radio", "", options)]
    ask(ctx, trf("{who}: keep two Mutations", who=p["name"]), fields,
        lambda v: KeepMutations(p["id"], v["first"], v["second"]), identifier="mutations-keep", save_label=tr("Keep"))


def _ask_dealt(ctx: PanelContext, pid: str) -> None:
    fields = [Field("ids", tr("The 4 cards' numbers in the list, e.g. m1 m9 m17 m18"))]
    ask(ctx, tr("Enter the 4 dealt"), fields, lambda v: EnterDealt(pid, tuple(v["ids"].replace(",", " ").split())),
        identifier="mutations-enter")


def _ask_name(ctx: PanelContext, view: MutationsView) -> None:
    listed = ", ".join(trf("{id} {card}", id=c["id"], card=c["label"]) for c in view["cards"])
    fields = [Field("id", trf("Card number ({cards})", cards=listed)), Field("name", tr("Its name as printed"))]
    ask(ctx, tr("Name a Mutation card"), fields, lambda v: NameMutation(v["id"], v["name"]),
        identifier="mutations-name-form")


register(Panel(id="mutations", title=lambda ctx: tr("Mutations"), applies=applies, build=build,
               help_topic="mutations", modules=(KEY,), order=34))
