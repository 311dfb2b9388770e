"""``memo.recording_reads``: which parts of a saved state a drawing reads (each module's state a part of its own),
with every walk over the state counted as reading all of it, and nothing answered from what was kept."""

from __future__ import annotations

import copy
import json

from companion.core.memo import drawing, hold, observed, recall, recording_reads

STATE = {"round": 2, "phase": "worker", "scores": {"p1": [1, 2]},
         "modules_state": {"aphids": {"hexes": []}, "mutations": {"dealt": {}}}}


def test_outside_a_recording_the_state_is_itself() -> None:
    assert observed(STATE) is STATE


def test_each_part_read_is_noted_a_module_by_its_own_name() -> None:
    with recording_reads() as reads:
        state = observed(STATE)
        assert state["round"] == 2 and state.get("phase") == "worker"
        assert state["modules_state"]["aphids"] == {"hexes": []}
        assert "mutations" in state["modules_state"]
    assert reads == {"round", "phase", "modules_state.aphids", "modules_state.mutations"}


def test_a_walk_a_copy_or_a_comparison_reads_everything() -> None:
    everything = {"round", "phase", "scores", "modules_state.aphids", "modules_state.mutations"}
    for walk in (lambda s: copy.deepcopy(s), lambda s: json.dumps(s), lambda s: s == STATE, lambda s: dict(s),
                 lambda s: list(s.items())):
        with recording_reads() as reads:
            walk(observed(STATE))
        assert reads == everything


def test_copies_are_plain_and_equal() -> None:
    with recording_reads():
        copied = copy.deepcopy(observed(STATE))
    assert copied == STATE and type(copied) is dict and type(copied["modules_state"]) is dict


def test_a_kept_answer_is_not_given_while_reads_are_recorded() -> None:
    """A kept answer would hide the reads of the question it answers: while recording, each is asked afresh."""
    asked: list[int] = []
    with drawing():
        hold(STATE, {})
        recall("view", STATE, lambda: asked.append(1))
        recall("view", STATE, lambda: asked.append(1))
        assert len(asked) == 1  # kept while drawing
        with recording_reads():
            recall("view", STATE, lambda: asked.append(1))
    assert len(asked) == 2
