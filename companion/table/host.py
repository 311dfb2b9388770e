"""The host's phone at a table of phones: its guests, and their taps run through the host's own session.

The game lives in the host's saves. A guest's tap is checked (``protocol.read_from_guest``), its role asked, its
command rebuilt with ``command_from_dict`` and run by ``Session.execute`` with the revision the guest showed and
the guest's id as the origin, exactly as a tap on the host's screen: the same rules, the same revision check
(two phones drawing her card on one screen draw once), the same save before anything is said. Every guest is
then sent the change (a patch from the game it holds, or the game whole when that is shorter) and the host's own
screen is told (``on_change``). A refused tap is answered with its reason as a message, and the guest is sent the
game as it is now, so it draws what it refused against.

Nothing a guest sends can raise out of here: a message is read whole before anything acts on it, and an
unexpected fault is logged and answered as a refusal.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.core.commands.base import command_from_dict
from companion.core.errors import GameError
from companion.core.i18n import Msg, as_data, msg
from companion.core.patch import diff
from companion.core.schema import Json, LogEntry
from companion.core.session import Executed, Session
from companion.table import parts, protocol, times
from companion.table.link import Link
from companion.table.protocol import LOG_SHOWN, MAX_FROM_GUEST, BadMessage, GameDocument, Role

log = logging.getLogger("companion.table")

NOT_MADE = msg("The host's phone could not make that change; nothing was changed.")
VIEW_ONLY = msg("This phone is set to view only. The host can let it play.")
KEPT_REVISIONS = 16  # games kept as sent, so a guest a few changes behind gets a patch


def game_document(session: Session) -> GameDocument:
    """The game as a guest's screen draws it (``protocol.GameDocument``), from the host's session."""
    doc = session.doc
    return {"id": session.id, "name": str(doc["name"]), "rev": session.revision, "state": session.state,
            "undo": doc["undo"][-1]["label"] if doc["undo"] else None,
            "redo": doc["redo"][-1]["label"] if doc["redo"] else None,
            "log": _numbered(doc["log"][-LOG_SHOWN:], doc.get("log_archived", 0) + max(0, len(doc["log"]) - LOG_SHOWN))}


def _numbered(lines: list[LogEntry], first: int) -> dict[str, LogEntry]:
    """Log lines by their number in the whole log (so the change from one game to the next is a line added)."""
    return {str(line.get("n", first + index)): line for index, line in enumerate(lines)}


@dataclass
class Guest:
    """One guest's phone as the host sees it."""

    id: str
    link: Link
    name: str = ""
    language: str = "en"
    role: Role = "play"
    connected: bool = False
    holds: int | None = None  # the revision of the game it was last sent
    heard: float = 0.0  # when its last message came (the host's clock)
    away: bool = False  # its link is open but it has said nothing for ``QUIET`` seconds (locked, or out of reach)
    joiner: parts.Joiner = field(default_factory=lambda: parts.Joiner(MAX_FROM_GUEST))

    @property
    def can_play(self) -> bool:
        return self.role == "play"


@dataclass
class TableHost:
    """The guests of one game on the host's phone. ``session`` gives the live session (the UI's pool may swap it
    after a conflict); ``on_change`` tells the host's screen that a guest changed the game."""

    session: Callable[[], Session]
    on_change: Callable[[Executed], None] = lambda done: None
    on_guests: Callable[[], None] = lambda: None
    on_left: Callable[[Guest], None] = lambda guest: None
    """Told of a guest that left the table by its own choice (the host's screen says who)."""
    defer: Callable[[Callable[[], None]], object] = lambda job: job()
    """How a guest's message is handled: at once (tests), or as a task of the page's loop, one at a time (the phone
    build: a save waits on the browser's IndexedDB, which only a task may do, never a link's callback)."""
    clock: Callable[[], float] = time.monotonic
    beats_from: object = None
    """Which tab's loop sends this table's beats (the screen re-points a table at the tab that opens it)."""
    guests: dict[str, Guest] = field(default_factory=dict)
    sent: dict[int, GameDocument] = field(default_factory=dict)
    _count: int = 0
    _ticked: float | None = None  # when ``tick`` last ran
    _patch_of: tuple[tuple[int, int, int], list[list[Json]]] = ((-1, -1, 0), [])
    _whole_of: tuple[int, int] = (0, 0)  # id of the game document, the length of its text sent whole

    @property
    def game_id(self) -> str:
        return self.session().id

    # -- who is at the table ------------------------------------------------------------------
    def add(self, link: Link, role: Role = "play") -> Guest:
        """A guest's link (one code, one guest); it is sent the game once the link opens."""
        self._count += 1
        guest = Guest(f"guest-{self._count}", link, role=role)
        self.guests[guest.id] = guest
        def heard(text: str) -> None:
            guest.heard = self.clock()  # at once: a turn taken late (a long save) is not the guest's silence
            if times.enabled() and not times.is_beat(text):
                times.mark("host_heard")
            self.defer(lambda: self.receive(guest.id, text))

        link.on_message = heard
        link.on_state = lambda state: self.link_state(guest.id, state)
        say_on_leaving = getattr(link, "farewell", None)  # the phone build's: its page says it as it closes
        if callable(say_on_leaving):
            say_on_leaving(protocol.encode(protocol.bye("leaving")))
        guest.connected = link.state == "open"
        return guest

    def link_state(self, guest_id: str, state: str) -> None:
        """A guest's link opened (it is sent its role and the game whole) or closed (it is kept, not connected:
        its phone may come back on a new link)."""
        guest = self.guests.get(guest_id)
        if guest is None:
            return
        guest.connected = state == "open"  # it is sent the game when it says hello
        guest.heard, guest.away = self.clock(), False
        self.on_guests()

    def tick(self) -> bool:
        """Run every ``BEAT`` seconds: each connected guest is sent a beat (with its role), and one silent for
        ``protocol.quiet()`` seconds is marked away (True when one was: the list redraws). A word from it later marks
        it back."""
        now, gone, before = self.clock(), False, self._ticked
        self._ticked = now
        for guest in list(self.guests.values()):
            if not guest.connected:
                continue
            self._send(guest, protocol.host_beat(guest.role))
            if not guest.away and now - guest.heard > protocol.quiet() and not protocol.woke(before, now):
                guest.away = gone = True
        if gone:
            self.on_guests()
        return gone

    def set_role(self, guest_id: str, role: Role) -> None:
        guest = self.guests[guest_id]
        guest.role = role
        self._send(guest, protocol.role_set(role))
        self.on_guests()

    def remove(self, guest_id: str) -> None:
        """The guest is told and its link closed; its taps are no longer read."""
        guest = self.guests.pop(guest_id, None)
        if guest is not None:
            self._send(guest, protocol.bye("removed"))
            _close(guest.link)
            self.on_guests()

    def leave(self) -> None:
        """The host stops sharing: every guest is told."""
        for guest_id in list(self.guests):
            guest = self.guests.pop(guest_id)
            self._send(guest, protocol.bye("leaving"))
            _close(guest.link)
        self.on_guests()

    # -- a guest's message -----------------------------------------------------------------------
    def receive(self, guest_id: str, text: object) -> None:
        """One message from a guest, read whole; anything wrong with it is refused and changes nothing."""
        guest = self.guests.get(guest_id)
        if guest is None:
            return  # removed: its link is closed, a late message is dropped
        if guest.away:
            guest.away = False
            self.on_guests()
        try:
            whole = guest.joiner.take(text)
            if whole is parts.MORE:
                return
            message = protocol.read_from_guest(whole)
        except BadMessage as exc:
            self._send(guest, protocol.refused(exc.reason, exc.tap))
            return
        if message["kind"] == "beat":
            return
        if message["kind"] == "hello":
            self._hello(guest, message)
        elif message["kind"] == "bye":
            self._left(guest)
        else:
            self._tap(guest, message)

    def _left(self, guest: Guest) -> None:
        """The guest left: it is off the list at once (its link's close would only read as a link lost)."""
        del self.guests[guest.id]
        _close(guest.link)
        self.on_guests()
        if guest.name:
            self.on_left(guest)

    def _hello(self, guest: Guest, message: protocol.Hello) -> None:
        """A guest says who it is (on every new link, or to have the game whole again): it is sent its role and the
        game. A phone back on a new link after a drop takes the place (and the role) its name had."""
        guest.name, guest.language, guest.connected = message["name"], message["language"], True
        for other in list(self.guests.values()):
            if other is not guest and other.name == guest.name and not other.connected:
                guest.role = other.role
                del self.guests[other.id]
        guest.holds = None
        self._send(guest, protocol.role_set(guest.role))
        self.send_game(guest)
        self.on_guests()

    def _tap(self, guest: Guest, message: protocol.CommandTap | protocol.UndoTap | protocol.RedoTap) -> None:
        tap = message["tap"]
        times.mark("host_turn")
        if not guest.can_play:
            self._refuse(guest, VIEW_ONLY, tap)
            return
        try:
            done = self._run(guest, message)
        except GameError as exc:
            self._refuse(guest, exc.args[0] if exc.args else NOT_MADE, tap)
            return
        except Exception:  # a fault of ours met on a guest's input: said, logged, never raised into the link
            log.exception("a guest's tap could not be made")
            self._refuse(guest, NOT_MADE, tap)
            return
        times.mark("host_ran")
        self.changed(done, answering=(guest.id, tap))

    def _run(self, guest: Guest, message: protocol.CommandTap | protocol.UndoTap | protocol.RedoTap) -> Executed:
        session = self.session()
        rev = message["rev"]
        if message["kind"] == "command":
            command = command_from_dict(message["command"])
            return session.execute(command, expected_rev=rev, origin=guest.id)
        step = session.undo if message["kind"] == "undo" else session.redo
        return step(expected_rev=rev, origin=guest.id)

    def _refuse(self, guest: Guest, reason: Msg | Json, tap: int) -> None:
        """Say why, then show the game as it is: the guest may have tapped on an older one."""
        self._send(guest, protocol.refused(as_data(reason), tap))
        self.send_game(guest)

    # -- sending the game ---------------------------------------------------------------------------
    def changed(self, done: Executed | None = None, answering: tuple[str, int] | None = None) -> None:
        """The game changed (a guest's tap, or the host's own): every connected guest is sent it, then the host's
        screen is told (for a guest's tap; the host's own tap redraws its screen itself)."""
        now = self._document()  # once for every guest: each made it anew (the log's lines numbered, compared)
        for guest in self.guests.values():
            tap = answering[1] if answering is not None and answering[0] == guest.id else None
            self.send_game(guest, tap, now)
        times.mark("host_sent")
        if done is not None and answering is not None:
            self.on_change(done)
            times.mark("host_drawn")

    def send_game(self, guest: Guest, tap: int | None = None, now: GameDocument | None = None) -> None:
        """The game now (``now``: as already worked out for this change), as a patch from the revision the guest
        holds, or whole when it holds none we kept or the patch would be the longer text."""
        if not guest.connected:
            return
        now = now if now is not None else self._document()
        base = self.sent.get(guest.holds) if guest.holds is not None else None
        if base is not None and guest.holds == now["rev"] and tap is None:
            return
        message: protocol.FromHost = protocol.whole_game(now, tap)
        if base is not None:
            patch = protocol.game_patch(base["rev"], now["rev"], self._ops(base, now), tap)
            if len(protocol.encode(patch)) < self._whole_length(now):
                message = patch
        self._send(guest, message)
        guest.holds = now["rev"]

    def _whole_length(self, now: GameDocument) -> int:
        """The length of the game sent whole, worked out once for every guest (a whole game is ~14 KB of JSON: five
        guests made it five encodings per change, the tapping guest's tap number aside)."""
        if self._whole_of[0] != id(now):
            self._whole_of = (id(now), len(protocol.encode(protocol.whole_game(now))))
        return self._whole_of[1]

    def _ops(self, base: GameDocument, now: GameDocument) -> list[list[Json]]:
        """The change from ``base`` to ``now``, worked out once for every guest that holds ``base``."""
        key = (base["rev"], now["rev"], id(now))
        if self._patch_of[0] != key:
            self._patch_of = (key, diff(base, now))
        return self._patch_of[1]

    def _document(self) -> GameDocument:
        now = game_document(self.session())
        kept = self.sent.get(now["rev"])
        if kept is not None and kept["state"] is now["state"] and kept["log"] == now["log"]:
            return kept
        self.sent[now["rev"]] = now
        for old in sorted(self.sent)[:-KEPT_REVISIONS]:
            del self.sent[old]
        return now

    def _send(self, guest: Guest, message: protocol.FromHost) -> None:
        try:
            parts.send(guest.link, protocol.encode(message))
        except Exception as exc:  # a link closing under us: the guest is shown as not connected
            log.info("could not send to %s: %s", guest.id, exc)
            guest.connected = False


def _close(link: Link) -> None:
    try:
        link.close()
    except Exception as exc:  # already gone: nothing more to close
        log.info("could not close a link: %s", exc)
