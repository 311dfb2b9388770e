"""Random sequences of valid and invalid commands against a simple model of the rules.

Invariants after every step: totals match the model, a refused command changed nothing,
round and phase stay in range. At the end: undoing everything gives the initial state,
redoing everything gives the final one, and reloading the save gives exactly the session.
"""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore, SetScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.content import load_content
from companion.core.errors import CommandError
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.helpers import examples

PLAYERS = ("p1", "p2", "p3")
PHASES = 6
ROUNDS = 4


class SessionMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.store = GameStore(Path(self.folder.name) / "games.json", content=load_content())
        specs = (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"))
        self.session = self.store.create(GameSetup(game="mota", players=specs), seed=11)
        self.initial = copy.deepcopy(self.session.state)
        self.model: dict[str, Any] = {"totals": dict.fromkeys(PLAYERS, 0), "round": 1, "phase": 0, "ended": False}
        self.done: list[dict[str, Any]] = []  # model snapshots before each applied command
        self.undone: list[dict[str, Any]] = []
        self.applied = 0

    def _attempt(self, command: Command, valid: bool, update: dict[str, Any]) -> None:
        before = copy.deepcopy(self.session.doc)
        if valid and not self.model["ended"]:
            self.session.execute(command)
            self.done.append(copy.deepcopy(self.model))
            self.undone.clear()
            self.model = update
            self.applied += 1
        else:
            try:
                self.session.execute(command)
            except CommandError:
                pass
            else:
                raise AssertionError(f"{command} should have been refused")
            assert self.session.doc == before

    @rule(player=st.sampled_from([*PLAYERS, "p4"]), delta=st.integers(-60, 60))
    def adjust(self, player: str, delta: int) -> None:
        valid = player in PLAYERS and delta != 0 and abs(delta) <= 50 \
            and 0 <= self.model["totals"].get(player, 0) + delta <= 999
        update = copy.deepcopy(self.model)
        if valid:
            update["totals"][player] += delta
        self._attempt(AdjustScore(player, delta), valid, update)

    @rule(player=st.sampled_from(PLAYERS), total=st.integers(-5, 1005))
    def set_total(self, player: str, total: int) -> None:
        valid = 0 <= total <= 999 and total != self.model["totals"][player]
        update = copy.deepcopy(self.model)
        update["totals"][player] = total
        self._attempt(SetScore(player, total), valid, update)

    @rule()
    def next_phase(self) -> None:
        last = self.model["phase"] == PHASES - 1
        valid = not (last and self.model["round"] == ROUNDS)
        update = copy.deepcopy(self.model)
        if valid:
            update["phase"] = 0 if last else update["phase"] + 1
            update["round"] += 1 if last else 0
        self._attempt(NextPhase(), valid, update)

    @rule()
    def next_round(self) -> None:
        update = {**copy.deepcopy(self.model), "round": self.model["round"] + 1, "phase": 0}
        self._attempt(NextRound(), self.model["round"] < ROUNDS, update)

    @rule()
    def finish(self) -> None:
        update = {**copy.deepcopy(self.model), "ended": True}
        self._attempt(FinishGame(), self.model["round"] == ROUNDS, update)

    @precondition(lambda self: bool(self.done))
    @rule()
    def undo(self) -> None:
        self.session.undo()
        self.undone.append(self.model)
        self.model = self.done.pop()

    @precondition(lambda self: bool(self.undone))
    @rule()
    def redo(self) -> None:
        self.session.redo()
        self.done.append(self.model)
        self.model = self.undone.pop()

    @invariant()
    def matches_the_model(self) -> None:
        state = self.session.state
        assert {p: sum(state["scores"][p]) for p in PLAYERS} == self.model["totals"]
        assert state["round"] == self.model["round"]
        assert state["phase"] == load_content().games["mota"].phases[self.model["phase"]].id
        assert (state["ended"] is not None) == self.model["ended"]
        assert all(len(row) == ROUNDS for row in state["scores"].values())

    def teardown(self) -> None:
        try:
            final = copy.deepcopy(self.session.state)
            saved = self.store.load(self.session.id)
            assert saved == self.session.doc, "the save differs from the session"
            steps = len(self.session.doc["undo"])
            for _ in range(steps):
                self.session.undo()
            if len(self.done) == steps:
                assert self.session.state == self.initial
            for _ in range(steps):
                self.session.redo()
            assert self.session.state == final
        finally:
            self.store.close()
            self.folder.cleanup()


SessionMachine.TestCase.settings = settings(max_examples=examples(30), stateful_step_count=40, deadline=None)
test_session_machine = SessionMachine.TestCase

#: The whole tier only (scripts/run-tests; --fast leaves it out): random sessions take a quarter of a minute.
pytestmark = pytest.mark.slow
