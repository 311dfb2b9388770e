"""A link between two phones at one table: the one interface the table's protocol is written against.

A ``Link`` is one guest <-> host data channel carrying text messages; a ``Linker`` makes links by the two
codes the players hand over (the host's offer, the guest's answer). On the phone build the linker is WebRTC
in the page (``companion.table.web_link``, imported only under Pyodide); in tests it is ``MemoryLinker`` and
``memory_pair``, so the protocol above runs in plain pytest with no browser.

States a link reports through ``on_state``: ``"open"`` (messages flow), ``"closed"`` (the other side left or
the link was closed; a message sent then is dropped and ``"closed"`` is said again) and ``"failed"`` (the
two phones never reached each other). A link starts ``"new"``; what is sent before it opens is queued.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from itertools import count
from typing import Protocol

from companion.core.errors import GameError
from companion.core.i18n import Msg

NEW, OPEN, CLOSED, FAILED = "new", "open", "closed", "failed"
"""A link's states; ``on_state`` is told each change (and ``closed`` again for a message dropped)."""

LONGEST_TEXT = 256 * 1024
"""The most UTF-8 bytes one text may have: browsers' data channels take 256 KiB a message (Chrome's
max-message-size), so a longer text is refused at ``send`` (``ValueError``) - the owner splits it."""


def check_length(text: str) -> None:
    """``ValueError`` for a text longer than a link carries in one message (a fault of the sender's code)."""
    if len(text) > LONGEST_TEXT // 4 and len(text.encode("utf-8")) > LONGEST_TEXT:
        raise ValueError(f"a text of more than {LONGEST_TEXT} bytes: split it before sending")


class BadCode(GameError):
    """A code that is not one of ours, or was damaged on the way: its message says which, in plain words."""


class NoLink(GameError):
    """This browser cannot link phones (no WebRTC, or the page's half missing): said in plain words."""


class NoCamera(GameError):
    """No camera to read a code with (none, or not allowed): the player pastes the code instead."""


class Link(Protocol):
    """One guest <-> host data channel: text messages, in order."""

    peer: str
    """A short id for the other side (stable for this link)."""
    state: str
    """``new``, ``open``, ``closed`` or ``failed``."""
    on_message: Callable[[str], None]
    """Set by the owner: called with each text the other side sent."""
    on_state: Callable[[str], None]
    """Set by the owner: called with ``open``, ``closed`` or ``failed``."""

    def send(self, text: str) -> None:
        """Queued if not open yet; dropped (and ``closed`` said through ``on_state``) once closed.
        ``ValueError`` for a text over ``LONGEST_TEXT`` bytes."""

    def close(self) -> None:
        """Ends the link on both sides (the other side hears ``closed``); closing twice does nothing."""


class Linker(Protocol):
    """What the phone build offers to make links (a fake in tests). Codes are plain text (a QR code's).

    Each call may raise ``NoLink`` (this browser cannot); the two that read a code raise ``BadCode`` for one
    that is not a sound code of the kind expected (a guest's answer scanned by a guest, a damaged one)."""

    async def host_offer(self) -> tuple[Link, str]:
        """A new link for one guest and the code to show it (a fresh one per guest: an offer pairs once)."""

    async def host_accept(self, link: Link, answer: str) -> None:
        """The guest's answer code, scanned or pasted; raises ``BadCode`` for a code that is not one."""

    async def guest_join(self, offer: str) -> tuple[Link, str]:
        """The guest's side: its link and its answer code to show the host; ``BadCode`` as above."""


class Scanner(Protocol):
    """The camera reading a code (the phone build's page: the browser's barcode reader, else jsQR)."""

    async def scan(self, hint: str, cancel: str) -> str | None:
        """The text of the first QR code seen; None if the player cancelled. ``hint`` and ``cancel`` are the
        words shown over the camera (already in the reader's language). ``NoCamera`` when there is none."""

    def cancel_scan(self) -> None:
        """Closes the camera (a scan open elsewhere then returns None)."""


def _ignore(_: str) -> None:
    """The handler a link has until its owner sets one."""


class _Wire:
    """What joins the two ends of a memory pair: texts in flight, handed over one at a time, so a text sent
    from inside a handler arrives once that handler is done (as on a real channel), never nested in it."""

    def __init__(self) -> None:
        self._flight: deque[tuple[MemoryLink, str]] = deque()
        self._pumping = False

    def post(self, receiver: MemoryLink, text: str) -> None:
        self._flight.append((receiver, text))
        if self._pumping:
            return
        self._pumping = True
        try:
            while self._flight:
                end, message = self._flight.popleft()
                end.receive(message)
        finally:
            self._pumping = False


class MemoryLink:
    """One end of an in-process link: what the other end sends arrives in order, after the send returns."""

    def __init__(self, peer: str, wire: _Wire) -> None:
        self.peer = peer
        self.state = NEW
        self.on_message: Callable[[str], None] = _ignore
        self.on_state: Callable[[str], None] = _ignore
        self.other: MemoryLink | None = None
        self._wire = wire
        self._outbox: list[str] = []
        self._held: list[str] = []

    def send(self, text: str) -> None:
        """Queued while new, delivered while open, dropped (said as ``closed``) otherwise."""
        check_length(text)
        if self.state == NEW:
            self._outbox.append(text)
        elif self.state == OPEN and self.other is not None:
            self._wire.post(self.other, text)
        else:
            self.on_state(self.state)

    def receive(self, text: str) -> None:
        """One text from the other end: handled if open, held until then if new, lost once closed."""
        if self.state == OPEN:
            self.on_message(text)
        elif self.state == NEW:
            self._held.append(text)

    def set_state(self, state: str) -> None:
        """Moves to ``state`` and says so; opening sends what was queued and hears what was held meanwhile."""
        if self.state == state or self.state in (CLOSED, FAILED):
            return
        self.state = state
        self.on_state(state)
        if state == OPEN:
            held, self._held = self._held, []
            for text in held:
                self._wire.post(self, text)
            queued, self._outbox = self._outbox, []
            for text in queued:
                self.send(text)

    def close(self) -> None:
        """Closes both ends (as a dropped channel does): each hears ``closed`` once."""
        self.set_state(CLOSED)
        if self.other is not None:
            self.other.set_state(CLOSED)


_ids = count(1)


def memory_pair(opened: bool = True) -> tuple[MemoryLink, MemoryLink]:
    """Two linked in-process links (host end, guest end), open unless ``opened`` is False."""
    number = next(_ids)
    wire = _Wire()
    host, guest = MemoryLink(f"guest-{number}", wire), MemoryLink(f"host-{number}", wire)
    host.other, guest.other = guest, host
    if opened:
        host.set_state(OPEN)
        guest.set_state(OPEN)
    return host, guest


class MemoryLinker:
    """A ``Linker`` in one process: an offer code names a waiting pair, the answer opens it.

    Shared by the host's and the guests' sides of a test (one instance). The codes are short texts of
    this fake's own (``mem-offer:N``, ``mem-answer:N``); anything else is refused as a ``BadCode``. It is a
    ``Scanner`` too: ``scan`` returns the texts a test put in ``to_scan``, in order (then None, as if cancelled).
    """

    def __init__(self) -> None:
        self._waiting: dict[str, tuple[MemoryLink, MemoryLink]] = {}
        self.to_scan: list[str] = []

    async def scan(self, hint: str, cancel: str) -> str | None:
        return self.to_scan.pop(0) if self.to_scan else None

    def cancel_scan(self) -> None:
        self.to_scan.clear()

    async def host_offer(self) -> tuple[Link, str]:
        host, guest = memory_pair(opened=False)
        number = host.peer.removeprefix("guest-")
        self._waiting[number] = (host, guest)
        return host, f"mem-offer:{number}"

    async def guest_join(self, offer: str) -> tuple[Link, str]:
        number = _code_number(offer, "mem-offer:")
        if number not in self._waiting:
            raise BadCode(_not_a_code())
        return self._waiting[number][1], f"mem-answer:{number}"

    async def host_accept(self, link: Link, answer: str) -> None:
        number = _code_number(answer, "mem-answer:")
        pair = self._waiting.pop(number, None)
        if pair is None or pair[0] is not link:
            raise BadCode(_not_a_code())
        pair[0].set_state(OPEN)
        pair[1].set_state(OPEN)


def _code_number(code: str, prefix: str) -> str:
    if not code.strip().startswith(prefix):
        raise BadCode(_not_a_code())
    return code.strip().removeprefix(prefix)


def _not_a_code() -> Msg:
    from companion.core.i18n import msg

    return msg("This is not a table code. Scan or paste the code shown on the other phone.")
