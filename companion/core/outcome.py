"""Why a game ended and who won, as data (after python-chess's ``Outcome``)."""

from __future__ import annotations

from typing import Any

from companion.core.i18n import Msg, as_data
from companion.core.state import State, leaders, player, total_score


def make_outcome(code: str, reason: str | Msg, winners: list[str]) -> dict[str, Any]:
    """``winners`` are player ids, or ``["broodmother"]`` when she wins; ``reason`` is stored as a message."""
    return {"code": code, "reason": as_data(reason), "winners": winners}


def finish_by_score(state: State) -> dict[str, Any]:
    best = leaders(state)
    names = " and ".join(player(state, pid)["name"] for pid in best)
    points = total_score(state, best[0])
    verb = "tie" if len(best) > 1 else "wins"
    return make_outcome("rounds-complete", f"All {state['rounds']} rounds played: {names} {verb} with {points}.", best)
