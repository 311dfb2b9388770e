"""Her machinations level 2 summons into the predator tracker (issue 12): the summon, undo, cancel,
the tracker's own Health commands, and games saved when she kept her Predators in her own state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.core.broodmother import machinations
from companion.core.broodmother.base import snapshot_before
from companion.core.broodmother.commands import AnswerPredator, CancelReaction, EnterCard
from companion.core.broodmother.content import brood_content
from companion.core.broodmother.lifecycle import STATE_VERSION
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.broodmother.view import broodmother_view
from companion.core.commands.turns import NextRound
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.patch import diff
from companion.core.predators import model as tracker_model
from companion.core.predators.commands import Damage, SetHealth
from companion.core.session import Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from tests.terminal import companion

from .helpers import brood, make_session, run

POOL = ("ladybug", "praying-mantis", "trapdoor-spider", "cordyceps-fungus")


def level_two(s: Session) -> dict[str, Any]:
    """Six Plot cards on a physical deck fill her plot pile twice: level 2 asks for the Predator's hex."""
    for ferocity in (1, 2, 3, 4, 1, 2):
        s.execute(EnterCard("evolution", ferocity))
    question: dict[str, Any] = brood(s)["pending"][0]
    assert question["kind"] == "predator"
    return question


def on_board(s: Session) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = s.state["modules_state"].get("predators", {}).get("predators", [])
    return entries


def test_her_summon_lands_in_the_tracker_with_3_health_per_round_of_the_card_that_asked() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(4, "inner", 0), NextRound(), NextRound())  # round 3
    q = level_two(s)
    assert "predators" not in s.state["modules_state"]  # a solo game without the Predators module
    assert (q["round"], q["health"]) == (3, 9)
    s.state["round"] = 4  # answered later: the card's round still counts
    s.execute(AnswerPredator(hex=4))
    assert on_board(s) == [{"id": q["predator"], "hex": 4, "health": 9, "round": 3, "by": "broodmother",
                            "spores": 4 if q["predator"] == "cordyceps-fungus" else 0, "gone": False}]
    assert tracker_model.active(s.state)
    assert "predators" not in brood(s)
    view = broodmother_view(s.state, s.content)
    assert [(p["id"], p["hex"], p["health"]) for p in view["predators"]] == [(q["predator"], 4, 9)]
    assert view["meadow"]["hexes"][0]["predators"] == [tracker_model.name_of(q["predator"])]


def test_round_1_gives_health_3_and_the_answer_is_checked_by_the_tracker() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(4, "inner", 0))
    q = level_two(s)
    tracker_model.summon(s.state, q["predator"], 9, 1, by="p1")  # the same Predator came onto the board meanwhile
    with pytest.raises(CommandError, match="already on the board"):
        s.execute(AnswerPredator(hex=4))
    del s.state["modules_state"]["predators"]
    s.execute(AnswerPredator(hex=4))
    assert [(p["health"], p["round"]) for p in on_board(s)] == [(3, 1)]


def test_undo_of_her_summon_takes_it_out_of_the_tracker() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(4, "inner", 0))
    level_two(s)
    s.execute(AnswerPredator(hex=4))
    assert len(on_board(s)) == 1
    s.undo()
    assert on_board(s) == [] and brood(s)["pending"][0]["kind"] == "predator"
    assert broodmother_view(s.state, s.content)["predators"] == []


def test_an_initiative_token_cancelling_her_card_takes_her_predator_back_too() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(4, "inner", 0))
    level_two(s)
    s.execute(AnswerPredator(hex=4))
    tokens = brood(s)["initiative"]
    s.execute(CancelReaction())
    assert brood(s)["initiative"] == tokens - 1 and on_board(s) == [] and brood(s)["machinations"] == 1


@pytest.mark.parametrize("how", ["damage", "set-health"])
def test_the_trackers_health_commands_bring_her_predator_to_0(how: str) -> None:
    s = make_session(deck="physical")
    run(s, AddHex(4, "inner", 0), NextRound())
    q = level_two(s)
    s.execute(AnswerPredator(hex=4))
    s.execute(Damage(q["predator"], 6, "p1") if how == "damage" else SetHealth(q["predator"], 0))
    assert [(p["health"], p["gone"]) for p in on_board(s)] == [(0, True)]
    view = broodmother_view(s.state, s.content)
    assert view["predators"] == [] and view["meadow"]["hexes"][0]["predators"] == []


def test_her_pool_leaves_out_every_predator_used_gone_ones_included() -> None:
    s = make_session(deck="physical")
    for n, pid in enumerate(POOL[:3], start=1):
        tracker_model.summon(s.state, pid, n, 1, by="p1")
    s.state["modules_state"]["predators"]["predators"][0]["gone"] = True  # the Ladybug was brought to 0
    b, bc = brood(s), brood_content()
    machinations.summon_predator(s.state, b, bc)
    assert b["pending"][-1]["predator"] == "cordyceps-fungus"
    b["pending"].clear()
    tracker_model.summon(s.state, "cordyceps-fungus", 4, 1, by="p1")
    machinations.summon_predator(s.state, b, bc)
    assert b["pending"] == [] and "Every Predator is already used" in render(b["report"]["lines"][-1]["text"])


# -- games saved at her state version 2, opened through the store ----------------------------------------
def solo_store(tmp_path: Path) -> tuple[GameStore, Session]:
    store = GameStore(tmp_path / "games.json")
    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",),
                      options={"deck": "physical"})
    session = store.session(store.create(setup).id)
    session.execute(AddHex(4, "inner", 0))
    session.execute(AddHex(6, "outer", 2))
    return store, session


def rewrite(store: GameStore, game_id: str, change: Any) -> None:
    """Edit the game's file by hand, as an older release would have written it."""
    path = store.files.path(game_id)
    raw = json.loads(path.read_text())
    (doc,) = raw["game"].values()
    change(doc["state"])
    doc["state"]["module_versions"]["broodmother"] = 2
    doc["state"]["module_versions"].pop("predators", None)
    path.write_text(json.dumps(raw))


def test_a_v2_game_with_her_predators_in_her_state_has_them_in_the_tracker_when_opened(tmp_path: Path) -> None:
    store, session = solo_store(tmp_path)
    assert STATE_VERSION == 3

    def as_v2(state: dict[str, Any]) -> None:
        assert "predators" not in state["modules_state"]
        state["modules_state"]["broodmother"]["predators"] = [
            {"id": "praying-mantis", "name": "Praying Mantis", "hex": 6, "health": 6, "round": 2, "defeated": False},
            {"id": "cordyceps-fungus", "name": "Cordyceps Fungus", "hex": 4, "health": 9, "round": 3,
             "defeated": True}]

    rewrite(store, session.id, as_v2)
    state = GameStore(tmp_path / "games.json").load(session.id)["state"]
    assert "predators" not in state["modules_state"]["broodmother"]
    assert state["modules_state"]["predators"]["predators"] == [
        {"id": "praying-mantis", "hex": 6, "health": 6, "round": 2, "by": "broodmother", "spores": 0, "gone": False},
        {"id": "cordyceps-fungus", "hex": 4, "health": 0, "round": 3, "by": "broodmother", "spores": 0, "gone": True}]
    assert {k: state["module_versions"][k] for k in ("broodmother", "predators")} == {"broodmother": 3, "predators": 1}
    assert tracker_model.active(state)

    reopened = GameStore(tmp_path / "games.json").session(session.id)  # it plays on in the tracker
    reopened.execute(Damage("praying-mantis", 2, "p1"))
    again = GameStore(tmp_path / "games.json").load(session.id)["state"]
    assert again["modules_state"]["predators"]["predators"][0]["health"] == 4
    assert broodmother_view(again, reopened.content)["predators"][0]["hex"] == 6


def test_a_live_cordyceps_moved_from_her_state_has_its_tiers_spores(tmp_path: Path) -> None:
    store, session = solo_store(tmp_path)
    rewrite(store, session.id, lambda state: state["modules_state"]["broodmother"].__setitem__("predators", [
        {"id": "cordyceps-fungus", "name": "Cordyceps Fungus", "hex": 4, "health": 9, "round": 3, "defeated": False}]))
    (entry,) = GameStore(tmp_path / "games.json").load(session.id)["state"]["modules_state"]["predators"]["predators"]
    assert (entry["hex"], entry["health"], entry["spores"]) == (4, 9, 4)


def test_a_v2_game_saved_right_after_her_summon_can_still_cancel_it(tmp_path: Path) -> None:
    """Her open turn's way back (a patch over her old state) is rewritten to lead back through the tracker."""
    store, session = solo_store(tmp_path)
    q = level_two(session)
    session.execute(AnswerPredator(hex=6))

    def as_v2(state: dict[str, Any]) -> None:
        b = state["modules_state"]["broodmother"]
        (entry,) = state["modules_state"].pop("predators")["predators"]
        before = snapshot_before(state, b, b["turn"]["before"])
        b["predators"] = [{"id": entry["id"], "name": tracker_model.name_of(entry["id"]), "hex": entry["hex"],
                           "health": entry["health"], "round": entry["round"], "defeated": False}]
        old_now = {"brood": {k: v for k, v in b.items() if k not in ("turn", "report", "history")}, "scores": None}
        b["turn"]["before"] = diff(old_now, {"brood": {**before["brood"], "predators": []}, "scores": None})

    rewrite(store, session.id, as_v2)
    reopened = GameStore(tmp_path / "games.json").session(session.id)
    assert [(p["id"], p["hex"]) for p in on_board(reopened)] == [(q["predator"], 6)]
    reopened.execute(CancelReaction())
    assert [p for p in on_board(reopened) if not p["gone"]] == []
    assert brood(reopened)["machinations"] == 1


def test_solo_predator_gone_says_which_command_took_its_place(db: Path) -> None:
    new = companion("solo", "new", "--db", str(db), "--json", "--player", "Ana:red")
    game_id = json.loads(new.stdout)["id"]
    done = companion("solo", "predator-gone", "--db", str(db), game_id, "ladybug")
    assert done.returncode == 2
    assert f"companion predator {game_id} health ladybug 0" in done.stderr
    assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
