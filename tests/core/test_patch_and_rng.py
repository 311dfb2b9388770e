"""The undo patches are exact and the seeded generator replays the same draws."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from companion.core.patch import apply_patch, copy_json, diff
from companion.core.rng import Rng

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner, max_size=4),
    max_leaves=20,
)


@given(json_values, json_values)
def test_a_patch_turns_one_value_into_the_other(old: Any, new: Any) -> None:
    assert apply_patch(old, diff(old, new)) == new
    assert apply_patch(new, diff(new, old)) == old


@given(json_values)
def test_a_copy_is_equal_and_shares_nothing_that_can_change(value: Any) -> None:
    copied = copy_json(value)
    assert copied == value

    def containers(node: Any) -> list[Any]:
        inner = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
        return [node] * isinstance(node, dict | list) + [c for item in inner for c in containers(item)]

    assert not {id(c) for c in containers(value)} & {id(c) for c in containers(copied)}


def test_patches_touch_only_what_changed() -> None:
    before = {"round": 1, "scores": {"p1": [0, 0], "p2": [3, 0]}, "ended": None}
    after = {"round": 2, "scores": {"p1": [0, 0], "p2": [3, 1]}, "ended": None}
    assert diff(before, after) == [["set", ["round"], 2], ["set", ["scores", "p2", 1], 1]]


def test_apply_patch_does_not_modify_its_input() -> None:
    before = {"a": [1, 2]}
    apply_patch(before, [["set", ["a", 0], 9]])
    assert before == {"a": [1, 2]}


def test_the_same_seed_gives_the_same_sequence_and_the_state_resumes() -> None:
    a, b = Rng(2026), Rng(2026)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    saved = a.state
    next_five = [a.below(6) for _ in range(5)]
    assert [Rng(saved).below(6) for _ in range(1)] == next_five[:1]
    resumed = Rng(saved)
    assert [resumed.below(6) for _ in range(5)] == next_five


def test_below_is_roughly_uniform() -> None:
    rng = Rng(1)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(9_400 < n < 10_600 for n in counts.values())


def test_shuffle_is_a_permutation_and_seeded() -> None:
    cards = list(range(30))
    one, two = cards[:], cards[:]
    Rng(5).shuffle(one)
    Rng(5).shuffle(two)
    assert one == two != cards
    assert sorted(one) == cards
