"""``companion solo ...``: play against the Broodmother from a terminal, or script a whole game.

Every action is one subcommand driving the same core commands as the app; ``--json``
prints the Broodmother view (what a screen would show) so scripts can read the state.
Core modules are imported inside the handlers, keeping ``--help`` fast. Here: a new game, its phases, her
turns and the questions she asks; the Meadow's hexes are ``solo_meadow``'s, the asymmetric variant's verbs
``solo_asymmetric``'s, and what every verb shares (opening her game, running a command, printing) ``solo_show``'s.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from companion.cli.common import Arg, CliError, Verb, add_actions, add_verbs, arg, open_store
from companion.cli.solo_asymmetric import asymmetric_verbs
from companion.cli.solo_meadow import register_hex
from companion.cli.solo_show import (
    WORDS,
    ZONES,
    answer_hint,
    flag,
    print_report,
    run,
    session_of,
    shared,
    show,
    status_lines,
)
from companion.core.i18n import N_, tr, trf, trn

if TYPE_CHECKING:
    from companion.core.setup import PlayerSpec

DEFAULT_COLOURS = ("red", "yellow", "black", "blue")
ANSWER_OPTIONS = ("number", "sites", "zone", "centipede_hex", "nest", "deck_empty", "hex", "destroyed")

EPILOG = N_("""\
A game, step by step:
  companion solo new --player Ana:red --difficulty normal --seed 7     (prints the game id)
  companion solo hex add ID 4 --zone inner --sites 2                  (tell it the hexes on the table)
  companion solo turn ID          her reaction after each of your turns (virtual deck)
  companion solo enter ID event 2 physical deck: the card you revealed (type, Ferocity)
  companion solo answer ID ...    when she asks (the hex she revealed, the hex with most ants, a Strike)
  companion solo cancel ID        spend an Initiative Token on the reaction just revealed
  companion solo next ID          next phase (leaving Slumber scores her Slumber points)
  companion solo status ID        everything at a glance (add --json for scripts)
Places: a hex number, or 'tunnel' for the Great Tunnel.""")

HELP = N_("the Broodmother opponent: solo, co-op and the asymmetric variant")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = add_actions(subparsers, "solo", tr(HELP),
                      "solo_command", metavar=tr("ACTION"),
                      description=tr("Run the Broodmother (Minions of the Meadow) from the terminal."),
                      epilog=tr(EPILOG), formatter_class=argparse.RawDescriptionHelpFormatter)
    add_verbs(sub, (_new_verb(),), first=shared(game=False), described=True)
    add_verbs(sub, (*_game_verbs(), *_turn_verbs()), first=shared(), described=True)
    register_hex(sub)
    add_verbs(sub, asymmetric_verbs(), first=shared(), described=True)


def _new_verb() -> Verb:
    from companion.core.broodmother.files import DIFFICULTIES
    from companion.core.broodmother.newgame import AFTER_LEVEL_3, DECK_MODES, TUNNEL_RULES

    return Verb("new", tr("start a solo, co-op or asymmetric game against the Broodmother"), _new, (
        arg("--player", action="append", default=[], metavar=tr("NAME:COLOUR"), help=tr("an ant colony; repeat")),
        arg("--players", metavar=tr("NUMBER"), type=int,
            help=tr("this many colonies with default names (instead of --player)")),
        arg("--broodmother", metavar=tr("NAME"), help=tr("asymmetric variant: the player who is the Broodmother")),
        arg("--difficulty", choices=DIFFICULTIES, default="normal",
            help=trf("the Difficulty Chart's column: {levels}", levels=", ".join(DIFFICULTIES))),
        arg("--deck", choices=DECK_MODES, default="virtual", help=tr("who draws her cards")),
        arg("--no-odds", action="store_true", help=tr("hide the odds of her next action")),
        arg("--after-level-3", choices=AFTER_LEVEL_3, default="nothing",
            help=tr("what her machinations do after level 3")),
        arg("--tunnel-centipedes", choices=TUNNEL_RULES, default="one",
            help=tr("how many centipedes the Great Tunnel holds")),
        arg("--empires", action="store_true", help=tr("Empires of the Earth is in play")),
        arg("--seed", metavar=tr("NUMBER"), type=int, help=tr("seed her virtual deck (replays the same cards)")),
        arg("--name", metavar=tr("TEXT"), help=tr("the game's name")),
    ))


def _game_verbs() -> tuple[Verb, ...]:
    """A game's state, checklist, deck and phases."""
    from companion.core.broodmother.newgame import DECK_MODES

    return (
        Verb("status", tr("her state, the meadow, her deck and what she asks"), _status),
        Verb("checklist", tr("the setup checklist; tick steps with --tick"), _checklist, (
            arg("--tick", action="append", default=[], metavar=tr("STEP"), help=tr("tick a step (repeatable)")),)),
        Verb("deck", tr("her deck: counts and odds; change its make-up or mode"), _deck, (
            arg("--set", metavar=tr("GROUPS"), help=tr("make-up before her first card: type:ferocity:count,...")),
            arg("--mode", choices=DECK_MODES, help=tr("switch the deck mode")),
            arg("--odds", choices=("on", "off"), help=tr("show or hide the odds"))),
             sends=("bm_set_deck",)),
        Verb("next", tr("advance to the next phase (or round)"), _next),
        Verb("finish", tr("finish the game after the last round"), _finish),
        Verb("undo", tr("undo the last change"), _undo),
        Verb("redo", tr("redo the last undone change"), _redo),
    )


def _turn_verbs() -> tuple[Verb, ...]:
    """Her reactions: drawn or entered, cancelled, her questions answered; battles and her end."""
    from companion.core.broodmother.content import brood_content
    from companion.core.broodmother.deck import CHAMBER

    types = [*brood_content().card_types, CHAMBER]
    return (
        Verb("turn", tr("her reaction: draw her card (virtual deck) and resolve it"), _turn),
        Verb("enter", tr("physical deck: the card she revealed, and resolve it"), _enter, (
            arg("card_type", choices=types, metavar=tr("TYPE"),
                help=trf("her card's type: {types}", types=", ".join(types))),
            arg("ferocity", type=int, nargs="?", default=0, metavar=tr("FEROCITY"), help=tr("its Ferocity")))),
        Verb("cancel", tr("spend an Initiative Token to cancel the reaction just revealed"), _cancel),
        Verb("answer", tr("answer her open question"), _answer, _answer_args()),
        Verb("slumber", tr("score her Slumber points now (in the Slumber step; else Next scores them)"), _slumber),
        Verb("battle", tr("battle numbers; --won when a centipede won a battle (+1 CP)"), _battle,
             (arg("--won", action="store_true", help=tr("a centipede (or she) won a battle")),)),
        Verb("destroyed", tr("the ants destroyed the Broodmother"), _destroyed),
        Verb("predator-gone", tr("moved: use 'companion predator ID health NAME 0'"), _predator_gone,
             (arg("predator", metavar=tr("PREDATOR")),)),
    )


def _answer_args() -> tuple[Arg, ...]:
    return (
        arg("--number", metavar=tr("NUMBER"), type=int, help=tr("Expand: the revealed hex's number")),
        arg("--sites", metavar=tr("NUMBER"), type=int,
            help=tr("Expand: its free collection sites (on a new hex, all of them)")),
        arg("--zone", choices=ZONES, help=tr("Expand: where it goes (inner whenever there is room)")),
        arg("--centipede-hex", action="store_const", const=True, help=tr("Expand: it is a centipede hex")),
        arg("--nest", action="store_const", const=True, help=tr("Expand: it is the Nest of Centipedes")),
        arg("--deck-empty", action="store_const", const=True, help=tr("Expand: the hex deck is empty")),
        arg("--hex", metavar=tr("NUMBER"), type=int, help=tr("Predator: the hex with the most ants")),
        arg("--destroyed", metavar=tr("NUMBER"), type=int,
            help=tr("Strike: ants destroyed in her hex (0: none there)")),
    )




# -- handlers --------------------------------------------------------------------------------
def _players(args: argparse.Namespace) -> tuple[PlayerSpec, ...]:
    from companion.core.setup import PlayerSpec

    if args.player and args.players:
        raise CliError(tr("give either --player NAME:COLOUR (repeated) or --players N, not both"))
    if args.player:
        from companion.cli.game_cmd import parse_player

        specs = [parse_player(text) for text in args.player]
    else:
        count = args.players or 1
        if not 1 <= count <= len(DEFAULT_COLOURS):
            raise CliError(trf("--players: 1 to {most} colonies", most=len(DEFAULT_COLOURS)))
        specs = [PlayerSpec(c.capitalize(), c) for c in DEFAULT_COLOURS[:count]]
    if args.broodmother:
        specs.append(PlayerSpec(args.broodmother, None, "broodmother"))
    return tuple(specs)


def _new(args: argparse.Namespace) -> int:
    from companion.core.setup import GameSetup

    players = _players(args)
    ants = sum(1 for p in players if p.role == "ant")
    mode = "asymmetric" if args.broodmother else ("solo" if ants == 1 else "coop")
    options: dict[str, Any] = {"deck": args.deck, "odds": not args.no_odds, "after_level_3": args.after_level_3,
                               "tunnel_centipedes": args.tunnel_centipedes}
    if mode != "asymmetric":
        options["difficulty"] = args.difficulty
    expansions = ("minions", "empires") if args.empires else ("minions",)
    setup = GameSetup(game="mota", mode=mode, players=players, expansions=expansions, options=options)
    session = open_store(args).create(setup, name=args.name, seed=args.seed)
    if args.json:
        show(args, session, None)
    else:
        print(session.id)
    return 0


def _status(args: argparse.Namespace) -> int:
    session = session_of(args)
    if args.json:
        show(args, session, None)
        return 0
    from companion.core.broodmother import broodmother_view
    from companion.core.state import current_phase

    view = broodmother_view(session.state, session.content)
    for line in status_lines(view, session.state, current_phase(session.state, session.content).label):
        print(line)
    print_report(view)
    return 0


def _checklist(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import TickStep

    session = session_of(args)
    label = None
    for step in args.tick:
        label = session.execute(TickStep(step)).text
    if args.json:
        show(args, session, label)
        return 0
    from companion.core.broodmother import broodmother_view

    for step in broodmother_view(session.state, session.content)["checklist"]:
        print(f"[{'x' if step['done'] else ' '}] {step['id']}: {step['text']}")
    return 0


def parse_groups(text: str) -> list[list[Any]]:
    """``event:1:5,evolution:2:7`` -> ``[["event", 1, 5], ["evolution", 2, 7]]``."""
    groups = []
    for part in text.split(","):
        bits = part.strip().split(":")
        if len(bits) != 3:
            raise CliError(trf("{part}: write type:ferocity:count, e.g. event:2:6", part=repr(part)))
        try:
            groups.append([bits[0], int(bits[1]), int(bits[2])])
        except ValueError:
            raise CliError(trf("{part}: Ferocity and count are whole numbers", part=repr(part))) from None
    return groups


def _deck(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import SetDeck, SetDeckMode, ShowOdds

    session = session_of(args)
    label = None
    if args.set:
        label = session.execute(SetDeck(tuple(parse_groups(args.set)))).text
    if args.mode:
        label = session.execute(SetDeckMode(args.mode)).text
    if args.odds:
        label = session.execute(ShowOdds(args.odds == "on")).text
    if args.json:
        show(args, session, label)
        return 0
    from companion.core.broodmother import broodmother_view

    view = broodmother_view(session.state, session.content)
    d = view["deck"]
    print(_trf("{size} cards ({mode}); draw pile {draw}, discard {discard}, plot pile {plot}", size=d["size"],
               mode=tr(WORDS.get(d["mode"], d["mode"])), draw=d["draw"], discard=d["discard"], plot=d["plot"]))
    for o in d["odds"] or []:
        print(_trf("  next {action}: {fraction} ({percent}%)", action=tr(o["action_name"]), fraction=o["fraction"],
                   percent=o["percent"]))
    return 0


def _next(args: argparse.Namespace) -> int:
    from companion.core.commands.turns import NextPhase

    return run(args, NextPhase())


def _finish(args: argparse.Namespace) -> int:
    from companion.core.commands.turns import FinishGame

    return run(args, FinishGame())


def _undo(args: argparse.Namespace) -> int:
    session = session_of(args)
    show(args, session, trf("Undone: {label}", label=session.undo().text))
    return 0


def _redo(args: argparse.Namespace) -> int:
    session = session_of(args)
    show(args, session, trf("Redone: {label}", label=session.redo().text))
    return 0


def _turn(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import DrawCard

    return run(args, DrawCard())


def _enter(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import EnterCard

    return run(args, EnterCard(args.card_type, args.ferocity))


def _cancel(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import CancelReaction

    return run(args, CancelReaction())


def _answer(args: argparse.Namespace) -> int:
    """Answer the view's open question with the options given, as the app's answer buttons do."""
    from companion.core.broodmother import broodmother_view
    from companion.core.commands.base import command_from_dict

    session = session_of(args)
    q = broodmother_view(session.state, session.content)["question"]
    if q is None:
        raise CliError(tr("she is not asking anything now"))
    given = {name: value for name, value in vars(args).items() if name in ANSWER_OPTIONS and value is not None}
    known = {f["name"] for f in q["fields"]} | {k for b in q["buttons"] for k in b["args"]}
    if unknown := sorted(set(given) - known):
        raise CliError(trf("her question takes {hint}, not {given}", hint=answer_hint(q),
                           given=", ".join(flag(n) for n in unknown)))
    defaults = {f["name"]: f["default"] for f in q["fields"] if "default" in f}
    button: dict[str, Any] = next((b["args"] for b in q["buttons"] if b["args"] and set(b["args"]) <= set(given)
                   and all(given[k] == v for k, v in b["args"].items())), {})
    needed = [f["name"] for f in q["fields"] if "default" not in f and not f.get("hidden")]
    if not button.get("deck_empty") and (missing := [n for n in needed if n not in given]):
        raise CliError(trf("her question needs {needed} (it takes {hint})", needed=", ".join(flag(n) for n in missing),
                           hint=answer_hint(q)))
    command = command_from_dict({"type": q["command"], **defaults, **given})
    show(args, session, session.execute(command).text)
    return 0


def _slumber(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import ScoreSlumber

    return run(args, ScoreSlumber())


def _battle(args: argparse.Namespace) -> int:
    if args.won:
        from companion.core.broodmother.meadow_commands import CentipedeWon

        return run(args, CentipedeWon())
    from companion.core.broodmother import broodmother_view

    session = session_of(args)
    if args.json:
        show(args, session, None)
        return 0
    battle = broodmother_view(session.state, session.content)["battle"]
    her = battle["broodmother"]
    if her["in_play"]:
        print(trn("Broodmother (hex {hex}): size +{size}, discards 1 extra card",
                  "Broodmother (hex {hex}): size +{size}, discards {n} extra cards", her["extra_cards"],
                  hex=her["hex"], size=her["size_bonus"]))
    else:
        print(_trf("The Broodmother is not on the board."))
    for c in battle["centipedes"]:
        print(_trf("Centipede on hex {hex}: size +{size}", hex=c["hex"], size=c["size_bonus"]))
    return 0


def _destroyed(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import DestroyBroodmother

    return run(args, DestroyBroodmother())


def _predator_gone(args: argparse.Namespace) -> int:
    raise CliError(trf("her Predators are in the predator tracker now: use 'companion predator {id} health "
                       "{predator} 0' (or 'damage', or the battle helper: 'companion predator {id} battle')",
                       id=args.id, predator=args.predator))


_trf = trf  # a whole sentence in the reader's language (``--lang`` or ``LANG``)
