"""A picture of the game as data: each side's running total by round, and the summary of a finished game.

The game screen draws it as a chart; the finished-game summary adds the winner, why the game ended, the
totals and (against the Broodmother) her cards. Nothing here is a rule: it reads the scores the commands
booked and the outcome the end checks wrote.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.end_codes import HER, EndCode
from companion.core.i18n import Msg, msg, render
from companion.core.outcome import reason_message
from companion.core.schema import JsonObject
from companion.core.state import State, cumulative_scores, total_score
from companion.core.words import joined


@dataclass(frozen=True)
class Series:
    """One side's running total at the end of each round shown (round 1 first)."""

    id: str
    name: str | Msg  # a player's name, or the message naming her
    colour: str | None  # a colony colour name; None for the Broodmother
    totals: list[int]

    @property
    def total(self) -> int:
        return self.totals[-1] if self.totals else 0


@dataclass(frozen=True)
class HerCard:
    round: int
    words: str
    cancelled: bool


@dataclass(frozen=True)
class Picture:
    rounds: int  # how many rounds the series cover: up to the current one (the last one played once it ended)
    series: list[Series]
    ended: bool = False
    reason: Msg | str = ""  # why it ended, a message (``companion.core.outcome.reason_message``)
    winners: list[str | Msg] = field(default_factory=list)  # names; the message naming her when she won
    her_cards: list[HerCard] = field(default_factory=list)
    early: bool = False  # the table ended it early (``EndCode.ENDED_EARLY``): its winners only lead

    def said(self) -> Msg:
        """The chart in words, for screen readers (and tests): every side's totals round by round."""
        parts = [msg("{name} {totals}", name=s.name, totals=", ".join(str(t) for t in s.totals)) for s in self.series]
        return msg("Points at the end of each round, round 1 to {rounds}: {sides}.", rounds=self.rounds,
                   sides=joined(parts))


def _her_series(state: State) -> Series | None:
    """Her running total in solo and co-op (in the asymmetric variant she is a player with scores)."""
    brood = state.get("modules_state", {}).get(HER)
    if not isinstance(brood, dict) or not isinstance(brood.get("cp"), list):
        return None
    if any(p.get("role") == HER for p in state["players"]):
        return None
    running, totals = 0, []
    for gained in brood["cp"]:
        running += int(gained)
        totals.append(running)
    return Series(HER, msg("The Broodmother"), None, totals)


def game_picture(state: State) -> Picture:
    ended = state.get("ended")
    shown = state["round"]
    series = [Series(p["id"], p["name"], p["colour"], cumulative_scores(state, p["id"])[:shown])
              for p in state["players"]]
    her = _her_series(state)
    if her is not None:
        series.append(Series(her.id, her.name, None, her.totals[:shown]))
    if not ended:
        return Picture(shown, series)
    names: dict[str, str | Msg] = {p["id"]: p["name"] for p in state["players"]} | {HER: msg("The Broodmother")}
    return Picture(shown, series, True, reason_message(ended) or "",
                   [names.get(w, w) for w in ended.get("winners", [])], _her_cards(state),
                   early=ended.get("code") == EndCode.ENDED_EARLY)


def _her_cards(state: State) -> list[HerCard]:
    brood: JsonObject = state.get("modules_state", {}).get(HER) or {}
    return [HerCard(int(c.get("round", 0)), render(c.get("words", "")), bool(c.get("cancelled", False)))
            for c in brood.get("history", []) if isinstance(c, dict)]


def final_totals(state: State) -> dict[str, int]:
    """Each player's total (the summary's table)."""
    return {p["name"]: total_score(state, p["id"]) for p in state["players"]}
