"""Shared CLI plumbing: one-line errors, JSON output, opening the saves."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn, TypeAlias, TypedDict, Unpack, cast

from companion.core.i18n import N_, gettext, is_message, ngettext, render, tr, trf

if TYPE_CHECKING:
    from companion.core.i18n import Msg
    from companion.core.schema import Json
    from companion.store import GameStore

#: argparse's own words (Python 3.11's msgids) that a player meets: in the catalogue like ours, so
#: ``--help`` and a usage error read in the reader's language (see ``speak_argparse``).
ARGPARSE_TEXTS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"), N_("expected at most one argument"),
    N_("expected at least one argument"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("one of the arguments %s is required"), N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"), N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("unexpected option string: %s"), N_("can't open '%(filename)s': %(error)s"),
)
ARGPARSE_PLURALS = (("expected %s argument", "expected %s arguments"),)


def speak_argparse() -> None:
    """Make argparse look its words up in our catalogue, in the language of the code that runs.

    argparse calls the module-level ``_``/``ngettext`` it imported from ``gettext`` (the global domain,
    which has no Spanish). Ours return the English msgid itself outside a Spanish run, so any other
    user of argparse in the process (a test runner) reads exactly what it did before.
    """
    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


class CliError(Exception):
    """Bad input on the command line: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is a single line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise CliError(trf("{prog}: {message} (see --help)", prog=self.prog, message=message))


Handler = Callable[[argparse.Namespace], int]
#: What ``add_verbs`` and ``add_actions`` add to: a command's sub-commands.
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class ArgOptions(TypedDict, total=False):
    """The options of one ``add_argument`` call that our verbs use (argparse's own names and types)."""

    action: str | type[argparse.Action]
    nargs: int | str | None
    const: object
    default: object
    type: Callable[[str], object]
    choices: Iterable[object] | None
    required: bool
    help: str | None
    metavar: str | tuple[str, ...] | None
    dest: str | None


class ParserOptions(TypedDict, total=False):
    """The options of a subcommand's own parser that ``add_actions`` passes on."""

    description: str
    epilog: str
    formatter_class: type[argparse.HelpFormatter]


@dataclass(frozen=True)
class Arg:
    """One ``add_argument`` call written down as data, so a verb's arguments read as a table."""

    names: tuple[str, ...]
    options: ArgOptions

    def add_to(self, parser: argparse._ActionsContainer) -> None:
        parser.add_argument(*self.names, **self.options)


def arg(*names: str, **options: Unpack[ArgOptions]) -> Arg:
    """``arg("--hex", type=int)`` is ``parser.add_argument("--hex", type=int)``, added later."""
    return Arg(names, options)


@dataclass(frozen=True)
class OneOf:
    """Arguments of which at most one (with ``required``, exactly one) may be given."""

    args: tuple[Arg, ...]
    required: bool = False

    def add_to(self, parser: argparse._ActionsContainer) -> None:
        group = parser.add_mutually_exclusive_group(required=self.required)
        for one in self.args:
            one.add_to(group)


@dataclass(frozen=True)
class Verb:
    """One action of a subcommand: its name, its help line, what it runs and its own arguments."""

    name: str
    help: str
    handler: Handler
    args: Sequence[Arg | OneOf] = field(default_factory=tuple)
    #: The game commands (registered names) this verb sends, for those ``game do`` cannot build from plain words
    #: (``tests/cli/test_every_action.py`` finds a verb for every command the app can send).
    sends: tuple[str, ...] = ()


def add_verbs(sub: Subparsers, verbs: Iterable[Verb], *, first: Sequence[Arg | OneOf] = (),
              last: Sequence[Arg | OneOf] = (), described: bool = False) -> dict[str, argparse.ArgumentParser]:
    """Every subcommand registers its actions through this one table-driven way.

    ``first`` and ``last`` are the arguments every verb of the table shares, in the place ``--help`` lists them;
    ``described`` repeats each help line as the verb's own ``--help`` description.
    """
    parsers: dict[str, argparse.ArgumentParser] = {}
    for verb in verbs:
        extra: ParserOptions = {"description": verb.help} if described else {}
        parser: argparse.ArgumentParser = sub.add_parser(verb.name, help=verb.help, **extra)
        for one in (*first, *verb.args, *last):
            one.add_to(parser)
        parser.set_defaults(handler=verb.handler, sends=verb.sends)
        parsers[verb.name] = parser
    return parsers


def add_actions(subparsers: Subparsers, name: str, help_text: str, dest: str, *, metavar: str, required: bool = True,
                args: Sequence[Arg | OneOf] = (), **parser_options: Unpack[ParserOptions]) -> Subparsers:
    """A subcommand (``companion NAME [ARGS] ACTION``) whose actions ``add_verbs`` registers: their sub-parsers."""
    top = subparsers.add_parser(name, help=help_text, **parser_options)
    for one in args:
        one.add_to(top)
    return top.add_subparsers(dest=dest, metavar=metavar, required=required)


def db_option() -> Arg:
    return arg("--db", metavar=tr("PATH"),
               help=tr("the saved-games database (default: $COMPANION_DB, else the user data folder)"))


def add_db_option(parser: argparse.ArgumentParser) -> None:
    db_option().add_to(parser)


def plain(value: object) -> object:
    """A view as plain JSON: every message rendered in the reader's language."""
    if is_message(value):
        return render(cast("Msg | Mapping[str, Json]", value))  # is_message said which
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def print_json(value: object) -> None:
    json.dump(value, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


_OPEN_STORES: list[GameStore] = []


def open_store(args: argparse.Namespace) -> GameStore:
    """Open the saves named by ``--db`` (or the default); say so if a damaged file was set aside.

    Games opened through it stay locked until ``close_stores`` (the end of the command).
    """
    from companion.store import GameStore

    store = GameStore(getattr(args, "db", None), hold_locks=True)
    _OPEN_STORES.append(store)
    if store.notice:
        print(f"companion: {store.notice}", file=sys.stderr)
    return store


def close_stores() -> None:
    """Release the locks of every store the command opened."""
    while _OPEN_STORES:
        _OPEN_STORES.pop().close()
