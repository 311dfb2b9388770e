"""Parasites on the game screen: each Parasitic Evolution with its parasite and host, its trigger, its end.

Renders ``parasites_view``; the rules (only on another colony, destroyed by an Evolution on top,
the trigger at the end of the Soldier Phase) live in ``companion.core.parasites``.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.parasites import parasites_view
from companion.core.parasites.commands import DestroyParasite, HostDidNotBattle, PlayParasite
from companion.core.parasites.model import KEY
from companion.core.state import State, ant_players
from companion.ui.i18n import tr
from companion.ui.panels import Panel, PanelContext, register
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import choice, interpretations, line, note

PARTS = (("head", "Head"), ("thorax", "Thorax"), ("abdomen", "Abdomen"))


def applies(state: State) -> bool:
    return KEY in state.get("modules_state", {})


def build(ctx: PanelContext) -> list[ft.Control]:
    view = parasites_view(ctx.state, ctx.content)
    s = ctx.sizes
    out: list[ft.Control] = []
    if not view["parasites"]:
        out.append(line(tr("No Parasitic Evolution in play."), s, identifier="parasites-none", muted=True))
    for x in view["parasites"]:
        xid = x["id"]
        where = tr("{card}: {parasite} on {host}'s {part}").format(
            card=x["card"], parasite=x["parasite_name"], host=x["host_name"], part=tr(x["part"]))
        out.append(line(where, s, identifier=f"parasites-{xid}", bold=True))
        if x["trigger"]:
            out.append(line(x["trigger"], s, size=s.small, muted=True))
        covers = tr("An Evolution covers {card}").format(card=x["card"])
        row = [choice(covers, ctx.handler(partial(DestroyParasite, xid)), s, identifier=f"parasites-{xid}-destroy",
                      kind="outlined")]
        if x["can_score"]:
            point = tr("{host} fought no battle: {parasite} +{cp}").format(
                host=x["host_name"], parasite=x["parasite_name"], cp=x["no_battle_cp"])
            row.insert(0, choice(point, ctx.handler(partial(HostDidNotBattle, xid)), s,
                                 identifier=f"parasites-{xid}-cp", kind="filled"))
        out.append(ft.Row(row, wrap=True, spacing=8, run_spacing=8))
    for c in view["known"]:
        out.append(choice(tr("Play {card}").format(
                card=c["name"]), ctx.app.handler(partial(_ask_play, ctx, c["name"])), s,
                          identifier=f"parasites-play-{c['name'].replace(' ', '-').casefold()}", kind="outlined",
                          icon=ft.Icons.ADD))
    out.append(choice(tr("Play another Parasitic card (typed once)"), ctx.app.handler(partial(_ask_play, ctx, "")), s,
                      identifier="parasites-play-other", kind="text", icon=ft.Icons.EDIT))
    if view["destroyed"]:
        out.append(line(f"{tr('Destroyed')}: {', '.join(view['destroyed'])}", s, size=s.small, muted=True))
    out += [note(text, s, identifier=f"parasites-reminder-{i}") for i, text in enumerate(view["reminders"])]
    out.append(interpretations(ctx, view["interpretations"], "parasites-interpretation"))
    return out


def _ask_play(ctx: PanelContext, card: str) -> None:
    colonies = tuple((p["id"], p["name"]) for p in ant_players(ctx.state))
    fields: list[Field] = [] if card else [Field("card", tr("Card name, as printed")),
                                          Field("part", tr("Body part"), "radio", "head", PARTS),
                                          Field("trigger", tr("Its Parasite text, in a few words"))]
    fields += [Field("parasite", tr("Played by (the parasite)"), "radio", colonies[0][0], colonies),
               Field("host", tr("On the ant of (the host)"), "radio", colonies[1][0] if len(colonies) > 1 else "",
                     colonies)]

    def make(v: dict[str, Any]) -> PlayParasite:
        return PlayParasite(card or v["card"], v["parasite"], v["host"], v.get("part", ""), v.get("trigger", ""))

    ask(ctx, f"{tr('Play')} {card or tr('a Parasitic card')}", fields, make, identifier="parasites-form",
        save_label=tr("Play"))


register(Panel(id="parasites", title=lambda ctx: tr("Parasites"), applies=applies, build=build,
               help_topic="parasites", modules=(KEY,), order=38))
