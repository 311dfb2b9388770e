"""The phone build's table link, driven by a browser test: a page opened with ``?tabletest`` in its address puts
``companionTableTest`` in its Python worker's global scope (tests/web/test_table_link.py calls it through
Playwright's ``worker.evaluate``). Each call goes through the real ``WebLinker`` - the page's WebRTC, the codes -
as the Share and Join screens do; none of it exists in a page opened without the word.

Its ``quiet`` shortens the silence after which this phone says the other gone (``protocol.quiet_for_a_test``),
so a test sees a phone out of reach said gone in seconds. What turns the hook on is the page's own address only:
the query it was loaded with (a route inside the app is after the ``#``), never a text a peer sends.

Every call returns a JSON text: ``{"ok": ...}`` or ``{"refused": <the message a player would read>}``.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from companion.core.errors import GameError
from companion.table import protocol
from companion.table.link import Link
from companion.table.web_link import linker

WORD = "tabletest"


class Probe:
    """The links a test made, by number, with what each heard and every state it was told."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.links: dict[int, Link] = {}
        self.heard: dict[int, list[str]] = {}
        self.states: dict[int, list[str]] = {}

    def keep(self, link: Link) -> int:
        number = len(self.links) + 1
        self.links[number], self.heard[number], self.states[number] = link, [], []
        link.on_message = self.heard[number].append
        link.on_state = self.states[number].append
        return number

    async def offer(self) -> dict[str, Any]:
        link, code = await linker().host_offer()
        return {"link": self.keep(link), "code": code}

    async def join(self, offer: str) -> dict[str, Any]:
        link, code = await linker().guest_join(offer)
        return {"link": self.keep(link), "code": code}

    async def accept(self, number: int, answer: str) -> dict[str, Any]:
        await linker().host_accept(self.links[number], answer)
        return {}

    async def send(self, number: int, text: str) -> dict[str, Any]:
        self.links[number].send(text)
        return {}

    async def close(self, number: int) -> dict[str, Any]:
        self.links[number].close()
        return {}

    async def seen(self, number: int) -> dict[str, Any]:
        link = self.links[number]
        return {"state": link.state, "peer": link.peer, "heard": self.heard[number], "states": self.states[number]}

    async def quiet(self, seconds: float) -> dict[str, Any]:
        """This phone says the other gone after ``seconds`` of silence (``protocol.QUIET``: the app's again): a
        test's phone out of reach is seen in seconds (``tests/web/test_table_phones.py``)."""
        protocol.quiet_for_a_test(seconds)
        return {"quiet": protocol.quiet()}

    async def scan(self) -> dict[str, Any]:
        """The camera's first QR code, as the Join screen reads it (None: cancelled)."""
        return {"text": await linker().scan("Point the camera at the code.", "Cancel")}

    async def show(self, code: str) -> dict[str, Any]:
        """The code's QR on screen, as the Share screen shows it (for the test that reads it back)."""
        from companion.table.qr import code_image

        self.page.overlay.append(code_image(code))
        self.page.update()
        return {}


def _answering(call: Callable[..., Awaitable[dict[str, Any]]]) -> Callable[..., Awaitable[str]]:
    async def answer(*args: Any) -> str:
        try:
            return json.dumps({"ok": await call(*args)})
        except GameError as refused:
            return json.dumps({"refused": str(refused)})

    return answer


def install_when_asked(page: Any, document_url: str) -> None:
    """``companionTableTest`` in the worker, if the page's address asks for it."""
    from urllib.parse import parse_qs, urlsplit

    if WORD not in parse_qs(urlsplit(document_url).query, keep_blank_values=True):
        return
    import js
    from pyodide.ffi import create_proxy, to_js

    probe = Probe(page)
    calls = {name: create_proxy(_answering(getattr(probe, name)))
             for name in ("offer", "join", "accept", "send", "close", "seen", "show", "scan", "quiet")}
    js.companionTableTest = to_js(calls, dict_converter=js.Object.fromEntries)
