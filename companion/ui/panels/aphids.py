"""The aphid farms on the game screen: each hex's herds, what it pays at Harvest, and what breeds.

Renders ``aphids_view`` and sends the core's commands; the Farming table, breeding and the
outskirts rule live in ``companion.core.harvest``. Paying the farms is one tap that books
the Colony Points and says the cards, undoable like any change.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.actions import allowed
from companion.core.commands.base import Command
from companion.core.errors import GameError
from companion.core.harvest import aphids_view
from companion.core.harvest.commands import (
    AddAphidHex,
    ApplyHarvest,
    BreedAphids,
    Devour,
    LeaveInOutskirts,
    NymphEatsAphid,
    RemoveAphidHex,
    SetController,
    SetHerd,
    SetLoose,
)
from companion.core.harvest.model import KEY
from companion.core.harvest.view import HexShown
from companion.ui import widgets
from companion.ui.fields import FieldMessage, text_field
from companion.ui.i18n import render, tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.scoring_controls import (
    Listed,
    apply_button,
    boxed,
    buttons,
    choice,
    count,
    line,
    note,
    notes_part,
    pick,
)
from companion.ui.theme import DIALOG_BUTTON_GAP

applies = module_applies(KEY, "modules")


def build(ctx: PanelContext) -> list[ft.Control]:
    view = ctx.area(KEY, aphids_view)
    listed = view["actions"]
    out: list[ft.Control] = []
    if not view["hexes"]:
        out.append(line(tr("No aphid hex tracked yet. Add each hex that has aphids."), ctx.sizes,
                        identifier="aphids-empty", muted=True))
    out += [ctx.piece(f"hex-{h['id']}", partial(_hex_part, h["id"])) for h in view["hexes"]]
    out.append(choice(tr("Add an aphid hex"), ctx.answers.handler(lambda: _ask_hex(ctx)), ctx.sizes,
                      identifier="aphids-add", icon=ft.Icons.ADD, kind="outlined"))
    out.append(line(trf("At Harvest: {harvest}",
                        harvest=view['harvest']), ctx.sizes, identifier="aphids-harvest", bold=True))
    out += apply_button(ctx, listed, ApplyHarvest(), view["harvested"], tr("This round's farms are in the scores."),
                        identifier="aphids-apply")
    out.append(line(trf("Breeding: {breeding}", breeding=view['breeding']), ctx.sizes, identifier="aphids-breeding"))
    out += apply_button(ctx, listed, BreedAphids(), view["bred"], tr("The aphids have bred this round."),
                        identifier="aphids-breed", action=tr("The aphids breed"))
    out.append(notes_part(ctx, KEY, aphids_view, "aphids"))
    return out


def _hex_part(hex_id: str, ctx: PanelContext) -> list[ft.Control]:
    """One hex's box, kept as drawn while what it shows is the same (Next changes the buttons at the foot of the
    panel, not the hexes; a count on another hex changes that hex alone: ``companion.ui.pieces``)."""
    view = ctx.area(KEY, aphids_view)
    return [_hex(ctx, view["actions"], view["hexes_by_id"][hex_id])]


def _hex(ctx: PanelContext, listed: Listed, h: HexShown) -> ft.Control:
    s, hid = ctx.sizes, h["id"]
    rows: list[ft.Control] = [
        line(trf("{name} · {on_sites} of {sites} collection sites with an aphid",
                 name=h['name'], on_sites=h['on_sites'], sites=h['sites']), s,
             identifier=f"aphids-{hid}-title", bold=True),
        line(render(h["farm"]), s, identifier=f"aphids-{hid}-farm"),
    ]
    for p in ctx.state["players"]:
        pid, name = p["id"], p["name"]
        rows.append(count(ctx, listed, trf("{name}: herded on sites", name=name), h["herds"].get(pid, 0),
                          partial(_herd, hid, pid, "sites"), identifier=f"aphids-{hid}-{pid}-sites"))
        rows.append(count(ctx, listed, trf("{name}: herded in the outskirts", name=name), h["outskirts"].get(pid, 0),
                          partial(_herd, hid, pid, "outskirts"), identifier=f"aphids-{hid}-{pid}-out"))
    rows.append(count(ctx, listed, tr("On sites with no herder"), h["loose"], partial(SetLoose, hid),
                      identifier=f"aphids-{hid}-loose"))
    rows.append(line(tr("Controller (places the bred aphid)"), s, size=s.small, muted=True))
    options = [(p["id"], p["name"]) for p in ctx.state["players"]] + [("", tr("Nobody"))]
    rows.append(pick(ctx, listed, options, h["controller"] or "", partial(SetController, hid),
                     identifier=f"aphids-{hid}-controller"))
    rows.append(line(render(h["breeding"]), s, identifier=f"aphids-{hid}-breeding", muted=True))
    if h["outskirts_note"]:
        rows.append(note(render(h["outskirts_note"]), s, identifier=f"aphids-{hid}-outskirts"))
    rows.append(buttons(_quick(ctx, listed, h)))
    return boxed(rows, identifier=f"aphids-hex-{hid}")


def _herd(hex_id: str, player_id: str, where: str, n: int) -> Command:
    return SetHerd(hex_id, player_id, n, where)


def _tap(ctx: PanelContext, command: Command, label: str, identifier: str, kind: str) -> ft.Control:
    return choice(label, ctx.handler(lambda: command), ctx.sizes, identifier=identifier, kind=kind)


def _quick(ctx: PanelContext, listed: Listed, h: HexShown) -> list[ft.Control]:
    """Devour, an aphid left in the outskirts, a nymph's aphid, and taking the hex off the list."""
    hid = h["id"]
    offers: list[tuple[Command, str, str, str]] = []
    for p in ctx.state["players"]:
        pid, name = p["id"], p["name"]
        offers.append((Devour(hid, pid), trf("{name}: devour an aphid", name=name), f"{pid}-devour", "outlined"))
        offers.append((LeaveInOutskirts(hid, pid), trf("{name}: leave an aphid in the outskirts", name=name),
                       f"{pid}-leave", "outlined"))
    offers.append((NymphEatsAphid(hid), tr("A nymph destroys an aphid"), "nymph", "text"))
    offers.append((RemoveAphidHex(hid), tr("Stop tracking this hex"), "remove", "text"))
    return [_tap(ctx, command, label, f"aphids-{hid}-{ident}", kind)
            for command, label, ident, kind in offers if allowed(listed, command)]


def _ask_hex(ctx: PanelContext) -> None:
    """A hex's name (or number) and its collection sites; the core checks both."""
    field = text_field(tr("Hex name or number"), ctx.sizes, autofocus=True, text_size=ctx.sizes.title,
                       on_change=lambda _: None)
    sites = text_field(tr("Collection sites"), ctx.sizes, value="4", keyboard_type=ft.KeyboardType.NUMBER,
                       text_size=ctx.sizes.title, on_change=lambda _: None)
    problem = FieldMessage(ctx.sizes, "aphids-add-problem")

    def save() -> None:
        try:
            number = (sites.box.value or "").strip()
            if not number.isdigit():
                raise GameError(tr("Collection sites: type a whole number, such as 4."))
            ctx.dispatch(AddAphidHex(field.box.value or "", int(number)))
        except GameError as exc:
            problem.show(str(exc))
            return
        ctx.dialogs.pop_dialog()

    field.box.on_submit = ctx.answers.handler(save)
    ctx.dialogs.show_dialog(ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP, scrollable=True,
        modal=True, title=ft.Text(tr("Add an aphid hex"), size=ctx.sizes.title), semantics_label=tr("Add an aphid hex"),
        content=ft.Column([field.control, sites.control, problem.control], tight=True, spacing=8),
        actions=[
            widgets.tap_button(tr("Cancel"), ctx.answers.handler(ctx.dialogs.pop_dialog), kind="text",
                               identifier="aphids-add-cancel", sizes=ctx.sizes),
            widgets.tap_button(tr("Add hex"), ctx.answers.handler(save), identifier="aphids-add-save",
                               sizes=ctx.sizes),
        ]))


register(Panel(id="aphids", title=lambda ctx: tr("Aphid farms"), applies=applies, build=build, help_topic="aphids",
               modules=(KEY,), order=30))
