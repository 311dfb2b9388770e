"""Eve of the Antperium on the game screen: who holds the Enclave and how many hexes, the Slumber points.

Renders ``eve_view``; the points (Enclave 2, each hex next to it 2, any other 1) live in
``companion.core.eve``.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core.commands.base import Command
from companion.core.eve import eve_view
from companion.core.eve.commands import ApplyEve, SetEnclave, SetHexes
from companion.core.eve.model import KEY
from companion.ui.i18n import tr, trf
from companion.ui.panels import Panel, PanelContext, module_applies, register
from companion.ui.panels.scoring_controls import apply_button, count, line, notes_part, pick

applies = module_applies(KEY, "variants")


def _hexes(player_id: str, kind: str, n: int) -> Command:
    return SetHexes(player_id, kind, n)


def build(ctx: PanelContext) -> list[ft.Control]:
    """The Enclave, then each player's hexes, each a part kept while what it shows is the same (Next changes only
    whether the points may be applied now; a count of Ana's, Ana's part: ``companion.ui.pieces``), then the points
    at Slumber."""
    view = ctx.area(KEY, eve_view)
    listed = view["actions"]
    s = ctx.sizes
    out = [ctx.piece("enclave", _enclave_part)]
    out += [ctx.piece(f"hexes-{p['id']}", partial(_colony_part, p["id"])) for p in view["players"]]
    out.append(line(trf("At Slumber: {preview}", preview=view['preview']), s, identifier="eve-preview", bold=True))
    out += apply_button(ctx, listed, ApplyEve(), view["applied"], tr("This round's Eve points are in the scores."),
                        identifier="eve-apply")
    out.append(notes_part(ctx, KEY, eve_view, "eve"))
    return out


def _enclave_part(ctx: PanelContext) -> list[ft.Control]:
    """Who holds the Enclave, and how many of the hexes next to it are taken."""
    view = ctx.area(KEY, eve_view)
    listed, s = view["actions"], ctx.sizes
    options = [(p["id"], p["name"]) for p in view["players"]] + [("", tr("Nobody"))]
    return [line(tr("Who controls the Enclave of the Empress?"), s, identifier="eve-enclave-ask"),
            pick(ctx, listed, options, view["enclave"] or "", partial(SetEnclave), identifier="eve-enclave"),
            line(trf("Hexes next to the Enclave taken: {ring_taken} of {ring}",
                     ring_taken=view['ring_taken'], ring=view['ring']), s, identifier="eve-ring", muted=True)]


def _colony_part(player_id: str, ctx: PanelContext) -> list[ft.Control]:
    """One colony's two counts of hexes and their sum, read from its own entry (``players_by_id``): a count of Ana's
    draws her part again, not Bo's."""
    view = ctx.area(KEY, eve_view)
    listed, s, p = view["actions"], ctx.sizes, view["players_by_id"][player_id]
    return [count(ctx, listed, trf("{name}: hexes next to the Enclave", name=p['name']), p["adjacent"],
                  partial(_hexes, player_id, "adjacent"), identifier=f"eve-{player_id}-adjacent"),
            count(ctx, listed, trf("{name}: other hexes", name=p['name']), p["other"],
                  partial(_hexes, player_id, "other"), identifier=f"eve-{player_id}-other"),
            line(trf("{name}: {sum}", name=p["name"], sum=p["sum"]), s, identifier=f"eve-{player_id}-sum",
                 size=s.small, muted=True)]


register(Panel(id="eve", title=lambda ctx: tr("Eve of the Antperium"), applies=applies, build=build,
               help_topic="eve", modules=(KEY,), order=32))
