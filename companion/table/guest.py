"""A guest's phone at a table of phones: a mirror of the host's game that the game screen draws as it draws any.

``MirrorSession`` is a ``Session`` over the game the host last sent: the screen reads its state, its Undo and Redo
labels and its log, and asks it ``can`` / ``why_not`` with the core's own rules, so the buttons are the host's. Its
``execute``, ``undo`` and ``redo`` make no change here: they send the tap to the host and return at once (the phone
build runs Python with no threads and must never wait), the tap *sent*. The host's answer replaces the mirror and
the screen is drawn again (``TableGuest.on_change``): the new game, or the host's reason for refusing it, read in
this phone's language. A tap with no answer within ``PATIENCE`` seconds, or made while the link is down, is said
as not made. The guest never saves the host's game: the mirror has no saver.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.i18n import Msg, msg
from companion.core.patch import apply_patch, diff
from companion.core.schema import Json, SchemaError, check
from companion.core.session import DOC_SCHEMA, Change, Doc, Executed, Session, touched_parts
from companion.table import parts, protocol, times
from companion.table.link import Link
from companion.table.protocol import MAX_FROM_HOST, BadMessage, GameDocument, Role

log = logging.getLogger("companion.table")

PATIENCE = 8.0  # seconds a tap waits for the host's answer before it is said as not made
SLOW = 1.0  # seconds without the host's answer before a tap is said as sent (a sooner answer is the change itself)
Status = Literal["joining", "connected", "quiet", "lost", "removed", "left", "gone"]  # gone: this phone left

LOST = msg("The link to the host's phone is lost. The game stays on screen as view only; it comes back by itself "
           "when the link does, or scan the host's code again.")
NOT_MADE = msg("That tap did not reach the host's phone: it was not made.")
NO_ANSWER = msg("The host's phone did not answer that tap: it was not made. Check the game and tap again.")
SAID: dict[Status, Msg] = {
    "joining": msg("Waiting for the host's phone to connect."),
    "quiet": msg("The host's phone is not answering (its screen may be locked, or it is out of the Wi-Fi). The game "
                 "stays on screen as view only and comes back by itself when the host's phone answers again."),
    "lost": LOST,
    "removed": msg("The host removed this phone from the table. Scan the host's code again to come back."),
    "left": msg("The host's phone stopped sharing the table. The last game it sent stays on screen."),
    "gone": msg("This phone left the table."),
}
SENT = msg("Sent to the host's phone.")


def _ignore(_: str) -> None:
    """A forgotten link's late word: nothing here listens any more."""


def _doc_of(document: GameDocument) -> Doc:
    """The document a ``Session`` reads, from what the host sent (the history's labels only: undo is the host's)."""
    return {"schema": DOC_SCHEMA, "id": document["id"], "name": document["name"], "rev": document["rev"],
            "created": "", "updated": "", "state": document["state"],
            "undo": [{"label": document["undo"]}] if document["undo"] is not None else [],
            "redo": [{"label": document["redo"]}] if document["redo"] is not None else [],
            "log": protocol.log_lines(document["log"]), "log_archived": 0}


class MirrorSession(Session):
    """The host's game as this phone last heard it; its changes are sent to the host, never made here."""

    def __init__(self, document: GameDocument, guest: TableGuest, content: Content | None = None) -> None:
        super().__init__(_doc_of(document), saver=None, content=content)
        self.document = document
        self.guest = guest

    def show(self, document: GameDocument, touched: frozenset[str] | None = None) -> None:
        """The host's newer game: what changed (``touched``, else worked out) is remembered, so the screen redraws
        only those parts."""
        if document["rev"] == self.revision and document == self.document:
            return
        if touched is None:
            touched = touched_parts(diff(self.state, document["state"]))
        before = self.revision
        self.document, self.doc = document, _doc_of(document)
        self._recent.append(Change(before, "command", "host", None, None, touched))

    def execute(self, command: Command, *, expected_rev: int | None = None, origin: str | None = None) -> Executed:
        self.guest.send(protocol.command_tap(command.to_dict(), self._shown(expected_rev), self.guest.next_tap()))
        return Executed(False, SENT.to_dict())

    def undo(self, *, expected_rev: int | None = None, origin: str | None = None) -> Executed:
        self.guest.send(protocol.step_tap("undo", self._shown(expected_rev), self.guest.next_tap()))
        return Executed(False, SENT.to_dict())

    def redo(self, *, expected_rev: int | None = None, origin: str | None = None) -> Executed:
        self.guest.send(protocol.step_tap("redo", self._shown(expected_rev), self.guest.next_tap()))
        return Executed(False, SENT.to_dict())

    def _shown(self, expected_rev: int | None) -> int:
        return self.revision if expected_rev is None else expected_rev


@dataclass
class TableGuest:
    """This phone at the host's table: its link, what the host last sent, and what to say on screen."""

    name: str
    language: str
    content: Content | None = None
    on_change: Callable[[], None] = lambda: None
    clock: Callable[[], float] = time.monotonic
    link: Link | None = None
    status: Status = "joining"
    role: Role = "view"
    mirror: MirrorSession | None = None
    pending: dict[int, float] = field(default_factory=dict)  # taps sent and not answered: when each was sent
    notes: list[Msg | Json] = field(default_factory=list)  # what the screen says next (refusals, taps not made)
    heard: float = 0.0  # when the host last said anything (this phone's clock)
    elsewhere: bool = False  # the game changed since the screen drew it, and not in answer to this phone's tap
    joiner: parts.Joiner = field(default_factory=lambda: parts.Joiner(MAX_FROM_HOST))
    _taps: int = 0
    _said_sent: set[int] = field(default_factory=set)  # taps said as sent while the host is slow to answer
    _ticked: float | None = None  # when ``tick`` last ran

    # -- the link --------------------------------------------------------------------------------
    def attach(self, link: Link) -> None:
        """A link to the host (the first, or a new one after scanning the host's code again)."""
        self.link = link
        link.on_message = self.receive
        link.on_state = self.link_state
        if link.state == "open":
            self.link_state("open")

    def link_state(self, state: str) -> None:
        if state == "open":
            self.status, self.heard = "connected", self.clock()
            self.send(protocol.hello(self.name, self.language))
        elif self.status in ("joining", "connected", "quiet"):
            self.status = "lost"
            self._not_made(NOT_MADE)
        self.on_change()

    def leave(self) -> None:
        """This phone leaves the table: the host is told, the link closed, and the host's game forgotten here (the
        mirror was never saved; after this nothing of the game is kept on this phone)."""
        link, self.link, was = self.link, None, self.status
        self.mirror, self.pending, self.notes, self.status = None, {}, [], "gone"
        if link is None:
            return
        link.on_message = link.on_state = _ignore
        try:
            if was in ("connected", "quiet"):
                link.send(protocol.encode(protocol.leaving()))
            link.close()
        except Exception as exc:  # the link already gone: the host hears it closed instead
            log.info("could not say goodbye to the host: %s", exc)

    def tick(self) -> bool:
        """Run every ``BEAT`` seconds: the host is sent a beat, and a host silent for ``protocol.quiet()`` seconds is
        said to be not answering (True when that is new: the screen redraws). Its next word brings the table back."""
        if self.status not in ("connected", "quiet"):
            return False
        self.send(protocol.beat())
        now, before = self.clock(), self._ticked
        self._ticked = now
        if self.status == "connected" and now - self.heard > protocol.quiet() and not protocol.woke(before, now):
            self.status = "quiet"
            return True
        return False

    @property
    def can_play(self) -> bool:
        return self.status == "connected" and self.role == "play" and self.mirror is not None

    def said(self) -> Msg | None:
        """What the screen says of the table now (None: connected and playing)."""
        if self.status == "connected":
            return None if self.role == "play" else msg("View only: the host can let this phone play.")
        return SAID[self.status]

    # -- sending ---------------------------------------------------------------------------------
    def next_tap(self) -> int:
        """A new tap's number; refused at once (not made) when the link is down or this phone may only view."""
        if self.status != "connected":
            raise GameError(NOT_MADE if self.status in ("lost", "quiet") else SAID[self.status])
        if self.role != "play":
            raise GameError(msg("This phone is set to view only. The host can let it play."))
        self._taps += 1
        self.pending[self._taps] = self.clock()
        return self._taps

    def send(self, message: protocol.FromGuest) -> None:
        if self.link is None:
            raise GameError(NOT_MADE)
        parts.send(self.link, protocol.encode(message))
        if message["kind"] in ("command", "undo", "redo"):
            times.mark("guest_sent")
            times.mark_when_idle("guest_tap_done")

    def overdue(self) -> bool:
        """Taps the host never answered are said as not made; True when there were any (redraw the screen)."""
        late = [tap for tap, sent in self.pending.items() if self.clock() - sent > PATIENCE]
        for tap in late:
            del self.pending[tap]
        if late:
            self.notes.append(NO_ANSWER)
        return bool(late)

    def slow(self) -> bool:
        """True once a tap has waited ``SLOW`` seconds for the host (the screen then says it was sent, once per
        tap). A tap answered sooner is said by the change itself: a note drawn at the tap cost the tapping phone
        ~110 ms before the host's answer could be drawn (in git, a0bd974:docs/developing.md, a table of phones)."""
        now = self.clock()
        late = {tap for tap, sent in self.pending.items() if now - sent > SLOW} - self._said_sent
        self._said_sent = (self._said_sent | late) & set(self.pending)
        return bool(late)

    def _not_made(self, reason: Msg) -> None:
        if self.pending:
            self.pending.clear()
            self.notes.append(reason)

    # -- the host's messages -------------------------------------------------------------------------
    def receive(self, text: str) -> None:
        """One message from the host: a text this phone cannot read is dropped (and the game asked for again)."""
        back, heard = self._heard_again(), times.now()
        try:
            whole = self.joiner.take(text)
            message = protocol.read_from_host(whole) if whole is not parts.MORE else None
            if message is not None and message["kind"] != "beat":
                times.mark("guest_heard", heard)
                self._apply(message)
                times.mark("guest_applied")
            elif not (back or self._role_of_beat(message)):
                return  # a beat saying nothing new, or a part with more to come: nothing to draw
        except (BadMessage, SchemaError, GameError, LookupError, TypeError, ValueError) as exc:
            log.info("a message from the host was not read: %s", exc)
            self._ask_again()
        self.on_change()
        if not times.is_beat(text):
            times.mark("guest_drawn")

    def _heard_again(self) -> bool:
        """Any word from the host: a host that was not answering is back (True), and is asked for the game whole
        (what it sent meanwhile may have been lost) and this phone's role."""
        self.heard = self.clock()
        if self.status != "quiet":
            return False
        self.status = "connected"
        self.send(protocol.hello(self.name, self.language))
        return True

    def _role_of_beat(self, message: protocol.FromHost | None) -> bool:
        """The host's beat says this phone's role: True when it differs from the role held (a role message missed
        or not yet read), which is then taken and drawn. Not before the host's game has come: a beat may come
        before the answer to this phone's hello (which brings its role and the game), and the Join screen it would
        draw again is still waiting for that answer."""
        role = message.get("role") if message is not None else None
        if self.mirror is None or role not in ("play", "view") or role == self.role:
            return False
        self.role = role
        return True

    def _apply(self, message: protocol.FromHost) -> None:
        kind = message["kind"]
        if kind == "game":
            self._show(message["game"])  # type: ignore[typeddict-item]
        elif kind == "patch":
            self._patch(message)  # type: ignore[arg-type]
        elif kind == "refused":
            self.notes.append(message["reason"])  # type: ignore[typeddict-item]
        elif kind == "role":
            self.role = message["role"]  # type: ignore[typeddict-item]
        elif kind == "bye":
            self.status = "removed" if message["why"] == "removed" else "left"  # type: ignore[typeddict-item]
            self._not_made(NOT_MADE)
        tap = message.get("tap")
        if isinstance(tap, int):
            self.pending.pop(tap, None)
        elif kind in ("game", "patch"):
            self.elsewhere = True  # another phone's change (or the host's own)

    def take_elsewhere(self) -> bool:
        """Whether the game changed elsewhere since the screen last asked (asked once per drawing)."""
        elsewhere, self.elsewhere = self.elsewhere, False
        return elsewhere

    def _show(self, document: GameDocument) -> None:
        if self.mirror is None or self.mirror.id != document["id"]:
            self.mirror = MirrorSession(document, self, self.content)
        else:
            self.mirror.show(document)

    def _patch(self, message: protocol.GamePatch) -> None:
        """A change from a revision this phone holds; any other base (a message lost) asks for the game whole."""
        if self.mirror is None or self.mirror.revision != message["base"]:
            raise LookupError("not the revision held")
        document = check(GameDocument, apply_patch(self.mirror.document, message["ops"]))
        if document["rev"] != message["rev"]:
            raise LookupError("the patch does not lead to its revision")
        in_state = [[op[0], op[1][1:], *op[2:]] for op in message["ops"] if op[1][:1] == ["state"]]
        self.mirror.show(document, touched_parts(in_state))

    def _ask_again(self) -> None:
        """A hello again: the host answers with this phone's role and the game whole."""
        if self.status == "connected":
            self.send(protocol.hello(self.name, self.language))
