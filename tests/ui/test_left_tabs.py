"""A tab that goes while the server is sending to it: its session is let go, as for any closed tab.

Flet 1.0.5's connection handler ended on the failed send without marking the session disconnected, so the closed
tab stayed a connected session for the server's life, redrawn on every other tab's change (late in a whole run of
the browser tests, the shared server then answered a new tab's first tap after more than 20 s).
``companion.ui.launch.LeftTabs`` drops such a frame. This drives the app's real ASGI stack (the guard, Flet's
FastAPI app, the app's own ``main``) with a socket whose client has gone after its first message.
"""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

import flet as ft
import msgpack
import pytest
from uvicorn.protocols.utils import ClientDisconnected

from companion.ui.app import AppContext, make_main
from companion.ui.guard import HostPolicy
from companion.ui.launch import LeftTabs, build_asgi
from tests.helpers import run_apart

PORT = 8550
SCOPE = {"type": "websocket", "path": "/ws", "raw_path": b"/ws", "query_string": b"", "scheme": "ws",
         "server": ("127.0.0.1", PORT), "client": ("127.0.0.1", 40000), "subprotocols": [], "asgi": {"version": "3.0"},
         "headers": [(b"host", f"127.0.0.1:{PORT}".encode()), (b"origin", f"http://127.0.0.1:{PORT}".encode())]}
REGISTER = b"\x00" + msgpack.packb([1, {"session_id": "", "page_name": "",
                                        "page": {"route": "/", "width": 360, "height": 780}}])


class GoneClient:
    """The browser's side of one socket: it registers, then goes; every frame the server sends fails as uvicorn's
    would (``ClientDisconnected``), and once one has failed the socket's close is read."""

    def __init__(self) -> None:
        self.incoming: list[dict[str, Any]] = [{"type": "websocket.connect"},
                                               {"type": "websocket.receive", "bytes": REGISTER}]
        self.failed = asyncio.Event()
        self.frames_tried = 0

    async def receive(self) -> dict[str, Any]:
        if self.incoming:
            return self.incoming.pop(0)
        await self.failed.wait()
        return {"type": "websocket.disconnect", "code": 1006}

    async def send(self, message: MutableMapping[str, Any]) -> None:
        if message["type"] == "websocket.send":
            self.frames_tried += 1
            self.failed.set()
            raise ClientDisconnected()


async def _tab_that_goes(tmp_path: Path) -> tuple[list[ft.Page], GoneClient]:
    pages: list[ft.Page] = []
    main = make_main(AppContext.open(tmp_path / "games.json"))

    def recording_main(page: ft.Page) -> None:
        pages.append(page)
        main(page)

    client = GoneClient()
    await asyncio.wait_for(build_asgi(recording_main, HostPolicy())(dict(SCOPE), client.receive, client.send), 30)
    return pages, client


def test_a_tab_gone_while_being_sent_to_is_let_go(tmp_path: Path) -> None:
    pages, client = run_apart(_tab_that_goes(tmp_path))
    assert client.frames_tried >= 1, "the server never sent to the tab"
    session = pages[0].session if pages else None
    assert session is not None, "the app's main never ran for the tab"
    assert session.connection is None, "the closed tab's session is still connected"
    assert session.expires_at is not None, "the closed tab's session never expires"


def test_only_frames_are_dropped() -> None:
    """Closing a socket that has gone still fails loudly: only a frame for a tab that left is dropped."""

    async def app(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "websocket.close"})

    async def failing_send(message: Any) -> None:
        raise ClientDisconnected()

    with pytest.raises(ClientDisconnected):
        run_apart(LeftTabs(app)({"type": "websocket"}, None, failing_send))
