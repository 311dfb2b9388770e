"""The pure arithmetic of a Queen's Decree (Empires of the Earth > Queen's Decrees).

At each Slumber the colony that best fits the decree gains Colony Points equal to the
round (1 in round 1 ... 4 in round 4); tied colonies gain 1 each. When the best measure
is 0 nobody fits the decree and nobody scores (an interpretation, shown in the app).
"""

from __future__ import annotations

from collections.abc import Mapping

from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.words import commas

MAX_MEASURE = 99


def check_round(round_number: int, rounds: int = 4) -> None:
    if isinstance(round_number, bool) or not isinstance(round_number, int):
        raise CommandError(msg("The round must be a whole number, not {value}.", value=repr(round_number)))
    if not 1 <= round_number <= rounds:
        raise CommandError(msg("The round must be between 1 and {rounds}; got {value}.", rounds=rounds,
                               value=round_number))


def check_measure(who: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise CommandError(msg("{name}'s measure must be a whole number, not {value}.", name=who,
                               value=repr(value)))
    if not 0 <= value <= MAX_MEASURE:
        raise CommandError(msg("{name}'s measure must be between 0 and {most}; got {value}.", name=who,
                               most=MAX_MEASURE, value=value))


def decree_points(round_number: int, measures: Mapping[str, int], rounds: int = 4) -> dict[str, int]:
    """Each colony's Colony Points from the decree this Slumber (0 for those who do not score).

    >>> decree_points(3, {"Ana": 4, "Bo": 2})
    {'Ana': 3, 'Bo': 0}
    >>> decree_points(3, {"Ana": 4, "Bo": 4, "Cy": 1})
    {'Ana': 1, 'Bo': 1, 'Cy': 0}
    """
    check_round(round_number, rounds)
    if not measures:
        raise CommandError(msg("Enter at least one colony's measure."))
    for who, value in measures.items():
        check_measure(who, value)
    best = max(measures.values())
    winners = [who for who, value in measures.items() if value == best] if best > 0 else []
    gain = round_number if len(winners) == 1 else 1
    return {who: gain if who in winners else 0 for who in measures}


def outcome_text(points: Mapping[str, int], cp: str = "CP") -> Msg:
    """``Ana +3 CP``; ``tie: Ana +1 CP, Bo +1 CP``; or why nobody scores (a message)."""
    winners = [who for who, n in points.items() if n]
    if not winners:
        return msg("nobody scores (no colony has any)")
    term = msg(cp)
    if len(winners) == 1:
        return msg("{name} +{cp} {cp_term}", name=winners[0], cp=points[winners[0]], cp_term=term)
    return msg("tie: {each}", each=commas([msg("{name} +{cp} {cp_term}", name=who, cp=1, cp_term=term)
                                                 for who in winners]))
