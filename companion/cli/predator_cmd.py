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
from typing import TYPE_CHECKING, Any

from companion.cli.common import (
    CliError,
    OneOf,
    Verb,
    add_actions,
    add_verbs,
    arg,
    db_option,
    open_store,
    plain,
    print_json,
)
from companion.core.i18n import N_, render, tr, trf, trn

if TYPE_CHECKING:
    from companion.core.predators.view import AlliancesView, PredatorsView
    from companion.core.session import Session

HELP = N_("a game's predators: summon, Health, battles, alliances")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = add_actions(subparsers, "predator", tr(HELP),
                      "predator_command", metavar="ACTION",
                      args=(arg("id", help=tr("the game's id (companion game list)")),))
    add_verbs(sub, (*_meadow_verbs(), *_alliance_verbs()), first=(db_option(),))


def _meadow_verbs() -> tuple[Verb, ...]:
    """Minions of the Meadow's Predators on the board, their Health and their battles."""
    name = arg("name")
    return (
        Verb("status", tr("the predators on the board (or the alliances) and the battle in progress"), _status,
             (arg("--json", action="store_true", help=tr("print the tracker's view as JSON")),)),
        Verb("summon", tr("a Predator arrives with 3 x the round in Health"), _summon,
             (name, arg("--hex", type=int, metavar="N", help=tr("the hex it is placed in")),
              arg("--by", metavar="PLAYER", help=tr("who played its card")))),
        Verb("damage", tr("casualties dealt to a Predator"), _damage,
             (name, arg("amount", type=int),
              arg("--by", metavar="PLAYER", help=tr("who dealt them (gains a food if it reaches 0)")))),
        Verb("heal", tr("a Predator gains Health"), _heal, (name, arg("amount", type=int))),
        Verb("health", tr("type a Predator's Health"), _health, (name, arg("health", type=int))),
        Verb("move", tr("a Predator moves to another hex"), _move, (name, arg("hex", type=int))),
        Verb("spores", tr("spore tokens left in the Cordyceps' hex"), _spores, (name, arg("count", type=int))),
        Verb("battle", tr("the battle helper: start, each discarded card, the result"), _battle, (
            name, arg("--player", metavar="PLAYER", help=tr("who battles it (to start the battle)")),
            arg("--cards", type=int, metavar="N", help=tr("cards it discards, when its tier is not typed")),
            arg("--reveal", type=int, nargs="+", default=[], metavar="F", help=tr("each discarded card's Ferocity")),
            arg("--strength", type=int, metavar="S", help=tr("the player's Army Strength: finishes the battle")),
            arg("--winner", choices=("player", "predator"), help=tr("who wins a tie")),
            arg("--cancel", action="store_true", help=tr("cancel the battle in progress")))),
        Verb("defeat", tr("a player won a battle against a Predator: +1 CP"), _defeat,
             (name, arg("--by", metavar="PLAYER", required=True))),
        Verb("choose", tr("the Predator information cards in play"), _choose, (arg("names", nargs="+"),)),
        Verb("draw", tr("draw the Predator information cards in play at random"), _draw),
        Verb("tier", tr("type a tier's row from a Predator's card"), _tier, (
            name, arg("tier", type=int), arg("text"),
            arg("--cards", type=int, metavar="N", help=tr("cards it discards for its Army Strength at this tier")),
            arg("--strength", type=int, metavar="N", help=tr("Army Strength it adds at this tier")))),
    )


def _alliance_verbs() -> tuple[Verb, ...]:
    """Predators & Prey: a colony's allied predator."""
    return (
        Verb("recruit", tr("Predators & Prey: a colony allies with a revealed predator"), _recruit,
             (arg("card"), arg("--by", metavar="PLAYER", required=True))),
        Verb("lose", tr("Predators & Prey: a colony loses its predator"), _lose, (
            arg("player"), arg("--reason", choices=("offering", "tunnel", "battle"), required=True),
            arg("--winner", metavar="PLAYER", help=tr("who won the battle (with --reason battle)")))),
        Verb("tunnel", tr("Predators & Prey: an allied predator enters or leaves the Great Tunnel"), _tunnel, (
            arg("player"), OneOf((arg("--in", dest="inside", action="store_true"),
                                  arg("--out", dest="outside", action="store_true")), required=True))),
        Verb("reveal", tr("Predators & Prey: the cards face up below the predator sheet"), _reveal,
             (arg("cards", nargs="*"),)),
        Verb("card", tr("Predators & Prey: type a predator card's texts"), _card, (
            arg("card"), *(arg(f"--{flag}", default="") for flag in ("name", "task", "offering", "effect", "scoring")),
            arg("--strength", type=int))),
    )


def _session(args: argparse.Namespace) -> Session:
    return open_store(args).session(args.id)


def _player(session: Session, text: str | None) -> str:
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
    predators = predators_view(state, content) if KEY in state["modules_state"] else None
    alliances = alliances_view(state, content) if PP_KEY in state["modules_state"] else None
    views = {name: view for name, view in (("predators", predators), ("alliances", alliances)) if view is not None}
    if not views:
        raise CliError(trf("game {id} has no predators (neither module is in play)", id=args.id))
    if args.json:
        print_json(plain(views))
        return 0
    if predators is not None:
        _print_predators(predators)
    if alliances is not None:
        _print_alliances(alliances)
    return 0


def _print_predators(v: PredatorsView) -> None:
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


def _print_alliances(v: AlliancesView) -> None:
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
