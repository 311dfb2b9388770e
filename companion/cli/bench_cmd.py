"""``companion bench``: the speed and memory goals, measured (see ``companion.bench``)."""

from __future__ import annotations

import argparse

from companion.cli.common import print_json
from companion.core.i18n import tr


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = subparsers.add_parser("bench", help=tr("measure speed and memory against the goals"))
    p.add_argument("--json", action="store_true", help=tr("print one JSON object"))
    p.add_argument("--quick", action="store_true", help=tr("fewer repetitions (for tests)"))
    p.set_defaults(handler=_bench)


def _bench(args: argparse.Namespace) -> int:
    from companion.bench import run_bench, summarise

    result = run_bench(quick=args.quick)
    if args.json:
        print_json(result)
    else:
        print(summarise(result))
    return 0
