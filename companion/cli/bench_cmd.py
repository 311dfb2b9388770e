"""``companion bench``: the speed and memory goals, measured (see ``companion.bench``)."""

from __future__ import annotations

import argparse

from companion.cli.common import Verb, add_verbs, arg, print_json
from companion.core.i18n import N_, tr

HELP = N_("measure speed and memory against the goals")
"""The line ``companion --help`` shows for this subcommand (read from this file without importing it)."""


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("bench", tr(HELP), _bench, (
        arg("--json", action="store_true", help=tr("print one JSON object")),
        arg("--quick", action="store_true", help=tr("fewer repetitions (for tests)")))),))


def _bench(args: argparse.Namespace) -> int:
    from companion.bench import run_bench, summarise

    result = run_bench(quick=args.quick)
    if args.json:
        print_json(result)
    else:
        print(summarise(result))
    return 0
