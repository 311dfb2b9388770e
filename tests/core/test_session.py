"""Undo and redo: deep, labelled, exact, kept across restarts; the log records everything."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import count
from pathlib import Path

import pytest

from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.session import UNDO_LIMIT, Session, new_doc
from companion.core.setup import GameSetup, new_state
from companion.store import GameStore
from tests.helpers import four_players


def fresh(content: Content) -> Session:
    state = new_state(GameSetup(game="mota", players=four_players()), content, seed=3)
    minutes = count(1)
    clock = lambda: datetime(2026, 11, 30, 20, tzinfo=UTC) + timedelta(minutes=next(minutes))  # noqa: E731
    return Session(new_doc("g-1", "Friday", state), content=content, clock=clock)


def test_undo_and_redo_say_what_they_do(content: Content) -> None:
    s = fresh(content)
    s.execute(AdjustScore("p2", 2))
    s.execute(NextPhase())
    assert (s.undo_label, s.redo_label) == ("Next: Soldier Phase", None)
    assert s.undo().text == "Next: Soldier Phase"
    assert s.state["phase"] == "worker"
    assert (s.undo_label, s.redo_label) == ("Bo +2 CP", "Next: Soldier Phase")
    assert s.undo().text == "Bo +2 CP"
    assert s.state["scores"]["p2"] == [0, 0, 0, 0]
    with pytest.raises(CommandError, match="Nothing to undo"):
        s.undo()
    assert s.redo().text == "Bo +2 CP"
    assert s.redo().text == "Next: Soldier Phase"
    assert (s.state["phase"], s.state["scores"]["p2"]) == ("soldier", [2, 0, 0, 0])
    with pytest.raises(CommandError, match="Nothing to redo"):
        s.redo()


def test_a_new_command_clears_redo(content: Content) -> None:
    s = fresh(content)
    s.execute(AdjustScore("p1", 1))
    s.undo()
    s.execute(AdjustScore("p1", 4))
    assert s.redo_label is None
    assert s.state["scores"]["p1"] == [4, 0, 0, 0]


def test_undo_reaches_back_more_than_250_steps_to_the_exact_start(content: Content) -> None:
    s = fresh(content)
    initial = s.state
    for i in range(300):
        s.execute(AdjustScore(f"p{i % 4 + 1}", 1 + i % 3))
    assert len(s.doc["undo"]) == 300 <= UNDO_LIMIT
    for _ in range(300):
        s.undo()
    assert s.state == initial
    for _ in range(300):
        s.redo()
    assert [sum(s.state["scores"][f"p{k}"]) for k in range(1, 5)] == [150, 150, 150, 150]


def test_history_is_capped_at_the_limit(content: Content) -> None:
    s = fresh(content)
    for _ in range(UNDO_LIMIT + 20):
        s.execute(AdjustScore("p1", 1))
    assert len(s.doc["undo"]) == UNDO_LIMIT
    for _ in range(UNDO_LIMIT):
        s.undo()
    assert s.state["scores"]["p1"] == [20, 0, 0, 0]


def test_the_log_records_label_round_phase_time_and_undos(content: Content) -> None:
    s = fresh(content)
    s.execute(NextPhase())
    s.execute(AdjustScore("p3", 2))
    s.undo()
    log = [{**e, "label": render(e["label"]), "phase": render(e["phase"])} for e in s.doc["log"]]
    assert log == [
        {"kind": "command", "label": "Next: Soldier Phase", "round": 1, "phase": "Worker Phase",
         "at": "2026-11-30T20:01:00+00:00", "command": {"type": "next_phase"}, "n": 0},
        {"kind": "command", "label": "Cy +2 CP", "round": 1, "phase": "Soldier Phase",
         "at": "2026-11-30T20:02:00+00:00", "command": {"type": "adjust_score", "player_id": "p3", "delta": 2},
             "n": 1},
        {"kind": "undo", "label": "Undo: Cy +2 CP", "round": 1, "phase": "Soldier Phase",
         "at": "2026-11-30T20:03:00+00:00", "n": 2},
    ]


def test_undo_history_survives_a_restart(content: Content, db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(GameSetup(game="mota", players=four_players()), name="Long game")
    for _ in range(260):
        session.execute(AdjustScore("p1", 1))
    store.close()
    reopened = GameStore(db_path).session(session.id)
    assert reopened.undo_label == "Ana +1 CP"
    for _ in range(260):
        reopened.undo()
    assert reopened.state["scores"]["p1"] == [0, 0, 0, 0]
    assert GameStore(db_path).session(session.id).redo_label == "Ana +1 CP"


def test_a_failed_save_leaves_the_session_unchanged(content: Content) -> None:
    def broken_disk(doc: dict[str, object]) -> None:
        raise OSError("disk full")

    state = new_state(GameSetup(game="mota", players=four_players()), content, seed=1)
    s = Session(new_doc("g-2", "x", state), saver=broken_disk, content=content)
    with pytest.raises(OSError):
        s.execute(AdjustScore("p1", 2))
    assert s.state["scores"]["p1"] == [0, 0, 0, 0]
    assert s.undo_label is None and s.doc["log"] == []


def test_a_change_says_what_it_touched_and_the_session_remembers_it(tmp_path: Path, content: Content) -> None:
    """``Executed``: the label, and the parts of the state the step changed (a module's part named on its own)."""
    store = GameStore(tmp_path / "games.json")
    s = store.create(GameSetup(game="mota", players=four_players(), expansions=("minions",), modules=("aphids",)))
    start = s.revision
    point = s.execute(AdjustScore("p2", 2))
    assert point.changed and point.text == "Bo +2 CP" == str(point)
    assert point.touched == frozenset({"scores"})
    after_point = s.revision
    turn = s.execute(NextPhase())
    assert "phase" in turn.touched and "scores" not in turn.touched
    assert s.touched_since(after_point) == turn.touched
    assert s.touched_since(start) == point.touched | turn.touched
    assert s.touched_since(s.revision) == frozenset()
    assert s.undo().touched == turn.touched  # undo and redo touch what the step did
    assert s.redo().touched == turn.touched
    assert s.touched_since(start - 1) is None  # before anything this session remembers: not known
    store.close()
