"""Why a game ended and who won, as data (after python-chess's ``Outcome``).

The reason is a message (``Msg.to_dict()`` in the saved game), rendered in each reader's language.
A game saved before reasons were messages holds the English sentence: ``reason_message`` reads the
sentences this module and the Antscape tie-break used to write back into messages, and any other
plain text is looked up in the catalogue as it is (her fixed sentences are msgids).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from companion.core.end_codes import EndCode
from companion.core.i18n import N_, Msg, as_data, is_message, msg, nmsg

if TYPE_CHECKING:  # only types: deciding an outcome needs no content imported
    from companion.core.schema import Ended
    from companion.core.state import State

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


def make_outcome(code: EndCode, reason: str | Msg, winners: list[str]) -> Ended:
    """``winners`` are player ids (several on a tie, none if nobody wins), or ``[HER]`` when the automated
    Broodmother wins; ``reason`` a message (stored as data). The code is saved as its plain word."""
    return {"code": str(code.value), "reason": as_data(reason), "winners": winners}


def finish_by_score(state: State, her_bonus: int = 0) -> Ended:
    """The highest total wins; ``her_bonus`` (asymmetric Broodmother) is said when her total includes it."""
    from companion.core.state import leaders, player, total_score
    from companion.core.words import names_and

    best = leaders(state)
    points = total_score(state, best[0])
    if len(best) > 1:
        reason = rounds_tied(state["rounds"], names_and([player(state, p)["name"] for p in best]), points)
    else:
        reason = rounds_won(state["rounds"], player(state, best[0])["name"], points)
    if her_bonus:
        reason = msg("{reason} (the Broodmother's total includes her {bonus}-point bonus)", reason=reason,
                     bonus=her_bonus)
    return make_outcome(EndCode.ROUNDS_COMPLETE, reason, best)


EARLY_LEADS = N_("Ended early in round {round} of {rounds}: {name} leads with {points}.")
EARLY_TIED = N_("Ended early in round {round} of {rounds}: {names} share the lead with {points}.")
EARLY_UNDECIDED = N_("Ended early in round {round} of {rounds}, before the rules decided a winner. "
                     "The standings: {standings}.")


def standings(state: State, others: Sequence[tuple[str | Msg, int]] = ()) -> Msg | str:
    """Every player's total, highest first, as one message (``Ana 12, Bo 9``); ``others`` adds sides that are no
    player (the automated Broodmother's Colony Points)."""
    from companion.core.state import total_score
    from companion.core.words import commas

    sides: list[tuple[str | Msg, int]] = [(p["name"], total_score(state, p["id"])) for p in state["players"]]
    sides += list(others)
    ranked = sorted(sides, key=lambda side: -side[1])
    return commas([msg("{name} {points}", name=name, points=points) for name, points in ranked])


#: Who wins a game the table ends early (the rulebooks are silent; a setting): the leaders then, or nobody.
LEADERS_WIN, NO_WINNER = "leaders", "none"
EARLY_WINNERS = (LEADERS_WIN, NO_WINNER)
#: The reading each choice makes, shown as "Interpretation: ..." wherever an early end's result is shown.
EARLY_READINGS = {
    LEADERS_WIN: N_("a game ended early counts the colonies leading at that moment as its winners (Settings: "
                    "An early end counts)."),
    NO_WINNER: N_("a game ended early has no winner; its standings are kept (Settings: An early end counts)."),
}
EARLY_AGAINST_HER = N_("a game against the Broodmother ended early has no winner: her game is decided only at its "
                       "end.")


def end_early(state: State, winners: str = LEADERS_WIN) -> Ended:
    """The outcome of a game the table stops before its end (``EndEarly``): the standings as they are, and the
    code says it ended early. ``winners`` is the table's reading (``EARLY_WINNERS``): the leaders (several on a
    tie) counted as its winners, or no winner at all."""
    from companion.core.state import leaders, player, total_score
    from companion.core.words import names_and

    if winners == NO_WINNER:
        return end_early_undecided(state)
    best = leaders(state)
    points = total_score(state, best[0])
    said = {"round": state["round"], "rounds": state["rounds"], "points": points}
    if len(best) > 1:
        reason = msg(EARLY_TIED, names=names_and([player(state, p)["name"] for p in best]), **said)
    else:
        reason = msg(EARLY_LEADS, name=player(state, best[0])["name"], **said)
    return make_outcome(EndCode.ENDED_EARLY, reason, best)


def end_early_undecided(state: State, others: Sequence[tuple[str | Msg, int]] = ()) -> Ended:
    """An early end where nobody may be called the winner (a game against the Broodmother: the rules decide it
    only at its end), with the standings in words."""
    reason = msg(EARLY_UNDECIDED, round=state["round"], rounds=state["rounds"], standings=standings(state, others))
    return make_outcome(EndCode.ENDED_EARLY, reason, [])


def early_reading(ended: Mapping[str, object] | None, against_her: bool = False) -> Msg | None:
    """The reading behind an early end's result ("Interpretation: ..."), told by the result itself: the winners
    it counts (the leaders) or none; None for a game that did not end early."""
    if not ended or ended.get("code") != EndCode.ENDED_EARLY:
        return None
    if against_her:
        return msg("Interpretation: {text}", text=msg(EARLY_AGAINST_HER))
    reading = LEADERS_WIN if ended.get("winners") else NO_WINNER
    return msg("Interpretation: {text}", text=msg(EARLY_READINGS[reading]))


_OLD_ROUNDS = re.compile(r"^All (?P<rounds>\d+) rounds played: (?P<names>.+) (?P<verb>wins|tie) with "
                         r"(?P<points>-?\d+)\.$")
_OLD_TIE_BREAK = re.compile(r"^(?P<names>.+) tie with (?P<points>-?\d+) points?; (?P<who>.+) wins with "
                            r"(?P<cards>\d+) colony cards left\.$")


def _old_names(text: str) -> str | Msg:
    """``Ana and Di`` / ``Ana, Bo and Cy`` as the old sentences wrote them, as a list message again."""
    from companion.core.words import names_and

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
        return tie_break_reason(_old_names(m["names"]), m["who"], int(m["points"]), int(m["cards"]))
    return msg(text)


def points_text(points: int) -> Msg:
    """An Antscape score in words: "1 point", "-3 points"."""
    return nmsg("{points} point", "{points} points", abs(points), points=points)


def tie_break_reason(tied: str | Msg, who: str, points: int, cards: int) -> Msg:
    """``Irene and Jo tie with -1 point; Jo wins with 8 colony cards left.`` (also the game-over reason)."""
    return nmsg("{names} tie with {points}; {name} wins with {n} colony card left.",
                "{names} tie with {points}; {name} wins with {n} colony cards left.", cards, names=tied, name=who,
                points=points_text(points))
