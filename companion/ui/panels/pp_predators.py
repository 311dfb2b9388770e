"""Predators & Prey's predator alliances on the game screen: the revealed cards, each colony's ally, the deck.

Renders ``alliances_view`` and sends the core's commands (``companion.core.predators``):
recruit a revealed predator, lose it (an Offering not paid, the Great Tunnel, a lost battle,
whose winner gains the point and the food), the cards face up, and a card's texts typed once.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.commands.base import Command
from companion.core.predators import alliances_view
from companion.core.predators.alliance_commands import LoseAlly, Recruit, SetAllyTunnel, SetCardText, SetRevealed
from companion.core.predators.alliances import PP_KEY, CardWords
from companion.core.predators.view import AlliancesView, HeldAlly, LabelledAlly, OfferedAlly
from companion.ui import widgets
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register, sends
from companion.ui.panels.predator_dialogs import ask, number_field, text_field, whole_number
from companion.ui.panels.scoring_controls import boxed, buttons, choice, interpretations, line, note

FIELDS: tuple[tuple[CardWords, str], ...] = (("task", "Task"), ("offering", "Offering"), ("effect", "Meadow effect"),
                                             ("scoring", "Scoring"))


applies = module_applies(PP_KEY, "modules")


def _view(ctx: PanelContext) -> AlliancesView:
    return ctx.area(PP_KEY, alliances_view)


def _send(ctx: PanelContext, command: Command) -> widgets.EventHandler | None:
    """The tap that sends ``command`` when the view says the game takes it now."""
    return sends(ctx, _view(ctx)["actions"], command)


def _texts(ctx: PanelContext, c: OfferedAlly, ident: str) -> list[ft.Control]:
    s = ctx.sizes
    power = "?" if c["strength_now"] is None else str(c["strength_now"])
    rule = {"round": tr(" (the round number)"), "centipede": tr(" (the centipede's size)")}.get(c["strength_rule"], "")
    out: list[ft.Control] = [line(trf("{predator} · Strength {strength}{rule}", predator=c["label"], strength=power,
                                      rule=rule), s, identifier=f"{ident}-title", bold=True)]
    for key, label in FIELDS:
        text = tr(c[key]) if c[key] else tr("not typed yet")
        out.append(line(trf("{field}: {text}", field=tr(label), text=text), s, identifier=f"{ident}-{key}",
                        muted=not c[key]))
    return out


def build(ctx: PanelContext) -> list[ft.Control]:
    view = _view(ctx)
    s = ctx.sizes
    names = {p["id"]: p["name"] for p in ctx.state["players"]}
    out: list[ft.Control] = [line(trf("Face down: {deck} · beside the deck: {discard}", deck=view["deck"],
                                      discard=", ".join(render(c) for c in view["discard"]) or tr("none")), s,
                                  identifier="pp-deck", muted=True)]
    out += [_ally(ctx, x, names) for x in view["allies"]]
    out.append(line(tr("Revealed below the predator sheet"), s, identifier="pp-revealed", bold=True))
    if not view["available"]:
        out.append(note(tr("No predator is face up."), s, identifier="pp-revealed-none"))
    for c in view["available"]:
        ident = f"pp-card-{c['id']}"
        out.append(boxed([*_texts(ctx, c, ident), buttons([
            choice(trf("{name} recruits the {predator}", name=names[pid], predator=c["label"]),
                   _send(ctx, Recruit(pid, c["id"])), s, identifier=f"{ident}-recruit-{pid}")
            for pid in view["free"]])], identifier=ident))
    out.append(buttons([
        choice(tr("Set the face-up cards"), ctx.answers.handler(lambda: _ask_revealed(ctx, view)), s,
               identifier="pp-set-revealed", kind="outlined"),
        choice(tr("Type a card's texts"), ctx.answers.handler(lambda: _ask_card(ctx, view)), s,
               identifier="pp-type-card", kind="outlined", icon=ft.Icons.EDIT),
    ]))
    out.append(interpretations(ctx, [tr(t) for t in view["interpretations"]], "pp-interpretation"))
    return out


def _ally(ctx: PanelContext, x: HeldAlly, names: dict[str, str]) -> ft.Control:
    """A colony's ally: its texts, in or out of the Great Tunnel, and the ways the colony loses it."""
    s, pid, ident = ctx.sizes, x["player"], f"pp-ally-{x['player']}"
    who = trf("{name}: allied with the {predator} (in the Great Tunnel)", name=x["player_name"],
              predator=x["label"]) if x["in_tunnel"] else \
        trf("{name}: allied with the {predator}", name=x["player_name"], predator=x["label"])
    acts = [choice(tr("Leaves the Great Tunnel") if x["in_tunnel"] else tr("Moves into the Great Tunnel"),
                   _send(ctx, SetAllyTunnel(pid, not x["in_tunnel"])), s, identifier=f"{ident}-tunnel",
                   kind="outlined"),
            choice(trf("{name} cannot pay the Offering", name=x["player_name"]),
                   _send(ctx, LoseAlly(pid, "offering")), s, identifier=f"{ident}-unpaid", kind="outlined")]
    if x["in_tunnel"]:
        acts.append(choice(tr("Lost in the Great Tunnel"), _send(ctx, LoseAlly(pid, "tunnel")), s,
                           identifier=f"{ident}-lost-tunnel", kind="outlined"))
    acts += [choice(trf("Lost a battle to {name}", name=names[w]), _send(ctx, LoseAlly(pid, "battle", w)), s,
                    identifier=f"{ident}-beaten-{w}", kind="tonal")
             for w in names if w != pid]
    return boxed([line(who, s, identifier=f"{ident}-who", bold=True), *_texts(ctx, x, ident), buttons(acts)],
                 identifier=ident)


def _ask_revealed(ctx: PanelContext, view: AlliancesView) -> None:
    shown = {c["id"] for c in view["available"]}
    allied = {x["id"] for x in view["allies"]}
    boxes = [ft.Checkbox(label=render(c["label"]), value=c["id"] in shown, data=c["id"], disabled=c["id"] in allied)
             for c in view["cards"]]
    fields: list[ft.Control] = [ft.Semantics(identifier=f"pp-revealed-{b.data}", container=True, content=b)
                                for b in boxes]
    ask(ctx, tr("The predators face up"), fields,
        [(tr("Save"), "save", lambda: SetRevealed(tuple(str(b.data) for b in boxes if b.value)))],
        identifier="pp-revealed-dialog")


def _ask_card(ctx: PanelContext, view: AlliancesView) -> None:
    """Pick the card, then its texts; what the rulebook prints is filled in already."""
    picks = [choice(render(c["label"]), ctx.answers.handler(partial(_ask_texts, ctx, c)), ctx.sizes,
                    identifier=f"pp-type-{c['id']}") for c in view["cards"]]
    ask(ctx, tr("Which predator card?"), [buttons(picks)], [],
        identifier="pp-type-dialog")


def _ask_texts(ctx: PanelContext, c: LabelledAlly) -> None:
    ctx.dialogs.pop_dialog()
    name = text_field(ctx, tr("Name"), c["name"], focus=True)
    fields = {key: text_field(ctx, tr(label), c[key] or "", multiline=True) for key, label in FIELDS}
    strength = number_field(ctx, tr("Strength (empty if it varies)"),
                            "" if c["strength"] is None else str(c["strength"]), focus=False)

    def command() -> Command:
        typed = {key: field.box.value or "" for key, field in fields.items()}
        return SetCardText(c["id"], name.box.value or "", typed["task"], typed["offering"],
                           whole_number(strength.box.value, tr("Strength"), optional=True),
                           typed["effect"], typed["scoring"])

    ask(ctx, render(c["label"]), [name, *fields.values(), strength], [(tr("Save the card"), "save", command)],
        identifier="pp-texts-dialog")


register(Panel(id="pp-predators", title=lambda ctx: tr("Predators"), applies=applies, build=build,
               help_topic="pp-predators", modules=(PP_KEY,), order=32))
