"""The pure arithmetic of aphid farms: the Farming table, breeding and the outskirts rule.

Minions of the Meadow > Farming: at Harvest each hex pays by the number of herded aphids on
its collection sites, with one column for a farm one player herds alone and one for a
shared farm; every herder of a shared farm takes the same reward. Herded aphids in the
outskirts neither count nor breed (> Herding). After Harvest every hex holding an aphid and
a free site gains one aphid, placed by the hex's controller or, with none, on the control
site (> Breeding).
"""

from __future__ import annotations

from typing import TypedDict

from companion.core.errors import CommandError
from companion.core.harvest.content import as_reward, harvest_content, table_row
from companion.core.harvest.model import AphidHex, free_sites, on_sites
from companion.core.i18n import msg, nmsg
from companion.core.points import Reward, nothing


def farm_reward(aphids: int, herders: int | None = None, sites: int = 4) -> Reward:
    """What *each* herder of a farm of ``aphids`` herded aphids takes (shared when ``herders`` >= 2).

    >>> farm_reward(3)
    {'cards': 1, 'cp': 1}
    >>> farm_reward(3, herders=2)
    {'cards': 0, 'cp': 1}
    """
    if herders is None:
        herders = 1 if aphids else 0
    check_farm(aphids, herders, sites)
    row = table_row(aphids)
    if row is None or herders == 0:
        return nothing()
    return as_reward(row["shared"] if herders >= 2 else row["single"])


def check_farm(aphids: int, herders: int, sites: int) -> None:
    limit = harvest_content()["max_sites"]
    for value, what in ((aphids, msg("The number of aphids")), (herders, msg("The number of herders")),
                        (sites, msg("Sites"))):
        if isinstance(value, bool) or not isinstance(value, int):
            raise CommandError(msg("{what} must be a whole number, not {value}.", what=what, value=repr(value)))
    if not 1 <= sites <= limit:
        raise CommandError(msg("A hex has 1 to {most} collection sites; got {sites}.", most=limit, sites=sites))
    if aphids < 0:
        raise CommandError(msg("The number of aphids cannot be negative; got {aphids}.", aphids=aphids))
    if aphids > sites:
        raise CommandError(nmsg("{aphids} aphids cannot fit on a hex with {n} collection site (one aphid per site).",
                                "{aphids} aphids cannot fit on a hex with {n} collection sites (one aphid per site).",
                                sites, aphids=aphids))
    if herders < 0 or herders > aphids:
        raise CommandError(nmsg("{herders} cannot share {n} aphid: each herder herds at least one.",
                                "{herders} cannot share {n} aphids: each herder herds at least one.", aphids,
                                herders=nmsg("{n} herder", "{n} herders", herders)))
    if aphids and not herders:
        raise CommandError(msg("Herded aphids need at least one herder."))


class HexFarm(TypedDict):
    hex: str
    name: str
    aphids: int          # herded aphids on collection sites: what the table counts
    herders: list[str]   # player ids, seat order of the herds
    shared: bool
    reward: Reward       # each herder's
    ignored_outskirts: int
    unherded: int


def hex_farm(h: AphidHex) -> HexFarm:
    herders = [pid for pid, n in h["herds"].items() if n > 0]
    counted = sum(h["herds"].values())
    return {
        "hex": h["id"], "name": h["name"], "aphids": counted, "herders": herders, "shared": len(herders) >= 2,
        "reward": farm_reward(counted, len(herders), h["sites"]),
        "ignored_outskirts": sum(h["outskirts"].values()), "unherded": h["loose"],
    }


def harvest_rewards(hexes: list[AphidHex]) -> dict[str, Reward]:
    """Every player's total from all farms."""
    totals: dict[str, Reward] = {}
    for farm in map(hex_farm, hexes):
        for pid in farm["herders"]:
            got = totals.setdefault(pid, nothing())
            got["cards"] += farm["reward"]["cards"]
            got["cp"] += farm["reward"]["cp"]
    return totals


class Breeding(TypedDict):
    hex: str
    name: str
    breeds: bool
    placed_by: str | None   # the controller's player id; None: on the control site (or nowhere)
    why: str                # "breeds", "full", "no-aphid"


def breeding(h: AphidHex) -> Breeding:
    """Whether this hex gains an aphid after Harvest, and who places it."""
    if on_sites(h) == 0:
        why = "no-aphid"  # none on a site; herded aphids in the outskirts do not breed
    elif free_sites(h) == 0:
        why = "full"
    else:
        why = "breeds"
    breeds = why == "breeds"
    return {"hex": h["id"], "name": h["name"], "breeds": breeds, "placed_by": h["controller"] if breeds else None,
            "why": why}


def breed(h: AphidHex) -> bool:
    """Add the bred aphid (recorded as unherded on a site); True if one was added."""
    if not breeding(h)["breeds"]:
        return False
    h["loose"] += 1
    return True


def leave_in_outskirts(h: AphidHex, pid: str) -> bool:
    """An aphid left behind in the outskirts moves to a free site (True) or dies (False)."""
    if h["outskirts"].get(pid, 0) <= 0:
        raise CommandError(msg("No aphid of that player is herded in the outskirts of {hex}.", hex=h["name"]))
    h["outskirts"][pid] -= 1
    if not h["outskirts"][pid]:
        del h["outskirts"][pid]
    if free_sites(h) > 0:
        h["loose"] += 1
        return True
    return False
