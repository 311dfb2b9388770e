"""Booking computed rewards into the scores: the shared step of every "apply to scores" command.

A calculator (aphid farms, a Queen's Decree, Eve of the Antperium) yields a reward per
player; applying it adds the Colony Points to the current round, as ``AdjustScore`` does,
and the label says everything the table takes, cards included (cards are not tracked,
only said): ``Harvest: Ana +1 CP, +1 card; Bo +1 card``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from companion.core.commands.scoring import MAX_TOTAL
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.state import State, game_def, player, total_score
from companion.core.words import joined


class Reward(TypedDict):
    cards: int
    cp: int


def nothing() -> Reward:
    return {"cards": 0, "cp": 0}


def reward_text(reward: Reward, cp_term: str) -> Msg:
    """``+1 CP, +1 card`` (or ``nothing``), as a message."""
    cp, cards, term = reward["cp"], reward["cards"], msg(cp_term)
    if cp and cards:
        return nmsg("+{cp} {cp_term}, +{n} card", "+{cp} {cp_term}, +{n} cards", cards, cp=cp, cp_term=term)
    if cp:
        return msg("+{cp} {cp_term}", cp=cp, cp_term=term)
    if cards:
        return nmsg("+{n} card", "+{n} cards", cards)
    return msg("nothing")


def rewards_text(state: State, content: Content, rewards: Mapping[str, Reward]) -> Msg | str:
    """``Ana +1 CP, +1 card; Bo +1 card`` for the players who get something, in seat order (a message)."""
    cp = game_def(state, content).terms["cp"]
    parts: list[Msg | str] = [msg("{name} {reward}", name=p["name"], reward=reward_text(rewards[p["id"]], cp))
                              for p in state["players"]
                              if p["id"] in rewards and (rewards[p["id"]]["cp"] or rewards[p["id"]]["cards"])]
    return joined(parts) if parts else msg("nobody gains anything")


def check_bookable(state: State, rewards: Mapping[str, Reward]) -> None:
    for pid, reward in rewards.items():
        player(state, pid)
        if total_score(state, pid) + reward["cp"] > MAX_TOTAL:
            raise CommandError(msg("{name} would pass {most}: check the scores first.", name=player(state, pid)["name"],
                                   most=MAX_TOTAL))


def book(state: State, rewards: Mapping[str, Reward]) -> None:
    """Add each player's Colony Points to the current round."""
    for pid, reward in rewards.items():
        state["scores"][pid][state["round"] - 1] += reward["cp"]


def anything(rewards: Mapping[str, Reward]) -> bool:
    return any(r["cp"] or r["cards"] for r in rewards.values())
