"""``companion calc draft``: how many cards a drafting variant deals, keeps and lets go (Minions of the Meadow >
Drafting Variants)."""

from __future__ import annotations

import argparse

from companion.cli.common import Verb, add_verbs, arg, print_json
from companion.core.i18n import tr, trf


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("draft", tr("a draft's deal, keep and rest (setup-draft, round-draft, deck-draft)"),
                                _draft, (
        arg("variant", help=tr("setup-draft, round-draft or deck-draft")),
        arg("--colonies", type=int, required=True, metavar="N", help=tr("colonies drafting (1-5)")),
        arg("--extra", type=int, default=0, metavar="K",
            help=tr("Round Draft: cards from card collection sites kept on top of the 2")),
        arg("--json", action="store_true", help=tr('print {"deal": D, "keep": K, "rest": R, "total": T}')))),))


def _draft(args: argparse.Namespace) -> int:
    from companion.cli.common import CliError
    from companion.core.drafting import plan

    if args.extra and args.variant != "round-draft":
        raise CliError(tr("--extra is for the Round Draft only"))
    if args.extra < 0:
        raise CliError(tr("--extra cannot be negative"))
    p = plan(args.variant, args.colonies, args.extra)
    if args.json:
        print_json(p)
        return 0
    print(trf("{variant}: deal {deal} to each colony ({total} cards), keep {keep}, let go of {rest}.",
              variant=args.variant, deal=p["deal"], total=p["total"], keep=p["keep"], rest=p["rest"]))
    return 0
