"""Her turn: the one tap after each player's turn, her questions, the token cancel, what to do.

Virtual deck: one big debounced "Her turn" button draws and resolves her card. Physical
deck: the card's type, then its Ferocity (only those the app's piles can still hold, as
the core says), then resolve. When she needs a fact the app cannot see, the core's open
question is shown with its answer buttons. The last instructions follow, place by place,
in large text, with the interpretations the view attaches.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.core.broodmother import content as brood_data
from companion.core.broodmother.commands import CancelReaction, DrawCard, EnterCard, enter_probe
from companion.core.broodmother.deck import CHAMBER
from companion.core.broodmother.schema import Line
from companion.core.broodmother.shown import BroodmotherView, EndedShown, QuestionShown
from companion.core.commands.base import Command, command_from_dict
from companion.core.errors import CommandError, GameError
from companion.core.outcome import reason_message
from companion.core.words import joined
from companion.ui import widgets
from companion.ui.fields import number_field, redraw_on_refusal
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.panels import PanelContext
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.controls import (
    buttons,
    check_row,
    choice,
    drafts,
    line,
    local,
    note,
    sending,
    subheading,
    takes,
    view_of,
    why_refused,
)

DRAW_DEBOUNCE = "bm-draw"
ANSWER_DEBOUNCE = "bm-answer"
STEPPER_TOP = texts.STEPPER_MAX  # a count field the core gave no maximum


def now(ctx: PanelContext) -> list[ft.Control]:
    """What her turn asks now, in its order: her card, then her question, then the token that could cancel it.

    A player decides on a token having seen the card and before answering; with no question
    open, her instructions for the card (numbered by draw, so the same card twice reads as two draws) come
    before the token and the one-tap "Her turn" for her next card (or the card typed from the table).
    The game screen draws this above the standings.
    """
    view = view_of(ctx)
    out: list[ft.Control] = []
    ended = view["end"]["ended"]
    if ended:
        out.append(ended_banner(ended, ctx))
    out += her_card(ctx, view)
    if view["question"]:
        out += question(ctx, view)
    elif view["report"]:
        out += report(ctx, view, readings=False)  # what she does, hex by hex, where the tap was made
    out += cancel(ctx, view)
    if not view["question"] and not ended:
        out += physical(ctx, view) if view["deck"]["mode"] == "physical" else virtual(ctx, view)
    return out


def build(ctx: PanelContext) -> list[ft.Control]:
    """The rest of her turn, as a panel: her instructions while her question holds the top of the screen (else
    they are there, under the round), the Chamber eggs, her cards so far, the odds."""
    view = view_of(ctx)
    out = report(ctx, view) if view["question"] or not view["report"] else readings(ctx, view)
    out += chamber_eggs(ctx, view)
    out += cards_so_far(ctx, view)
    if view["deck"]["show_odds"] and view["deck"]["odds"] and not view["question"] and not view["end"]["ended"]:
        out.append(odds_line(ctx, view))
    return out


def ended_banner(ended: EndedShown, ctx: PanelContext) -> ft.Control:
    """The end, in big text: why the game ended (the core's sentence)."""
    reason = render(reason_message(ended))  # a message (or an old save's sentence), in the reader's language
    text = ft.Text(reason, size=ctx.sizes.headline, weight=ft.FontWeight.W_700,
                   color=ft.Colors.ON_TERTIARY_CONTAINER)
    box = ft.Container(ft.Column([ft.Text(tr("The game is over"), size=ctx.sizes.small,
                                          color=ft.Colors.ON_TERTIARY_CONTAINER), text], spacing=4, tight=True),
                       bgcolor=ft.Colors.TERTIARY_CONTAINER, padding=14, border_radius=14)
    return ft.Semantics(identifier="bm-end-reason", label=trf("The game is over: {reason}", reason=reason),
                        live_region=True, container=True, exclude_semantics=True, content=box)


# -- her card ------------------------------------------------------------------------------
def her_card(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """Her card just revealed, first and large, while her question about it is open (else her report says it)."""
    turn = view["turn"]
    if not turn or turn["cancelled"] or not view["question"]:
        return []
    words = render(view["history"][-1]["cards"][-1]["words"]) if view["history"] else tr(turn["action_name"])
    card = line(trf("Her card: {words}", words=words), ctx.sizes, identifier="bm-her-card", size=ctx.sizes.label,
                bold=True)
    return [ft.Row([ft.Container(card, expand=True), widgets.help_button("broodmother.turn", tr("Her turn"), at="now")],
                   vertical_alignment=ft.CrossAxisAlignment.START)]


def drawing(ctx: PanelContext, build: Callable[[], Command], *, debounce: str = DRAW_DEBOUNCE,
            after: Callable[[], Any] | None = None) -> Callable[[Any], None]:
    """A tap that draws her card: the command, then the cue on her card (when it was drawn and wanted)."""

    def act() -> None:
        if ctx.dispatch(build(), debounce=debounce).changed:
            ctx.services.cue()
            if after is not None:
                after()
                ctx.services.redraw()

    return ctx.answers.handler(act)


def virtual(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    can = takes(ctx, DrawCard())
    tap = drawing(ctx, DrawCard) if can else None
    out: list[ft.Control] = [ft.Row([choice(
        tr("Her turn: draw and resolve her card"), tap, ctx.sizes, text=tr("Her turn"), identifier="bm-her-turn",
        kind="filled", icon=ft.Icons.BUG_REPORT, expand=True, big=True)], key="bm-her-turn")]
    if not can and (reason := why_refused(ctx, DrawCard())):
        out.append(note(reason, ctx.sizes, identifier="bm-her-turn-why"))
    return out


def type_names(ctx: PanelContext) -> dict[str, str]:
    """Her card types by id, named in the reader's language (the data's names are the catalogue's keys)."""
    return {t.id: tr(t.name) for t in brood_data.brood_of(ctx.content).card_types.values()}


def physical(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """Enter the card revealed on the table: its type, then its Ferocity, then resolve."""
    d = drafts(ctx)
    if not takes(ctx, enter_probe(ctx.state, ctx.content)):  # not now (another phase, every card on the
        # plot pile): the core says why
        reason = why_refused(ctx, EnterCard(next(iter(type_names(ctx))), 1))
        return [note(reason, ctx.sizes, identifier="bm-her-turn-why")] if reason else []
    names = type_names(ctx)
    kinds = list(names)
    if takes(ctx, EnterCard(CHAMBER, 0)):
        names[CHAMBER] = tr("Chamber")
        kinds.append(CHAMBER)
    if d.card_type not in names:
        d.clear_card()
    actions = view["deck"]["actions"]
    out: list[ft.Control] = [subheading(tr("Her card from the table: its type"), ctx.sizes)]
    type_buttons = []
    for kind in kinds:
        action = actions.get(kind)  # what the type means now; a Chamber's meaning is the core's business
        face = f"{names[kind]}\n{action}" if action else names[kind]
        said = f"{names[kind]} ({action})" if action else names[kind]
        type_buttons.append(choice(said, local(ctx, partial(d.choose_card, kind)),
                                   ctx.sizes, text=face, identifier=f"bm-card-{kind}", selected=d.card_type == kind,
                                   kind="outlined", col={"xs": 6, "sm": 3}))
    out.append(ft.ResponsiveRow(type_buttons, spacing=8, run_spacing=8))
    if d.card_type and d.card_type != CHAMBER:
        out += ferocity_picker(ctx, d.card_type, names[d.card_type])
    out += resolve_button(ctx, names)
    return out


def ferocity_picker(ctx: PanelContext, card_type: str, name: str) -> list[ft.Control]:
    """The Ferocities a card of this type can have by the app's piles (the core's answer)."""
    d = drafts(ctx)
    top = brood_data.brood_of(ctx.content).deck_limits["max_ferocity"]
    allowed = [f for f in range(top + 1) if takes(ctx, EnterCard(card_type, f))]
    if not allowed:
        reason = why_refused(ctx, EnterCard(card_type, 1)) or tr("No card of this type can be next.")
        return [note(reason, ctx.sizes, identifier="bm-ferocity-none")]
    if d.ferocity not in allowed:
        d.ferocity = allowed[0] if len(allowed) == 1 else None
    chips = [choice(trf("Ferocity {f}", f=f), local(ctx, partial(setattr, d, "ferocity", f)), ctx.sizes,
                    text=str(f), identifier=f"bm-ferocity-{f}", selected=d.ferocity == f, kind="outlined")
             for f in allowed]
    return [subheading(trf("{name}: its Ferocity", name=name), ctx.sizes), buttons(chips)]


def resolve_button(ctx: PanelContext, names: dict[str, str]) -> list[ft.Control]:
    d = drafts(ctx)
    ready = d.card_type == CHAMBER or (d.card_type is not None and d.ferocity is not None)
    if ready:
        assert d.card_type is not None
        ferocity = 0 if d.card_type == CHAMBER else int(d.ferocity or 0)
        what = (names[d.card_type] if d.card_type == CHAMBER
                else trf("{name}, Ferocity {ferocity}", name=names[d.card_type], ferocity=ferocity))
        tap = drawing(ctx, lambda: EnterCard(str(d.card_type), ferocity), after=d.clear_card)
        label, face = trf("Resolve her card: {what}", what=what), trf("Resolve: {what}", what=what)
    else:
        tap, label, face = None, tr("Resolve her card (choose its type and Ferocity first)"), tr("Resolve")
    return [ft.Row([choice(label, tap, ctx.sizes, text=face, identifier="bm-enter-resolve", kind="filled",
                           icon=ft.Icons.BUG_REPORT, expand=True, big=True)])]


# -- her questions -------------------------------------------------------------------------
def question(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """The core's open question: its text, the fields it needs typed, and its answer buttons."""
    q = view["question"]
    if q is None:  # drawn only while she asks
        return []
    d = drafts(ctx)
    values = d.answers_for(texts.question_key(q))
    out: list[ft.Control] = [line(q["text"], ctx.sizes, identifier="bm-question", size=ctx.sizes.small)]
    fields = [answer_field(ctx, field, values) for field in texts.input_fields(q)]
    small = [f for f, spec in zip(fields, texts.input_fields(q), strict=True) if spec["type"] != "bool"]
    if small:  # a typed number and a count side by side, so her answers stay on the first phone screen
        out.append(ft.Row(small, wrap=True, spacing=12, run_spacing=8, vertical_alignment=ft.CrossAxisAlignment.END))
    out += [f for f, spec in zip(fields, texts.input_fields(q), strict=True) if spec["type"] == "bool"]
    answers = [choice(b["label"], answer_handler(ctx, q, values, b["args"]), ctx.sizes,
                      identifier=texts.answer_id(b["args"]), kind="tonal", col=answer_columns(q))
               for b in q["buttons"]]
    out.append(ft.ResponsiveRow(answers, spacing=8, run_spacing=8))
    if q.get("more_after"):
        out.append(note(trn("Then 1 more question.", "Then {n} more questions.", q["more_after"]), ctx.sizes,
                        identifier="bm-question-more"))
    shown = {i["id"]: i["text"] for i in view["interpretations"]["current"]}
    out += [note(shown[i], ctx.sizes, identifier=f"bm-interpretation-{i}", icon=ft.Icons.GAVEL)
            for i in q.get("interpretations", []) if i in shown]
    return out


def answer_columns(q: QuestionShown) -> dict[str, int]:
    """Short answers (hex numbers, counts) sit three to a phone row; long ones take the width."""
    longest = max((len(b["label"]) for b in q["buttons"]), default=0)
    return {"xs": 4, "sm": 3} if longest <= 10 else {"xs": 12}  # full width: a tablet's column is narrow too


def answer_field(ctx: PanelContext, field: dict[str, Any], values: dict[str, Any]) -> ft.Control:
    name, label = field["name"], tr(texts.field_label(field["name"]))
    value = values.setdefault(name, texts.field_default(field))
    ident = f"bm-q-{texts.slug(name)}"
    if field["type"] == "bool":
        return check_row(label, bool(value), local(ctx, lambda: values.__setitem__(name, not values[name])),
                         ctx.sizes, identifier=ident)
    if texts.is_typed(field):
        box = number_field(label, str(value), ctx.sizes, low=_bound(field, "min"), high=_bound(field, "max"),
                           on_text=partial(values.__setitem__, name), width=130)
        return ft.Semantics(identifier=ident, container=True, content=box.control)
    low, high = int(field.get("min", 0)), int(field.get("max", STEPPER_TOP))
    blank = str(value).strip() == ""  # a required count starts empty: nothing carried over, nothing assumed
    number = low - 1 if blank else int(value)
    return ft.Column([ft.Text(label, size=ctx.sizes.label), widgets.stepper(  # as a field's label (fields.text_field)
        label, "-" if blank else str(number),
        local(ctx, lambda: values.__setitem__(name, number - 1)) if number > low else None,
        local(ctx, lambda: values.__setitem__(name, number + 1)) if number < high else None,
        ctx.sizes, identifier=ident, minus_label=trf("{label}: one fewer", label=label),
        plus_label=trf("{label}: one more", label=label))], spacing=2, tight=True)


def _bound(field: dict[str, Any], key: str) -> int | None:
    """The field's own limit, shown beside it while the typed number is outside (the core still checks)."""
    return int(field[key]) if key in field else None


def answer_handler(ctx: PanelContext, q: QuestionShown, values: dict[str, Any], args: dict[str, Any]) -> Any:
    def answer() -> None:
        kwargs, missing = redraw_on_refusal(ctx.services.redraw, lambda: texts.answer_kwargs(q, values, args))
        command = command_from_dict({"type": q["command"], **kwargs})
        try:
            ctx.dispatch(command, debounce=ANSWER_DEBOUNCE)
        except CommandError:
            if missing:  # refused with a field left empty: that field is what to fix
                raise GameError(trf("First fill in: {items}.", items=', '.join(tr(m) for m in missing))) from None
            raise

    return ctx.answers.handler(answer)


# -- cancel, instructions, odds ------------------------------------------------------------
def cancel(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    turn = view["turn"]
    if not turn or not takes(ctx, CancelReaction()):
        return []
    label = (trf("Cancel her {action_name} with an Initiative Token ({initiative} left)",
                 action_name=turn['action_name'], initiative=view['initiative']))
    face = trf("Cancel with a token ({initiative} left)", initiative=view['initiative'])
    return [ft.Row([choice(label, sending(ctx, CancelReaction, debounce="bm-cancel"), ctx.sizes, text=face,
                           identifier="bm-cancel", kind="outlined", icon=ft.Icons.BLOCK, expand=True)],
                   key="bm-cancel")]


def chamber_eggs(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """Empires solo: after an Evolution of hers, one tap per colony puts an egg on each of its Chambers."""
    from companion.core.chambers.commands import SoloEggs

    out: list[ft.Control] = []
    for p in turn["chamber_eggs"] if (turn := view["turn"]) else []:  # the core says who, and whether it is due
        if takes(ctx, SoloEggs(p["id"])):
            out.append(widgets.tap_button(trf("1 egg on each of {name}'s Chambers", name=p["name"]),
                                          ctx.handler(partial(SoloEggs, p["id"])), icon=ft.Icons.EGG_OUTLINED,
                                          identifier=f"bm-chamber-eggs-{p['id']}", sizes=ctx.sizes))
    return out


def report(ctx: PanelContext, view: BroodmotherView, *, readings: bool = True) -> list[ft.Control]:
    """The last instructions, one place per line, large enough to read from across the table; with the readings
    of the rules they rest on (``readings``), which the moment at the top leaves to the panel to stay short."""
    rep = view["report"]
    if not rep:
        return [note(tr("Her instructions appear here after her turn."), ctx.sizes, identifier="bm-report-empty")]
    rows: list[ft.Control] = [report_title(ctx, render(rep["title"]), view["report_draw"])]
    for i, item in enumerate(rep["lines"]):
        rows.append(instruction(ctx, item, i))
    if readings:
        rows += report_readings(ctx, view)
    box = ft.Container(ft.Column(rows, spacing=6), padding=ft.Padding.symmetric(horizontal=8, vertical=6),
                       border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
    return [ft.Semantics(identifier="bm-report", container=True, live_region=True, content=box, key="bm-report")]


def report_readings(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """The readings of the rules her last instructions rest on, one note each."""
    rep = view["report"]
    shown = {i["id"]: i["text"] for i in view["interpretations"]["current"]}
    return [note(shown[i], ctx.sizes, identifier=f"bm-interpretation-{i}", icon=ft.Icons.GAVEL)
            for i in (rep.get("interpretations", []) if rep else []) if i in shown]


def readings(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """Her instructions are at the top of the screen: the panel keeps the readings they rest on."""
    return report_readings(ctx, view)


def report_title(ctx: PanelContext, title: str, draw: int | None) -> ft.Control:
    """Her report's title with the number of the draw it tells (her cards counted over the game), and the "?"."""
    cells: list[ft.Control] = [ft.Container(line(title, ctx.sizes, identifier="bm-report-title", size=ctx.sizes.label,
                                                 bold=True), expand=True)]
    if draw:
        said = trf("Draw {n}", n=draw)
        badge = ft.Container(ft.Text(said, size=ctx.sizes.small, weight=ft.FontWeight.W_600,
                                     color=ft.Colors.ON_SECONDARY_CONTAINER),
                             bgcolor=ft.Colors.SECONDARY_CONTAINER, border_radius=10,
                             padding=ft.Padding.symmetric(horizontal=8, vertical=4))
        cells.append(ft.Semantics(identifier="bm-report-draw", label=said, container=True, exclude_semantics=True,
                                  content=badge))
    cells.append(widgets.help_button("broodmother.turn", tr("Her turn"), at="now"))
    return ft.Row(cells, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def instruction(ctx: PanelContext, item: Line, index: int) -> ft.Control:
    """One line of her report: the hex it names in a disc (GT: the Great Tunnel), then what to do there. Sized to
    fit a four-line report with its token and "Her turn" on a phone's first screen."""
    where = item.get("hex")
    cells: list[ft.Control] = []
    if where is not None:
        tag = "GT" if where == texts.TUNNEL else str(where)
        cells.append(ft.Container(
            ft.Text(tag, size=ctx.sizes.label, weight=ft.FontWeight.W_700, color=ft.Colors.ON_PRIMARY),
            width=36, height=36, border_radius=18, bgcolor=ft.Colors.PRIMARY, alignment=ft.Alignment.CENTER))
    else:
        cells.append(ft.Container(ft.Icon(ft.Icons.ARROW_RIGHT, color=ft.Colors.PRIMARY), width=20,
                                  alignment=ft.Alignment.CENTER))
    said = render(item["text"])
    cells.append(ft.Text(said, size=ctx.sizes.label + 1, expand=True))
    return ft.Semantics(identifier=f"bm-report-line-{index}", label=said, container=True,
                        exclude_semantics=True,
                        content=ft.Row(cells, spacing=8, vertical_alignment=ft.CrossAxisAlignment.CENTER))


def cards_so_far(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """Her cards this game by round, behind one tap (the core's history, oldest first)."""
    rounds = view["history"]
    if not rounds:
        return []
    d = drafts(ctx)
    count = sum(len(r["cards"]) for r in rounds)
    said = trf("Her cards this game: {count}", count=count)
    toggle = choice(said, local(ctx, lambda: setattr(d, "show_history", not d.show_history)), ctx.sizes,
                    text=trf("Her cards this game ({count})", count=count), identifier="bm-history-toggle",
                    kind="text", icon=ft.Icons.EXPAND_LESS if d.show_history else ft.Icons.HISTORY,
                    selected=False)
    out: list[ft.Control] = [toggle]
    if d.show_history:
        for r in reversed(rounds):
            out.append(subheading(trf("Round {round}", round=r["round"]), ctx.sizes))
            for i, card in enumerate(r["cards"], start=1):
                words = render(card["words"])
                text = (trf("{index}. {card} (cancelled with a token)", index=i, card=words) if card["cancelled"]
                        else trf("{index}. {card}", index=i, card=words))
                out.append(line(text, ctx.sizes, identifier=f"bm-history-{r['round']}-{i}", muted=True))
    return out


def odds_line(ctx: PanelContext, view: BroodmotherView) -> ft.Control:
    odds = view["deck"]["odds"] or []  # drawn only while the odds are shown
    face = "  ·  ".join(f"{o['action_name']} {o['percent']:.0f}%" for o in odds)  # exact ones in Her deck
    said = trf("Her next card: {odds}", odds=joined([texts.odds_label(o) for o in odds]))
    return line(trf("Next: {face}", face=face), ctx.sizes, identifier="bm-odds", muted=True, label=said,
                size=ctx.sizes.small)
