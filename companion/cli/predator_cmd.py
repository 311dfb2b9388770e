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
from companion.core.i18n import is_message, render, tr, trf, trn


def register(subparsers: Any) -> None:
    top = subparsers.add_parser("predator", help=tr("a game's predators: summon, Health, battles, alliances"))
    top.add_argument("id", help=tr("the game's id (companion game list)"))
    sub = top.add_subparsers(dest="predator_command", metavar="ACTION", required=True)

    def add(name: str, help_text: str, handler: Any) -> argparse.ArgumentParser:
        parser: argparse.ArgumentParser = sub.add_parser(name, help=help_text)
        add_db_option(parser)
        parser.set_defaults(handler=handler)
        return parser

    p = add("status", tr("the predators on the board (or the alliances) and the battle in progress"), _status)
    p.add_argument("--json", action="store_true", help=tr("print the tracker's view as JSON"))
    p = add("summon", tr("a Predator arrives with 3 x the round in Health"), _summon)
    p.add_argument("name")
    p.add_argument("--hex", type=int, metavar="N", help=tr("the hex it is placed in"))
    p.add_argument("--by", metavar="PLAYER", help=tr("who played its card"))
    p = add("damage", tr("casualties dealt to a Predator"), _damage)
    p.add_argument("name")
    p.add_argument("amount", type=int)
    p.add_argument("--by", metavar="PLAYER", help=tr("who dealt them (gains a food if it reaches 0)"))
    p = add("heal", tr("a Predator gains Health"), _heal)
    p.add_argument("name")
    p.add_argument("amount", type=int)
    p = add("health", tr("type a Predator's Health"), _health)
    p.add_argument("name")
    p.add_argument("health", type=int)
    p = add("move", tr("a Predator moves to another hex"), _move)
    p.add_argument("name")
    p.add_argument("hex", type=int)
    p = add("spores", tr("spore tokens left in the Cordyceps' hex"), _spores)
    p.add_argument("name")
    p.add_argument("count", type=int)
    p = add("battle", tr("the battle helper: start, each discarded card, the result"), _battle)
    p.add_argument("name")
    p.add_argument("--player", metavar="PLAYER", help=tr("who battles it (to start the battle)"))
    p.add_argument("--cards", type=int, metavar="N", help=tr("cards it discards, when its tier is not typed"))
    p.add_argument("--reveal", type=int, nargs="+", default=[], metavar="F", help=tr("each discarded card's Ferocity"))
    p.add_argument("--strength", type=int, metavar="S", help=tr("the player's Army Strength: finishes the battle"))
    p.add_argument("--winner", choices=("player", "predator"), help=tr("who wins a tie"))
    p.add_argument("--cancel", action="store_true", help=tr("cancel the battle in progress"))
    p = add("defeat", tr("a player won a battle against a Predator: +1 CP"), _defeat)
    p.add_argument("name")
    p.add_argument("--by", metavar="PLAYER", required=True)
    p = add("choose", tr("the Predator information cards in play"), _choose)
    p.add_argument("names", nargs="+")
    add("draw", tr("draw the Predator information cards in play at random"), _draw)
    p = add("tier", tr("type a tier's row from a Predator's card"), _tier)
    p.add_argument("name")
    p.add_argument("tier", type=int)
    p.add_argument("text")
    p.add_argument("--cards", type=int, metavar="N", help=tr("cards it discards for its Army Strength at this tier"))
    p.add_argument("--strength", type=int, metavar="N", help=tr("Army Strength it adds at this tier"))
    p = add("recruit", tr("Predators & Prey: a colony allies with a revealed predator"), _recruit)
    p.add_argument("card")
    p.add_argument("--by", metavar="PLAYER", required=True)
    p = add("lose", tr("Predators & Prey: a colony loses its predator"), _lose)
    p.add_argument("player")
    p.add_argument("--reason", choices=("offering", "tunnel", "battle"), required=True)
    p.add_argument("--winner", metavar="PLAYER", help=tr("who won the battle (with --reason battle)"))
    p = add("tunnel", tr("Predators & Prey: an allied predator enters or leaves the Great Tunnel"), _tunnel)
    p.add_argument("player")
    where = p.add_mutually_exclusive_group(required=True)
    where.add_argument("--in", dest="inside", action="store_true")
    where.add_argument("--out", dest="outside", action="store_true")
    p = add("reveal", tr("Predators & Prey: the cards face up below the predator sheet"), _reveal)
    p.add_argument("cards", nargs="*")
    p = add("card", tr("Predators & Prey: type a predator card's texts"), _card)
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
    print(session.execute(make(session)).text)
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
        print(session.execute(CancelBattle()).text)
        return 0
    going = battle_view(session.state)
    if going is None:
        if not args.player:
            raise CliError(tr("no battle in progress: give --player PLAYER to start one"))
        print(session.execute(StartBattle(pid, _player(session, args.player), args.cards)).text)
    elif going["predator"] != pid:
        raise CliError(trf("the battle in progress is against the {predator}; finish or --cancel it first",
                           predator=going["name"]))
    elif args.player and _player(session, args.player) != going["player"]:
        raise CliError(trf("the battle in progress is {name}'s", name=render(going["player_name"])))
    for ferocity in args.reveal:
        print(session.execute(RevealCard(ferocity)).text)
    if args.strength is not None:
        print(session.execute(FinishBattle(args.strength, args.winner or "")).text)
        return 0
    now = battle_view(session.state)
    if now is not None:
        print(trn("Its Army Strength so far: {strength} ({out} of 1 card). Next: {step}",
                  "Its Army Strength so far: {strength} ({out} of {n} cards). Next: {step}", now["cards"],
                  strength=now["strength"], out=len(now["revealed"]), step=render(now["step"])))
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
        raise CliError(trf("game {id} has no predators (neither module is in play)", id=args.id))
    if args.json:
        print_json(_plain(views))
        return 0
    if "predators" in views:
        _print_predators(views["predators"])
    if "alliances" in views:
        _print_alliances(views["alliances"])
    return 0


def _plain(value: Any) -> Any:
    """A view as plain JSON: every message rendered in the reader's language."""
    if is_message(value):
        return render(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _print_predators(v: dict[str, Any]) -> None:
    if v["in_play"]:
        print(trf("In play: {names}", names=", ".join(render(p["name"]) for p in v["in_play"])))
    print(trf("A Predator summoned now (round {round}) has Health {health}, Tier {tier}.", round=v["round"],
              health=v["summon_health"], tier=v["summon_tier"]))
    if not v["predators"]:
        print(tr("No Predator on the board."))
    for p in v["predators"]:
        name = render(p["name"])
        if p["gone"]:
            print("  " + trf("{name}: brought to 0 Health, out of the game", name=name))
            continue
        where = trf("hex {hex}", hex=p["hex"]) if p["hex"] else tr("hex not given")
        values = {"name": name, "where": where, "health": p["health"], "tier": p["tier"], "band": render(p["band"])}
        if p["spores"] is not None:
            print("  " + trn("{name} ({where}): Health {health}, Tier {tier} ({band}), 1 spore in its hex",
                             "{name} ({where}): Health {health}, Tier {tier} ({band}), {n} spores in its hex",
                             p["spores"], **values))
        else:
            print("  " + trf("{name} ({where}): Health {health}, Tier {tier} ({band})", **values))
        for row in p["abilities"]:
            if not row["superseded"]:
                print("    " + trf("Tier {tier}: {text}", tier=row["tier"], text=render(row["text"])))
    b = v["battle"]
    if b is not None:
        print(trn("Battle: {name} against the {predator}, {out} of 1 card out (Army Strength {strength}). Next: {step}",
                  "Battle: {name} against the {predator}, {out} of {n} cards out (Army Strength {strength}). "
                  "Next: {step}", b["cards"], name=render(b["player_name"]), predator=render(b["name"]),
                  out=len(b["revealed"]), strength=b["strength"], step=render(b["step"])))


def _print_alliances(v: dict[str, Any]) -> None:
    none = tr("none")
    print(trn("Revealed: {shown}; deck 1 card; beside it: {discard}",
              "Revealed: {shown}; deck {n} cards; beside it: {discard}", v["deck"],
              shown=", ".join(render(c["label"]) for c in v["available"]) or none,
              discard=", ".join(render(c) for c in v["discard"]) or none))
    for x in v["allies"]:
        strength = "?" if x["strength_now"] is None else x["strength_now"]
        values = {"name": x["player_name"], "predator": render(x["label"]), "strength": strength}
        if x["in_tunnel"]:
            print("  " + trf("{name}: the {predator} (in the Great Tunnel), strength {strength}", **values))
        else:
            print("  " + trf("{name}: the {predator}, strength {strength}", **values))
