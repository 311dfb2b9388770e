"""``companion calc farm``: what each herder of an aphid farm takes at Harvest (the Farming table)."""

from __future__ import annotations

import argparse
from typing import Any

from companion.cli.common import CliError, print_json


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("farm", help="an aphid farm's reward for each herder (Minions of the Meadow > Farming)")
    p.add_argument("--aphids", type=int, required=True, metavar="N", help="herded aphids on the hex's collection sites")
    p.add_argument("--shared", action="store_true", help="two or more players herd aphids in the hex")
    p.add_argument("--herders", type=int, metavar="K", help="how many players herd there (2 or more is shared)")
    p.add_argument("--sites", type=int, default=4, metavar="S", help="collection sites in the hex (default 4)")
    p.add_argument("--json", action="store_true", help='print {"cards": C, "cp": P}')
    p.set_defaults(handler=_farm)


def _farm(args: argparse.Namespace) -> int:
    from companion.core.harvest import farm_reward

    herders = args.herders if args.herders is not None else (2 if args.shared else (1 if args.aphids > 0 else 0))
    if args.shared and herders < 2:
        raise CliError("--shared means 2 or more herders")
    reward = farm_reward(args.aphids, herders, args.sites)
    if args.json:
        print_json(reward)
        return 0
    kind = "shared farm" if herders >= 2 else "single-player farm"
    gets = " and ".join(part for part in (
        f"{reward['cards']} card" + ("s" if reward["cards"] != 1 else "") if reward["cards"] else "",
        f"{reward['cp']} CP" if reward["cp"] else "") if part) or "nothing"
    print(f"{args.aphids} aphids, {kind}: each herder takes {gets}.")
    return 0
