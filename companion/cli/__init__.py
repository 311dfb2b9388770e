"""The ``companion`` command: the app when run bare, subcommands over the same core otherwise.

Each subcommand lives in its own module ``<name>_cmd.py`` in this package exposing
``register(subparsers)`` and declaring ``HELP = N_("...")``, its line in ``companion --help``;
they are discovered, not listed. A run imports only the module of the subcommand typed: the
others are declared to argparse from their file's ``HELP`` line, read without importing them
(``declared_subcommands``), and ``--version`` builds no parser at all. The modules import the
core lazily inside their handlers so that ``--help`` and the cold start stay fast. No module
here imports Flet except ``app``'s handler.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from pathlib import Path
from pkgutil import iter_modules

from companion.cli.common import CliError, OneLineParser, close_stores, speak_argparse
from companion.core.i18n import tr, trf

# The order ``--help`` lists them in; any other ``*_cmd`` module found follows, by name.
FIRST_SUBCOMMANDS = ("app", "game", "solo", "calc", "rules", "library", "bench")


#: A subcommand module's declaration of its help line: ``HELP = N_("...")`` on one line of its own.
HELP_LINE = re.compile(r'^HELP = N_\(("(?:[^"\\]|\\.)*")\)$', re.MULTILINE)


def subcommand_modules() -> list[str]:
    """The ``*_cmd`` modules of this package, the usual ones first."""
    found = {m.name.removesuffix("_cmd") for m in iter_modules(__path__) if m.name.endswith("_cmd")}
    return [n for n in FIRST_SUBCOMMANDS if n in found] + sorted(found - set(FIRST_SUBCOMMANDS))


def declared_help(name: str) -> str:
    """The ``HELP`` text (the English msgid) subcommand ``name`` declares, read from its source file.

    Importing every subcommand module to list them would make ``--help`` pay for all of them;
    their one ``HELP`` line is all the listing needs. tests/cli/test_cold_start.py checks it reads
    what the imported module holds.
    """
    source = Path(__path__[0], f"{name}_cmd.py").read_text(encoding="utf-8")
    found = HELP_LINE.search(source)
    if found is None:
        raise LookupError(f"companion/cli/{name}_cmd.py declares no HELP line")  # a developer's slip, in tests
    return str(ast.literal_eval(found.group(1)))

Handler = Callable[[argparse.Namespace], int]
LANGUAGE_CHOICES = ("en", "es", "qps")
chosen_language: str | None = None
"""The ``--lang`` given on this command line (None: from the environment)."""


def take_language(args: list[str]) -> tuple[list[str], str | None]:
    """``--lang X`` / ``--lang=X`` may come anywhere (``companion rules search ... --lang es``)."""
    rest: list[str] = []
    lang: str | None = None
    items = iter(args)
    for item in items:
        if item == "--":
            rest.extend([item, *items])
            break
        if item == "--lang":
            lang = next(items, None)
            if lang is None:
                raise CliError(tr("companion: --lang needs a language: en or es (see --help)"))
        elif item.startswith("--lang="):
            lang = item.partition("=")[2]
        else:
            rest.append(item)
            continue
        if lang not in LANGUAGE_CHOICES:
            raise CliError(trf("companion: --lang {lang}: choose en or es (see --help)", lang=repr(lang)))
    return rest, lang


def reader_language(explicit: str | None) -> str | None:
    """``--lang`` first, then the environment the way gettext reads it, then English."""
    import os

    from companion.core import i18n

    global chosen_language
    chosen_language = explicit
    return explicit or i18n.from_environment(os.environ)


def build_parser(wanted: str | None = None) -> argparse.ArgumentParser:
    """The parser; with ``wanted`` (the subcommand typed) only that subcommand is built.

    A subcommand may read content to offer its choices (``solo`` lists her card types), so
    building them all would make every command pay for every other's start-up, and fail
    where that content is absent (``rules check`` on a folder of rules alone).
    """
    parser = OneLineParser(
        prog="companion",
        description=tr("March of the Ants companion. With no subcommand, starts the app."),
    )
    parser.add_argument("--lang", metavar=tr("LANG"), choices=LANGUAGE_CHOICES,
                        help=tr("language of the output, anywhere on the line: en or es "
                             "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; else en)"))
    subparsers = parser.add_subparsers(dest="command", metavar=tr("COMMAND"), parser_class=OneLineParser)
    names = subcommand_modules()
    if wanted in names:
        import_module(f"companion.cli.{wanted}_cmd").register(subparsers)
        return parser
    for name in names:  # --help, or a name mistyped: each listed by its declared line, its module not imported
        subparsers.add_parser(name, help=tr(declared_help(name)), add_help=False)
    return parser


def whole_parser() -> argparse.ArgumentParser:
    """The parser with every subcommand built (each module imported): for walking every verb (the tests that the
    terminal can do whatever the screens do), never for a command line, which builds only its own."""
    parser = build_parser(wanted="")
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    subparsers.choices.clear()
    for name in subcommand_modules():
        import_module(f"companion.cli.{name}_cmd").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    from companion.core.i18n import using

    speak_argparse()
    try:
        with using(reader_language(None)):  # a bad --lang is told in the environment's language
            args_list, lang = take_language(args_list)
    except CliError as exc:
        print(f"{exc}", file=sys.stderr)
        return 2
    with using(reader_language(lang)):  # this run's language only (tests call main() in one process)
        return _run(args_list)


def _run(args_list: list[str]) -> int:
    if not args_list or (args_list[0].startswith("--") and args_list[0] not in ("--help", "--version")):
        args_list = ["app", *args_list]
    if args_list == ["--version"]:
        from companion import __version__

        print(__version__)
        return 0
    parser = build_parser(args_list[0] if args_list and not args_list[0].startswith("-") else None)
    try:
        args = parser.parse_args(args_list)
        handler: Handler | None = getattr(args, "handler", None)
        if handler is None:
            parser.print_help()
            return 2
        try:
            return handler(args)
        finally:
            close_stores()
    except CliError as exc:
        print(trf("companion: {problem}", problem=str(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last guard: a player never sees a traceback
        from companion.core.errors import GameError

        if isinstance(exc, GameError):
            print(trf("companion: {problem}.", problem=str(exc).rstrip(".")), file=sys.stderr)
            return 2
        if isinstance(exc, OSError):
            from companion.store.atomic import os_problem

            print(f"companion: {os_problem(exc, exc.filename or 'a file', 'use')}", file=sys.stderr)
            return 2
        print(unexpected(exc), file=sys.stderr)
        return 1


def unexpected(exc: BaseException) -> str:
    """The last guard's line: something went wrong that the app did not expect, in plain words."""
    return trf("companion: something unexpected went wrong, so this command stopped. Your saved games are kept (a "
               "change is saved whole or not at all). Please report the command you typed and this detail: {kind}: "
               "{detail}",
               kind=type(exc).__name__, detail=str(exc) or "-")
