"""``companion chambers ...``: a saved game's chambers and eggs from a terminal, through the same core.

    companion chambers show GAME [--json]
    companion chambers define GAME "Defensive Shelter" --spaces 2 --phase soldier
    companion chambers play GAME Ana "Scavenger's Cache" --eggs 2 [--paid larvae|ants|free]
    companion chambers egg GAME c1 [--why reaction|losses|solo] [--from supply|larva|ant]
    companion chambers activate GAME c1
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from companion.cli.common import add_db_option, open_store, print_json
from companion.core.i18n import Msg, render, tr, trf


def register(subparsers: Any) -> None:
    top = subparsers.add_parser("chambers", help=tr("chambers and eggs of a saved game (Empires, Predators & Prey)"))
    sub = top.add_subparsers(dest="chambers_command", metavar="ACTION", required=True)

    def add(name: str, help_text: str, make: Callable[[argparse.Namespace, Any], Any] | None) -> Any:
        parser = sub.add_parser(name, help=help_text)
        add_db_option(parser)
        parser.add_argument("game", help=tr("the game's id (companion game list)"))
        parser.add_argument("--json", action="store_true", help=tr("print the chambers as JSON afterwards"))
        parser.set_defaults(handler=_show if make is None else _runner(make))
        return parser

    add("show", tr("every colony's chambers, eggs and what can activate now"), None)
    p = add("define", tr("enter a chamber card once: its egg spaces and activation phase"), _define)
    p.add_argument("card", help=tr("the card's name, as printed"))
    p.add_argument("--spaces", type=int, required=True, help=tr("its egg spaces"))
    p.add_argument("--phase", required=True, help=tr("worker, soldier, queen (or any: as the card says, P&P)"))
    p.add_argument("--old-tunnel", action="store_true", help=tr("an Old Tunnel card (Empires) or side (P&P)"))
    p.add_argument("--ability", default="", help=tr("the card's ability, in a few words"))
    p = add("play", tr("a colony plays a Chamber card (Empires)"), _play)
    p.add_argument("player", help=tr("the colony (its player's name or id)"))
    p.add_argument("card", help=tr("the card's name, as printed"))
    p.add_argument("--eggs", type=int, default=1, help=tr("eggs put in, one larva or ant paid each"))
    p.add_argument("--paid", default="larvae", help=tr("larvae, ants or free (0 eggs)"))
    p = add("old-tunnel", tr("a colony's starting Old Tunnel (Empires)"), _old_tunnel)
    p.add_argument("player", help=tr("the colony (its player's name or id)"))
    p.add_argument("card", help=tr("the card's name, as printed"))
    p.add_argument("--reverse", action="store_true", help=tr("its reverse side: a whole-game ability"))
    p = add("nest", tr("a colony's two Nest Chambers (P&P): Old Tunnel side, then chamber side"), _nest)
    p.add_argument("player", help=tr("the colony (its player's name or id)"))
    p.add_argument("tunnel", help=tr("the card kept on its Old Tunnel side"))
    p.add_argument("chamber", help=tr("the card kept on its chamber side"))
    p = add("egg", tr("one egg into a chamber"), _egg)
    p.add_argument("chamber", help=tr("the chamber's id (c1, c2, ... in chambers show)"))
    p.add_argument("--why", default="reaction", help=tr("reaction, losses (Defensive Shelter) or solo"))
    p.add_argument("--from", dest="source", default="supply", help=tr("supply, larva or ant"))
    p = add("take", tr("an egg out of a chamber, to become a larva"), _one("TakeEgg"))
    p.add_argument("chamber", help=tr("the chamber's id (c1, c2, ... in chambers show)"))
    p = add("activate", tr("activate a full chamber in its phase"), _one("ActivateChamber"))
    p.add_argument("chamber", help=tr("the chamber's id (c1, c2, ... in chambers show)"))
    p = add("discard", tr("a chamber leaves play"), _one("DiscardChamber"))
    p.add_argument("chamber", help=tr("the chamber's id (c1, c2, ... in chambers show)"))
    p = add("markers", tr("P&P: a colony's ant markers in play outside its chambers"), _markers)
    p.add_argument("player", help=tr("the colony (its player's name or id)"))
    p.add_argument("in_play", type=int, help=tr("ant markers in play outside its chambers"))


def _runner(make: Callable[[argparse.Namespace, Any], Any]) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        session = open_store(args).session(args.game)
        label = session.execute(make(args, session.state)).text
        if args.json:
            _print_view(session)
        else:
            print(label)
        return 0

    return run


def _player(state: Any, text: str) -> str:
    from companion.cli.game_cmd import resolve_player

    return resolve_player(state, text)


def _define(args: argparse.Namespace, state: Any) -> Any:
    from companion.core.chambers.commands import DefineCard

    return DefineCard(args.card, args.spaces, args.phase, "old-tunnel" if args.old_tunnel else "chamber",
                      args.ability)


def _play(args: argparse.Namespace, state: Any) -> Any:
    from companion.core.chambers.commands import PlayChamber

    return PlayChamber(_player(state, args.player), args.card, 0 if args.paid == "free" else args.eggs, args.paid)


def _old_tunnel(args: argparse.Namespace, state: Any) -> Any:
    from companion.core.chambers.commands import TakeOldTunnel

    return TakeOldTunnel(_player(state, args.player), args.card, args.reverse)


def _nest(args: argparse.Namespace, state: Any) -> Any:
    from companion.core.chambers.commands import KeepNestChambers

    return KeepNestChambers(_player(state, args.player), args.tunnel, args.chamber)


def _egg(args: argparse.Namespace, state: Any) -> Any:
    from companion.core.chambers.commands import PlaceEgg

    return PlaceEgg(args.chamber, args.why, args.source)


def _markers(args: argparse.Namespace, state: Any) -> Any:
    from companion.core.chambers.commands import SetMarkers

    return SetMarkers(_player(state, args.player), args.in_play)


def _one(kind: str) -> Callable[[argparse.Namespace, Any], Any]:
    def make(args: argparse.Namespace, state: Any) -> Any:
        from companion.core.chambers import commands

        return getattr(commands, kind)(args.chamber)

    return make


def _print_view(session: Any) -> None:
    from companion.core.chambers import chambers_view

    print_json(_plain(chambers_view(session.state, session.content)))


def _plain(value: Any) -> Any:
    """The view as JSON: every message rendered in the reader's language."""
    if isinstance(value, Msg):
        return render(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _show(args: argparse.Namespace) -> int:
    from companion.core.chambers import chambers_view

    session = open_store(args).session(args.game)
    view = chambers_view(session.state, session.content)
    if args.json:
        print_json(_plain(view))
        return 0
    for p in view["players"]:
        if p["markers_free"] is not None:
            print(trf("{name}  ({free} ant markers free)", name=p["name"], free=p["markers_free"]))
        else:
            print(p["name"])
        for ch in p["chambers"]:
            state = tr("reverse side") if ch["whole_game"] else trf("{eggs}/{spaces} eggs", eggs=ch["eggs"],
                                                                    spaces=ch["capacity"])
            print(f"  {ch['id']}  {ch['name']:<22} {state:<12} {render(ch['phase_name'])}")
        if not p["chambers"]:
            print(tr("  no chamber"))
    now = ", ".join(render(n) for n in view["now"])
    print(trf("Can activate now: {chambers}", chambers=now) if now else tr("Can activate now: none"))
    return 0
