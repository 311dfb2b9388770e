"""``companion calc``: the scoring calculators, one subcommand each, no saved game needed.

Each calculator is a module in ``companion.cli.calc`` exposing ``register(subparsers)``;
they are discovered, so adding one touches only its own file. The arithmetic lives in the
core; these modules parse arguments, call it and print the result (``--json`` for scripts).
The parser is built inside the run's language, so every help text is in the reader's language.
"""

from __future__ import annotations

import argparse
from importlib import import_module
from pkgutil import iter_modules

from companion.cli import calc as calculators
from companion.cli.common import OneLineParser
from companion.core.i18n import N_, tr

HELP = N_("scoring calculators (no saved game needed)")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("calc", help=tr(HELP))
    inner = p.add_subparsers(dest="calculator", metavar="CALCULATOR", parser_class=OneLineParser)
    for module in sorted(m.name for m in iter_modules(calculators.__path__)):
        import_module(f"{calculators.__name__}.{module}").register(inner)
