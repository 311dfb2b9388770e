"""Chambers and eggs on the game screen: each colony's chambers, eggs out of spaces, and what activates now.

Renders ``chambers_view`` and sends the core's commands; the rules (free space only, full to
activate, the card's phase, an Old Tunnel once, 36 ant markers in Predators & Prey) live in
``companion.core.chambers``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.actions import allowed
from companion.core.chambers import chambers_view
from companion.core.chambers.commands import (
    ActivateChamber,
    DefineCard,
    DiscardChamber,
    KeepNestChambers,
    PlaceEgg,
    PlayChamber,
    SetMarkers,
    SoloEggs,
    TakeEgg,
    TakeOldTunnel,
)
from companion.core.chambers.model import KEY, MODULES
from companion.core.chambers.view import ChamberShown, ChambersPlayer, ChambersView, TitledCard
from companion.core.commands.base import Command
from companion.core.i18n import N_
from companion.core.schema import JsonObject
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import (
    boxed,
    command_choice,
    count,
    interpretations,
    line,
    note,
    view_text,
    wide_choice,
)

PHASES = (("worker", N_("Worker Phase")), ("soldier", N_("Soldier Phase")), ("queen", N_("Queen Phase")))


applies = module_applies(KEY)


def _chamber(ctx: PanelContext, view: ChambersView, owner: str, ch: ChamberShown) -> ft.Control:
    s, cid = ctx.sizes, ch["id"]
    if ch["whole_game"]:
        state = tr("reverse side: an ability for the whole game")
    else:
        state = trf("{eggs} of {spaces} eggs", eggs=ch["eggs"], spaces=ch["capacity"])
    rows: list[ft.Control] = [
        line(trf("{card} · {state} · {phase}", card=ch["title"], state=state, phase=ch["phase_name"]), s,
             identifier=f"chambers-{cid}", bold=True),
    ]
    if ch["ability"]:
        rows.append(line(view_text(ch["ability"]), s, size=s.small, muted=True))
    rows.append(line(tr("Full: it can activate now.") if ch["can_activate"] else render(ch["why_not"]), s,
                     identifier=f"chambers-{cid}-status", size=s.small))
    card = ch["title"]
    tap = partial(command_choice, ctx, view["actions"])
    offers = [
        tap(ActivateChamber(cid), trf("Activate {card}", card=card), f"chambers-{cid}-activate", "filled"),
        tap(PlaceEgg(cid), trf("{who}: an egg into {card} instead of a Reaction", who=owner, card=card),
            f"chambers-{cid}-egg"),
        tap(PlaceEgg(cid, "losses"), trf("{who}: a battle loss into {card}", who=owner, card=card),
            f"chambers-{cid}-loss"),
        tap(PlaceEgg(cid, "reaction", "larva"), trf("No egg left: a larva into {card}", card=card),
            f"chambers-{cid}-larva", "text"),
        tap(TakeEgg(cid), trf("An egg from {card} becomes a larva", card=card), f"chambers-{cid}-take", "text"),
        tap(DiscardChamber(cid), trf("Discard {card}", card=card), f"chambers-{cid}-discard", "text"),
    ]
    rows.append(ft.ResponsiveRow([o for o in offers if o is not None], spacing=8, run_spacing=8))
    return boxed(rows)


def _player(ctx: PanelContext, view: ChambersView, p: ChambersPlayer) -> list[ft.Control]:
    s, pid = ctx.sizes, p["id"]
    out: list[ft.Control] = [line(trn("{who}: 1 egg in chambers", "{who}: {n} eggs in chambers", p["eggs"],
                                      who=p["name"]), s, identifier=f"chambers-{pid}", bold=True)]
    if view["edition"] == "evolved" and (in_play := p["markers_in_play"]) is not None:
        out.append(count(ctx, view["actions"], trf("{who}: ant markers in play outside the chambers", who=p["name"]),
                         in_play, partial(SetMarkers, pid),
                         identifier=f"chambers-{pid}-markers"))
        out.append(line(trf("{free} of {limit} ant markers free for eggs", free=p["markers_free"],
                            limit=view["marker_limit"]), s, identifier=f"chambers-{pid}-free", size=s.small,
                        muted=True))
    out += [_chamber(ctx, view, p["name"], ch) for ch in p["chambers"]]
    offers: list[ft.Control] = []
    if view["edition"] == "mota":
        for card in view["cards"]:
            if card["kind"] == "chamber":
                offers.append(wide_choice(trf("{who}: play {card}", who=p["name"], card=card["title"]),
                                      ctx.answers.handler(partial(_ask_play, ctx, pid, card)), s,
                                      identifier=f"chambers-{pid}-play-{_slug(card['name'])}", kind="outlined",
                                      icon=ft.Icons.ADD))
            elif allowed(view["actions"], TakeOldTunnel(pid, card["name"])):
                offers.append(wide_choice(trf("{who}: starts with {card}", who=p["name"], card=card["title"]),
                                      ctx.handler(partial(TakeOldTunnel, pid, card["name"])), s,
                                      identifier=f"chambers-{pid}-tunnel-{_slug(card['name'])}", kind="outlined"))
        if allowed(view["actions"], SoloEggs(pid)):
            offers.append(wide_choice(tr("The centipedes took an Evolution: 1 egg in each Chamber"),
                                  ctx.handler(partial(SoloEggs, pid)), s, identifier=f"chambers-{pid}-solo"))
    elif not p["chambers"]:
        offers.append(wide_choice(trf("{who}: keep two Nest Chambers", who=p["name"]),
                              ctx.answers.handler(partial(_ask_nest, ctx, pid, view)), s,
                              identifier=f"chambers-{pid}-nest", kind="outlined", icon=ft.Icons.ADD))
    out.append(ft.ResponsiveRow(offers, spacing=8, run_spacing=8))
    return out


def _colony_part(player_id: str, ctx: PanelContext) -> list[ft.Control]:
    """One colony's eggs, markers, chambers and cards to play, read from its own entry (``players_by_id``): an egg in
    Ana's chamber draws her part again, not Bo's (``companion.ui.pieces``)."""
    view = ctx.area(KEY, chambers_view)
    return _player(ctx, view, view["players_by_id"][player_id])


def _slug(name: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in name.casefold())


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, chambers_view)
    s = ctx.sizes
    now = ", ".join(render(n) for n in view["now"])
    out: list[ft.Control] = [line(trf("Can activate now: {chambers}", chambers=now) if now
                                  else tr("Can activate now: none"), s, identifier="chambers-now", bold=True)]
    out += [ctx.piece(f"colony-{p['id']}", partial(_colony_part, p["id"])) for p in view["players"]]
    out.append(wide_choice(tr("Enter a chamber card (its spaces and phase, once)"),
                       ctx.answers.handler(partial(_ask_card, ctx,
                                                       view)), s, identifier="chambers-define", kind="outlined",
                       icon=ft.Icons.EDIT))
    for n in view["named"]:
        out.append(note(trf("{card}: {note} Enter its spaces and phase once to play it.", card=n["name"],
                            note=n["note"]), s))
    out += [note(render(text), s, identifier=f"chambers-reminder-{i}") for i, text in enumerate(view["reminders"])]
    out.append(interpretations(ctx, [render(t) for t in view["interpretations"]], "chambers-interpretation"))
    return out


def _ask_play(ctx: PanelContext, pid: str, card: TitledCard) -> None:
    fields = [Field("eggs", trf("Eggs (1-{spaces}, one larva or ant paid each)", spaces=card["capacity"]), "number",
                    "1"),
              Field("paid", tr("Paid with"), "radio", "larvae",
                    (("larvae", tr("Larvae")), ("ants", tr("Ants")), ("free", tr("Played for free: no egg")))),]

    def make(v: JsonObject) -> Command:
        return PlayChamber(pid, card["name"], 0 if v["paid"] == "free" else v["eggs"], v["paid"])

    ask(ctx, trf("Play {card}", card=card["name"]), fields, make, identifier="chambers-play", save_label=tr("Play"))


def _ask_card(ctx: PanelContext, view: ChambersView) -> None:
    phases = tuple((k, tr(v)) for k, v in PHASES) + ((("any", tr("As the card says")),) if view["edition"] == "evolved"
                                                     else ())
    kinds = (("chamber", tr("Chamber")), ("old-tunnel", tr("Old Tunnel")))
    fields = [Field("name", tr("Card name")), Field("spaces", tr("Egg spaces"), "number", "3"),
              Field("phase", tr("Activates in"), "radio", "queen", phases),
              Field("kind", tr("Kind"), "radio", "chamber", kinds), Field("ability", tr("Its ability, in a few words"))]

    def make(v: JsonObject) -> Command:
        return DefineCard(v["name"], v["spaces"], v["phase"], v["kind"], v["ability"])

    ask(ctx, tr("Enter a chamber card"), fields, make, identifier="chambers-card")


def _ask_nest(ctx: PanelContext, pid: str, view: ChambersView) -> None:
    tunnels = tuple((c["name"], c["name"]) for c in view["cards"] if c["kind"] == "old-tunnel")
    faces = tuple((c["name"], c["name"]) for c in view["cards"] if c["kind"] == "chamber")
    fields = [Field("tunnel", tr("Kept on its Old Tunnel side"), "radio", tunnels[0][0] if tunnels else "", tunnels),
              Field("chamber", tr("Kept on its chamber side (enter the card first if it is not listed)"), "radio",
                    "", faces)]
    ask(ctx, tr("Keep two Nest Chambers"), fields, lambda v: KeepNestChambers(pid, v["tunnel"], v["chamber"]),
        identifier="chambers-nest")


def _title(ctx: PanelContext) -> str:
    return tr("Nest Chambers") if ctx.state["game"] == "evolved" else tr("Chambers and eggs")


register(Panel(id="chambers", title=_title, applies=applies, build=build, help_topic="chambers", modules=MODULES,
               order=33))
