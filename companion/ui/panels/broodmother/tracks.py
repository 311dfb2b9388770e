"""Her standing at a glance: difficulty and thresholds, points, tokens, machinations, her deck.

Numbers only, as the view gives them: the thresholds from the Difficulty Chart, her
Colony Points against the best colony's, the group's Initiative Tokens, the machinations
track with its plot pile, and her deck counted by type (never its order) with the odds
of her next action. The deck mode and the odds are the game's own settings, changed by
commands so every tab and the undo history agree.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.broodmother import deck as piles
from companion.core.broodmother.commands import SetDeck, SetDeckMode, ShowOdds
from companion.core.broodmother.content import brood_of
from companion.core.broodmother.model import bm
from companion.core.broodmother.shown import BroodmotherView
from companion.core.i18n import N_
from companion.ui import widgets
from companion.ui.i18n import tr, trf, trn
from companion.ui.panels import PanelContext
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.controls import (
    TILE_COLUMNS,
    choice,
    line,
    local,
    note,
    sending,
    stat,
    subheading,
    takes,
    tile,
    tiles,
    view_of,
)
from companion.ui.panels.broodmother.turn import type_names
from companion.ui.theme import MIN_TOUCH

MODE_NAMES = {"solo": "Solo", "coop": "Co-op", "asymmetric": "Asymmetric"}


def status(ctx: PanelContext) -> list[ft.Control]:
    """The game's mode and thresholds, the notes under the points and each number's tile are parts kept as drawn: her
    draw changes her points, not them, and a point of hers redraws her CP and her lead, not the best colony
    (``companion.ui.pieces``)."""
    view = view_of(ctx)
    cp, s = view["cp"], ctx.sizes
    numbers = [tile(ctx, "her-cp", _her_cp), tile(ctx, "best-colony", _best_colony), tile(ctx, "lead", _lead)]
    if not view["asymmetric"]:
        numbers.append(tile(ctx, "initiative", _initiative))
    return [
        ctx.piece("thresholds", _thresholds),
        tiles(numbers),
        line(trf("Her CP by round: ") + "  ".join(f"R{i} {n}" for i, n in enumerate(cp["by_round"], 1)), s,
             identifier="bm-cp-rounds", muted=True, size=s.small),
        ctx.piece("start", _start),
    ]


def _her_cp(ctx: PanelContext) -> list[ft.Control]:
    return [stat(tr("Her CP"), str(view_of(ctx)["cp"]["total"]), ctx.sizes, identifier="bm-her-cp")]


def _best_colony(ctx: PanelContext) -> list[ft.Control]:
    return [stat(tr("Best colony"), str(view_of(ctx)["cp"]["best_ant"]), ctx.sizes, identifier="bm-best-colony")]


def _lead(ctx: PanelContext) -> list[ft.Control]:
    cp = view_of(ctx)["cp"]
    return [stat(tr("Her lead"), f"{cp['lead']:+d}", ctx.sizes, identifier="bm-lead",
                 detail=trf("of {lead_to_lose}", lead_to_lose=cp["lead_to_lose"]),
                 alert=cp["lead"] >= cp["lead_to_lose"])]


def _initiative(ctx: PanelContext) -> list[ft.Control]:
    return [stat(tr("Initiative Tokens"), str(view_of(ctx)["initiative"]), ctx.sizes, identifier="bm-initiative")]


def _thresholds(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    t, s = view["thresholds"], ctx.sizes
    # three to a phone's row at the default text; larger, two ("Ciempiés" broke mid-word in a third at the largest)
    thirds: ft.ResponsiveNumber = {"xs": 4} if s.scale <= 1 else TILE_COLUMNS
    who = trn("1 colony", "{n} colonies", view["ants"])
    return [
        line(trf("{mode} · {colonies} · {difficulty}", mode=tr(MODE_NAMES.get(view["mode"], view["mode"])),
                 colonies=who, difficulty=tr(view["difficulty"]["name"])), s,
             identifier="bm-difficulty", bold=True),
        subheading(tr("Thresholds"), s),
        tiles([
            stat(tr("Plot pile"), str(t["plot"]), s, identifier="bm-threshold-plot", col=thirds),
            stat(tr("CP lead"), str(t["cp"]), s, identifier="bm-threshold-cp", col=thirds),
            stat(tr("Centipedes"), str(t["centipedes"]), s, identifier="bm-threshold-centipedes", col=thirds),
        ]),
        subheading(tr("Points and tokens"), s),
    ]


def _start(ctx: PanelContext) -> list[ft.Control]:
    """Where she is, her solo start and the difficulty's changes to it, and every reading the app makes."""
    view = view_of(ctx)
    s = ctx.sizes
    out = [line(trf("The Broodmother: {what}", what=tr(texts.her_place(view['her']))), s, identifier="bm-nest")]
    start = view["start"]
    if solo := start["solo"]:
        out.append(note(trf("Solo start: {larvae} larvae, {food} food, {cards} cards, {initiative} Initiative Tokens",
                            larvae=solo['larvae'], food=solo['food'], cards=solo['cards'],
                            initiative=solo['initiative']), s,
                        identifier="bm-solo-start"))
    if start.get("adjustments") and not view["asymmetric"]:
        out.append(note(trf("{name}: {changes}", name=tr(view["difficulty"]["name"]), changes=start["adjustments"]), s,
                        identifier="bm-adjustments"))
    out.append(all_interpretations(ctx, view))
    return out


def all_interpretations(ctx: PanelContext, view: BroodmotherView) -> ft.Control:
    """Every reading the app makes where the rulebook leaves one open, with where it reads."""
    items = view["interpretations"]["all"]

    def rows() -> list[ft.Control]:
        lines: list[ft.Control] = [
            ft.Column([ft.Text(i["text"], size=ctx.sizes.small),
                       ft.Text(f"{i['source']}" + (trf(" · option: {option}", option=i['option'])
                                                   if i["option"] else ""),
                               size=ctx.sizes.small, italic=True, color=ft.Colors.ON_SURFACE_VARIANT)],
                      spacing=2)
            for i in items
        ]
        return [ft.Container(ft.Column(lines, spacing=12), padding=ft.Padding.only(bottom=8))]

    return widgets.lazy_tile(ctx.services.opened_tiles, ctx.services.redraw, "bm-interpretations",
                             trf("How the app reads the rules ({count})", count=len(items)), rows, ctx.sizes)


def machinations(ctx: PanelContext) -> list[ft.Control]:
    """The level, the plot pile and the nymphs per placement, each a tile of its own, then the track's levels: parts
    kept as drawn, so her draw redraws the plot pile and leaves the rest unless she reaches a level
    (``companion.ui.pieces``)."""
    return [tiles([tile(ctx, "level", _level), tile(ctx, "plot-pile", _plot_pile), tile(ctx, "nymphs", _nymphs)]),
            ctx.piece("levels", _levels)]


def _level(ctx: PanelContext) -> list[ft.Control]:
    m = view_of(ctx)["machinations"]
    return [stat(tr("Level"), f"{m['level']} / {len(m['levels'])}", ctx.sizes, identifier="bm-machinations-level")]


def _plot_pile(ctx: PanelContext) -> list[ft.Control]:
    m = view_of(ctx)["machinations"]
    if m["plot_pile_retired"]:
        return [stat(tr("Plot pile"), "-", ctx.sizes, identifier="bm-plot-pile",
                     detail=tr("set aside: she is found"))]
    pile = trf("{plot_pile} of {plot_threshold}", plot_pile=m["plot_pile"], plot_threshold=m["plot_threshold"])
    return [stat(tr("Plot pile"), pile, ctx.sizes, identifier="bm-plot-pile")]


def _nymphs(ctx: PanelContext) -> list[ft.Control]:
    m = view_of(ctx)["machinations"]
    return [stat(tr("Nymphs per placement"), str(m["nymphs_per_placement"]), ctx.sizes,
                 identifier="bm-nymphs-per-placement")]


def _levels(ctx: PanelContext) -> list[ft.Control]:
    """The machinations track, level by level, each marked reached or not."""
    s = ctx.sizes
    out: list[ft.Control] = []
    for lv in view_of(ctx)["machinations"]["levels"]:
        mark = ft.Icon(ft.Icons.CHECK_CIRCLE if lv["reached"] else ft.Icons.RADIO_BUTTON_UNCHECKED,
                       color=ft.Colors.PRIMARY if lv["reached"] else ft.Colors.OUTLINE)
        words = ft.Column([ft.Text(f"{lv['level']}. {lv['name']}", size=s.body, weight=ft.FontWeight.W_600),
                           ft.Text(lv["text"], size=s.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                          spacing=0, expand=True, tight=True)
        state = tr("reached") if lv["reached"] else tr("not yet")
        out.append(ft.Semantics(identifier=f"bm-level-{lv['level']}", container=True, exclude_semantics=True,
                                label=trf("Level {level}, {name} ({state}): {text}",
                                          level=lv['level'], name=lv['name'], state=state, text=lv['text']),
                                content=ft.Row([mark, words], vertical_alignment=ft.CrossAxisAlignment.START)))
    return out


def deck(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    d, s = view["deck"], ctx.sizes
    names = type_names(ctx)
    out: list[ft.Control] = [
        ctx.piece("modes", _modes),
        line(texts.pile_line(tr("Draw pile"), d["draw_total"], d["draw"], names), s, identifier="bm-deck-draw"),
        line(texts.pile_line(tr("Discard pile"), d["discard_total"], d["discard"], names), s,
             identifier="bm-deck-discard"),
        line(trn("Plot pile: 1 card · drawn so far: {drawn} of {size}",
                 "Plot pile: {n} cards · drawn so far: {drawn} of {size}", d["plot"], drawn=d["drawn"],
                 size=d["size"]), s,
                 identifier="bm-deck-plot", muted=True),
    ]
    if d["reshuffle_next"]:
        out.append(note(tr("Her draw pile is empty: the discard pile is shuffled into a new one on her next card."),
                        s, identifier="bm-deck-reshuffle"))
    # A row tapped anywhere, its label wrapping (a switch's own label is one line: "... de su próx" was cut).
    odds_switch = ft.Switch(value=d["show_odds"], on_change=sending(ctx, lambda: ShowOdds(not d["show_odds"])))
    tile = ft.ListTile(title=ft.Text(tr("Show the odds of her next action"), size=s.body), trailing=odds_switch,
                       toggle_inputs=True, min_height=MIN_TOUCH, content_padding=ft.Padding.symmetric(horizontal=4),
                       min_vertical_padding=4)
    out.append(ft.Semantics(identifier="bm-show-odds", container=True, toggled=d["show_odds"],
                            content=ft.MergeSemantics(content=tile)))
    for o in d["odds"] or []:
        bar = ft.ProgressBar(value=o["percent"] / 100, bar_height=10, border_radius=5, expand=True)
        row = ft.Row([ft.Text(o["action_name"], size=s.body, width=90, weight=ft.FontWeight.W_600), bar,
                      ft.Text(f"{o['percent']:g}%", size=s.body, width=64, text_align=ft.TextAlign.RIGHT)],
                     vertical_alignment=ft.CrossAxisAlignment.CENTER)
        out.append(ft.Semantics(identifier=f"bm-odds-{o['type']}", label=texts.odds_label(o), container=True,
                                exclude_semantics=True, content=row))
    out.append(ctx.piece("make-up", lambda own: make_up(own, type_names(own))))
    return out


def _modes(ctx: PanelContext) -> list[ft.Control]:
    """Who draws her cards, the app or the table: a part kept as drawn, which her draw leaves alone."""
    s, mode_now = ctx.sizes, view_of(ctx)["deck"]["mode"]
    modes = [choice(trf("Her deck: {what}", what=tr(label)), sending(ctx, partial(SetDeckMode, mode))
                    if mode_now != mode else local(ctx, lambda: None), s, text=tr(label), identifier=f"bm-deck-{mode}",
                    selected=mode_now == mode, kind="outlined", expand=True)
             for mode, label in (("virtual", N_("App draws")), ("physical", N_("I draw")))]
    return [ft.Row(modes, spacing=8),
            note(tr("App draws: one tap draws her card. I draw: you reveal her card on the table and enter it."), s)]


def make_up(ctx: PanelContext, names: dict[str, str]) -> list[ft.Control]:
    """Her deck's make-up, editable to match the box before her first card (the core says when)."""
    s = ctx.sizes

    def rows() -> list[ft.Control]:
        groups = texts.composition(bm(ctx.state)["deck"]["cards"])
        editable = takes(ctx, SetDeck(tuple(tuple(g) for g in groups)))
        out: list[ft.Control] = []
        for card_type, name in names.items():
            mine = [g for g in groups if g[0] == card_type]
            total = sum(g[2] for g in mine)
            out.append(subheading(trn("{name}: 1 card", "{name}: {n} cards", total, name=name), s))
            for _, ferocity, count in mine:
                out.append(_group_row(ctx, groups, card_type, name, ferocity, count, editable))
            if editable:
                known = {g[1] for g in mine}
                top = brood_of(ctx.content).deck_limits["max_ferocity"]
                free = next((f for f in range(1, top + 1) if f not in known), None)
                if free is not None:
                    out.append(choice(trf("Add a {name} with Ferocity {free}", name=name, free=free),
                                      _change(ctx, groups, card_type, free, 1), s,
                                      text=trf("+ Ferocity {free}", free=free),
                                      identifier=f"bm-makeup-{card_type}-add", kind="text"))
        if not editable:
            out.insert(0, note(tr("Her deck can be changed only before her first card."), s,
                               identifier="bm-makeup-locked"))
        entered = piles.makeup(bm(ctx.state)["deck"]) == piles.ENTERED  # the core's flag; its rule is EnterCard's
        out.insert(0, note(tr("This is the make-up you entered: a card you enter that it lacks is refused.") if entered
                           else tr("This make-up is the app's estimate: a card you enter that it lacks is accepted "
                                   "and the estimate follows your box. Change a count to enter your box's make-up."),
                           s, identifier="bm-makeup-source"))
        return out

    return [widgets.lazy_tile(ctx.services.opened_tiles, ctx.services.redraw, "bm-makeup", tr("Her deck's make-up"),
                              rows, s, expanded_cross_axis_alignment=ft.CrossAxisAlignment.START)]


def _change(ctx: PanelContext, groups: list[list[Any]], card_type: str, ferocity: int, delta: int) -> Any:
    new = texts.change_group(groups, card_type, ferocity, delta)
    return sending(ctx, lambda: SetDeck(tuple(tuple(g) for g in new)))


def _group_row(ctx: PanelContext, groups: list[list[Any]], card_type: str, name: str, ferocity: int, count: int,
               editable: bool) -> ft.Control:
    label = trf("{name}, Ferocity {ferocity}", name=name, ferocity=ferocity)
    stepper = widgets.stepper(label, trn("1 card", "{n} cards", count),
                           _change(ctx, groups, card_type, ferocity, -1) if editable else None,
                           _change(ctx, groups, card_type, ferocity, 1) if editable else None,
                           ctx.sizes, identifier=f"bm-makeup-{card_type}-{ferocity}",
                           minus_label=trf("{label}: one card fewer",
                                           label=label), plus_label=trf("{label}: one card more", label=label))
    face = ft.Text(trf("Ferocity {ferocity}",
                       ferocity=ferocity), size=ctx.sizes.body, width=96)  # the stepper says the rest
    return ft.Row([face, stepper], vertical_alignment=ft.CrossAxisAlignment.CENTER, spacing=8)
