"""The pure arithmetic of Eve of the Antperium's Slumber (Minions of the Meadow > Slumber and Scoring).

Controlling the Enclave of the Empress is worth 2 CP, each controlled hex next to it 2 CP,
and every other controlled hex 1 CP. A Homeland is its player's Great Tunnel, not a
Meadow hex, so it scores nothing (an interpretation, shown in the app).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.core.errors import CommandError
from companion.core.eve.content import eve_content
from companion.core.i18n import Msg, msg

MAX_PLAYERS = 4


def _count(who: str, adjacent: bool, value: int, high: int) -> None:
    what = msg("{name}'s hexes next to the Enclave", name=who) if adjacent else \
        msg("{name}'s other hexes", name=who)
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(msg("{what} must be a whole number, not {value}.", what=what, value=repr(value)))
    if not 0 <= value <= high:
        raise CommandError(msg("{what} must be between {low} and {high}; got {value}.", what=what, low=0, high=high,
                               value=value))


def check_board(players: Sequence[str], enclave: str | None, adjacent: Mapping[str, int],
                other: Mapping[str, int]) -> None:
    """A board that can exist: known players, at most 6 hexes next to the Enclave in all."""
    known = set(players)
    if len(known) > MAX_PLAYERS:
        raise CommandError(msg("Eve of the Antperium is for 3 or 4 players; {count} were given.", count=len(known)))
    for who in [*([enclave] if enclave else []), *adjacent, *other]:
        if who not in known:
            raise CommandError(msg("No player {who}; players are {players}.", who=repr(who),
                                   players=", ".join(players)))
    ring, most = eve_content()["adjacent_hexes"], eve_content()["max_other_hexes"]
    for who, n in adjacent.items():
        _count(who, True, n, ring)
    for who, n in other.items():
        _count(who, False, n, most)
    if sum(adjacent.values()) > ring:
        raise CommandError(msg("Only {ring} hexes touch the Enclave; {count} were entered in all.", ring=ring,
                               count=sum(adjacent.values())))


def eve_points(players: Sequence[str], enclave: str | None = None, adjacent: Mapping[str, int] | None = None,
               other: Mapping[str, int] | None = None) -> dict[str, int]:
    """Each player's Slumber points.

    >>> eve_points(["Ana", "Bo", "Cy"], enclave="Ana", adjacent={"Ana": 1, "Bo": 2}, other={"Cy": 3})
    {'Ana': 4, 'Bo': 4, 'Cy': 3}
    """
    adjacent, other = dict(adjacent or {}), dict(other or {})
    check_board(players, enclave, adjacent, other)
    pts = eve_content()["points"]
    return {who: (pts["enclave"] if who == enclave else 0) + pts["adjacent"] * adjacent.get(who, 0)
            + pts["other"] * other.get(who, 0) for who in players}


def points_sum(who: str, enclave: str | None, adjacent: Mapping[str, int], other: Mapping[str, int]) -> Msg:
    """``2 (Enclave) + 2 x 1 (next to it) + 1 x 3 (other) = 7``, as a message."""
    pts = eve_content()["points"]
    e = pts["enclave"] if who == enclave else 0
    a, o = adjacent.get(who, 0), other.get(who, 0)
    total = e + pts["adjacent"] * a + pts["other"] * o
    return msg("{enclave} (Enclave) + {each_next} x {next} (next to it) + {each_other} x {other} (other) = {total}",
               enclave=e, each_next=pts["adjacent"], next=a, each_other=pts["other"], other=o, total=total)
