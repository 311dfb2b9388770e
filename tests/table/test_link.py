"""The in-memory link and linker the table's protocol is tested over: they must behave as the real channel does
(order kept, queued until open, dropped once closed and said so), or the protocol's tests would prove nothing."""

from __future__ import annotations

import pytest

from companion.table.link import LONGEST_TEXT, BadCode, MemoryLinker, memory_pair
from tests.helpers import run_apart


def test_texts_arrive_in_order_both_ways() -> None:
    host, guest = memory_pair()
    heard_by_guest: list[str] = []
    heard_by_host: list[str] = []
    guest.on_message = heard_by_guest.append
    host.on_message = heard_by_host.append
    host.send("one")
    host.send("two")
    guest.send("back")
    assert heard_by_guest == ["one", "two"]
    assert heard_by_host == ["back"]


def test_a_reply_sent_from_a_handler_arrives_after_the_handler_returns() -> None:
    host, guest = memory_pair()
    seen: list[str] = []

    def guest_answers(text: str) -> None:
        seen.append(f"guest got {text}")
        guest.send(f"re {text}")
        seen.append("guest handler done")

    guest.on_message = guest_answers
    host.on_message = lambda text: seen.append(f"host got {text}")
    host.send("ping")
    assert seen == ["guest got ping", "guest handler done", "host got re ping"]


def test_sent_before_open_is_queued_then_delivered() -> None:
    host, guest = memory_pair(opened=False)
    heard: list[str] = []
    guest.on_message = heard.append
    host.send("early")
    assert heard == [] and host.state == "new"
    guest.set_state("open")
    host.set_state("open")
    assert heard == ["early"]


def test_closing_tells_both_sides_once_and_drops_later_texts() -> None:
    host, guest = memory_pair()
    host_states: list[str] = []
    guest_states: list[str] = []
    host.on_state = host_states.append
    guest.on_state = guest_states.append
    heard: list[str] = []
    guest.on_message = heard.append
    guest.close()
    guest.close()
    host.send("lost")
    assert heard == []
    assert guest_states == ["closed"]
    assert host_states == ["closed", "closed"]  # once for the drop, once for the text it could not send


def test_memory_linker_pairs_an_offer_with_its_answer() -> None:
    async def connect() -> list[str]:
        linker = MemoryLinker()
        host, offer = await linker.host_offer()
        guest, answer = await linker.guest_join(offer)
        heard: list[str] = []
        guest.on_message = heard.append
        host.send("hello")
        await linker.host_accept(host, answer)
        return [host.state, guest.state, *heard]

    assert run_apart(connect()) == ["open", "open", "hello"]


@pytest.mark.parametrize("code", ["", "mem-offer:999", "nonsense", "mem-answer:1"])
def test_memory_linker_refuses_a_code_it_did_not_make(code: str) -> None:
    with pytest.raises(BadCode, match="not a table code"):
        run_apart(MemoryLinker().guest_join(code))


def test_a_text_longer_than_a_channel_carries_is_refused_at_send() -> None:
    host, guest = memory_pair()
    heard: list[str] = []
    guest.on_message = heard.append
    host.send("é" * (LONGEST_TEXT // 2))  # two bytes each: exactly the most a message may have
    with pytest.raises(ValueError, match="split it"):
        host.send("é" * (LONGEST_TEXT // 2) + "x")
    assert [len(text) for text in heard] == [LONGEST_TEXT // 2]
