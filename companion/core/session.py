"""One game at one table: its state, undo/redo history and log, changed only by commands.

``Session.execute`` verifies a command, applies it to a copy of the state, runs every
active module's end-of-game checks, records the undo step and the log line, and saves
the whole document *before* returning - so what a player sees is always on disk.
Undo/redo entries hold patches (see ``patch``), so restoring a snapshot is exact and a
save stays small. The seeded generator lives in the state, so an undone draw redraws
the same card.

Several devices at one table share one ``Session``. Each change is made under a lock,
and a change may say which game revision (``Session.revision``) its device was showing
when the player tapped: if another device already made the same change since then (two
phones drawing her card at once), it is refused with ``AlreadyDone`` and applied once.

Each change returns an ``Executed`` record: whether the game changed, its label, and the parts of the state it
touched; the session remembers the parts each recent change touched (``touched_since``), so a screen can tell
what changed since it last drew a game without knowing anything of how the core computes its answers.
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from companion import spans
from companion.core.commands.base import Command, refusal
from companion.core.content import Content, load_content
from companion.core.errors import AlreadyDone, CommandError, GameError, StaleChange
from companion.core.hooks import active_hooks, stamp_versions
from companion.core.i18n import Msg, as_data, is_message, msg, render
from companion.core.patch import apply_patch, copy_json, diff
from companion.core.schema import UNDO_LIMIT, Json, JsonObject, LogEntry
from companion.core.state import State, game_def
from companion.core.validation import check_readable, validate_state

RECENT_CHANGES = 100  # changes remembered for telling two devices' identical taps apart
DOC_SCHEMA = 2

Doc = JsonObject
Saver = Callable[[Doc], None]
Clock = Callable[[], datetime]


def _now() -> datetime:
    return datetime.now(UTC)


def new_doc(game_id: str, name: str, state: State, clock: Clock = _now) -> Doc:
    """A saved game: metadata, state, history and log in one plain document."""
    stamp = clock().isoformat(timespec="seconds")
    return {
        "schema": DOC_SCHEMA,
        "id": game_id,
        "name": name,
        "created": stamp,
        "updated": stamp,
        "state": state,
        "undo": [],
        "redo": [],
        "log": [],
        "log_archived": 0,
    }


MODULES = "modules_state"  # each module's part of the state counts as a part of its own: "modules_state.aphids"


@dataclass(frozen=True)
class Executed:
    """What one command, undo or redo did, as its caller needs to know (after pokerkit's action records).

    ``changed``: whether the game changed (False when a device's tap was not run: a hurried second tap, or one
    another device had already made). ``label``: the step's label as kept in the log (a stored message or a plain
    text); ``text`` renders it in the reader's language. ``touched``: the parts of the state the step changed -
    top-level keys ("phase", "scores") and ``modules_state.<id>`` for a module's own part - so a screen redraws
    what they show and leaves the rest as drawn.
    """

    changed: bool
    label: Json = None
    touched: frozenset[str] = frozenset()

    @property
    def text(self) -> str:
        return render(self.label) if self.label is not None else ""

    def __str__(self) -> str:
        return self.text


NOTHING_DONE = Executed(changed=False)


def touched_parts(patch: list[list[Json]]) -> frozenset[str]:
    """The parts of the state a patch (``companion.core.patch.diff``) changes."""
    parts: set[str] = set()
    for op in patch:
        path = op[1]
        if not path:
            return frozenset({"*"})  # the whole state replaced
        if path[0] == MODULES and len(path) > 1:
            parts.add(f"{MODULES}.{path[1]}")
        else:
            parts.add(str(path[0]))
    return frozenset(parts)


@dataclass(frozen=True)
class Change:
    """One change made through this session: on which revision, by whom, what."""

    rev: int
    kind: str  # "command", "undo" or "redo"
    origin: str | None
    command: JsonObject | None
    label: Json  # the command's label: a stored message or a plain text
    touched: frozenset[str] = frozenset({"*"})  # the parts of the state it changed (``touched_parts``)


class Session:
    """Applies commands to a saved game document; ``saver`` makes each change durable.

    Every next document is first read back through the reader's own checks (``check_readable``): a change
    whose game the store would refuse is not made, and the saver is never asked to write it.
    """

    def __init__(self, doc: Doc, saver: Saver | None = None, content: Content | None = None,
                 clock: Clock = _now) -> None:
        self.doc = doc
        self.content = content or load_content()
        self._save = saver or (lambda doc: None)
        self._clock = clock
        self._lock = threading.RLock()
        self._recent: deque[Change] = deque(maxlen=RECENT_CHANGES)
        self._first_rev = self.revision

    @property
    def revision(self) -> int:
        """The game's revision: the store bumps it with every save (``doc["rev"]``)."""
        return int(self.doc.get("rev", 0) or 0)

    @property
    def state(self) -> State:
        state: State = self.doc["state"]
        return state

    @property
    def id(self) -> str:
        return str(self.doc["id"])

    def _refusal(self, command: Command) -> CommandError | None:
        return refusal(command, self.state, self.content)

    # -- commands -------------------------------------------------------------------
    def can(self, command: Command) -> bool:
        return self._refusal(command) is None

    def why_not(self, command: Command) -> str | None:
        refusal = self._refusal(command)
        return None if refusal is None else str(refusal)

    def verify(self, command: Command) -> None:
        """Raise the ``CommandError`` the command would meet now."""
        refusal = self._refusal(command)
        if refusal is not None:
            raise refusal.with_traceback(None)

    def execute(self, command: Command, *, expected_rev: int | None = None, origin: str | None = None
                ) -> Executed:
        """Apply, check, record and save; return what was done (its label, the parts of the state it changed).

        ``expected_rev`` is the revision the sending device showed; if another ``origin``
        made the very same command since, ``AlreadyDone`` is raised and nothing changes. A label
        that is a message (``describe_done`` returning a ``Msg``) is kept as data in the history and the
        log, so each reader sees it in their own language.
        """
        with self._lock:
            as_dict = command.to_dict()
            self._refuse_repeat("command", expected_rev, origin, as_dict)
            if (refused := refusal(command, self.state, self.content)) is not None:
                raise refused
            before = self.state
            after = copy_json(before)
            command.apply(after, self.content)
            label = as_data(command.describe_done(before, after, self.content))
            self._check_end(after)
            stamp_versions(after)  # a module whose state began just now (a summoned predator) says its version
            forward = diff(before, after)
            entry = {"label": label, "back": diff(after, before), "fwd": forward}
            rev = self.revision
            self._commit(after, lambda doc: self._push_undo(doc, entry),
                         self._log_entry("command", label, before, as_dict))
            done = Executed(True, label, touched_parts(forward))
            self._recent.append(Change(rev, "command", origin, as_dict, label, done.touched))
            return done

    def changes_since(self, rev: int) -> list[Change] | None:
        """The changes made through this session on revision ``rev`` or later; None if not remembered."""
        with self._lock:
            if rev == self.revision:
                return []
            full = len(self._recent) == self._recent.maxlen
            remembered_from = self._recent[0].rev if full else self._first_rev
            if rev < remembered_from or rev > self.revision:
                return None
            since: list[Change] = []
            for change in reversed(self._recent):  # from the newest: asked after every change by every panel kept
                if change.rev < rev:
                    break
                since.append(change)
            return since[::-1]

    def touched_since(self, rev: int) -> frozenset[str] | None:
        """The parts of the state changed since revision ``rev`` (empty if none); None if not remembered."""
        since = self.changes_since(rev)
        if since is None:
            return None
        return frozenset().union(*(change.touched for change in since))

    def _refuse_repeat(self, kind: str, expected_rev: int | None, origin: str | None,
                       command: JsonObject | None) -> None:
        """Two devices, one tap each on the same screen: the second is told it was already done.

        An undo or redo whose device had not yet seen another device's change is refused as
        well (it would take back something else than its button said).
        """
        if expected_rev is None or expected_rev == self.revision:
            return
        since = self.changes_since(expected_rev)
        others = [c for c in since or [] if c.origin != origin]
        for change in others:
            if change.kind == kind and change.command == command:
                raise AlreadyDone(msg("Already done on another device ({label}); this screen now shows it.",
                                      label=change.label))
        if kind != "command" and (others or since is None):
            raise StaleChange(msg("The game changed on another device meanwhile; check the screen and tap again."))

    def _check_end(self, state: State) -> None:
        if state["ended"] is not None:
            return
        for hooks in active_hooks(state):
            outcome = hooks.check_end(state, self.content)
            if outcome is not None:
                state["ended"] = outcome
                return

    # -- undo / redo ----------------------------------------------------------------
    @property
    def undo_label(self) -> str | None:
        return render(self.doc["undo"][-1]["label"]) if self.doc["undo"] else None

    @property
    def redo_label(self) -> str | None:
        return render(self.doc["redo"][-1]["label"]) if self.doc["redo"] else None

    def undo(self, *, expected_rev: int | None = None, origin: str | None = None) -> Executed:
        return self._travel("undo", "redo", "back", msg("Nothing to undo."), expected_rev, origin)

    def redo(self, *, expected_rev: int | None = None, origin: str | None = None) -> Executed:
        return self._travel("redo", "undo", "fwd", msg("Nothing to redo."), expected_rev, origin)

    def _travel(self, kind: str, other: str, way: str, nothing: Msg, expected_rev: int | None,
                origin: str | None) -> Executed:
        """Undo or redo, one code for both: replay the newest step of the ``kind`` pile its ``way``, move it onto
        the ``other`` pile and log it; refused with ``nothing`` when the pile is empty."""
        with self._lock:
            self._refuse_repeat(kind, expected_rev, origin, None)
            if not self.doc[kind]:
                raise CommandError(nothing)
            entry = self.doc[kind][-1]
            restored = self._replay(entry, way)

            def move(doc: Doc) -> None:
                doc[other].append(doc[kind].pop())

            label = _marked(kind, entry["label"])
            rev = self.revision
            self._commit(restored, move, self._log_entry(kind, label, self.state))
            done = Executed(True, entry["label"], touched_parts(entry[way]))
            self._recent.append(Change(rev, kind, origin, None, label, done.touched))
            return done

    def _replay(self, entry: JsonObject, way: str) -> State:
        """The state a history step leads to; refused if its patch no longer fits the game.

        History read from a file was checked for shape, not for meaning: a step whose patch
        does not apply, or leads to a game the reader would refuse (``validate_state``, the one definition
        of a sound game), is refused, never applied.
        """
        try:
            restored: State = apply_patch(self.state, entry[way])
            validate_state(copy_json(restored), self.content)
        except (KeyError, IndexError, TypeError, ValueError, GameError):
            raise CommandError(msg("'{label}' can no longer be undone or redone: its saved step does not match "
                                   "the game.", label=entry["label"])) from None
        return restored

    # -- bookkeeping ----------------------------------------------------------------
    def _push_undo(self, doc: Doc, entry: JsonObject) -> None:
        doc["undo"].append(entry)
        del doc["undo"][:-UNDO_LIMIT]
        doc["redo"].clear()

    def _log_entry(self, kind: str, label: Json, state: State, command: JsonObject | None = None
                   ) -> JsonObject:
        phase = game_def(state, self.content).phase(state["phase"])
        entry: JsonObject = {
            "kind": kind, "label": label, "round": state["round"], "phase": phase.message().to_dict(),
            "at": self._clock().isoformat(timespec="seconds"),
        }
        if command is not None:
            entry["command"] = command
        return entry

    def _commit(self, new_state: State, history: Callable[[Doc], None], log: JsonObject) -> None:
        """Build the next document, save it, and only then make it current."""
        doc = dict(self.doc)
        doc["undo"] = list(self.doc["undo"])
        doc["redo"] = list(self.doc["redo"])
        log["n"] = self.doc.get("log_archived", 0) + len(self.doc["log"])
        doc["log"] = [*self.doc["log"], log]
        doc["state"] = new_state
        doc["updated"] = log["at"]
        history(doc)
        with spans.part("check"):
            check_readable(doc, self.content, before=self.doc)  # never save what the reader would refuse
        with spans.part("save"):
            self._save(doc)
        self.doc = doc


def _marked(kind: str, label: Json) -> Json:
    """An undo or redo log line: "Undo: <label>", a message when the label is one."""
    if is_message(label):
        return (msg("Undo: {label}", label=label) if kind == "undo" else msg("Redo: {label}", label=label)).to_dict()
    return f"Undo: {label}" if kind == "undo" else f"Redo: {label}"


def log_text(entry: LogEntry) -> str:
    """A log line's label in the reader's language (a plain label from an older save as it was)."""
    return render(entry["label"])

