"""The asymmetric variant: a player is the Broodmother, with eggs, powers, reactions and a redraw.

She makes her own choices, so this panel keeps her books: her eggs, the powers she has
unlocked (the core allows one per Queen Phase) and their 5-egg use, her reactions to an
ant action (an egg, or a nymph moved), and the redraw that costs two nymphs from the
board. Every button is enabled by the core's answer, never by a rule kept here.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import flet as ft

from companion.core.broodmother.asymmetric import GainEgg, MoveNymph, Redraw, UnlockPower, UsePower
from companion.core.broodmother.shown import BroodmotherView, PowerShown
from companion.ui.i18n import tr, trf
from companion.ui.panels import PanelContext
from companion.ui.panels.broodmother import texts
from companion.ui.panels.broodmother.controls import (
    allowed,
    boxed,
    buttons,
    choice,
    drafts,
    line,
    local,
    note,
    stat,
    subheading,
    takes,
    tiles,
    view_of,
    why_refused,
)
from companion.ui.panels.broodmother.turn import drawing


def applies(ctx: PanelContext) -> bool:
    return bool(view_of(ctx).get("asym"))


def nymph_places(view: BroodmotherView) -> list[int]:
    """The places holding a nymph now (hexes in number order, then the Great Tunnel)."""
    places = [h["number"] for h in view["meadow"]["hexes"] if h["nymphs"] > 0]
    if view["meadow"]["tunnel"]["nymph"]:
        places.append(texts.TUNNEL)
    return places


def all_places(view: BroodmotherView) -> list[int]:
    return [h["number"] for h in view["meadow"]["hexes"]] + [texts.TUNNEL]


def build(ctx: PanelContext) -> list[ft.Control]:
    view = view_of(ctx)
    a, s = view["asym"], ctx.sizes
    if not a:
        return []
    bonus = (trf("End bonus: {bonus_earned}", bonus_earned=a['bonus_earned']) if a["bonus_earned"] is not None
             else trf("End bonus: +{end_bonus} unless she is destroyed", end_bonus=a['end_bonus']))
    out: list[ft.Control] = [
        tiles([stat(tr("Her eggs"), str(a["eggs"]), s, identifier="bm-eggs",
                    detail=trf("a power costs {power_cost}", power_cost=a['power_cost'])),
               stat(tr("Powers unlocked"), str(sum(1 for p in a["powers"] if p["unlocked"])), s,
                    identifier="bm-powers-unlocked", detail=trf("of {count}", count=len(a['powers'])))]),
        line(bonus, s, identifier="bm-end-bonus", muted=True),
        subheading(tr("Her reaction to an ant action"), s),
    ]
    out += [note(f"{r['name']}: {r['text']}", s, identifier=f"bm-reaction-{r['id']}") for r in a["reactions"]]
    egg = allowed(ctx, GainEgg(), debounce="bm-egg")
    out.append(ft.Row([choice(tr("Her reaction: she gains an egg"), egg, s, text=tr("+1 egg"),
                              identifier="bm-gain-egg", kind="filled", expand=True)]))
    out += move_nymph(ctx, view)
    out.append(subheading(tr("Her powers"), s))
    locked = [p for p in a["powers"] if not p["unlocked"]]
    if locked and not any(takes(ctx, UnlockPower(p["id"])) for p in locked):
        reason = why_refused(ctx, UnlockPower(locked[0]["id"]))
        if reason:
            out.append(note(reason, s, identifier="bm-unlock-why"))
    out += [power(ctx, p, a["power_cost"]) for p in a["powers"]]
    out += redraw(ctx, view)
    return out


def _place_chips(ctx: PanelContext, places: list[int], chosen: list[int], pick: Any, prefix: str) -> ft.Control:
    return buttons([
        choice(f"{prefix}: {texts.place_name(p)}", local(ctx, partial(pick, p)), ctx.sizes,
               text="GT" if p == texts.TUNNEL else str(p), identifier=f"bm-{texts.slug(prefix)}-{p}",
               selected=p in chosen, kind="outlined")
        for p in places
    ])


def move_nymph(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    d, s = drafts(ctx), ctx.sizes
    sources = nymph_places(view)
    if not sources:
        return [note(tr("No nymph on the board to move."), s)]
    targets = [p for p in all_places(view) if p != d.move_from]
    out: list[ft.Control] = [line(tr("Move a nymph from"), s, size=s.small),
                             _place_chips(ctx, sources, [d.move_from] if d.move_from is not None else [],
                                          lambda p: setattr(d, "move_from", p), tr("Move from"))]
    if d.move_from is not None:
        out += [line(tr("to"), s, size=s.small),
                _place_chips(ctx, targets, [d.move_to] if d.move_to is not None else [],
                             lambda p: setattr(d, "move_to", p), tr("Move to"))]
    ready = d.move_from is not None and d.move_to is not None

    def clear() -> None:
        d.move_from = d.move_to = None

    tap = allowed(ctx, MoveNymph(d.move_from or 0, d.move_to or 0), after=clear) if ready else None
    what = (f"{texts.place_name(d.move_from)} -> {texts.place_name(d.move_to)}" if ready else "")
    out.append(choice(trf("Her reaction: move the nymph {what}", what=what).strip(), tap, s, text=tr("Move the nymph"),
                      identifier="bm-move-nymph", kind="tonal"))
    return out


def power(ctx: PanelContext, p: PowerShown, cost: int) -> ft.Control:
    s = ctx.sizes
    state = tr("unlocked") if p["unlocked"] else tr("locked")
    head = ft.Text(f"{p['name']} ({state})", size=s.body, weight=ft.FontWeight.W_700)
    actions: list[ft.Control] = []
    unlock, use = UnlockPower(p["id"]), UsePower(p["id"])
    if not p["unlocked"]:
        actions.append(choice(trf("Unlock {name}", name=p['name']), allowed(ctx, unlock), s, text=tr("Unlock"),
                              identifier=f"bm-power-{p['id']}-unlock", kind="outlined"))
    else:
        actions.append(choice(trf("Use {name} ({cost} eggs)", name=p['name'], cost=cost),
                              allowed(ctx, use, debounce="bm-power"), s, text=trf("Use ({cost} eggs)", cost=cost),
                              identifier=f"bm-power-{p['id']}-use", kind="filled"))
    return boxed([head, ft.Text(p["text"], size=s.small, color=ft.Colors.ON_SURFACE_VARIANT), buttons(actions)],
                 identifier=f"bm-power-{p['id']}", spacing=4)


def redraw(ctx: PanelContext, view: BroodmotherView) -> list[ft.Control]:
    """Two nymphs off the board for another card, offered while her card is fresh."""
    turn, asym = view["turn"], view["asym"]
    if not turn or turn["cancelled"] or asym is None:
        return []
    d, s = drafts(ctx), ctx.sizes
    places = all_places(view)  # the core checks the nymphs as they were before her card
    ready = len(d.redraw) == 2
    command = Redraw(d.redraw[0], d.redraw[1]) if ready else None
    tap = None
    if command is not None and takes(ctx, command):
        def clear() -> None:
            d.redraw = []

        tap = drawing(ctx, lambda: command, after=clear)
    picked = ", ".join(texts.place_name(p) for p in d.redraw) or tr("none yet")
    return [
        subheading(trf("Redraw: {redraw_cost} nymphs for another card", redraw_cost=asym['redraw_cost']), s),
        line(trf("Nymphs to spend: {picked}", picked=picked), s, identifier="bm-redraw-picked", size=s.small),
        _place_chips(ctx, places, d.redraw, d.toggle_redraw, tr("Spend a nymph from")),
        choice(tr("Spend the two nymphs and redraw her card"), tap, s, text=tr("Redraw"), identifier="bm-redraw",
               kind="tonal"),
    ]
