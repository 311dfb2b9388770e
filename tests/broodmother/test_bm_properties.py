"""Random sequences of commands: no count goes negative, no card is lost, undo returns to the start."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from companion.core.broodmother.commands import (
    AnswerExpand,
    AnswerPredator,
    AnswerStrike,
    CancelReaction,
    DrawCard,
    ScoreSlumber,
)
from companion.core.broodmother.meadow_commands import (
    AddHex,
    CentipedeWon,
    ChaseNymph,
    DefeatCentipede,
    DestroyNymph,
    PlaceNymph,
    SetSites,
)
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.errors import CommandError
from companion.core.session import Session
from tests.helpers import examples

from .helpers import brood, make_session

hexes = st.integers(min_value=1, max_value=12)
places = st.integers(min_value=0, max_value=12)

SIMPLE = st.sampled_from([("draw",)] * 5 + [("answer",)] * 4 + [("cancel",), ("won",), ("next",), ("slumber",)])
BOARD = st.one_of(
    st.tuples(st.just("add"), hexes, st.sampled_from(["inner", "outer"]), st.integers(0, 3), st.integers(0, 2),
              st.booleans(), st.integers(0, 9)),
    st.tuples(st.just("sites"), hexes, st.integers(0, 3)),
    st.tuples(st.just("chase"), hexes), st.tuples(st.just("destroy"), places), st.tuples(st.just("defeat"), places),
    st.tuples(st.just("place"), places), st.tuples(st.just("score"), st.integers(1, 4)),
)
ACTIONS = st.integers(0, 9).flatmap(lambda roll: SIMPLE if roll < 6 else BOARD)  # mostly her turns


def command_for(action: tuple[Any, ...], session: Session, salt: int) -> Command | None:
    kind = action[0]
    simple: dict[str, Command] = {"draw": DrawCard(), "cancel": CancelReaction(), "won": CentipedeWon(),
                                  "next": NextPhase(), "slumber": ScoreSlumber()}
    if kind in simple:
        return simple[kind]
    if kind == "answer":
        return _answer(session, salt)
    if kind == "add":
        _, number, zone, sites, nymphs, centipede, nest_roll = action
        nest = nest_roll == 0 and not brood(session)["her"]["found"]
        return AddHex(number, zone, sites, nymphs, centipede, nest=nest)
    makers = {"sites": lambda: SetSites(action[1], action[2]), "chase": lambda: ChaseNymph(action[1]),
              "destroy": lambda: DestroyNymph(action[1]), "defeat": lambda: DefeatCentipede(action[1]),
              "place": lambda: PlaceNymph(action[1]), "score": lambda: AdjustScore("p1", action[1])}
    return makers[kind]()


def _answer(session: Session, salt: int) -> Command | None:
    pending = brood(session)["pending"]
    if not pending:
        return None
    q = pending[0]
    if q["kind"] == "expand":
        taken = {h["number"] for h in brood(session)["hexes"]}
        free = [n for n in range(20, 60) if n not in taken]
        return AnswerExpand(number=free[0], sites=salt % 4, zone="inner" if salt % 2 else "outer",
                            centipede_hex=salt % 3 == 0, nest=salt % 7 == 0 and not brood(session)["her"]["found"])
    if q["kind"] == "predator":
        numbers = [h["number"] for h in brood(session)["hexes"]]
        return AnswerPredator(hex=numbers[salt % len(numbers)]) if numbers else None
    return AnswerStrike(destroyed=salt % (q["ferocity"] + 1))


def check_invariants(session: Session) -> None:
    b = brood(session)
    d = b["deck"]
    assert sorted(d["draw"] + d["discard"] + d["plot"]) == sorted(d["cards"])
    assert len(d["plot"]) < b["thresholds"]["plot"]
    for h in b["hexes"]:
        assert h["sites"] >= 0 and h["nymphs"] >= 0
    assert b["tunnel"]["centipedes"] >= 0 and b["initiative"] >= 0
    assert 0 <= b["machinations"] <= 3
    assert all(points >= 0 for points in b["cp"])


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(actions=st.lists(ACTIONS, min_size=30, max_size=100), mode=st.sampled_from(["solo", "coop"]),
       seed=st.integers(0, 2**31), deck=st.sampled_from(["virtual", "virtual", "physical"]))
@pytest.mark.slow  # the whole tier only: scripts/run-tests --fast leaves it out
def test_no_command_sequence_breaks_the_counts(actions: list[tuple[Any, ...]], mode: str, seed: int,
                                               deck: str) -> None:
    session = make_session(mode, 1 if mode == "solo" else 2, seed=seed, deck=deck)
    start = copy.deepcopy(session.state)
    for number in range(1, 6):
        session.execute(AddHex(number, "inner" if number % 2 else "outer", number % 3 + 1, number % 2))
    done = 5
    for salt, action in enumerate(actions):
        if session.state["ended"] is not None:
            session.undo()
            done -= 1
        command = command_for(action, session, salt)
        if deck == "physical" and action[0] == "draw":
            command = _physical_card(session, salt)
        if command is None:
            continue
        try:
            session.execute(command)
            done += 1
        except CommandError:
            continue
        check_invariants(session)
    event(f"commands applied: {min(done // 20 * 20, 60)}+")
    event(f"machinations reached: {brood(session)['machinations']}")
    for _ in range(done):
        session.undo()
    assert session.state == start


def _physical_card(session: Session, salt: int) -> Command | None:
    from companion.core.broodmother.commands import EnterCard

    d = brood(session)["deck"]
    pool = d["draw"] or d["discard"]
    if not pool:
        return None
    card = d["cards"][pool[salt % len(pool)]]
    return EnterCard(card["type"], card["ferocity"])
