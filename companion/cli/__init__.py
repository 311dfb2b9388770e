"""The ``companion`` command: the app when run bare, subcommands over the same core otherwise.

Each subcommand lives in its own module ``<name>_cmd.py`` in this package exposing
``register(subparsers)``; they are discovered, not listed. The modules import the core
lazily inside their handlers so that ``--help`` and the cold start stay fast. No module
here imports Flet except ``app``'s handler.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module
from pkgutil import iter_modules

from companion.cli.common import CliError, OneLineParser, close_stores

# The order ``--help`` lists them in; any other ``*_cmd`` module found follows, by name.
FIRST_SUBCOMMANDS = ("app", "game", "solo", "calc", "rules", "bench")


def subcommand_modules() -> list[str]:
    """The ``*_cmd`` modules of this package, the usual ones first."""
    found = {m.name.removesuffix("_cmd") for m in iter_modules(__path__) if m.name.endswith("_cmd")}
    return [n for n in FIRST_SUBCOMMANDS if n in found] + sorted(found - set(FIRST_SUBCOMMANDS))

Handler = Callable[[argparse.Namespace], int]


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line, or with ``only`` just that subcommand (a cold start then imports
    nothing the other subcommands need: ``companion rules search`` skips the Broodmother's content)."""
    parser = OneLineParser(
        prog="companion",
        description="March of the Ants companion. With no subcommand, starts the app.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for name in [only] if only else subcommand_modules():
        import_module(f"companion.cli.{name}_cmd").register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0].startswith("--") and args_list[0] not in ("--help", "--version")):
        args_list = ["app", *args_list]
    parser = build_parser(only=args_list[0] if args_list[0] in subcommand_modules() else None)
    if args_list == ["--version"]:
        from companion import __version__

        print(__version__)
        return 0
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
        print(f"companion: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # the last guard: a player never sees a traceback
        from companion.core.errors import GameError

        if isinstance(exc, GameError):
            print(f"companion: {str(exc).rstrip('.')}.", file=sys.stderr)
            return 2
        if isinstance(exc, OSError):
            from companion.store.atomic import os_problem

            print(f"companion: {os_problem(exc, exc.filename or 'a file', 'use')}.", file=sys.stderr)
            return 2
        print(f"companion: internal error ({type(exc).__name__}: {exc}); please report it", file=sys.stderr)
        return 1
