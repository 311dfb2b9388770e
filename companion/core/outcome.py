"""Why a game ended and who won, as data (after python-chess's ``Outcome``).

The reason is a message (``Msg.to_dict()`` in the saved game), rendered in each reader's language.
A game saved before reasons were messages holds the English sentence: ``reason_message`` reads the
sentences this module and the Antscape tie-break used to write back into messages, and any other
plain text is looked up in the catalogue as it is (her fixed sentences are msgids).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import cast

from companion.core.i18n import N_, Msg, as_data, is_message, msg, nmsg
from companion.core.schema import Ended
from companion.core.state import State, leaders, player, total_score
from companion.core.words import names_and

#: What games saved before the count of rounds chose its words hold ("All 1 rounds played"): still translated.
OLD_ROUNDS_TEXTS = (N_("All {rounds} rounds played: {name} wins with {points}."),
                    N_("All {rounds} rounds played: {names} tie with {points}."))


def rounds_won(rounds: int, name: object, points: int) -> Msg:
    """"All 5 rounds played: Ana wins with 40.", or for a one-round game "The only round played: ..."."""
    return nmsg("The only round played: {name} wins with {points}.",
                "All {n} rounds played: {name} wins with {points}.", rounds, name=name, points=points)


def rounds_tied(rounds: int, names: object, points: int) -> Msg:
    return nmsg("The only round played: {names} tie with {points}.",
                "All {n} rounds played: {names} tie with {points}.", rounds, names=names, points=points)


#: The winner of a solo or co-op game the automated Broodmother wins: she is not one of the players.
HER = "broodmother"
#: Who may win a game without being one of its players.
NON_PLAYER_WINNERS = frozenset({HER})


def make_outcome(code: str, reason: str | Msg, winners: list[str]) -> Ended:
    """``winners`` are player ids (several on a tie, none if nobody wins), or ``[HER]`` when the automated
    Broodmother wins; ``reason`` a message (stored as data)."""
    return {"code": code, "reason": as_data(reason), "winners": winners}


def finish_by_score(state: State, her_bonus: int = 0) -> Ended:
    """The highest total wins; ``her_bonus`` (asymmetric Broodmother) is said when her total includes it."""
    best = leaders(state)
    points = total_score(state, best[0])
    if len(best) > 1:
        reason = rounds_tied(state["rounds"], names_and([player(state, p)["name"] for p in best]), points)
    else:
        reason = rounds_won(state["rounds"], player(state, best[0])["name"], points)
    if her_bonus:
        reason = msg("{reason} (the Broodmother's total includes her {bonus}-point bonus)", reason=reason,
                     bonus=her_bonus)
    return make_outcome("rounds-complete", reason, best)


_OLD_ROUNDS = re.compile(r"^All (?P<rounds>\d+) rounds played: (?P<names>.+) (?P<verb>wins|tie) with "
                         r"(?P<points>-?\d+)\.$")
_OLD_TIE_BREAK = re.compile(r"^(?P<names>.+) tie with (?P<points>-?\d+) points?; (?P<who>.+) wins with "
                            r"(?P<cards>\d+) colony cards left\.$")


def _old_names(text: str) -> str | Msg:
    """``Ana and Di`` / ``Ana, Bo and Cy`` as the old sentences wrote them, as a list message again."""
    first, sep, last = text.rpartition(" and ")
    return names_and([*first.split(", "), last]) if sep else text


def reason_message(ended: Mapping[str, object] | None) -> Msg | None:
    """Why ``ended`` ended, as a message: the stored one, or an old save's English sentence read back."""
    if not ended:
        return None
    reason = ended.get("reason", "")
    if is_message(reason):
        return Msg.from_dict(cast(Mapping[str, object], reason))
    text = str(reason)
    if (m := _OLD_ROUNDS.match(text)) is not None:
        if m["verb"] == "tie":
            return rounds_tied(int(m["rounds"]), _old_names(m["names"]), int(m["points"]))
        return rounds_won(int(m["rounds"]), m["names"], int(m["points"]))
    if (m := _OLD_TIE_BREAK.match(text)) is not None:
        from companion.core.antscape.view import tie_break_reason

        return tie_break_reason(_old_names(m["names"]), m["who"], int(m["points"]), int(m["cards"]))
    return msg(text)
