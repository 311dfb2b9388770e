"""Seasons on the game screen: the Season in force, this round's reveal, and the cards typed once.

Renders ``seasons_view``; the deck (2 Early on top of 2 Late, seeded) and the reveal live in
``companion.core.seasons``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.i18n import is_message
from companion.core.seasons import seasons_view
from companion.core.seasons.commands import BuildSeasons, DescribeSeason, EnterSeasons, RevealSeason
from companion.core.seasons.model import KEY
from companion.core.seasons.view import SeasonsView
from companion.ui.i18n import Renderable, render, tr, trf, trn, verbatim
from companion.ui.panels import Panel, PanelContext, module_applies, register, sends
from companion.ui.panels.forms import Field, ask
from companion.ui.panels.scoring_controls import command_choice, interpretations, line, note, wide_choice

applies = module_applies(KEY, "variants")


def _text(value: Renderable) -> str:
    """A text of the view: a message in the reader's language, a typed text as it is."""
    return render(value) if is_message(value) else verbatim(str(value))


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, seasons_view)
    listed, s = view["actions"], ctx.sizes
    out: list[ft.Control] = []
    now = view["in_force"]
    if now:
        out.append(line(trf("In force: {card}", card=now["label"]), s, identifier="seasons-now", bold=True))
        if now["effect"]:
            out.append(line(_text(now["says"]), s, identifier="seasons-effect"))
    else:
        out.append(line(tr("No Season revealed yet."), s, identifier="seasons-now", muted=True))
    if not view["built"]:
        out.append(wide_choice(tr("Build the Seasons deck (2 Early on top of 2 Late)"),
                               sends(ctx, listed, BuildSeasons()), s, identifier="seasons-build", kind="filled"))
        out.append(wide_choice(tr("Enter the deck built at the table"), ctx.answers.handler(partial(_ask_deck, ctx)), s,
                           identifier="seasons-enter", kind="text"))
    elif reveal := command_choice(ctx, listed, RevealSeason(), tr("Reveal this round's Season"), "seasons-reveal",
                                  "filled"):
        out.append(reveal)
    out.append(line(trn("1 card left in the Seasons deck", "{n} cards left in the Seasons deck", view["left"]), s,
                    size=s.small, muted=True))
    for r in view["revealed"]:
        out.append(line(trf("Round {round}: {card}", round=r["round"], card=r["label"]), s, size=s.small,
                        identifier=f"seasons-round-{r['round']}"))
    out.append(wide_choice(tr("Type a Season card's name and effect (once)"),
                       ctx.answers.handler(partial(_ask_card, ctx,
                                                       view)), s, identifier="seasons-describe", kind="text",
                       icon=ft.Icons.EDIT))
    out += [note(render(text), s, identifier=f"seasons-reminder-{i}") for i, text in enumerate(view["reminders"])]
    out.append(interpretations(ctx, [render(t) for t in view["interpretations"]], "seasons-interpretation"))
    return out


def _ask_deck(ctx: PanelContext) -> None:
    fields = [Field("ids", tr("The 4 cards top first, e.g. e2 e4 l1 l3"))]
    ask(ctx, tr("Enter the Seasons deck"), fields, lambda v: EnterSeasons(tuple(v["ids"].replace(",", " ").split())),
        identifier="seasons-enter-form")


def _ask_card(ctx: PanelContext, view: SeasonsView) -> None:
    options = tuple((c["id"], trf("{id} {card}", id=c["id"], card=c["label"])) for c in view["cards"])
    fields = [Field("id", tr("Which card"), "radio", options[0][0], options), Field("name", tr("Its name")),
              Field("effect", tr("Its effect, in a few words"))]
    ask(ctx, tr("A Season card"), fields, lambda v: DescribeSeason(v["id"], v["name"], v["effect"]),
        identifier="seasons-card-form")


register(Panel(id="seasons", title=lambda ctx: tr("Seasons"), applies=applies, build=build, help_topic="seasons",
               order=36))
