"""Parasites on the game screen: each Parasitic Evolution with its parasite and host, its trigger, its end.

Renders ``parasites_view``; the rules (only on another colony, destroyed by an Evolution on top,
the trigger at the end of the Soldier Phase) live in ``companion.core.parasites``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.actions import allowed
from companion.core.i18n import N_, is_message
from companion.core.parasites import parasites_view
from companion.core.parasites.commands import DestroyParasite, HostDidNotBattle, PlayParasite
from companion.core.parasites.model import KEY
from companion.core.schema import JsonObject
from companion.core.state import ant_players
from companion.ui.i18n import Renderable, render, tr, trf, verbatim
from companion.ui.panels import Panel, PanelContext, module_applies, register, sends
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import interpretations, line, note, wide_choice

PARTS = (("head", N_("Head")), ("thorax", N_("Thorax")), ("abdomen", N_("Abdomen")))
#: "Incubator Head: Ana on Bo's head", by body part (the possessive differs by language).
WHERE = {"head": N_("{card}: {parasite} on {host}'s head"), "thorax": N_("{card}: {parasite} on {host}'s thorax"),
         "abdomen": N_("{card}: {parasite} on {host}'s abdomen")}


def _text(value: Renderable) -> str:
    """A text of the view: a message in the reader's language, a typed text as it is."""
    return render(value) if is_message(value) else verbatim(str(value))


applies = module_applies(KEY)


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, parasites_view)
    listed, s = view["actions"], ctx.sizes
    out: list[ft.Control] = []
    if not view["parasites"]:
        out.append(line(tr("No Parasitic Evolution in play."), s, identifier="parasites-none", muted=True))
    for x in view["parasites"]:
        xid = x["id"]
        where = trf(WHERE[x["part"]], card=x["card"], parasite=x["parasite_name"], host=x["host_name"])
        out.append(line(where, s, identifier=f"parasites-{xid}", bold=True))
        if x["trigger"]:
            out.append(line(_text(x["says"]), s, size=s.small, muted=True))
        covers = trf("An Evolution covers {card}", card=x["card"])
        row = [wide_choice(covers, sends(ctx, listed, DestroyParasite(xid)), s, identifier=f"parasites-{xid}-destroy",
                           kind="outlined")]
        if allowed(listed, HostDidNotBattle(xid)):
            point = trf("{host} fought no battle: {parasite} +{cp}", host=x["host_name"], parasite=x["parasite_name"],
                        cp=x["no_battle_cp"])
            row.insert(0, wide_choice(point, sends(ctx, listed, HostDidNotBattle(xid)), s,
                                      identifier=f"parasites-{xid}-cp", kind="filled"))
        out.append(ft.ResponsiveRow(row, spacing=8, run_spacing=8))
    for c in view["known"]:
        out.append(wide_choice(trf("Play {card}", card=c["name"]), ctx.answers.handler(partial(_ask_play, ctx,
                                                                                               c["name"])), s,
                           identifier=f"parasites-play-{c['name'].replace(' ', '-').casefold()}", kind="outlined",
                           icon=ft.Icons.ADD))
    out.append(wide_choice(tr("Play another Parasitic card (typed once)"), ctx.answers.handler(partial(_ask_play,
                                                                                                       ctx, "")), s,
                       identifier="parasites-play-other", kind="text", icon=ft.Icons.EDIT))
    if view["destroyed"]:
        out.append(line(trf("Destroyed: {cards}", cards=", ".join(render(d) for d in view["destroyed"])), s,
                        size=s.small, muted=True))
    out += [note(render(text), s, identifier=f"parasites-reminder-{i}") for i, text in enumerate(view["reminders"])]
    out.append(interpretations(ctx, [render(t) for t in view["interpretations"]], "parasites-interpretation"))
    return out


def _ask_play(ctx: PanelContext, card: str) -> None:
    colonies = tuple((p["id"], p["name"]) for p in ant_players(ctx.state))
    fields: list[Field] = [] if card else [Field("card", tr("Card name, as printed")),
                                          Field("part", tr("Body part"), "radio", "head",
                                                tuple((k, tr(v)) for k, v in PARTS)),
                                          Field("trigger", tr("Its Parasite text, in a few words"))]
    fields += [Field("parasite", tr("Played by (the parasite)"), "radio", colonies[0][0], colonies),
               Field("host", tr("On the ant of (the host)"), "radio", colonies[1][0] if len(colonies) > 1 else "",
                     colonies)]

    def make(v: JsonObject) -> PlayParasite:
        return PlayParasite(card or v["card"], v["parasite"], v["host"], v.get("part", ""), v.get("trigger", ""))

    ask(ctx, trf("Play {card}", card=card) if card else tr("Play a Parasitic card"), fields, make,
        identifier="parasites-form",
        save_label=tr("Play"))


register(Panel(id="parasites", title=lambda ctx: tr("Parasites"), applies=applies, build=build,
               help_topic="parasites", modules=(KEY,), order=38))
