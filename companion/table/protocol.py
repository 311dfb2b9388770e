"""The messages of a table of phones, one schema per shape, each with its kind and the protocol's version.

A guest's phone sends ``hello`` (its name and language, for the host's list), ``command`` (a command as its
``to_dict``), ``undo``, ``redo`` and ``bye`` (it leaves the table); each tap carries the revision the guest's
screen showed (the host's session judges a stale tap by it, as it judges a local one) and a number of the guest's
own (``tap``), so the answer to that tap can be told from the others. The host's phone sends ``game`` (the game as
the guest's screen needs it, whole), ``patch`` (the same, as the change from a revision the guest holds),
``refused`` (why a tap was not made: a message as data, read in the guest's own language), ``role`` (may it play)
and ``bye`` (removed, or the host leaves).

Nothing a guest sends is trusted: ``read_from_guest`` checks its size, that it is JSON, its kind, its version and
its whole shape before anything reads it, and a bad one becomes a ``BadMessage`` whose reason is a message. The
guest checks what the host sends the same way (``read_from_host``): a phone never acts on text it cannot read.
"""

from __future__ import annotations

import json
from typing import Annotated, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.errors import GameError
from companion.core.i18n import Msg, msg
from companion.core.schema import (
    MAX_LIST,
    Count,
    GameState,
    Json,
    JsonObject,
    LogEntry,
    SchemaError,
    Shown,
    check,
    holds,
    strict,
)
from companion.store.atomic import UnreadableFile, parse_json

VERSION: Literal[1] = 1
MAX_FROM_GUEST = 64 * 1024  # bytes: a command is a few hundred; anything near this is not one of ours
MAX_FROM_HOST = 4 * 1024 * 1024  # a whole game, as a saved game may be
BEAT = 1.0  # seconds between two phones' beats (and between looks at the silence)
#: Seconds of silence after which the other phone is said to be gone (noticed within ~11 s). A beat is sent and
#: read by Python, and a phone's Python can be busy for seconds at a time (opening a game took 3-8 s on the phone
#: build with the CPU slowed 4x): at 4 s, guests of a busy host were told "not answering" and their taps refused.
QUIET = 10.0
#: The silence this page's phone waits out before it says the other is gone (``quiet``): ``QUIET``, unless a browser
#: test shortened it (``quiet_for_a_test``).
_quiet_here = QUIET


def quiet() -> float:
    """Seconds of silence after which this phone says the other is gone: ``QUIET`` in the app."""
    return _quiet_here


def quiet_for_a_test(seconds: float) -> None:
    """This page's quiet time set to ``seconds`` (``QUIET`` sets it back), so a browser test sees a phone out of reach
    said gone in seconds, not ten (``tests/web/test_table_phones.py``). Reached only through the hook of a page whose
    own address asks for it (``?tabletest``, ``companion.table.tabletest``): nothing a peer sends, nor a route inside
    the app, can call it. At least two beats (one late beat of a live phone is not silence), at most ``QUIET``."""
    global _quiet_here
    if not 2 * BEAT <= seconds <= QUIET:
        raise ValueError("a test's quiet time is from two beats to QUIET")
    _quiet_here = seconds


def woke(last_tick: float | None, now: float) -> bool:
    """True when this phone's own ticks stopped a while (its screen locked, its page busy): what the other phone
    sent meanwhile may still wait to be read, so its silence is not judged on this tick but on the next."""
    return last_tick is not None and now - last_tick > 2 * BEAT


LOG_SHOWN = 30  # the log lines a game screen shows (``screens/game.py``'s ``LOG_LINES``): all a guest is sent

Version = Literal[1]
Tap = Annotated[int, Ge(0), Le(2**31)]
Role = Literal["play", "view"]
Op = Annotated[list[Json], MinLen(2), MaxLen(3)]
LogKey = Annotated[str, MinLen(1), MaxLen(9), holds(str.isdigit, "not a log line's number")]


# -- guest -> host ----------------------------------------------------------------------------
@strict
class Hello(TypedDict):
    """A guest says who it is: the host's list shows the name; nothing else depends on it."""

    kind: Literal["hello"]
    v: Version
    name: Annotated[str, MinLen(1), MaxLen(40)]
    language: Annotated[str, MaxLen(8)]


@strict
class CommandTap(TypedDict):
    """A command tapped on a guest's screen showing revision ``rev``."""

    kind: Literal["command"]
    v: Version
    tap: Tap
    rev: Count
    command: Annotated[dict[Annotated[str, MaxLen(40)], Json], MaxLen(40)]


@strict
class UndoTap(TypedDict):
    kind: Literal["undo"]
    v: Version
    tap: Tap
    rev: Count


@strict
class RedoTap(TypedDict):
    kind: Literal["redo"]
    v: Version
    tap: Tap
    rev: Count


@strict
class Leaving(TypedDict):
    """The guest leaves the table: the host drops it from its list (a closed link alone reads as a link lost)."""

    kind: Literal["bye"]
    v: Version
    why: Literal["leaving"]


@strict
class Beat(TypedDict):
    """Sent each way every ``BEAT`` seconds : a phone that hears nothing for ``QUIET`` seconds
    knows the other is gone (a locked screen stops its page's timers; a Wi-Fi drop may leave the channel open)."""

    kind: Literal["beat"]
    v: Version


FromGuest = Hello | CommandTap | UndoTap | RedoTap | Leaving | Beat
GUEST_SHAPES: dict[str, type] = {"hello": Hello, "command": CommandTap, "undo": UndoTap, "redo": RedoTap,
                                 "bye": Leaving, "beat": Beat}


# -- host -> guest ----------------------------------------------------------------------------
@strict
class GameDocument(TypedDict):
    """All a guest's game screen draws: the state, the revision, the Undo and Redo labels and the log it shows."""

    id: Annotated[str, MinLen(1), MaxLen(64)]
    name: Annotated[str, MinLen(1), MaxLen(60)]
    rev: Count
    state: GameState
    undo: Shown | None
    redo: Shown | None
    log: Annotated[dict[LogKey, LogEntry], MaxLen(LOG_SHOWN)]  # by the line's number: a patch adds and drops lines


def log_lines(log: dict[str, LogEntry]) -> list[LogEntry]:
    """A document's log as the game screen reads it, oldest first."""
    return [log[key] for key in sorted(log, key=int)]


@strict
class WholeGame(TypedDict):
    """The game whole (on joining, after a refusal, or when a patch would be longer)."""

    kind: Literal["game"]
    v: Version
    game: GameDocument
    tap: NotRequired[Tap]  # the guest's own tap this change answers


@strict
class GamePatch(TypedDict):
    """The change from the game at revision ``base`` (which the guest holds) to revision ``rev``."""

    kind: Literal["patch"]
    v: Version
    base: Count
    rev: Count
    ops: Annotated[list[Op], MaxLen(MAX_LIST)]
    tap: NotRequired[Tap]


@strict
class Refused(TypedDict):
    """A tap, or a message, the host did not act on; ``reason`` is a message the guest reads in its language."""

    kind: Literal["refused"]
    v: Version
    reason: Shown
    tap: NotRequired[Tap]


@strict
class RoleSet(TypedDict):
    kind: Literal["role"]
    v: Version
    role: Role


@strict
class HostBeat(TypedDict):
    """The host's beat carries the guest's role: a guest that missed the role message (or drew the screen before
    it came) is put right within a beat, and no guest can be left playing once the host has set it to watch."""

    kind: Literal["beat"]
    v: Version
    role: Role


@strict
class Bye(TypedDict):
    kind: Literal["bye"]
    v: Version
    why: Literal["removed", "leaving"]


FromHost = WholeGame | GamePatch | Refused | RoleSet | Bye | HostBeat
HOST_SHAPES: dict[str, type] = {"game": WholeGame, "patch": GamePatch, "refused": Refused, "role": RoleSet,
                                "bye": Bye, "beat": HostBeat}


class BadMessage(GameError):
    """A message that was not read: too large, not JSON, of no known kind or version, or not in its shape."""

    def __init__(self, reason: Msg, tap: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.tap = tap


def encode(message: FromGuest | FromHost) -> str:
    """A message as the text a link carries (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def read_from_guest(text: object) -> FromGuest:
    """A guest's message, checked whole; else ``BadMessage`` (the guest is told why, the game is not touched)."""
    return _read(text, MAX_FROM_GUEST, GUEST_SHAPES)  # type: ignore[return-value]


def read_from_host(text: object) -> FromHost:
    return _read(text, MAX_FROM_HOST, HOST_SHAPES)  # type: ignore[return-value]


def _read(text: object, limit: int, shapes: dict[str, type]) -> JsonObject:
    if not isinstance(text, str):
        raise BadMessage(msg("The message could not be read; nothing was changed."))
    raw = text.encode("utf-8", errors="replace")
    if len(raw) > limit:
        raise BadMessage(msg("The message was larger than {kb} KB; nothing was changed.", kb=limit // 1024))
    try:
        data = parse_json(raw, max_bytes=limit)
    except UnreadableFile:
        raise BadMessage(msg("The message could not be read; nothing was changed.")) from None
    tap = data.get("tap") if isinstance(data, dict) else None
    tap = tap if type(tap) is int and 0 <= tap <= 2**31 else None
    if not isinstance(data, dict) or data.get("kind") not in shapes:
        raise BadMessage(msg("The message was of no kind this app knows; nothing was changed."), tap)
    if data.get("v") != VERSION or type(data.get("v")) is not int:
        raise BadMessage(msg("The other phone runs another version of the app; update both to the same version."),
                         tap)
    try:
        checked: JsonObject = check(shapes[str(data["kind"])], data)
    except SchemaError:
        raise BadMessage(msg("The message was not in the expected form; nothing was changed."), tap) from None
    return checked


# -- building the host's messages ---------------------------------------------------------------
def refused(reason: Msg | str | JsonObject, tap: int | None = None) -> Refused:
    out: Refused = {"kind": "refused", "v": VERSION,
                    "reason": reason.to_dict() if isinstance(reason, Msg) else reason}  # type: ignore[typeddict-item]
    if tap is not None:
        out["tap"] = tap
    return out


def whole_game(game: GameDocument, tap: int | None = None) -> WholeGame:
    out: WholeGame = {"kind": "game", "v": VERSION, "game": game}
    if tap is not None:
        out["tap"] = tap
    return out


def game_patch(base: int, rev: int, ops: list[list[Json]], tap: int | None = None) -> GamePatch:
    out: GamePatch = {"kind": "patch", "v": VERSION, "base": base, "rev": rev, "ops": ops}
    if tap is not None:
        out["tap"] = tap
    return out


def role_set(role: Role) -> RoleSet:
    return {"kind": "role", "v": VERSION, "role": role}


def beat() -> Beat:
    return {"kind": "beat", "v": VERSION}


def host_beat(role: Role) -> HostBeat:
    return {"kind": "beat", "v": VERSION, "role": role}


def bye(why: Literal["removed", "leaving"]) -> Bye:
    return {"kind": "bye", "v": VERSION, "why": why}


# -- building the guest's messages ---------------------------------------------------------------
def hello(name: str, language: str) -> Hello:
    return {"kind": "hello", "v": VERSION, "name": " ".join(name.split())[:40] or "?", "language": language[:8]}


def command_tap(command: JsonObject, rev: int, tap: int) -> CommandTap:
    return {"kind": "command", "v": VERSION, "tap": tap, "rev": rev, "command": command}


def leaving() -> Leaving:
    return {"kind": "bye", "v": VERSION, "why": "leaving"}


def step_tap(kind: Literal["undo", "redo"], rev: int, tap: int) -> UndoTap | RedoTap:
    if kind == "undo":
        return {"kind": "undo", "v": VERSION, "tap": tap, "rev": rev}
    return {"kind": "redo", "v": VERSION, "tap": tap, "rev": rev}
