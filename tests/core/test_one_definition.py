"""One definition of a sound game: what the store reads back is what the core may write.

The defect these guard: a game the Broodmother won (``ended.winners == ["broodmother"]``) and every
asymmetric game (her player has no colour) were written, then refused by the same app on the next read.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from companion.core.broodmother.asymmetric import GainEgg
from companion.core.broodmother.meadow_commands import CentipedeWon
from companion.core.commands.base import Command, registered_commands
from companion.core.content import Content
from companion.core.end_codes import HER
from companion.core.errors import GameError
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.validation import STRICT_ENV, InvalidGame, UnreadableWrite, UnreadableWriteBug, validate_state
from companion.store import GameStore

SOLO = GameSetup(game="mota", mode="solo", expansions=("minions",), players=(PlayerSpec("Ana", "red"),))
ASYMMETRIC = GameSetup(game="mota", mode="asymmetric", expansions=("minions",),
                       players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"),
                                PlayerSpec("Zed", None, role="broodmother")))
SOLO_NORMAL_CP_THRESHOLD = 12  # Minions of the Meadow, "Solo and Co-op Rules": her lead with one colony, Normal


def _fresh_read(db: Path, game_id: str) -> dict[str, Any]:
    store = GameStore(db)
    try:
        return store.load(game_id)
    finally:
        store.close()


def test_her_win_saves_and_reads_back(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(SOLO, seed=3)
    for _ in range(SOLO_NORMAL_CP_THRESHOLD):
        session.execute(CentipedeWon())
    ended = session.state["ended"]
    assert ended is not None and (ended["code"], ended["winners"]) == ("cp-threshold", [HER])
    assert _fresh_read(db_path, session.id)["state"] == session.state
    assert [g.id for g in GameStore(db_path).list_games()] == [session.id]
    session.undo()
    assert _fresh_read(db_path, session.id)["state"]["ended"] is None


def test_an_asymmetric_game_saves_undoes_and_reads_back(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(ASYMMETRIC, seed=5)
    first = copy.deepcopy(session.state)
    assert _fresh_read(db_path, session.id)["state"] == first
    session.execute(GainEgg())
    assert session.undo_label == "Broodmother reacts: +1 egg"
    session.undo()
    assert session.state == first
    session.redo()
    assert _fresh_read(db_path, session.id)["state"]["modules_state"]["broodmother"]["asym"]["eggs"] == 1


def test_nobody_winning_and_a_tie_are_outcomes(content: Content) -> None:
    state = new_state(GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))),
                      content, seed=1)
    for winners in ([], ["p1", "p2"], [HER]):
        state["ended"] = {"code": "ended-early", "reason": "x", "winners": winners}
        assert validate_state(copy.deepcopy(state), content)["ended"]["winners"] == winners
    state["ended"] = {"code": "ended-early", "reason": "x", "winners": ["p9"]}
    with pytest.raises(InvalidGame, match="not players of this game"):
        validate_state(state, content)


def test_an_ant_without_a_colour_is_refused(content: Content) -> None:
    state = new_state(SOLO, content, seed=1)
    state["players"][0]["colour"] = None
    with pytest.raises(InvalidGame, match="colony needs a colour"):
        validate_state(state, content)


class _BreaksTheGame(Command, name="test_breaks_the_game"):
    """A faulty command, as a future bug would write: round 9 of a 4-round game."""

    def apply(self, state: Any, content: Any) -> None:
        state["round"] = 9

    def describe(self, state: Any, content: Any) -> str:
        return "Break it"


def test_a_change_the_reader_would_refuse_is_not_made(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """For a player: a plain message, the game as it was, on screen and on disk."""
    monkeypatch.delenv(STRICT_ENV)
    store = GameStore(db_path)
    session = store.create(SOLO, seed=2)
    before, rev = copy.deepcopy(session.doc), session.revision
    with pytest.raises(UnreadableWrite) as refused:
        session.execute(_BreaksTheGame())
    assert "That change was not made" in str(refused.value) and "state." not in str(refused.value)
    assert "round" in refused.value.reason  # for a report
    assert isinstance(refused.value, GameError), "the screens show it as a refusal, never a crash"
    assert session.doc == before and session.revision == rev
    assert _fresh_read(db_path, session.id)["state"] == before["state"]


def test_under_the_test_suite_it_fails_loudly(content: Content) -> None:
    session = Session(new_doc("g-00000001", "t", new_state(SOLO, content, seed=2)), content=content)
    with pytest.raises(UnreadableWriteBug, match="cannot read back"):
        session.execute(_BreaksTheGame())
    assert session.state["round"] == 1


def test_a_command_a_test_declares_never_joins_the_apps_commands() -> None:
    """A full run collects this file; the property machine draws from the registry: it must not draw this."""
    assert "test_breaks_the_game" not in registered_commands()
    assert all(cls.__module__.startswith("companion.") for cls in registered_commands().values())
