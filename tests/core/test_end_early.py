"""Ending a game early (issue #34): any time, the standings as they are, saved and recorded as ended early.

Each game is played through a real ``GameStore`` on a real folder and read back by a fresh store, so what the
table sees is what the disk holds; against the Broodmother nobody is called the winner.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.broodmother.meadow_commands import CentipedeWon
from companion.core.commands.base import refusal
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import EndEarly, FinishGame, NextPhase, NextRound
from companion.core.content import Content, load_content
from companion.core.end_codes import HER, EndCode
from companion.core.errors import CommandError
from companion.core.history import HistoryFile, record_of
from companion.core.i18n import render
from companion.core.outcome import early_reading
from companion.core.picture import game_picture
from companion.core.records import csv_rows, early_reading_of, figures
from companion.core.schema import SchemaError, check
from companion.core.setup import GameSetup, PlayerSpec
from companion.core.views import ended_reading
from companion.store import GameStore

TABLE = GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black")))
SOLO = GameSetup(game="mota", mode="solo", expansions=("minions",), players=(PlayerSpec("Ana", "red"),))
ASYMMETRIC = GameSetup(game="mota", mode="asymmetric", expansions=("minions",),
                       players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"),
                                PlayerSpec("Zed", None, role="broodmother")))


def _fresh(db: Path, game_id: str) -> dict[str, Any]:
    store = GameStore(db)
    try:
        return store.load(game_id)
    finally:
        store.close()


def test_a_competitive_game_ends_in_round_two_with_its_leader(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(TABLE, seed=1)
    session.execute(AdjustScore("p1", 4))
    session.execute(AdjustScore("p2", 9))
    session.execute(NextRound())
    session.execute(AdjustScore("p3", 2))
    assert session.can(EndEarly()) and not session.can(FinishGame())
    assert render(session.why_not(FinishGame()) or "").endswith(
        "or end the game now (End early in the app; `companion game end-early ID` in the terminal).")
    done = session.execute(EndEarly())
    assert done.changed and session.undo_label == "End the game early"
    ended = session.state["ended"]
    assert ended is not None and (ended["code"], ended["winners"]) == ("ended-early", ["p2"])
    assert render(ended["reason"]) == "Ended early in round 2 of 4: Bo leads with 9."
    assert render(ended["reason"], "es") == "Terminada antes de tiempo en la ronda 2 de 4: Bo va en cabeza con 9."
    assert session.state["scores"] == {"p1": [4, 0, 0, 0], "p2": [9, 0, 0, 0], "p3": [0, 2, 0, 0]}  # as they were

    doc = _fresh(db_path, session.id)  # a fresh store reads the finished game back from disk
    assert doc["state"] == session.state
    record = GameStore(db_path).history.record(session.id)
    assert record is not None and record["ended"] == {"code": "ended-early", "round": 2}
    assert record["winners"] == ["p2"]
    on_disk = json.loads(db_path.with_name("history.json").read_text(encoding="utf-8"))
    assert on_disk["records"][session.id]["ended"]["code"] == "ended-early"
    assert {row["player"]: (row["winner"], row["ended"]) for row in csv_rows([record], load_content())} == {
        "Ana": ("no", "ended-early"), "Bo": ("yes", "ended-early"), "Cy": ("no", "ended-early")}


def test_undo_takes_the_early_end_back_and_the_record_goes(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(TABLE, seed=1)
    session.execute(AdjustScore("p1", 3))
    before = dict(session.state)
    session.execute(EndEarly())
    assert refusal(NextPhase(), session.state, session.content) is not None  # the one game-over gate holds
    with pytest.raises(CommandError, match=r"Undo to play on \(Undo in the app; `companion game undo ID`"):
        session.execute(NextPhase())
    with pytest.raises(CommandError):
        session.execute(EndEarly())  # once only
    session.undo()
    assert session.state == before and session.state["ended"] is None
    assert _fresh(db_path, session.id)["state"]["ended"] is None
    assert GameStore(db_path).history.record(session.id) is None
    session.execute(NextPhase())  # and the game plays on


def test_against_the_broodmother_nobody_is_called_the_winner(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(SOLO, seed=3)
    session.execute(AdjustScore("p1", 2))
    for _ in range(5):
        session.execute(CentipedeWon())  # her 5 CP: a lead of 3, under her threshold of 12
    session.execute(EndEarly())
    ended = session.state["ended"]
    assert ended is not None and (ended["code"], ended["winners"]) == ("ended-early", [])
    assert render(ended["reason"]) == ("Ended early in round 1 of 4, before the rules decided a winner. "
                                       "The standings: the Broodmother 5, Ana 2.")
    picture = game_picture(session.state)
    assert picture.early and picture.winners == []
    record = GameStore(db_path).history.record(session.id)
    assert record is not None and record["winners"] == [] and record["ended"]["code"] == "ended-early"
    base = figures([record])["broodmother"]["base"]
    assert (base["played"], base["won"], base["lost"], base["early"]) == (1, 0, 0, 1)  # neither won nor lost
    assert base["timeline"] == [{"id": session.id, "date": record["date"], "won": False, "early": True}]
    assert [row["winner"] for row in csv_rows([record], load_content())] == ["no", "no"]  # Ana's row and hers
    assert _fresh(db_path, session.id)["state"] == session.state


def test_an_asymmetric_game_ends_early_without_a_winner(db_path: Path) -> None:
    store = GameStore(db_path)
    session = store.create(ASYMMETRIC, seed=5)
    session.execute(AdjustScore("p1", 6))
    session.execute(EndEarly())
    ended = session.state["ended"]
    assert ended is not None and ended["winners"] == []
    assert render(ended["reason"]).endswith("The standings: Ana 6, Bo 0, Zed 0.")
    record = GameStore(db_path).history.record(session.id)
    assert record is not None
    asym = figures([record])["asymmetric"]
    assert (asym["her_wins"], asym["colony_wins"], asym["early"]) == (0, 0, 1)


def test_the_end_codes_are_one_enum_whose_values_are_the_old_words() -> None:
    assert [c.value for c in EndCode] == ["rounds-complete", "antscape-tie-break", "broodmother-destroyed",
                                          "centipede-threshold", "cp-threshold", "broodmother-survived",
                                          "ended-early"]
    assert EndCode.CP_THRESHOLD == "cp-threshold" and HER == "broodmother"


def test_a_game_or_record_with_an_unknown_end_code_is_refused(content: Content) -> None:
    from companion.core.session import new_doc
    from companion.core.setup import new_state
    from companion.core.validation import validate_doc

    state = new_state(TABLE, content, seed=1)
    state["ended"] = {"code": "gave-up", "reason": "x", "winners": []}
    with pytest.raises(SchemaError, match=r"state\.ended\.code: not a way a game ends"):
        validate_doc(new_doc("g-00000001", "x", state), content)
    history: dict[str, Any] = {"format": "march-of-the-ants-companion/history", "version": 1, "merges": {},
                               "forgotten": [], "records": {}}
    state["ended"] = {"code": "cp-threshold", "reason": "x", "winners": [HER]}
    record = record_of(new_doc("g-00000001", "x", state), content)
    assert record is not None  # an old save's word reads back as the enum's value
    history["records"]["g-00000001"] = {**record, "ended": {"code": "gave-up", "round": 1}}
    with pytest.raises(SchemaError, match="not a way a game ends"):
        check(HistoryFile, history, "history")


# -- who wins an early end: the table's reading, a setting (issue #34) -----------------------------------------
def _ended_with(db_path: Path, winners: str) -> dict[str, Any]:
    """Ana 4, Bo 9, Cy 0 in round 1, ended early under ``winners``; the game as a fresh store reads it back."""
    store = GameStore(db_path)
    session = store.create(TABLE, seed=1)
    session.execute(AdjustScore("p1", 4))
    session.execute(AdjustScore("p2", 9))
    session.execute(EndEarly(winners))
    assert session.undo_label == ("End the game early" if winners == "leaders" else
                                  "End the game early, with no winner")
    doc = _fresh(db_path, session.id)
    assert doc["state"] == session.state
    return doc


def test_an_early_end_counts_its_leaders_or_nobody_as_the_table_chose(db_path: Path) -> None:
    led = _ended_with(db_path, "leaders")["state"]
    assert (led["ended"]["code"], led["ended"]["winners"]) == ("ended-early", ["p2"])
    assert render(early_reading(led["ended"])) == ("Interpretation: a game ended early counts the colonies leading "
                                                   "at that moment as its winners (Settings: An early end counts).")
    none = _ended_with(db_path, "none")["state"]
    assert (none["ended"]["code"], none["ended"]["winners"]) == ("ended-early", [])
    assert render(none["ended"]["reason"]) == ("Ended early in round 1 of 4, before the rules decided a winner. "
                                               "The standings: Bo 9, Ana 4, Cy 0.")
    assert render(early_reading(none["ended"]), "es") == (
        "Interpretación: una partida terminada antes de tiempo no tiene ganador; se guarda su clasificación "
        "(Ajustes: Un final anticipado cuenta).")
    assert none["scores"] == led["scores"]  # the standings are kept either way


def test_her_games_end_early_with_no_winner_whatever_the_setting(db_path: Path) -> None:
    session = GameStore(db_path).create(SOLO, seed=3)
    session.execute(AdjustScore("p1", 2))
    session.execute(EndEarly("leaders"))
    ended = session.state["ended"]
    assert ended is not None and ended["winners"] == []
    assert render(ended_reading(session.state, session.content)) == (
        "Interpretation: a game against the Broodmother ended early has no winner: her game is decided only at "
        "its end.")
    assert ended_reading(GameStore(db_path).create(TABLE, seed=2).state, session.content) is None  # still playing


def test_an_unknown_reading_is_refused_and_changes_nothing(db_path: Path) -> None:
    session = GameStore(db_path).create(TABLE, seed=1)
    before = json.loads(json.dumps(session.state))
    assert render(session.why_not(EndEarly("everyone")) or "") == (
        "An early end counts the leaders as winners (leaders) or no winner (none).")
    with pytest.raises(CommandError):
        session.execute(EndEarly("everyone"))
    assert session.state == before and _fresh(db_path, session.id)["state"]["ended"] is None


def test_the_records_count_the_wins_each_game_was_ended_with(tmp_path: Path) -> None:
    records = []
    for folder, winners in (("led", "leaders"), ("none", "none")):
        db = tmp_path / folder / "games.json"
        db.parent.mkdir()
        game_id = _ended_with(db, winners)["id"]
        record = GameStore(db).history.record(game_id)
        assert record is not None
        records.append(record)
    rows = {row["name"]: row for row in figures(records)["competitive"]["players"]}
    assert {name: (row["games"], row["wins"]) for name, row in rows.items()} == {
        "Ana": (2, 0), "Bo": (2, 1), "Cy": (2, 0)}  # Bo's lead counted once: in the game ended under "leaders"
    assert rows["Bo"]["win_ids"] == [records[0]["id"]]
    assert [render(early_reading_of(r)) for r in records] == [
        "Interpretation: a game ended early counts the colonies leading at that moment as its winners (Settings: "
        "An early end counts).",
        "Interpretation: a game ended early has no winner; its standings are kept (Settings: An early end counts)."]
