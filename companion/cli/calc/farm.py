"""``companion calc farm``: what each herder of an aphid farm takes at Harvest (the Farming table)."""

from __future__ import annotations

import argparse

from companion.cli.common import CliError, Verb, add_verbs, arg, print_json
from companion.core.i18n import render, tr, trn


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    add_verbs(subparsers, (Verb("farm", tr("an aphid farm's reward for each herder (Minions of the Meadow > "
                                           "Farming)"), _farm, (
        arg("--aphids", type=int, required=True, metavar="N",
            help=tr("herded aphids on the hex's collection sites")),
        arg("--shared", action="store_true", help=tr("two or more players herd aphids in the hex")),
        arg("--herders", type=int, metavar="K", help=tr("how many players herd there (2 or more is shared)")),
        arg("--sites", type=int, default=4, metavar="S", help=tr("collection sites in the hex (default 4)")),
        arg("--json", action="store_true", help=tr('print {"cards": C, "cp": P}')))),))


def _farm(args: argparse.Namespace) -> int:
    from companion.core.harvest import farm_reward
    from companion.core.points import reward_text

    herders = args.herders if args.herders is not None else (2 if args.shared else (1 if args.aphids > 0 else 0))
    if args.shared and herders < 2:
        raise CliError(tr("--shared means 2 or more herders"))
    reward = farm_reward(args.aphids, herders, args.sites)
    if args.json:
        print_json(reward)
        return 0
    gets = render(reward_text(reward, "CP"))
    if herders >= 2:
        print(trn("{n} aphid, shared farm: each herder takes {reward}.",
                  "{n} aphids, shared farm: each herder takes {reward}.", args.aphids, reward=gets))
    else:
        print(trn("{n} aphid, single-player farm: each herder takes {reward}.",
                  "{n} aphids, single-player farm: each herder takes {reward}.", args.aphids, reward=gets))
    return 0
