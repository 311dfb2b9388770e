"""Several devices, one session: the same tap from two devices on one revision counts once."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from companion.core.broodmother.commands import AnswerExpand, DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.broodmother.model import bm
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.errors import AlreadyDone, StaleChange
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.state import total_score
from companion.store import GameStore
from tests.helpers import four_players, needs_threads


def bumping_saver(doc: dict[str, Any]) -> None:
    """What the store does to every saved document: the next revision."""
    doc["rev"] = doc.get("rev", 0) + 1


def fresh(content: Content) -> Session:
    state = new_state(GameSetup(game="mota", players=four_players()), content, seed=3)
    return Session(new_doc("g-1", "Friday", state), saver=bumping_saver, content=content)


def test_two_nexts_on_the_same_revision_move_one_phase(content: Content) -> None:
    s = fresh(content)
    shown = s.revision
    s.execute(NextPhase(), expected_rev=shown, origin="phone-a")
    phase = s.state["phase"]
    with pytest.raises(AlreadyDone, match="Already done on another device"):
        s.execute(NextPhase(), expected_rev=shown, origin="phone-b")
    assert s.state["phase"] == phase
    assert s.revision == shown + 1
    assert [e["kind"] for e in s.doc["log"]] == ["command"]


def test_different_taps_on_the_same_revision_both_count(content: Content) -> None:
    s = fresh(content)
    shown = s.revision
    s.execute(AdjustScore("p1", 1), expected_rev=shown, origin="phone-a")
    s.execute(AdjustScore("p2", 1), expected_rev=shown, origin="phone-b")
    assert (total_score(s.state, "p1"), total_score(s.state, "p2")) == (1, 1)


def test_the_same_device_tapping_again_after_its_own_change_is_not_refused(content: Content) -> None:
    s = fresh(content)
    shown = s.revision
    s.execute(AdjustScore("p1", 1), expected_rev=shown, origin="phone-a")
    s.execute(AdjustScore("p1", 1), expected_rev=shown, origin="phone-a")
    assert total_score(s.state, "p1") == 2


def test_an_undo_that_has_not_seen_the_other_devices_change_is_refused(content: Content) -> None:
    s = fresh(content)
    s.execute(AdjustScore("p1", 3))
    shown = s.revision
    s.execute(AdjustScore("p2", 1), expected_rev=shown, origin="phone-b")
    with pytest.raises(StaleChange):
        s.undo(expected_rev=shown, origin="phone-a")
    assert s.undo_label is not None and "Bo" in s.undo_label


def test_two_undos_on_the_same_revision_take_back_one_step(content: Content) -> None:
    s = fresh(content)
    s.execute(AdjustScore("p1", 3))
    s.execute(AdjustScore("p1", 2))
    shown = s.revision
    s.undo(expected_rev=shown, origin="phone-a")
    with pytest.raises(AlreadyDone):
        s.undo(expected_rev=shown, origin="phone-b")
    assert total_score(s.state, "p1") == 3


def test_without_a_revision_every_command_counts(content: Content) -> None:
    s = fresh(content)
    s.execute(AdjustScore("p1", 1))
    s.execute(AdjustScore("p1", 1))
    assert total_score(s.state, "p1") == 2


@needs_threads
def test_two_devices_drawing_her_card_at_once_draw_one_card(store: GameStore) -> None:
    """Real saves, two threads (two devices' taps) on one shared session, the same shown revision."""
    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
    first = store.create(setup, seed=1)
    first.execute(AddHex(3, "inner", 9))
    shared = store.session(first.id)
    shown = shared.revision
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def device(name: str) -> None:
        start.wait()
        try:
            shared.execute(DrawCard(), expected_rev=shown, origin=name)
            outcomes.append("drawn")
        except AlreadyDone:
            outcomes.append("already done")

    threads = [threading.Thread(target=device, args=(n,)) for n in ("phone-a", "phone-b")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["already done", "drawn"]
    saved = store.session(first.id)
    deck = bm(saved.state)["deck"]
    assert len(deck["draw"]) == len(deck["cards"]) - 1
    while bm(shared.state)["pending"]:
        shared.execute(AnswerExpand(deck_empty=True))
