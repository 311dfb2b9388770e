"""The phone build's host takes one change at a time: a guest's tap that arrives while the host's own tap waits on
its save runs after that tap, not inside it (``companion.turn``, shared by ``web_main.serialize_events`` and
``TableHost.defer``)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from companion.core.commands.scoring import AdjustScore
from companion.core.content import Content
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.table import protocol
from companion.table.host import TableHost
from companion.table.link import memory_pair
from companion.turn import call_in_turn
from tests.helpers import run_apart

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))


def test_a_guest_tap_waits_for_the_hosts_own_tap_to_end(tmp_path: Path, content: Content,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from flet.messaging.session import Session as FletSession

    from companion import web_main

    session = GameStore(tmp_path / "games.json").create(SOLO, name="Turns", seed=1)
    seen: list[str] = []

    async def host_tap(_self: Any, *_args: Any, **_kwargs: Any) -> None:
        seen.append(f"host tap starts at {session.revision}")
        session.execute(AdjustScore("p1", 1))
        await asyncio.sleep(0.05)  # the save waiting on IndexedDB: the loop takes other tasks meanwhile
        seen.append(f"host tap ends at {session.revision}")

    monkeypatch.setattr(FletSession, "dispatch_event", host_tap)
    web_main.serialize_events()

    async def both_at_once() -> None:
        jobs: list[asyncio.Task[None]] = []
        table = TableHost(lambda: session, defer=lambda job: jobs.append(asyncio.ensure_future(call_in_turn(job))),
                          on_change=lambda done: seen.append(f"guest tap made at {session.revision}"))
        host_end, _guest_end = memory_pair()
        guest = table.add(host_end)
        host = asyncio.ensure_future(FletSession.dispatch_event(None, "tap"))
        await asyncio.sleep(0)  # the host's tap has begun and waits on its save
        table.receive(guest.id, protocol.encode(protocol.hello("Ben", "en")))
        host_end.on_message(protocol.encode(protocol.command_tap(AdjustScore("p1", 2).to_dict(), 2, 1)))
        await asyncio.gather(host, *jobs)

    run_apart(both_at_once())
    assert seen == ["host tap starts at 1", "host tap ends at 2", "guest tap made at 3"]
    assert session.state["scores"]["p1"][0] == 3
