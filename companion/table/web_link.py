"""The phone build's ``Linker`` and ``Scanner``: WebRTC and the camera, which live in the page, asked from Python.

Python runs in a web worker (Pyodide); RTCPeerConnection, getUserMedia and BarcodeDetector exist only in the page.
``packaging/web/table.js`` does that half and answers over a private ``MessageChannel``: the page hands its port
to its own worker (never to another tab's), and ``listen()``, run at the worker's start, takes that one message
out of the worker's stream before Flet's client would read it. Imported only under Pyodide (``import js``).

The codes are made and read here (``companion.table.code``): the page sees only whole SDP, built from a code
that was checked first, so nothing a player scans reaches the browser's WebRTC unless it is a sound code.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from itertools import count
from typing import Any

from companion.core.i18n import Msg, msg
from companion.table import code as codes
from companion.table import times
from companion.table.link import CLOSED, FAILED, NEW, OPEN, BadCode, Link, NoCamera, NoLink, check_length

log = logging.getLogger("companion.table")

PORT_WAIT = 5.0
"""Seconds to wait for the page's port: a page with table.js answers at once; one without never does."""
ASK_WAIT = 20.0
"""Seconds to wait for the page to answer a WebRTC step (gathering alone may take up to 5)."""

#: Run in the worker at its start: the page's port, posted to the worker, is kept aside (never handed to Flet).
WORKER_JS = """
(() => {
  if (self.companionTable) return;
  const table = self.companionTable = {
    port: null, onport: null,
    hasPort: () => table.port !== null,
    listen: (handler) => { table.port.onmessage = (event) => handler(event.data); },
    post: (message) => table.port.postMessage(message),
  };
  const flet = self.onmessage;
  self.onmessage = (event) => {
    const data = event.data;
    if (data && data.companionTablePort === true && event.ports.length === 1) {
      table.port = event.ports[0];
      if (table.onport) table.onport();
      return;
    }
    return flet(event);
  };
})();
"""


def listen() -> None:
    """Called once at the worker's start (``companion.web_main``), before the page can send its port."""
    from pyodide.code import run_js

    run_js(WORKER_JS)


def _guarded(handler: Callable[[str], None], value: str) -> None:
    """A link's owner's handler, run from the page's event: a fault in it is logged, never lost in JS."""
    try:
        handler(value)
    except Exception:
        log.exception("a table link's handler failed")


class WebLink:
    """One data channel in the page, seen from Python: what ``Link`` promises."""

    def __init__(self, bridge: Bridge, number: int, peer: str = "") -> None:
        self.peer = peer
        self.state = NEW
        self.on_message: Callable[[str], None] = lambda _: None
        self.on_state: Callable[[str], None] = lambda _: None
        self.number = number
        self._bridge = bridge
        self._queued: list[str] = []

    def send(self, text: str) -> None:
        check_length(text)
        if self.state == NEW:
            self._queued.append(text)
        elif self.state == OPEN:
            self._bridge.tell("send", id=self.number, text=text)
        else:
            _guarded(self.on_state, self.state)

    def close(self) -> None:
        if self.state not in (CLOSED, FAILED):
            self.moved(CLOSED)

    def farewell(self, text: str) -> None:
        """``text`` is sent by the page itself when it goes away (closed, or its phone's browser ends it), when
        Python can no longer run: the host's ``bye``, so each guest says the host left rather than a lost link."""
        check_length(text)
        self._bridge.tell("farewell", id=self.number, text=text)

    def moved(self, state: str) -> None:
        """The page says the channel opened, closed or failed (each once); opening sends what was queued."""
        if self.state == state or self.state in (CLOSED, FAILED) or state not in (OPEN, CLOSED, FAILED):
            return
        self.state = state
        if state != OPEN:
            self._bridge.forget(self)
        _guarded(self.on_state, state)
        if state == OPEN:
            queued, self._queued = self._queued, []
            for text in queued:
                self.send(text)

    def heard(self, text: str, at: object = None) -> None:
        """A text from the other phone; ``at``: when the page had it (the shared clock, ms), marked as the step
        ``link_heard`` when the steps are timed, so a page busy before its worker hears is told from a busy worker."""
        if self.state == OPEN:
            if isinstance(at, (int, float)) and times.enabled() and not times.is_beat(text):
                times.mark("link_heard", float(at))
            _guarded(self.on_message, text)


class Bridge:
    """The worker's end of the page's port: asks answered in turn, the links' news handed to each link."""

    def __init__(self) -> None:
        self._port: Any = None
        self._asks: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._links: dict[int, WebLink] = {}
        self._numbers = count(1)

    async def ready(self) -> None:
        """The page's port, asked for if the page has not handed it over yet; ``NoLink`` if it never comes."""
        if self._port is not None:
            return
        import js
        from pyodide.ffi import create_proxy

        table = getattr(js, "companionTable", None)
        if table is None:
            raise NoLink(_cannot_link())
        if not table.hasPort():
            arrived: asyncio.Future[None] = asyncio.get_running_loop().create_future()

            def handed_over() -> None:
                if not arrived.done():
                    arrived.set_result(None)

            table.onport = create_proxy(handed_over)
            js.BroadcastChannel.new("companion-table").postMessage("attach")
            try:
                await asyncio.wait_for(arrived, PORT_WAIT)
            except TimeoutError:
                raise NoLink(_cannot_link()) from None
        table.listen(create_proxy(self._heard))
        self._port = table

    def new_link(self, peer: str = "") -> WebLink:
        link = WebLink(self, next(self._numbers), peer)
        self._links[link.number] = link
        return link

    def forget(self, link: WebLink) -> None:
        """A link closed or failed: the page lets its connection go."""
        if self._links.pop(link.number, None) is not None:
            self.tell("close", id=link.number)

    async def ask(self, op: str, **fields: Any) -> dict[str, Any]:
        """The page's answer to one step; ``NoLink`` if it fails or never comes."""
        await self.ready()
        number = next(self._numbers)
        answered: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._asks[number] = answered
        self._post({"op": op, "ask": number, **fields})
        try:
            reply = await asyncio.wait_for(answered, ASK_WAIT)
        except TimeoutError:
            raise NoLink(_cannot_link()) from None
        finally:
            self._asks.pop(number, None)
        if not reply.get("ok"):
            log.warning("the page could not %s: %s", op, reply.get("error"))
            raise NoLink(_cannot_link())
        return reply

    def tell(self, op: str, **fields: Any) -> None:
        if self._port is not None:
            self._post({"op": op, **fields})

    def _post(self, message: dict[str, Any]) -> None:
        import js
        from pyodide.ffi import to_js

        self._port.post(to_js(message, dict_converter=js.Object.fromEntries))

    def _heard(self, message: Any) -> None:
        data = message.to_py()
        if not isinstance(data, dict):
            return
        if "reply" in data:
            waiting = self._asks.get(data["reply"])
            if waiting is not None and not waiting.done():
                waiting.set_result(data)
            return
        link = self._links.get(data.get("id", 0))
        if link is None:
            return
        if data.get("event") == "state":
            link.moved(str(data.get("state")))
        elif data.get("event") == "message":
            link.heard(str(data.get("text", "")), data.get("at"))


class WebLinker:
    """``Linker`` and ``Scanner`` of the phone build. One per worker (``linker()``)."""

    def __init__(self, bridge: Bridge | None = None) -> None:
        self.bridge = bridge or Bridge()

    async def host_offer(self) -> tuple[Link, str]:
        link = self.bridge.new_link()
        reply = await self.bridge.ask("offer", id=link.number)
        return link, codes.code_of(str(reply["sdp"]), codes.OFFER)

    async def host_accept(self, link: Link, answer: str) -> None:
        description = codes.decode(answer, codes.ANSWER)
        if not isinstance(link, WebLink) or link.state != NEW or link.peer:
            raise BadCode(_used())
        link.peer = codes.peer_of(description)
        await self.bridge.ask("accept", id=link.number, sdp=codes.sdp_of(description))

    async def guest_join(self, offer: str) -> tuple[Link, str]:
        description = codes.decode(offer, codes.OFFER)
        link = self.bridge.new_link(codes.peer_of(description))
        reply = await self.bridge.ask("join", id=link.number, sdp=codes.sdp_of(description))
        return link, codes.code_of(str(reply["sdp"]), codes.ANSWER)

    async def scan(self, hint: str, cancel: str) -> str | None:
        reply = await self.bridge.ask("scan", hint=hint, cancel=cancel)
        if reply.get("error"):
            raise NoCamera(_no_camera())
        text = reply.get("text")
        return str(text) if text else None

    def cancel_scan(self) -> None:
        self.bridge.tell("cancelScan")


_linker: WebLinker | None = None


def linker() -> WebLinker:
    """This worker's linker (one bridge to its page)."""
    global _linker
    if _linker is None:
        _linker = WebLinker()
    return _linker


def _cannot_link() -> Msg:
    return msg("This browser cannot connect phones directly. Open the app in an up-to-date browser.")


def _used() -> Msg:
    return msg("This guest has already joined. Make a new code for the next guest.")


def _no_camera() -> Msg:
    return msg("No camera can read the code here. Paste the code instead.")
