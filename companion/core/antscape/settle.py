"""Finishing an Antscape game: the highest total wins, and a tie goes to the most colony cards left."""

from __future__ import annotations

from companion.core.antscape.model import KEY
from companion.core.antscape.scoring import break_tie
from companion.core.antscape.view import listed
from companion.core.content import Content
from companion.core.end_codes import EndCode
from companion.core.outcome import make_outcome, tie_break_reason
from companion.core.schema import Ended
from companion.core.state import State, leaders, player, total_score


def finish(state: State, content: Content) -> Ended | None:
    """Settle a tie on the game's scores with the scorer's cards left; None leaves it to the engine."""
    tied = tuple(leaders(state))
    kept = state["modules_state"].get(KEY)
    if len(tied) == 1 or not kept:
        return None
    winners, how = break_tie(tied, kept["cards_left"])
    if how != "cards":
        return None
    names = listed([player(state, pid)["name"] for pid in tied])
    who = player(state, winners[0])["name"]
    reason = tie_break_reason(names, who, total_score(state, winners[0]), kept["cards_left"][winners[0]])
    return make_outcome(EndCode.ANTSCAPE_TIE_BREAK, reason, list(winners))
