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
from typing import TYPE_CHECKING, Any

from companion.cli.common import Verb, add_actions, add_verbs, arg, db_option, open_store, plain, print_json
from companion.core.i18n import N_, render, tr, trf

if TYPE_CHECKING:
    from companion.core.commands.base import Command
    from companion.core.session import Session
    from companion.core.state import State

HELP = N_("chambers and eggs of a saved game (Empires, Predators & Prey)")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = add_actions(subparsers, "chambers", tr(HELP),
                      "chambers_command", metavar="ACTION")
    shared = (db_option(), arg("game", help=tr("the game's id (companion game list)")),
              arg("--json", action="store_true", help=tr("print the chambers as JSON afterwards")))
    add_verbs(sub, (Verb("show", tr("every colony's chambers, eggs and what can activate now"), _show),
                    *_card_verbs(), *_egg_verbs()), first=shared)


def _card_verbs() -> tuple[Verb, ...]:
    """The chamber cards: typed once, played, kept as Old Tunnels or Nest Chambers."""
    colony = arg("player", help=tr("the colony (its player's name or id)"))
    card = arg("card", help=tr("the card's name, as printed"))
    return (
        Verb("define", tr("enter a chamber card once: its egg spaces and activation phase"), _runner(_define), (
            card, arg("--spaces", type=int, required=True, help=tr("its egg spaces")),
            arg("--phase", required=True, help=tr("worker, soldier, queen (or any: as the card says, P&P)")),
            arg("--old-tunnel", action="store_true", help=tr("an Old Tunnel card (Empires) or side (P&P)")),
            arg("--ability", default="", help=tr("the card's ability, in a few words")))),
        Verb("play", tr("a colony plays a Chamber card (Empires)"), _runner(_play), (
            colony, card, arg("--eggs", type=int, default=1, help=tr("eggs put in, one larva or ant paid each")),
            arg("--paid", default="larvae", help=tr("larvae, ants or free (0 eggs)")))),
        Verb("old-tunnel", tr("a colony's starting Old Tunnel (Empires)"), _runner(_old_tunnel), (
            colony, card, arg("--reverse", action="store_true", help=tr("its reverse side: a whole-game ability")))),
        Verb("nest", tr("a colony's two Nest Chambers (P&P): Old Tunnel side, then chamber side"), _runner(_nest), (
            colony, arg("tunnel", help=tr("the card kept on its Old Tunnel side")),
            arg("chamber", help=tr("the card kept on its chamber side")))),
    )


def _egg_verbs() -> tuple[Verb, ...]:
    """Eggs into and out of a chamber, a full chamber's activation, ant markers."""
    chamber = arg("chamber", help=tr("the chamber's id (c1, c2, ... in chambers show)"))
    return (
        Verb("egg", tr("one egg into a chamber"), _runner(_egg), (
            chamber, arg("--why", default="reaction", help=tr("reaction, losses (Defensive Shelter) or solo")),
            arg("--from", dest="source", default="supply", help=tr("supply, larva or ant")))),
        Verb("take", tr("an egg out of a chamber, to become a larva"), _runner(_one("TakeEgg")), (chamber,)),
        Verb("activate", tr("activate a full chamber in its phase"), _runner(_one("ActivateChamber")), (chamber,)),
        Verb("discard", tr("a chamber leaves play"), _runner(_one("DiscardChamber")), (chamber,)),
        Verb("markers", tr("P&P: a colony's ant markers in play outside its chambers"), _runner(_markers), (
            arg("player", help=tr("the colony (its player's name or id)")),
            arg("in_play", type=int, help=tr("ant markers in play outside its chambers")))),
    )


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


def _player(state: State, text: str) -> str:
    from companion.cli.game_cmd import resolve_player

    return resolve_player(state, text)


def _define(args: argparse.Namespace, state: State) -> Command:
    from companion.core.chambers.commands import DefineCard

    return DefineCard(args.card, args.spaces, args.phase, "old-tunnel" if args.old_tunnel else "chamber",
                      args.ability)


def _play(args: argparse.Namespace, state: State) -> Command:
    from companion.core.chambers.commands import PlayChamber

    return PlayChamber(_player(state, args.player), args.card, 0 if args.paid == "free" else args.eggs, args.paid)


def _old_tunnel(args: argparse.Namespace, state: State) -> Command:
    from companion.core.chambers.commands import TakeOldTunnel

    return TakeOldTunnel(_player(state, args.player), args.card, args.reverse)


def _nest(args: argparse.Namespace, state: State) -> Command:
    from companion.core.chambers.commands import KeepNestChambers

    return KeepNestChambers(_player(state, args.player), args.tunnel, args.chamber)


def _egg(args: argparse.Namespace, state: State) -> Command:
    from companion.core.chambers.commands import PlaceEgg

    return PlaceEgg(args.chamber, args.why, args.source)


def _markers(args: argparse.Namespace, state: State) -> Command:
    from companion.core.chambers.commands import SetMarkers

    return SetMarkers(_player(state, args.player), args.in_play)


def _one(kind: str) -> Callable[[argparse.Namespace, State], Command]:
    def make(args: argparse.Namespace, state: State) -> Command:
        from companion.core.chambers import commands

        return getattr(commands, kind)(args.chamber)

    return make


def _print_view(session: Session) -> None:
    from companion.core.chambers import chambers_view

    print_json(plain(chambers_view(session.state, session.content)))


def _show(args: argparse.Namespace) -> int:
    from companion.core.chambers import chambers_view

    session = open_store(args).session(args.game)
    view = chambers_view(session.state, session.content)
    if args.json:
        print_json(plain(view))
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
