"""``companion predator ID ...``: a saved game's predators from a terminal, through the same core commands.

Minions of the Meadow: ``summon NAME [--hex N]``, ``damage NAME N``, ``heal NAME N``, ``health NAME H``,
``move NAME HEX``, ``spores NAME N``, ``battle NAME --player P [--reveal F ...] [--strength S]``,
``defeat NAME --by PLAYER`` (a win: +1 CP), ``choose A B`` / ``draw``, ``tier NAME T TEXT``, ``status``.
Predators & Prey: ``recruit CARD --by PLAYER``, ``lose PLAYER --reason offering|tunnel|battle
[--winner W]``, ``tunnel PLAYER --in|--out``, ``reveal CARD ...``, ``card CARD --task ...``.
Every change is one undoable command (``companion game undo ID``); bad input exits 2 with one line.
"""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.common import CliError, add_db_option, open_store, print_json


def register(subparsers: Any) -> None:
    top = subparsers.add_parser("predator", help="a game's predators: summon, Health, battles, alliances")
    top.add_argument("id", help="the game's id (companion game list)")
    sub = top.add_subparsers(dest="predator_command", metavar="ACTION", required=True)

    def add(name: str, help_text: str, handler: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text)
        add_db_option(parser)
        parser.set_defaults(handler=handler)
        return parser

    p = add("status", "the predators on the board (or the alliances) and the battle in progress", _status)
    p.add_argument("--json", action="store_true", help="print the tracker's view as JSON")
    p = add("summon", "a Predator arrives with 3 x the round in Health", _summon)
    p.add_argument("name")
    p.add_argument("--hex", type=int, metavar="N", help="the hex it is placed in")
    p.add_argument("--by", metavar="PLAYER", help="who played its card")
    p = add("damage", "casualties dealt to a Predator", _damage)
    p.add_argument("name")
    p.add_argument("amount", type=int)
    p.add_argument("--by", metavar="PLAYER", help="who dealt them (gains a food if it reaches 0)")
    p = add("heal", "a Predator gains Health", _heal)
    p.add_argument("name")
    p.add_argument("amount", type=int)
    p = add("health", "type a Predator's Health", _health)
    p.add_argument("name")
    p.add_argument("health", type=int)
    p = add("move", "a Predator moves to another hex", _move)
    p.add_argument("name")
    p.add_argument("hex", type=int)
    p = add("spores", "spore tokens left in the Cordyceps' hex", _spores)
    p.add_argument("name")
    p.add_argument("count", type=int)
    p = add("battle", "the battle helper: start, each discarded card, the result", _battle)
    p.add_argument("name")
    p.add_argument("--player", metavar="PLAYER", help="who battles it (to start the battle)")
    p.add_argument("--cards", type=int, metavar="N", help="cards it discards, when its tier is not typed")
    p.add_argument("--reveal", type=int, nargs="+", default=[], metavar="F", help="each discarded card's Ferocity")
    p.add_argument("--strength", type=int, metavar="S", help="the player's Army Strength: finishes the battle")
    p.add_argument("--winner", choices=("player", "predator"), help="who wins a tie")
    p.add_argument("--cancel", action="store_true", help="cancel the battle in progress")
    p = add("defeat", "a player won a battle against a Predator: +1 CP", _defeat)
    p.add_argument("name")
    p.add_argument("--by", metavar="PLAYER", required=True)
    p = add("choose", "the Predator information cards in play", _choose)
    p.add_argument("names", nargs="+")
    add("draw", "draw the Predator information cards in play at random", _draw)
    p = add("tier", "type a tier's row from a Predator's card", _tier)
    p.add_argument("name")
    p.add_argument("tier", type=int)
    p.add_argument("text")
    p.add_argument("--cards", type=int, metavar="N", help="cards it discards for its Army Strength at this tier")
    p.add_argument("--strength", type=int, metavar="N", help="Army Strength it adds at this tier")
    p = add("recruit", "Predators & Prey: a colony allies with a revealed predator", _recruit)
    p.add_argument("card")
    p.add_argument("--by", metavar="PLAYER", required=True)
    p = add("lose", "Predators & Prey: a colony loses its predator", _lose)
    p.add_argument("player")
    p.add_argument("--reason", choices=("offering", "tunnel", "battle"), required=True)
    p.add_argument("--winner", metavar="PLAYER", help="who won the battle (with --reason battle)")
    p = add("tunnel", "Predators & Prey: an allied predator enters or leaves the Great Tunnel", _tunnel)
    p.add_argument("player")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--in", dest="inside", action="store_true")
    where.add_argument("--out", dest="outside", action="store_true")
    p = add("reveal", "Predators & Prey: the cards face up below the predator sheet", _reveal)
    p.add_argument("cards", nargs="*")
    p = add("card", "Predators & Prey: type a predator card's texts", _card)
    p.add_argument("card")
    for flag in ("name", "task", "offering", "effect", "scoring"):
        p.add_argument(f"--{flag}", default="")
    p.add_argument("--strength", type=int)


def _session(args: argparse.Namespace) -> Any:
    return open_store(args).session(args.id)


def _player(session: Any, text: str | None) -> str:
    from companion.cli.game_cmd import resolve_player

    return resolve_player(session.state, text) if text else ""


def _run(args: argparse.Namespace, make: Any) -> int:
    session = _session(args)
    print(session.execute(make(session)))
    return 0


def _pid(name: str) -> str:
    from companion.core.predators import find_predator

    return find_predator(name)


def _summon(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import Summon

    return _run(args, lambda s: Summon(_pid(args.name), args.hex, _player(s, args.by)))


def _damage(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import Damage

    return _run(args, lambda s: Damage(_pid(args.name), args.amount, _player(s, args.by)))


def _heal(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import Heal

    return _run(args, lambda s: Heal(_pid(args.name), args.amount))


def _health(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import SetHealth

    return _run(args, lambda s: SetHealth(_pid(args.name), args.health))


def _move(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import MovePredator

    return _run(args, lambda s: MovePredator(_pid(args.name), args.hex))


def _spores(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import SetSpores

    return _run(args, lambda s: SetSpores(_pid(args.name), args.count))


def _defeat(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import WinAgainst

    return _run(args, lambda s: WinAgainst(_pid(args.name), _player(s, args.by)))


def _choose(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import ChoosePredators

    return _run(args, lambda s: ChoosePredators(tuple(_pid(n) for n in args.names)))


def _draw(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import DrawPredators

    return _run(args, lambda s: DrawPredators())


def _tier(args: argparse.Namespace) -> int:
    from companion.core.predators.commands import SetTierText

    return _run(args, lambda s: SetTierText(_pid(args.name), args.tier, args.text, args.cards, args.strength))


def _battle(args: argparse.Namespace) -> int:
    from companion.core.predators.battle import CancelBattle, FinishBattle, RevealCard, StartBattle
    from companion.core.predators.view import battle_view

    session, pid = _session(args), _pid(args.name)
    if args.cancel:
        print(session.execute(CancelBattle()))
        return 0
    going = battle_view(session.state)
    if going is None:
        if not args.player:
            raise CliError("no battle in progress: give --player PLAYER to start one")
        print(session.execute(StartBattle(pid, _player(session, args.player), args.cards)))
    elif going["predator"] != pid:
        raise CliError(f"the battle in progress is against the {going['name']}; finish or --cancel it first")
    elif args.player and _player(session, args.player) != going["player"]:
        raise CliError(f"the battle in progress is {going['player_name']}'s")
    for ferocity in args.reveal:
        print(session.execute(RevealCard(ferocity)))
    if args.strength is not None:
        print(session.execute(FinishBattle(args.strength, args.winner or "")))
        return 0
    now = battle_view(session.state)
    if now is not None:
        print(f"Its Army Strength so far: {now['strength']} ({len(now['revealed'])} of {now['cards']} cards). "
              f"Next: {now['step']}")
    return 0


def _recruit(args: argparse.Namespace) -> int:
    from companion.core.predators import find_ally_card
    from companion.core.predators.alliance_commands import Recruit

    return _run(args, lambda s: Recruit(_player(s, args.by), find_ally_card(args.card)))


def _lose(args: argparse.Namespace) -> int:
    from companion.core.predators.alliance_commands import LoseAlly

    return _run(args, lambda s: LoseAlly(_player(s, args.player), args.reason, _player(s, args.winner)))


def _tunnel(args: argparse.Namespace) -> int:
    from companion.core.predators.alliance_commands import SetAllyTunnel

    return _run(args, lambda s: SetAllyTunnel(_player(s, args.player), bool(args.inside)))


def _reveal(args: argparse.Namespace) -> int:
    from companion.core.predators import find_ally_card
    from companion.core.predators.alliance_commands import SetRevealed

    return _run(args, lambda s: SetRevealed(tuple(find_ally_card(c) for c in args.cards)))


def _card(args: argparse.Namespace) -> int:
    from companion.core.predators import find_ally_card
    from companion.core.predators.alliance_commands import SetCardText

    return _run(args, lambda s: SetCardText(find_ally_card(args.card), args.name, args.task, args.offering,
                                            args.strength, args.effect, args.scoring))


def _status(args: argparse.Namespace) -> int:
    from companion.core.predators.alliances import PP_KEY
    from companion.core.predators.model import KEY
    from companion.core.predators.view import alliances_view, predators_view

    session = _session(args)
    state, content = session.state, session.content
    views: dict[str, Any] = {}
    if KEY in state["modules_state"]:
        views["predators"] = predators_view(state, content)
    if PP_KEY in state["modules_state"]:
        views["alliances"] = alliances_view(state, content)
    if not views:
        raise CliError(f"game {args.id} has no predators (neither module is in play)")
    if args.json:
        print_json(views)
        return 0
    if "predators" in views:
        _print_predators(views["predators"])
    if "alliances" in views:
        _print_alliances(views["alliances"])
    return 0


def _print_predators(v: dict[str, Any]) -> None:
    if v["in_play"]:
        print(f"In play: {', '.join(p['name'] for p in v['in_play'])}")
    print(f"A Predator summoned now (round {v['round']}) has Health {v['summon_health']}, Tier {v['summon_tier']}.")
    if not v["predators"]:
        print("No Predator on the board.")
    for p in v["predators"]:
        if p["gone"]:
            print(f"  {p['name']}: brought to 0 Health, out of the game")
            continue
        where = f"hex {p['hex']}" if p["hex"] else "hex not given"
        spores = f", {p['spores']} spores in its hex" if p["spores"] is not None else ""
        print(f"  {p['name']} ({where}): Health {p['health']}, Tier {p['tier']} ({p['band']}){spores}")
        for row in p["abilities"]:
            if not row["superseded"]:
                print(f"    Tier {row['tier']}: {row['text']}")
    b = v["battle"]
    if b is not None:
        print(f"Battle: {b['player_name']} against the {b['name']}, {len(b['revealed'])} of {b['cards']} cards out "
              f"(Army Strength {b['strength']}). Next: {b['step']}")


def _print_alliances(v: dict[str, Any]) -> None:
    print(f"Revealed: {', '.join(c['name'] for c in v['available']) or 'none'}; deck {v['deck']} card(s); "
          f"beside it: {', '.join(v['discard']) or 'none'}")
    for x in v["allies"]:
        tunnel = " (in the Great Tunnel)" if x["in_tunnel"] else ""
        strength = "?" if x["strength_now"] is None else x["strength_now"]
        print(f"  {x['player_name']}: the {x['name']}{tunnel}, strength {strength}")
