"""``companion game ...``: the saved games from a terminal, through the same core as the app."""

from __future__ import annotations

import argparse
from dataclasses import asdict
from functools import partial
from typing import TYPE_CHECKING

from companion.cli.common import Arg, CliError, Verb, add_actions, add_verbs, arg, db_option, open_store, print_json
from companion.core.i18n import N_, render, tr, trf

if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from companion.core.commands.base import Command
    from companion.core.setup import PlayerSpec
    from companion.core.state import State
    from companion.store import GameStore

HELP = N_("list, show, export, import, undo and redo saved games")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    sub = add_actions(subparsers, "game", tr(HELP), "game_command",
                      metavar=tr("ACTION"))
    add_verbs(sub, (*_saved_game_verbs(), *_kept_verbs()), first=(db_option(),))


def _saved_game_verbs() -> tuple[Verb, ...]:
    """The games that open: list, play a step, move between files, undo."""
    game_id = _game_id()
    return (
        Verb("list", tr("the saved games, most recent first"), _list,
             (arg("--json", action="store_true", help=tr("print JSON")),)),
        Verb("show", tr("one game: players, scores, round, phase, log"), _show,
             (game_id, arg("--json", action="store_true", help=tr("print the whole saved document as JSON")))),
        Verb("new", tr("start a game (for scripting; the app has a wizard)"), _new, _new_game_args()),
        Verb("score", tr("add colony points to a player in the current round"), _score, (
            game_id, arg("player", metavar=tr("PLAYER"), help=tr("player id (p1...) or name")),
            arg("delta", type=int, metavar=tr("POINTS"), help=tr("the points to add (negative to take away)"))),
             sends=("adjust_score",)),
        Verb("next", tr("advance to the next phase"), _next, (game_id,), sends=("next_phase",)),
        Verb("next-round", tr("skip the rest of this round: start the next one"), _next_round, (game_id,),
             sends=("next_round",)),
        Verb("finish", tr("finish the game after the last round (the highest total wins)"), _finish, (game_id,),
             sends=("finish_game",)),
        Verb("end-early", tr("end the game now, before its end: the standings as they are (undo takes it back)"),
             _end_early, (game_id, arg("--winners", choices=("leaders", "none"), help=tr(
                 "who wins it: the leaders, or none (default: the setting An early end counts)"))),
             sends=("end_early",)),
        Verb("do", tr("send any game command the app's screens send (companion game commands lists them)"), _do, (
            game_id, arg("command", metavar=tr("COMMAND"), help=tr("the command's name, e.g. adjust_score")),
            arg("fields", nargs="*", metavar=tr("FIELD=VALUE"),
                help=tr("its fields, e.g. player_id=Ana delta=2 (lists: a,b; yes/no; none)")))),
        Verb("commands", tr("every game command `companion game do` sends, with its fields"), _commands),
        Verb("export", tr("write one game to a new JSON file"), _export, (game_id, *_new_file())),
        Verb("import", tr("add a game from an exported JSON file"), _import,
             (arg("file", metavar=tr("FILE"), help=tr("the exported file")),)),
        Verb("undo", tr("undo the last change of a game"), _undo, (game_id,)),
        Verb("redo", tr("redo the last undone change of a game"), _redo, (game_id,)),
        Verb("rename", tr("rename a game"), _rename,
             (game_id, arg("name", metavar=tr("NAME"), help=tr("the game's new name")))),
        Verb("delete", tr("delete a game (asks for --yes)"), _delete, (game_id, _confirm())),
    )


def _kept_verbs() -> tuple[Verb, ...]:
    """The games that could not be opened and were kept aside."""
    kept_id = arg("id", metavar="ID", help=tr("the game id that `companion game list` shows for it"))
    return (
        Verb("details", tr("why a game that could not be opened was kept aside, and where"), _details, (kept_id,)),
        Verb("export-damaged", tr("copy a game that could not be opened, as it is, to a new file"), _export_damaged,
             (kept_id, *_new_file())),
        Verb("delete-damaged", tr("delete a game that could not be opened (asks for --yes)"), _delete_damaged,
             (kept_id, _confirm())),
    )


def _new_game_args() -> tuple[Arg, ...]:
    return (
        arg("--game", metavar=tr("TEXT"), default="mota", help=tr("mota, evolved or antscape")),
        arg("--mode", metavar=tr("TEXT"), default="competitive", help=tr("competitive, solo, coop or asymmetric")),
        arg("--player", action="append", default=[], metavar=tr("NAME:COLOUR"),
            help=tr("a player; repeat per player (COLOUR 'broodmother' for the asymmetric Broodmother)")),
        arg("--expansion", metavar=tr("TEXT"), action="append", default=[], help=tr("an expansion id; repeatable")),
        arg("--module", metavar=tr("TEXT"), action="append", default=[], help=tr("a module id; repeatable")),
        arg("--variant", metavar=tr("TEXT"), action="append", default=[], help=tr("a variant id; repeatable")),
        arg("--name", metavar=tr("TEXT"), help=tr("the game's name")),
        arg("--seed", metavar=tr("NUMBER"), type=int, help=tr("seed the virtual decks (replays the same cards)")),
    )


def _game_id() -> Arg:
    return arg("id", metavar="ID", help=tr("the game id (companion game list)"))


def _new_file() -> tuple[Arg, Arg]:
    return (arg("file", metavar=tr("FILE"), help=tr("the new file")),
            arg("--force", action="store_true", help=tr("replace FILE if it exists (a regular file only)")))


def _confirm() -> Arg:
    return arg("--yes", action="store_true", help=tr("confirm the deletion"))


def _list(args: argparse.Namespace) -> int:
    """The saved games, then each game that could not be opened, on a row of its own (JSON: ``unreadable``)."""
    store = open_store(args)
    games, kept = store.list_games(), store.damaged.games()
    if args.json:
        print_json([asdict(g) for g in games] + [
            {"id": k.id, "handle": k.handle, "name": k.name, "unreadable": True, "reason": render(k.reason),
             "file": str(k.path), "kept": k.kept_at} for k in kept])
        return 0
    if not games and not kept:
        print(tr("No saved games."))
    for g in games:
        status = tr("finished") if g.ended else trf("round {round}/{rounds}", round=g.round, rounds=g.rounds)
        print(f"{g.id}  {g.name}  [{g.game}, {g.mode}, {status}]  {', '.join(g.players)}  {g.updated}")
    for k in kept:
        print(f"{k.handle}  " + trf("'{name}' could not be opened - `companion game details {id}` says why",
                                    name=k.name, id=k.handle))
    return 0


def _details(args: argparse.Namespace) -> int:
    kept = open_store(args).damaged.find(args.id)
    print(trf("'{name}' ({id}) could not be opened: {reason}.", name=kept.name, id=kept.id,
              reason=render(kept.reason)))
    print(trf("Its file is kept, untouched, as {path} (since {when} UTC).", path=kept.path, when=kept.kept_at))
    print(trf("`companion game export-damaged {id} FILE` copies it as it is; "
              "`companion game delete-damaged {id} --yes` deletes it.", id=kept.handle))
    return 0


def _export_damaged(args: argparse.Namespace) -> int:
    from companion.store.transfer import export_kept

    return _written(args, partial(export_kept, open_store(args)), N_("Copied {id} as it is to {path}"))


def _written(args: argparse.Namespace, write: Callable[..., Path], said: str) -> int:
    """Write game ``args.id`` to the new file ``args.file`` (``--force``: over an old one); say where, as ``said``."""
    path = write(args.id, args.file, force=args.force)
    print(trf(said, id=args.id, path=path))
    return 0


def _confirm_delete(args: argparse.Namespace) -> None:
    if not args.yes:
        raise CliError(trf("deleting {id} cannot be undone; add --yes to confirm", id=args.id))


def _delete_damaged(args: argparse.Namespace) -> int:
    _confirm_delete(args)
    kept = open_store(args).damaged.delete(args.id)
    print(_trf("Deleted '{name}' ({id}), which could not be opened", name=kept.name, id=args.id))
    return 0


def _show(args: argparse.Namespace) -> int:
    from companion.core.views import game_view

    session = open_store(args).session(args.id)
    if args.json:
        print_json(session.doc)
        return 0
    view = game_view(session)
    print(f"{view['name']} ({view['game_name']}, {view['mode_name']})")
    print(trf("Round {round} of {rounds}: {phase}", round=view["round"], rounds=view["rounds"],
              phase=view["phase_label"]))
    for p in view["players"]:
        history = " ".join(str(v) for v in p["history"])
        print(f"  {p['id']}  {p['name']:<16} {p['total']:>4}  " + trf("by round: {history}", history=history))
    if view["ended"]:
        print(trf("Game over: {reason}", reason=render(view["ended"]["reason"])))
    from companion.core.session import log_text

    for line in view["log"][-10:]:
        print(f"  r{line['round']} {render(line['phase'])}: {log_text(line)}")
    print(trf("Undo: {undo}   Redo: {redo}", undo=view["undo_label"] or "-", redo=view["redo_label"] or "-"))
    return 0


def parse_player(text: str) -> PlayerSpec:
    """``NAME:COLOUR`` from the command line (``broodmother`` as the colour makes her player)."""
    from companion.core.setup import PlayerSpec

    name, sep, colour = text.rpartition(":")
    if not sep or not name.strip():
        raise CliError(trf("--player {text}: write NAME:COLOUR, e.g. Ana:blue", text=repr(text)))
    if colour == "broodmother":
        return PlayerSpec(name, None, "broodmother")
    return PlayerSpec(name, colour.lower())


def _new(args: argparse.Namespace) -> int:
    from companion.core.setup import GameSetup

    setup = GameSetup(
        game=args.game, mode=args.mode, players=tuple(parse_player(p) for p in args.player),
        expansions=tuple(args.expansion), modules=tuple(args.module), variants=tuple(args.variant),
    )
    session = open_store(args).create(setup, name=args.name, seed=args.seed)
    print(session.id)
    return 0


def resolve_player(state: State, text: str) -> str:
    for p in state["players"]:
        if text in (p["id"], p["name"]) or text.casefold() == p["name"].casefold():
            return str(p["id"])
    raise CliError(trf("no player {text}; players: {players}", text=repr(text),
                       players=", ".join(p["id"] + "=" + p["name"] for p in state["players"])))


def _score(args: argparse.Namespace) -> int:
    from companion.core.commands.scoring import AdjustScore

    session = open_store(args).session(args.id)
    print(session.execute(AdjustScore(resolve_player(session.state, args.player), args.delta)).text)
    return 0


def _next(args: argparse.Namespace) -> int:
    import sys

    from companion.core.checklist import left_unapplied
    from companion.core.commands.turns import NextPhase
    from companion.core.i18n import trf

    session = open_store(args).session(args.id)
    warning = left_unapplied(session.state, session.content)
    print(session.execute(NextPhase()).text)
    if warning:  # a script cannot answer; say what was left behind (Undo brings the phase back)
        print(trf("companion: note: {warning}", warning=warning), file=sys.stderr)
    return 0


def _next_round(args: argparse.Namespace) -> int:
    from companion.core.commands.turns import NextRound

    print(open_store(args).session(args.id).execute(NextRound()).text)
    return 0


def _finish(args: argparse.Namespace) -> int:
    from companion.core.commands.turns import FinishGame

    return _ended(args, FinishGame())


def _end_early(args: argparse.Namespace) -> int:
    """Who wins is the flag's reading, else the app's setting beside these saves (the same one the screens use)."""
    from companion.core.commands.turns import EndEarly
    from companion.store.settings import SettingsStore, settings_path

    store = open_store(args)
    winners = args.winners or SettingsStore(settings_path(store.path)).current.early_end
    return _ended(args, EndEarly(winners), store)


def _ended(args: argparse.Namespace, command: Command, store: GameStore | None = None) -> int:
    """Run a command that ends the game, then say how it ended (the outcome's reason and, for an early end, the
    reading it followed)."""
    session = (store or open_store(args)).session(args.id)
    print(session.execute(command).text)
    ended = session.state["ended"]
    if ended:
        print(trf("Game over: {reason}", reason=render(ended["reason"])))
        from companion.core.views import ended_reading

        if (reading := ended_reading(session.state, session.content)) is not None:
            print(render(reading))
    return 0


def _do(args: argparse.Namespace) -> int:
    from companion.cli.command_words import build

    session = open_store(args).session(args.id)
    print(session.execute(build(args.command, args.fields, session.state)).text)
    return 0


def _commands(args: argparse.Namespace) -> int:
    from companion.cli.command_words import app_commands, unsayable, usage

    for name, cls in app_commands().items():
        if not unsayable(cls):
            print(f"{name}  {usage(cls)}")
    return 0


def _export(args: argparse.Namespace) -> int:
    from companion.store.transfer import export

    return _written(args, partial(export, open_store(args)), N_("Exported {id} to {path}"))


def _import(args: argparse.Namespace) -> int:
    from companion.store.transfer import import_file

    game_id = import_file(open_store(args), args.file)
    print(_trf("Imported as {id}", id=game_id))
    return 0


def _undo(args: argparse.Namespace) -> int:
    print(_trf("Undone: {label}", label=open_store(args).session(args.id).undo().text))
    return 0


def _redo(args: argparse.Namespace) -> int:
    print(_trf("Redone: {label}", label=open_store(args).session(args.id).redo().text))
    return 0


def _rename(args: argparse.Namespace) -> int:
    open_store(args).rename(args.id, args.name)
    print(_trf("Renamed {id}", id=args.id))
    return 0


def _delete(args: argparse.Namespace) -> int:
    _confirm_delete(args)
    open_store(args).delete(args.id)
    print(_trf("Deleted {id}", id=args.id))
    return 0


_trf = trf
