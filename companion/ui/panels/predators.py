"""Minions of the Meadow's Predators on the game screen: Health tracks, tiers, spores and the battle helper.

Renders ``predators_view`` and sends the core's commands (``companion.core.predators``):
big -/+ Health with the number tapped to type it, the tier with its abilities and every
lower tier's, the Cordyceps' spores, a win (+1 CP) after a confirmation, and a battle
against a Predator step by step. Every change is undoable.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.actions import allowed
from companion.core.commands.base import Command
from companion.core.predators import predators_view
from companion.core.predators.battle import CancelBattle, FinishBattle, RevealCard, StartBattle
from companion.core.predators.commands import (
    ChoosePredators,
    Damage,
    DrawPredators,
    Heal,
    MovePredator,
    SetHealth,
    SetSpores,
    SetTierText,
    Summon,
    WinAgainst,
)
from companion.core.predators.model import KEY
from companion.core.predators.view import QUICK_FEROCITY, BattleShown, NamedPredator, PredatorCard, PredatorsView
from companion.core.state import game_def
from companion.ui import widgets
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.panels import Panel, PanelContext, module_applies, register, sends
from companion.ui.panels.predator_dialogs import ask, number_field, text_field, whole_number
from companion.ui.panels.scoring_controls import boxed, buttons, choice, count, interpretations, line, note

BATTLE_KEY = "predators-battle"  # the battle's steps: scrolled into view when it starts


applies = module_applies(KEY)


def _send(ctx: PanelContext, command: Command) -> widgets.EventHandler | None:
    """The tap that sends ``command`` when the view says the game takes it now (the view is the tab's own answer)."""
    return sends(ctx, _view(ctx)["actions"], command)


def _view(ctx: PanelContext) -> PredatorsView:
    return ctx.area(KEY, predators_view)


def build(ctx: PanelContext) -> list[ft.Control]:
    """The panel, its parts kept as drawn (``companion.ui.pieces``): Next changes the Health a summons brings, not
    the Predators' cards, the buttons or the readings, which were drawn again the same at every round."""
    view = _view(ctx)
    out: list[ft.Control] = []
    if view["in_play"] or not view["predators"]:
        out.append(ctx.piece("choose", _choose))
    if view["battle"] is not None:
        out.append(_battle(ctx, view["battle"]))
    out += [ctx.piece(f"card-{p['id']}", partial(_predator_card, p["id"])) for p in view["predators"]]
    if view["summonable"]:
        out.append(line(trf("A Predator card played now summons it with {health} Health (Tier {tier}).",
                            health=view["summon_health"], tier=view["summon_tier"]), ctx.sizes,
                        identifier="predators-summon-health", muted=True))
        out.append(ctx.piece("summon", _summon))
    out.append(ctx.piece("interpretations", _interpretations))
    return out


def _choose(ctx: PanelContext) -> list[ft.Control]:
    """The Predators in play, or the question which are, with its two answers."""
    view, s = _view(ctx), ctx.sizes
    if view["in_play"]:
        return [line(trf("In play: {names}", names=" · ".join(render(p["name"]) for p in view["in_play"])), s,
                     identifier="predators-in-play", bold=True)]
    return [
        line(tr("Which Predator information cards are in play? Draw 2 at random or pick them."), s,
             identifier="predators-ask"),
        buttons([
            choice(tr("Draw 2 Predators at random"), _send(ctx, DrawPredators()), s, identifier="predators-draw",
                   icon=ft.Icons.CASINO),
            choice(tr("Pick the 2 Predators"), ctx.answers.handler(lambda: _ask_pick(ctx, view)), s,
                   identifier="predators-pick", kind="outlined"),
        ]),
    ]


def _predator_card(pid: str, ctx: PanelContext) -> list[ft.Control]:
    view = _view(ctx)
    return [_predator(ctx, next(p for p in view["predators"] if p["id"] == pid), view)]


def _summon(ctx: PanelContext) -> list[ft.Control]:
    """A button to summon each Predator not on the board, and where the Ladybug goes."""
    view, s = _view(ctx), ctx.sizes
    out: list[ft.Control] = [buttons([
        choice(trf("Summon: {predator}", predator=p["name"]),
               ctx.answers.handler(partial(_ask_summon, ctx, p)) if allowed(view["actions"], Summon(p["id"])) else None,
               s, identifier=f"predators-summon-{p['id']}", kind="outlined", icon=ft.Icons.ADD)
        for p in view["summonable"]])]
    if view["ladybug"]:
        out.append(note(render(view["ladybug"]), s, identifier="predators-ladybug-hex"))
    return out


def _interpretations(ctx: PanelContext) -> list[ft.Control]:
    return [interpretations(ctx, [tr(t) for t in _view(ctx)["interpretations"]], "predators-interpretation")]


def _predator(ctx: PanelContext, p: PredatorCard, view: PredatorsView) -> ft.Control:
    s, pid = ctx.sizes, p["id"]
    if p["gone"]:
        body: list[ft.Control] = [line(trf("{predator}: brought to 0 Health; out of the game for good.",
                                           predator=p["name"]), s,
                                       identifier=f"predators-{pid}-gone", muted=True)]
        return _card(pid, body)
    where = trf("hex {hex}", hex=p["hex"]) if p["hex"] else tr("hex not entered")
    body = [line(trf("{predator} · {where} · Tier {tier} ({band})", predator=p["name"], where=where, tier=p["tier"],
                     band=p["band"]), s, identifier=f"predators-{pid}-title", bold=True),
            _health(ctx, p, view["max_health"])]
    if p["spores"] is not None:
        body.append(count(ctx, view["actions"], tr("Spore tokens in its hex"), p["spores"], partial(SetSpores, pid),
                          identifier=f"predators-{pid}-spores"))
    body += _tier_rows(ctx, p)
    body += [note(tr(text), s, identifier=f"predators-{pid}-rule-{i}") for i, text in enumerate(p["rules"])]
    body.append(buttons(_actions(ctx, p, view)))
    if view["battle"] is None and p["battle_cards"] is None:
        body.append(note(tr("Its tier's cards are not typed: a battle button asks how many cards it discards."), s,
                         identifier=f"predators-{pid}-battle-why"))
    elif view["battle"] is None and (cards := p["battle_cards"]) is not None:
        body.append(note(trn("In battle it discards 1 card for its Army Strength.",
                             "In battle it discards {n} cards for its Army Strength.", cards),
                         s, identifier=f"predators-{pid}-battle-cards"))
    return _card(pid, body)


def _tier_rows(ctx: PanelContext, p: PredatorCard) -> list[ft.Control]:
    """Its card's tier rows: as printed or typed (a replaced one muted), or a button to type a missing one."""
    s, pid = ctx.sizes, p["id"]
    rows: list[ft.Control] = []
    for row in p["abilities"]:
        ident = f"predators-{pid}-tier-{row['tier']}"
        if row["missing"]:
            rows.append(choice(trf("Type Tier {tier} from the card", tier=row["tier"]),
                               ctx.answers.handler(partial(_ask_tier, ctx, p, row["tier"])), s, identifier=ident,
                               kind="outlined", icon=ft.Icons.EDIT))
        else:
            # printed (the catalogue has it) or typed (shown as typed)
            shown = tr(row["text"]) if isinstance(row["text"], str) else render(row["text"])
            text = trf("Tier {tier}: {text} (replaced by its higher tier)", tier=row["tier"], text=shown) \
                if row["superseded"] else trf("Tier {tier}: {text}", tier=row["tier"], text=shown)
            rows.append(line(text, s, identifier=ident, muted=bool(row["superseded"])))
    return rows


def _actions(ctx: PanelContext, p: PredatorCard, view: PredatorsView) -> list[ft.Control]:
    """Move it; for each player, battle it or record a win against it."""
    s, pid = ctx.sizes, p["id"]
    actions: list[ft.Control] = [
        choice(trf("Move the {predator}", predator=p["name"]), ctx.answers.handler(partial(_ask_move, ctx, p)), s,
               identifier=f"predators-{pid}-move", kind="text", icon=ft.Icons.OPEN_WITH)]
    for who in ctx.state["players"]:
        actions.append(choice(trf("{name} battles the {predator}", name=who["name"], predator=p["name"]),
                              _start(ctx, p, who["id"], view), s,
                              identifier=f"predators-{pid}-battle-{who['id']}", kind="tonal",
                              icon=ft.Icons.SPORTS_MARTIAL_ARTS))
        win = WinAgainst(pid, who["id"])
        actions.append(choice(trf("{name} won against it (+1 {cp})", name=who["name"],
                                  cp=tr(game_def(ctx.state, ctx.content).terms["cp"])),
                              ctx.answers.handler(partial(_confirm_win, ctx,
                                                              win)) if allowed(view["actions"], win) else None, s,
                              identifier=f"predators-{pid}-win-{who['id']}", kind="outlined",
                              icon=ft.Icons.EMOJI_EVENTS))
    return actions


def _start(ctx: PanelContext, p: PredatorCard, player_id: str, view: PredatorsView) -> widgets.EventHandler | None:
    """Start the battle; when its tier's cards are not typed, ask how many it discards first."""
    if view["battle"] is not None:
        return None
    if p["battle_cards"] is not None:
        start = StartBattle(p["id"], player_id)
        if not allowed(view["actions"], start):
            return None

        def starting() -> None:
            if ctx.dispatch(start).changed:
                ctx.reveal(BATTLE_KEY)  # its steps open at the top of the panel, above the finger

        return ctx.answers.handler(starting)

    def asking() -> None:
        field = number_field(ctx, tr("Cards it discards for its Army Strength"))
        ask(ctx, trf("Battle against the {predator}", predator=p["name"]), [field],
            [(tr("Start the battle"), "save",
              lambda: StartBattle(p["id"], player_id, whole_number(field.box.value, tr("Cards"))))],
            identifier="predators-cards-dialog", reveal=BATTLE_KEY)

    return ctx.answers.handler(asking)


def _card(pid: str, body: list[ft.Control]) -> ft.Control:
    return boxed(body, identifier=f"predators-card-{pid}", spacing=8)


def _health(ctx: PanelContext, p: PredatorCard, top: int) -> ft.Control:
    """[-] Health [+], the number a button that asks for the value."""
    s, pid, health = ctx.sizes, p["id"], p["health"]
    minus, plus = Damage(pid, 1), Heal(pid, 1)
    number = widgets.face_button(ft.Text(str(health), size=s.score, weight=ft.FontWeight.W_700),
                                 ctx.answers.handler(partial(_ask_health, ctx, p)), width=max(64, s.score * 2),
                                 height=max(64, s.score * 1.6))
    said = trf("{predator}: {health} Health, Tier {tier}. Tap to type its Health", predator=p["name"], health=health,
               tier=p["tier"])
    shown = ft.Semantics(identifier=f"predators-{pid}-health", button=True, container=True, exclude_semantics=True,
                         label=said,
                         on_tap=ctx.answers.handler(partial(_ask_health, ctx, p)), content=number)
    return ft.Row([
        widgets.icon_action(trf("{predator}: one casualty (Health -1)", predator=p["name"]), ft.Icons.REMOVE,
                            _send(ctx, minus), identifier=f"predators-{pid}-health-minus", filled=True),
        ft.Container(shown, expand=True, alignment=ft.Alignment.CENTER),
        widgets.icon_action(trf("{predator}: Health +1 (at most {top})", predator=p["name"], top=top), ft.Icons.ADD,
                            _send(ctx, plus), identifier=f"predators-{pid}-health-plus", filled=True),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _battle(ctx: PanelContext, b: BattleShown) -> ft.Control:
    s = ctx.sizes
    body: list[ft.Control] = [
        line(trf("Battle: {name} against the {predator}", name=b["player_name"], predator=b["name"]), s,
             identifier="predators-battle", bold=True),
        line(_discarded(b), s, identifier="predators-battle-cards"),
        note(render(b["step"]), s, identifier="predators-battle-step", icon=ft.Icons.ARROW_FORWARD),
    ]
    if not b["all_out"]:
        body.append(buttons([choice(trf("Its card: Ferocity {ferocity}", ferocity=f), _send(ctx, RevealCard(f)), s,
                                    identifier=f"predators-battle-reveal-{f}", text=str(f)) for f in QUICK_FEROCITY]
                            + [choice(tr("Other Ferocity"), ctx.answers.handler(lambda: _ask_ferocity(ctx)), s,
                                      identifier="predators-battle-reveal-other", kind="outlined")]))
    else:
        body.append(choice(trf("Enter the Army Strength of {name}", name=b["player_name"]),
                           ctx.answers.handler(lambda: _ask_strength(ctx,
                                                                         b)), s, identifier="predators-battle-finish",
                           kind="filled", icon=ft.Icons.FLAG, expand=True))
    body.append(choice(tr("Cancel the battle"), _send(ctx, CancelBattle()), s, identifier="predators-battle-cancel",
                       kind="text"))
    box = ft.Container(ft.Column(body, spacing=8), padding=10, border_radius=12, bgcolor=ft.Colors.SECONDARY_CONTAINER)
    key = ft.ScrollKey(BATTLE_KEY)  # type: ignore[call-arg]
    return ft.Semantics(identifier="predators-battle-card", container=True, content=box, key=key)


def _discarded(b: BattleShown) -> str:
    values = {"out": len(b["revealed"]), "shown": ", ".join(str(f) for f in b["revealed"]) or "-",
              "strength": b["strength"], "bonus": b["bonus"]}
    if b["bonus"]:
        return trn("{out} of 1 card discarded: {shown} · its Army Strength {strength} (including +{bonus})",
                   "{out} of {n} cards discarded: {shown} · its Army Strength {strength} (including +{bonus})",
                   b["cards"], **values)
    return trn("{out} of 1 card discarded: {shown} · its Army Strength {strength}",
               "{out} of {n} cards discarded: {shown} · its Army Strength {strength}", b["cards"], **values)


def _confirm_win(ctx: PanelContext, command: WinAgainst) -> None:
    label = render(command.describe(ctx.state, ctx.content))

    def yes() -> None:
        ctx.dialogs.pop_dialog()
        ctx.run(command)

    def no() -> None:
        ctx.dialogs.pop_dialog()

    ctx.dialogs.show_dialog(widgets.confirm_dialog(tr("A win against a Predator"), trf("{label}?", label=label),
                                                   tr("Give the point"),
                                                   yes, no, ctx.sizes))


def _ask_summon(ctx: PanelContext, p: NamedPredator) -> None:
    field = number_field(ctx, tr("Hex number"), helper=tr("Leave it empty if you do not know it yet."))
    ask(ctx, trf("Summon: {predator}", predator=p["name"]), [field],
        [(tr("Summon"), "save", lambda: Summon(p["id"], whole_number(field.box.value, tr("Hex"), optional=True)))],
        identifier="predators-summon-dialog")


def _ask_move(ctx: PanelContext, p: PredatorCard) -> None:
    field = number_field(ctx, tr("Hex number"))
    ask(ctx, trf("Move the {predator}", predator=p["name"]), [field],
        [(tr("Move"), "save", lambda: MovePredator(p["id"], whole_number(field.box.value, tr("Hex")) or 0))],
        identifier="predators-move-dialog")


def _ask_health(ctx: PanelContext, p: PredatorCard) -> None:
    field = number_field(ctx, trf("{predator}: Health now", predator=p["name"]), str(p["health"]))
    ask(ctx, trf("{predator}: {health} Health", predator=p["name"], health=p["health"]), [field],
        [(tr("Save Health"), "save", lambda: SetHealth(p["id"], whole_number(field.box.value, tr("Health")) or 0))],
        identifier="predators-health-dialog")


def _ask_tier(ctx: PanelContext, p: PredatorCard, tier: int) -> None:
    text = text_field(ctx, tr("The tier's text, as on the card"), focus=True, multiline=True)
    cards = number_field(ctx, tr("Cards it discards for its Army Strength (empty: none)"), focus=False)
    strength = number_field(ctx, tr("Army Strength it adds (empty: none)"), focus=False)
    ask(ctx, trf("{predator}: Tier {tier}", predator=p["name"], tier=tier), [text, cards, strength],
        [(tr("Save tier"), "save", lambda: SetTierText(
            p["id"], tier, text.box.value or "", whole_number(cards.box.value, tr("Cards"), optional=True),
            whole_number(strength.box.value, tr("Strength"), optional=True)))],
        identifier="predators-tier-dialog")


def _ask_ferocity(ctx: PanelContext) -> None:
    field = number_field(ctx, tr("The card's Ferocity"))
    ask(ctx, tr("Its discarded card"), [field],
        [(tr("Enter"), "save", lambda: RevealCard(whole_number(field.box.value, tr("Ferocity")) or 0))],
        identifier="predators-ferocity-dialog")


def _ask_strength(ctx: PanelContext, b: BattleShown) -> None:
    field = number_field(ctx, trf("Army Strength (ants, evolutions, Ferocity card) of {name}", name=b["player_name"]))

    def finish(winner: str) -> Command:
        return FinishBattle(whole_number(field.box.value, tr("Army Strength")) or 0, winner)

    ask(ctx, trf("{name} against the {predator} ({strength})", name=b["player_name"], predator=b["name"],
                 strength=b["strength"]), [field],
        [(tr("Finish the battle"), "save", lambda: finish("")),
         (tr("On a tie: the player wins"), "tie-player", lambda: finish("player")),
         (tr("On a tie: the Predator wins"), "tie-predator", lambda: finish("predator"))],
        identifier="predators-strength-dialog")


def _ask_pick(ctx: PanelContext, view: PredatorsView) -> None:
    boxes = [ft.Checkbox(label=render(p["name"]), value=False, data=p["id"]) for p in view["all"]]
    fields: list[ft.Control] = [ft.Semantics(identifier=f"predators-pick-{b.data}", container=True, content=b)
                                for b in boxes]
    ask(ctx, tr("The Predators in play"), fields,
        [(tr("Save"), "save", lambda: ChoosePredators(tuple(str(b.data) for b in boxes if b.value)))],
        identifier="predators-pick-dialog")


register(Panel(id="predators", title=lambda ctx: tr("Predators"), applies=applies, build=build,
               help_topic="predators", modules=(KEY,), order=32))
