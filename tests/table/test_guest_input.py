"""Nothing a guest sends is trusted: any text changes nothing on the host and is refused (or dropped), never raised.

Hypothesis sends the host random texts, random JSON, messages of every known kind with random fields, commands
from a view-only guest, and texts over the size limit; after each, the host's saved game is what it was, and what
the host sent back is a message a guest can read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.commands.scoring import AdjustScore
from companion.core.content import Content
from companion.core.i18n import render
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.table import protocol
from companion.table.host import TableHost
from tests.helpers import examples

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
KINDS = [*protocol.GUEST_SHAPES, *protocol.HOST_SHAPES, "", "Command"]
SETTINGS = settings(max_examples=examples(60), suppress_health_check=[HealthCheck.function_scoped_fixture])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20)


class Heard:
    """A host end of a link that keeps what the host sent its guest."""

    state = "open"
    peer = "guest-x"

    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)

    def close(self) -> None:
        self.state = "closed"


class Host:
    def __init__(self, db: Path) -> None:
        self.store = GameStore(db)
        self.session = self.store.create(SOLO, name="Guarded", seed=1)
        self.table = TableHost(lambda: self.session)
        self.link = Heard()
        self.guest = self.table.add(self.link)

    def send(self, text: object, role: protocol.Role = "play") -> list[protocol.FromHost]:
        """``text`` from the guest; what the host answered, each read as a guest reads it."""
        self.guest.role = role
        self.link.sent.clear()
        before = (self.session.revision, json.dumps(self.session.state, sort_keys=True))
        self.table.receive(self.guest.id, text)
        assert (self.session.revision, json.dumps(self.session.state, sort_keys=True)) == before
        return [protocol.read_from_host(answer) for answer in self.link.sent]


@pytest.fixture
def host(tmp_path: Path, content: Content) -> Host:
    return Host(tmp_path / "games.json")


def refusal(answers: list[protocol.FromHost]) -> str:
    kinds = [a["kind"] for a in answers]
    assert kinds[:1] == ["refused"], kinds
    return render(answers[0]["reason"], "en")  # type: ignore[typeddict-item]


@SETTINGS
@given(st.text(max_size=400))
def test_any_text_is_refused_and_changes_nothing(host: Host, text: str) -> None:
    assert refusal(host.send(text))


@SETTINGS
@given(json_values)
def test_any_json_is_refused_and_changes_nothing(host: Host, value: object) -> None:
    assert refusal(host.send(json.dumps(value)))


@SETTINGS
@given(st.sampled_from(KINDS), st.dictionaries(st.sampled_from(["v", "tap", "rev", "command", "name", "language",
                                                                 "type", "extra"]), json_values, max_size=5))
def test_a_message_of_a_known_kind_with_wrong_fields_is_refused(host: Host, kind: str, fields: dict) -> None:  # type: ignore[type-arg]
    answers = host.send(json.dumps({"kind": kind, **fields}))
    if answers and answers[0]["kind"] == "role":  # a well-formed hello: the guest is sent its role and the game
        assert [a["kind"] for a in answers] == ["role", "game"]
    else:
        assert refusal(answers)


@SETTINGS
@given(st.integers(-20, 20), st.integers(0, 50), st.integers(0, 9))
def test_a_view_only_guests_command_is_refused(host: Host, delta: int, rev: int, tap: int) -> None:
    message = protocol.command_tap(AdjustScore("p1", delta).to_dict(), rev, tap)
    answers = host.send(protocol.encode(message), role="view")
    assert "view only" in refusal(answers) and answers[0].get("tap") == tap
    assert [a["kind"] for a in answers[1:]] in ([], ["game"])  # and shown the game, unless it holds it already
    assert host.guest.holds == host.session.revision


def test_an_oversized_message_is_refused_before_it_is_read(host: Host) -> None:
    padded = protocol.command_tap({"type": "adjust_score", "player_id": "p1", "delta": 1, "x": "a" * 70_000}, 0, 1)
    assert "larger than 64 KB" in refusal(host.send(protocol.encode(padded)))
    assert "larger than 64 KB" in refusal(host.send("[" * 100_000))


def test_a_deeply_nested_message_is_refused(host: Host) -> None:
    assert refusal(host.send("[" * 5_000 + "]" * 5_000))


def test_another_version_is_refused_in_plain_words(host: Host) -> None:
    message = {**protocol.command_tap(AdjustScore("p1", 1).to_dict(), 0, 3), "v": 2}
    answers = host.send(json.dumps(message))
    assert "another version" in refusal(answers) and answers[0].get("tap") == 3


def test_a_command_with_bad_arguments_is_refused_with_the_cores_reason(host: Host) -> None:
    for command in ({"type": "no_such"}, {"type": "adjust_score", "player_id": "p9", "delta": 1},
                    {"type": "adjust_score", "player_id": "p1", "delta": "lots"},
                    {"type": "adjust_score", "player_id": "p1", "delta": 1, "extra": True}):
        answers = host.send(protocol.encode(protocol.command_tap(command, host.session.revision, 1)))
        assert refusal(answers) and answers[0].get("tap") == 1


def test_a_text_that_is_not_a_string_is_refused(host: Host) -> None:
    assert refusal(host.send(b"\xff\xfe"))
    assert refusal(host.send(None))


@SETTINGS
@given(st.one_of(st.text(max_size=200), json_values.map(json.dumps),
                 st.builds(lambda kind, fields: json.dumps({"kind": kind, "v": 1, **fields}),
                           st.sampled_from(list(protocol.HOST_SHAPES)),
                           st.dictionaries(st.sampled_from(["game", "base", "rev", "ops", "reason", "role", "why",
                                                            "tap"]), json_values, max_size=4))))
def test_a_guest_drops_what_it_cannot_read_from_the_host_and_keeps_its_game(host: Host, text: str) -> None:
    from companion.table.guest import TableGuest
    from companion.table.link import memory_pair

    host_end, guest_end = memory_pair()
    host.table.add(host_end)
    guest = TableGuest("Ana", "en")
    guest.attach(guest_end)
    assert guest.mirror is not None
    shown = (guest.mirror.revision, json.dumps(guest.mirror.state, sort_keys=True))
    guest.receive(text)  # never raises
    assert guest.mirror is not None
    assert (guest.mirror.revision, json.dumps(guest.mirror.state, sort_keys=True)) == shown


def parts_of(text: str, count: int, number: int = 7) -> list[str]:
    """``text`` cut into ``count`` parts in the link's format (``table/parts.py``)."""
    size = -(-len(text) // count)
    pieces = [text[start:start + size] for start in range(0, len(text), size)]
    return [f"part:{number}:{index}:{len(pieces)}:{piece}" for index, piece in enumerate(pieces)]


def spoiled(good: list[str], how: str, at: int) -> list[str]:
    """The parts of a good message with one fault a guest (or a broken link) could make."""
    at = at % (len(good) - 1)
    faults = {
        "swapped": [*good[:at], good[at + 1], good[at], *good[at + 2:]],
        "missing": good[:at] + good[at + 1:],
        "repeated": good[:at % (len(good) - 2) + 2] + good[at % (len(good) - 2) + 1:],  # a middle part twice
        "of another message": [*good[:at + 1], good[at + 1].replace("part:7:", "part:8:", 1), *good[at + 2:]],
        "countless": [good[0].replace(f":0:{len(good)}:", ":0:999999999:", 1), *good[1:]],
        "flooding": [f"part:7:{index}:3:" + "a" * 30_000 for index in range(3)],
        "headless": [good[0].replace("part:7:", "part:x7:", 1), *good[1:]],
        "the last cut off": good[:-1],
    }
    return faults[how]


@SETTINGS
@given(st.integers(3, 8), st.sampled_from(["swapped", "missing", "repeated", "of another message", "countless",
                                             "flooding", "headless", "the last cut off"]), st.integers(0, 20))
def test_parts_out_of_order_missing_or_flooding_are_refused_and_change_nothing(host: Host, count: int, how: str,
                                                                               at: int) -> None:
    text = protocol.encode(protocol.command_tap(AdjustScore("p1", 1).to_dict(), host.session.revision, 5))
    answers = [answer for part in spoiled(parts_of(text, count), how, at) for answer in host.send(part)]
    assert all(a["kind"] == "refused" for a in answers)
    if how != "the last cut off":
        assert "do not fit together" in refusal(answers) or "larger than 64 KB" in refusal(answers)
    score = host.session.state["scores"]["p1"][0]
    for part in parts_of(text, count, number=9):  # the guest's next message, whole, is made as ever
        host.table.receive(host.guest.id, part)
    assert host.session.state["scores"]["p1"][0] == score + 1
