"""The second listener that lets the players' devices in while the table is shared.

The app always listens on loopback. Sharing opens one more socket, on this machine's
address on the local network only (not on every interface), served by a second uvicorn
server in the same event loop and with the same guarded ASGI app, so every device talks
to the same sessions. Stopping closes that socket and every connection made through it;
loopback stays. The ``HostPolicy`` is told the shared address first, so only requests
naming exactly that address are answered there.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

from companion.core.errors import GameError
from companion.core.i18n import msg, trf
from companion.ui.guard import Guard, HostPolicy
from companion.ui.net import LaunchError, bind_port, lan_address
from companion.ui.share import Table

if TYPE_CHECKING:
    import uvicorn

log = logging.getLogger("companion.share")


class ShareError(GameError):
    """Sharing could not start; the message says why."""


class ShareServer:
    """Starts and stops the shared listener, in the server's event loop (where Flet runs handlers too)."""

    def __init__(self, app: Guard, policy: HostPolicy, table: Table, port: int,
                 lan_host: str | None = None) -> None:
        self.app = app
        self.policy = policy
        self.table = table
        self.port = port
        self.lan_host = lan_host
        self.loop: asyncio.AbstractEventLoop | None = None
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None
        self._busy = asyncio.Lock()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    # -- in the event loop ----------------------------------------------------------------
    async def start_async(self, game_id: str) -> None:
        async with self._busy:  # never while a stop is still closing the previous socket
            await self._start(game_id)

    async def _start(self, game_id: str) -> None:
        if self.table.active:
            self.table.share_game(game_id)
            return
        address = self.lan_host or lan_address()
        if address is None:
            raise ShareError(msg("This computer is not on a local network. Join the table's Wi-Fi, then share "
                                 "again."))
        try:
            sock, port = bind_port(address, self.port)
        except LaunchError as exc:
            raise ShareError(msg("Sharing could not start: {problem}.", problem=str(exc))) from exc
        import uvicorn

        config = uvicorn.Config(self.app, lifespan="off", ws="websockets-sansio", log_level="warning",
                                proxy_headers=False, timeout_graceful_shutdown=1)
        config.load()
        server = uvicorn.Server(config)
        server.lifespan = config.lifespan_class(config)
        self.policy.shared = (address, port)
        self.table.start((address, port), game_id)
        try:
            await server.startup(sockets=[sock])
        except BaseException:
            self.policy.shared = None
            self.table.stop()
            sock.close()
            raise
        self._server = server
        self._task = asyncio.create_task(self._run(server, sock))
        log.info("sharing on %s:%s", address, port)
        print_invitation(self.table)  # for the terminal that started the app, whichever way sharing started

    async def _run(self, server: uvicorn.Server, sock: socket.socket) -> None:
        try:
            await server.main_loop()
        finally:
            await server.shutdown(sockets=[sock])
            sock.close()

    async def stop_async(self, tell: Callable[[], None] | None = None, grace: float = 0.5) -> None:
        """End the table at once, ``tell`` the devices (they show that it ended), then close the socket."""
        async with self._busy:
            self.table.stop()
            if tell is not None:
                tell()
                await asyncio.sleep(grace)
            self.policy.shared = None
            server, task = self._server, self._task
            self._server = self._task = None
            if server is not None:
                server.should_exit = True
            if task is not None:
                await task
            log.info("sharing stopped")


def print_invitation(table: Table, out: TextIO | None = None) -> None:
    """The address, the code and the QR code as text, for the terminal that started the app."""
    import segno

    stream = out or sys.stdout
    url = table.join_url()
    if url is None or table.invitation is None:
        return
    print(trf("Sharing this table on the local network: {address}", address=table.base_url), file=stream)
    print(trf("On a phone or tablet on the same Wi-Fi, open that address and type the code {code}, or scan this "
              "QR code (one device; the app shows the next one):", code=table.invitation.code_shown), file=stream)
    segno.make(url, error="m").terminal(out=stream, compact=True)
    print(trf("The QR code's link: {url}", url=url), file=stream, flush=True)
