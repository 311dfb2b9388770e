"""A ``Linker`` over loopback TCP, for browser tests of the table's screens with two app servers (two processes,
as two phones are): the host's code names a port it listens on, the guest connects and shows its answer code, and
the host's Connect opens the link on both sides. One line of text per message (the protocol's JSON has none)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from companion.table.link import CLOSED, NEW, OPEN, BadCode

OPENED = "\x00open"


def _ignore(_: str) -> None:
    """A link's handler until its owner sets one."""


class TcpLink:
    def __init__(self, peer: str) -> None:
        self.peer, self.state = peer, NEW
        self.on_message: Callable[[str], None] = _ignore
        self.on_state: Callable[[str], None] = _ignore
        self.writer: asyncio.StreamWriter | None = None
        self._outbox: list[str] = []

    def send(self, text: str) -> None:
        if self.state == NEW:
            self._outbox.append(text)
        elif self.state == OPEN and self.writer is not None:
            self.writer.write(text.encode() + b"\n")
        else:
            self.on_state(self.state)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self._set(CLOSED)

    def _set(self, state: str) -> None:
        if self.state in (state, CLOSED):
            return
        self.state = state
        self.on_state(state)
        if state == OPEN:
            queued, self._outbox = self._outbox, []
            for text in queued:
                self.send(text)

    def start(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, opened: bool) -> None:
        self.writer = writer
        if opened:
            self._set(OPEN)
        asyncio.get_running_loop().create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            text = line.decode().rstrip("\n")
            if text == OPENED:
                self._set(OPEN)
            elif self.state == OPEN:
                self.on_message(text)
        self._set(CLOSED)


class TcpLinker:
    def __init__(self) -> None:
        self._waiting: dict[int, tuple[TcpLink, asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]]]] = {}

    async def host_offer(self) -> tuple[TcpLink, str]:
        link = TcpLink("guest")
        came: asyncio.Future[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = \
            asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            if not came.done():
                came.set_result((reader, writer))

        server = await asyncio.start_server(connected, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        self._waiting[port] = (link, came)
        return link, f"tcp-offer:{port}"

    async def guest_join(self, offer: str) -> tuple[TcpLink, str]:
        port = _port(offer, "tcp-offer:")
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            raise BadCode(_not_a_code()) from None
        link = TcpLink("host")
        link.start(reader, writer, opened=False)
        return link, f"tcp-answer:{port}"

    async def host_accept(self, link: TcpLink, answer: str) -> None:  # type: ignore[override]
        port = _port(answer, "tcp-answer:")
        waiting = self._waiting.get(port)
        if waiting is None or waiting[0] is not link:
            raise BadCode(_not_a_code())
        del self._waiting[port]
        reader, writer = await asyncio.wait_for(waiting[1], 10)
        writer.write(OPENED.encode() + b"\n")
        link.start(reader, writer, opened=True)


def _port(code: str, prefix: str) -> int:
    text = code.strip()
    if not text.startswith(prefix) or not text.removeprefix(prefix).isdigit():
        raise BadCode(_not_a_code())
    return int(text.removeprefix(prefix))


def _not_a_code() -> object:
    from companion.core.i18n import msg

    return msg("This is not a table code. Scan or paste the code shown on the other phone.")
