"""``companion solo ...``: play against the Broodmother from a terminal, or script a whole game.

Every action is one subcommand driving the same core commands as the app; ``--json``
prints the Broodmother view (what a screen would show) so scripts can read the state.
Core modules are imported inside the handlers, keeping ``--help`` fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from companion.cli.common import Arg, CliError, Verb, add_actions, add_verbs, arg, db_option, open_store, print_json
from companion.core.i18n import N_, tr, trf, trn

if TYPE_CHECKING:
    from companion.core.broodmother.shown import BroodmotherView, QuestionShown
    from companion.core.commands.base import Command
    from companion.core.schema import Ended
    from companion.core.session import Session
    from companion.core.setup import PlayerSpec
    from companion.core.state import State

DEFAULT_COLOURS = ("red", "yellow", "black", "blue")
TUNNEL_WORDS = ("0", "tunnel", "gt", "great-tunnel")
ZONES = ("inner", "outer")
WORDS = {"inner": N_("inner"), "outer": N_("outer"), "virtual": N_("virtual"), "physical": N_("physical"),
         "solo": N_("solo"), "coop": N_("co-op"), "asymmetric": N_("asymmetric")}
"""Ids the status lines show, as words in the reader's language."""
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
    add_verbs(sub, (_new_verb(),), first=_shared(game=False), described=True)
    add_verbs(sub, (*_game_verbs(), *_turn_verbs()), first=_shared(), described=True)
    _register_hex(sub)
    add_verbs(sub, _asymmetric_verbs(), first=_shared(), described=True)


def _shared(game: bool = True) -> tuple[Arg, ...]:
    """What every action takes: ``--db``, ``--json`` and (but ``new``) the game's id."""
    return (db_option(), arg("--json", action="store_true", help=tr("print the Broodmother view as JSON")),
            *([arg("id", metavar="ID", help=tr("the game id (companion game list)"))] if game else []))


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


def _register_hex(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    hexes = sub.add_parser("hex", help=tr("meadow updates: add, sites, chase, destroy-nymph, defeat-centipede ..."))
    hsub = hexes.add_subparsers(dest="hex_command", metavar=tr("CHANGE"), required=True)
    number = arg("number", type=int, metavar=tr("NUMBER"), help=tr("the hex's number"))
    centipede = arg("--centipede", action="store_true", help=tr("a centipede is on it"))
    place = arg("where", metavar=tr("PLACE"), help=tr("hex number, or 'tunnel'"))
    add_verbs(hsub, (
        Verb("add", tr("a hex on the table (setup, or an ant's Explore)"), _hex_add, (
            number, arg("--zone", choices=ZONES, default="outer", help=tr("the Inner or the Outer Meadow")),
            arg("--sites", metavar=tr("NUMBER"), type=int, default=0, help=tr("its free collection sites")),
            arg("--nymphs", metavar=tr("NUMBER"), type=int, default=0, help=tr("nymphs on it")), centipede,
            arg("--centipede-hex", action="store_true", help=tr("it shows the centipede icon")),
            arg("--nest", action="store_true", help=tr("it is the Nest of Centipedes: she arises")))),
        Verb("sites", tr("how many collection sites of a hex are free now"), _hex_sites, (
            number, arg("sites", type=int, metavar=tr("SITES"), help=tr("its free collection sites")))),
        Verb("correct", tr("fix the app's record of a hex"), _hex_correct, (
            number, arg("--zone", choices=ZONES, required=True, help=tr("the Inner or the Outer Meadow")),
            arg("--sites", metavar=tr("NUMBER"), type=int, required=True, help=tr("its free collection sites")),
            arg("--nymphs", metavar=tr("NUMBER"), type=int, required=True, help=tr("nymphs on it")), centipede)),
        Verb("chase", tr("an ant chases a nymph"), _hex_simple, (place,)),
        Verb("destroy-nymph", tr("a nymph is destroyed"), _hex_simple, (place,)),
        Verb("defeat-centipede", tr("a centipede is defeated (its hex's nymphs die)"), _hex_simple, (place,)),
        Verb("place-nymph", tr("put a nymph (correction or her choice)"), _hex_simple, (place,)),
        Verb("moult", tr("a nymph moults (correction or her choice)"), _hex_simple, (place,)),
    ), first=_shared(), described=True)


def _asymmetric_verbs() -> tuple[Verb, ...]:
    """The asymmetric variant: the Broodmother is a player, spending eggs and nymphs."""
    from companion.core.broodmother.content import brood_content

    bc = brood_content()
    power = arg("power", choices=list(bc.powers), metavar=tr("POWER"),
                help=trf("the power: {powers}", powers=", ".join(bc.powers)))
    return (
        Verb("egg", tr("asymmetric: her reaction, gain an egg"), _egg),
        Verb("move-nymph", trf("asymmetric: her reaction, move a nymph up to {steps} steps", steps=bc.nymph_move_steps),
             _move_nymph, (arg("source", metavar=tr("FROM"), help=tr("hex number, or 'tunnel'")),
                           arg("target", metavar=tr("TO"), help=tr("hex number, or 'tunnel'")))),
        Verb("unlock", tr("asymmetric: unlock a power in the Queen Phase"), _unlock, (power,)),
        Verb("power", trf("asymmetric: pay {eggs} eggs to use an unlocked power", eggs=bc.power_cost), _power,
             (power,)),
        Verb("redraw", trf("asymmetric: spend {nymphs} nymphs to replace the card just revealed",
                           nymphs=bc.redraw_cost), _redraw, (
                 arg("first", metavar=tr("FIRST"), help=tr("where the first nymph is: hex number, or 'tunnel'")),
                 arg("second", metavar=tr("SECOND"), help=tr("where the second nymph is: hex number, or 'tunnel'")))),
    )


# -- helpers ---------------------------------------------------------------------------------
def _place(text: str) -> int:
    if text.lower() in TUNNEL_WORDS:
        return 0
    try:
        return int(text)
    except ValueError:
        raise CliError(trf("{text}: give a hex number, or 'tunnel' for the Great Tunnel", text=repr(text))) from None


def _session(args: argparse.Namespace) -> Session:
    """The saved game, refused with one line before anything changes if it has no Broodmother."""
    from companion.core.broodmother.model import has_broodmother

    session = open_store(args).session(args.id)
    if not has_broodmother(session.state):
        raise CliError(trf("game {id} has no Broodmother (mode {mode}); `companion game --help` lists what plays it "
                           "(next, finish, end-early, do ...)", id=session.id, mode=session.state["mode"]))
    return session


def _run(args: argparse.Namespace, command: Command) -> int:
    """Execute one core command on the saved game and print the outcome."""
    session = _session(args)
    label = session.execute(command).text
    _show(args, session, label)
    return 0


def _show(args: argparse.Namespace, session: Session, label: str | None) -> None:
    """``--json``: the whole Broodmother view, the same for every subcommand; else the label and report."""
    from companion.core.broodmother import broodmother_view
    from companion.core.outcome import reason_message

    view = broodmother_view(session.state, session.content)
    if args.json:
        print_json({"id": session.id, "label": label, "round": session.state["round"],
                    "phase": session.state["phase"], "ended": _ended(session.state["ended"]), "view": _rendered(view)})
        return
    if label:
        print(label)
    _print_report(view)
    if session.state["ended"]:
        print(_trf("Game over: {reason}", reason=reason_message(session.state["ended"])))


def _ended(ended: Ended | None) -> Mapping[str, object] | None:
    """How the game ended, its reason in the reader's words."""
    from companion.core.i18n import render

    return ended and {**ended, "reason": render(ended["reason"])}


def _rendered(view: BroodmotherView) -> Mapping[str, object]:
    """The view for ``--json`` with her report in the reader's words (each line keeps its message too)."""
    from companion.core.i18n import render

    report = view.get("report")
    if not report:
        return view
    lines = [{**line, "text": render(line["text"]), "message": line["text"]} for line in report["lines"]]
    return {**view, "report": {**report, "title": render(report["title"]), "lines": lines}}


def _print_report(view: BroodmotherView) -> None:
    from companion.core.i18n import render

    report = view["report"]
    if report:
        print(f"== {render(report['title'])}")
        for line in report["lines"]:
            print(f"  - {render(line['text'])}")
        shown = {i["id"]: i["text"] for i in view["interpretations"]["current"]}
        for reading in report.get("interpretations", []):
            if reading in shown:
                print(f"  * {shown[reading]}")
    q = view["question"]
    if q:
        print(f"? {q['text']}")
        print(_trf("  answer with: companion solo answer ID {hint}", hint=_answer_hint(q)))


def _answer_hint(q: QuestionShown) -> str:
    """The options that answer this question, read from the question itself."""
    words = []
    for f in q["fields"]:
        if f.get("hidden"):
            continue
        words.append(_flag(f["name"]) if f["type"] == "bool" else f"{_flag(f['name'])} {f['name'].upper()}")
    for b in q["buttons"]:
        for key, value in b["args"].items():
            if value is True and key not in {f["name"] for f in q["fields"]}:
                words.append(f"| {_flag(key)}")
    return " ".join(words)


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
        _show(args, session, None)
    else:
        print(session.id)
    return 0


def _status(args: argparse.Namespace) -> int:
    session = _session(args)
    if args.json:
        _show(args, session, None)
        return 0
    from companion.core.broodmother import broodmother_view
    from companion.core.state import current_phase

    view = broodmother_view(session.state, session.content)
    for line in status_lines(view, session.state, current_phase(session.state, session.content).label):
        print(line)
    _print_report(view)
    return 0


def status_lines(view: BroodmotherView, state: State, phase: str) -> list[str]:
    """A compact text panel of the view, in the reader's language."""
    return [*_her_lines(view, state, phase), *_hex_lines(view), *_deck_lines(view),
            _trf("Slumber now: {sum}", sum=view["slumber"]["sum"])]


def _her_lines(view: BroodmotherView, state: State, phase: str) -> list[str]:
    """The round, her thresholds and points, where she is, the centipedes."""
    t, cp, m = view["thresholds"], view["cp"], view["machinations"]
    her = view["her"]
    if her["found"]:
        where = (_trf("on hex {hex} (destroyed)", hex=her["hex"]) if her["destroyed"]
                 else _trf("on hex {hex}", hex=her["hex"]))
    else:
        where = tr("not found")
    tunnel = view["meadow"]["tunnel"]
    return [
        _trf("Round {round} ({phase}), {mode}, {difficulty}", round=state["round"], phase=tr(phase),
             mode=tr(WORDS.get(view["mode"], view["mode"])), difficulty=tr(view["difficulty"]["name"])),
        _trf("Thresholds: plot {plot} / CP {cp} / centipedes {centipedes}; Initiative Tokens: {initiative}",
             plot=t["plot"], cp=t["cp"], centipedes=t["centipedes"], initiative=view["initiative"]),
        _trf("Her CP: {total} (best colony {best}, lead {lead}); machinations level {level}, plot pile {pile}/{of}",
             total=cp["total"], best=cp["best_ant"], lead=cp["lead"], level=m["level"], pile=m["plot_pile"],
             of=m["plot_threshold"]),
        _trf("Broodmother: {where}", where=where),
        (_trf("Centipedes in the Meadow: {centipedes}; Great Tunnel: nymph yes, centipedes {tunnel}",
              centipedes=view["meadow"]["centipedes"], tunnel=tunnel["centipedes"]) if tunnel["nymph"] else
         _trf("Centipedes in the Meadow: {centipedes}; Great Tunnel: nymph no, centipedes {tunnel}",
              centipedes=view["meadow"]["centipedes"], tunnel=tunnel["centipedes"])),
    ]


def _hex_lines(view: BroodmotherView) -> list[str]:
    """One line a meadow hex: zone, free sites, nymphs and what stands on it."""
    lines = []
    for h in view["meadow"]["hexes"]:
        marks = [tr(m) for m, on in ((N_("centipede"), h["centipede"]), (N_("centipede hex"), h["centipede_hex"]),
                                     (N_("Nest"), h["nest"]), (N_("Broodmother"), h["broodmother"])) if on]
        lines.append(_trf("  hex {hex} {zone} free sites {sites}  nymphs {nymphs}  {marks}",
                          hex=format(h["number"], ">2"), zone=format(tr(WORDS.get(h["zone"], h["zone"])), "<5"),
                          sites=h["sites"], nymphs=h["nymphs"],
                          marks=", ".join(marks + [tr(p) for p in h["predators"]])).rstrip())
    return lines


def _deck_lines(view: BroodmotherView) -> list[str]:
    """Her deck's piles and (when shown) the odds of her next action."""
    d = view["deck"]
    lines = [_trf("Her deck ({mode}): draw {draw}, discard {discard}, plot {plot}",
                  mode=tr(WORDS.get(d["mode"], d["mode"])),
                  draw=d["draw_total"], discard=d["discard_total"], plot=d["plot"])]
    for o in d["odds"] or []:
        lines.append(_trf("  next {action} {cards}/{of} ({percent}%)", action=format(tr(o["action_name"]), "<7"),
                          cards=o["cards"], of=o["of"], percent=o["percent"]))
    return lines


def _checklist(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import TickStep

    session = _session(args)
    label = None
    for step in args.tick:
        label = session.execute(TickStep(step)).text
    if args.json:
        _show(args, session, label)
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

    session = _session(args)
    label = None
    if args.set:
        label = session.execute(SetDeck(tuple(parse_groups(args.set)))).text
    if args.mode:
        label = session.execute(SetDeckMode(args.mode)).text
    if args.odds:
        label = session.execute(ShowOdds(args.odds == "on")).text
    if args.json:
        _show(args, session, label)
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

    return _run(args, NextPhase())


def _finish(args: argparse.Namespace) -> int:
    from companion.core.commands.turns import FinishGame

    return _run(args, FinishGame())


def _undo(args: argparse.Namespace) -> int:
    session = _session(args)
    _show(args, session, trf("Undone: {label}", label=session.undo().text))
    return 0


def _redo(args: argparse.Namespace) -> int:
    session = _session(args)
    _show(args, session, trf("Redone: {label}", label=session.redo().text))
    return 0


def _turn(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import DrawCard

    return _run(args, DrawCard())


def _enter(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import EnterCard

    return _run(args, EnterCard(args.card_type, args.ferocity))


def _cancel(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import CancelReaction

    return _run(args, CancelReaction())


def _answer(args: argparse.Namespace) -> int:
    """Answer the view's open question with the options given, as the app's answer buttons do."""
    from companion.core.broodmother import broodmother_view
    from companion.core.commands.base import command_from_dict

    session = _session(args)
    q = broodmother_view(session.state, session.content)["question"]
    if q is None:
        raise CliError(tr("she is not asking anything now"))
    given = {name: value for name, value in vars(args).items() if name in ANSWER_OPTIONS and value is not None}
    known = {f["name"] for f in q["fields"]} | {k for b in q["buttons"] for k in b["args"]}
    if unknown := sorted(set(given) - known):
        raise CliError(trf("her question takes {hint}, not {given}", hint=_answer_hint(q),
                           given=", ".join(_flag(n) for n in unknown)))
    defaults = {f["name"]: f["default"] for f in q["fields"] if "default" in f}
    button: dict[str, Any] = next((b["args"] for b in q["buttons"] if b["args"] and set(b["args"]) <= set(given)
                   and all(given[k] == v for k, v in b["args"].items())), {})
    needed = [f["name"] for f in q["fields"] if "default" not in f and not f.get("hidden")]
    if not button.get("deck_empty") and (missing := [n for n in needed if n not in given]):
        raise CliError(trf("her question needs {needed} (it takes {hint})", needed=", ".join(_flag(n) for n in missing),
                           hint=_answer_hint(q)))
    command = command_from_dict({"type": q["command"], **defaults, **given})
    _show(args, session, session.execute(command).text)
    return 0


def _flag(name: str) -> str:
    return "--" + name.replace("_", "-")


def _slumber(args: argparse.Namespace) -> int:
    from companion.core.broodmother.commands import ScoreSlumber

    return _run(args, ScoreSlumber())


def _battle(args: argparse.Namespace) -> int:
    if args.won:
        from companion.core.broodmother.meadow_commands import CentipedeWon

        return _run(args, CentipedeWon())
    from companion.core.broodmother import broodmother_view

    session = _session(args)
    if args.json:
        _show(args, session, None)
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

    return _run(args, DestroyBroodmother())


def _predator_gone(args: argparse.Namespace) -> int:
    raise CliError(trf("her Predators are in the predator tracker now: use 'companion predator {id} health "
                       "{predator} 0' (or 'damage', or the battle helper: 'companion predator {id} battle')",
                       id=args.id, predator=args.predator))


def _hex_add(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import AddHex

    return _run(args, AddHex(args.number, args.zone, args.sites, args.nymphs, args.centipede, args.centipede_hex,
                             args.nest))


def _hex_sites(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import SetSites

    return _run(args, SetSites(args.number, args.sites))


def _hex_correct(args: argparse.Namespace) -> int:
    from companion.core.broodmother.meadow_commands import CorrectHex

    return _run(args, CorrectHex(args.number, args.zone, args.sites, args.nymphs, args.centipede))


def _hex_simple(args: argparse.Namespace) -> int:
    from companion.core.broodmother import meadow_commands as mc

    kinds = {"chase": mc.ChaseNymph, "destroy-nymph": mc.DestroyNymph, "defeat-centipede": mc.DefeatCentipede,
             "place-nymph": mc.PlaceNymph, "moult": mc.MoultNymph}
    return _run(args, kinds[args.hex_command](_place(args.where)))


def _egg(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import GainEgg

    return _run(args, GainEgg())


def _move_nymph(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import MoveNymph

    return _run(args, MoveNymph(_place(args.source), _place(args.target)))


def _unlock(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import UnlockPower

    return _run(args, UnlockPower(args.power))


def _power(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import UsePower

    return _run(args, UsePower(args.power))


def _redraw(args: argparse.Namespace) -> int:
    from companion.core.broodmother.asymmetric import Redraw

    return _run(args, Redraw(_place(args.first), _place(args.second)))


_trf = trf  # a whole sentence in the reader's language (``--lang`` or ``LANG``)
