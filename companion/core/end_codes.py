"""How a game ends, as words saved games and records hold: its one enum (``EndCode``), and her one id (``HER``).

Apart from ``companion.core.outcome`` (which decides outcomes from the game) so that the saved shapes
(``companion.core.schema``) can check a code with nothing of the game's rules imported.
"""

from __future__ import annotations

from enum import StrEnum

#: The winner of a solo or co-op game the automated Broodmother wins: she is not one of the players. Also her
#: id in the records, the chart and the role of her player in the asymmetric variant: one word, defined here.
HER = "broodmother"
#: Who may win a game without being one of its players.
NON_PLAYER_WINNERS = frozenset({HER})


class EndCode(StrEnum):
    """How a game ended: the ``code`` of its outcome. The values are the words saved games and records have always
    held (a ``StrEnum`` member equals its word), so every old save reads back unchanged."""

    ROUNDS_COMPLETE = "rounds-complete"  # all rounds played, the highest total wins
    ANTSCAPE_TIE_BREAK = "antscape-tie-break"  # Antscape's tie settled by the colony cards left
    BROODMOTHER_DESTROYED = "broodmother-destroyed"  # the ants destroyed her
    CENTIPEDE_THRESHOLD = "centipede-threshold"  # too many centipedes in the Meadow: she wins
    CP_THRESHOLD = "cp-threshold"  # her Colony Point lead reached the threshold: she wins
    BROODMOTHER_SURVIVED = "broodmother-survived"  # all rounds played and she still lives: she wins
    ENDED_EARLY = "ended-early"  # the table stopped before the rules decided it (``EndEarly``)


def is_end_code(word: str) -> bool:
    """Whether ``word`` is one of the ways a game ends (the saved shapes' check of an outcome's code)."""
    return word in EndCode._value2member_map_
