"""Panels kept as drawn: a change of the game that touched nothing a panel was drawn from does not draw it again.

Every change rebuilds the game screen from the saved game (``companion.ui.slots``), mostly into the same controls:
Next changes the phase, which the Mutations panel never reads. No panel says so by hand: while a panel is drawn,
what it reads of the game is noted (``GameReader``): the parts of the state it reads itself (``ReadState``: each
top-level key, each module's part), and the answers it asks for (the game view, an area's view, whether a command
may run) with the entries it read (``Entries``, ``Used``; some key by key, ``KeysRead``). Each change says which
parts of the state it touched (``Session.touched_since``). A panel whose tab value is the same, none of whose own
parts were touched, and whose answers have the same entries now (a point does not redraw the meadow) stays.

Answers are kept once per game document and language with the parts of the state each read, so every panel asking
is held to them; the game view is one too (made of the whole document, name and log included). The suite
(``COMPANION_CHECK_KEPT=1``, its servers too) draws a panel the screen would keep, and it must come out equal.
"""

from __future__ import annotations

import copy
import os
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from functools import partial
from typing import TYPE_CHECKING, TypeVar, cast
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

from companion import spans
from companion.core.actions import answered_by
from companion.core.commands.base import Command
from companion.core.errors import CommandError
from companion.core.i18n import language
from companion.core.schema import Json, JsonObject
from companion.core.session import MODULES, Doc, Session, refusal
from companion.core.state import State
from companion.core.views import GameView, game_view
from companion.ui.forward import Forward

CHECK = os.environ.get("COMPANION_CHECK_KEPT") == "1"
DOCUMENT = "<document>"  # the game's name, log and Undo labels: not part of the state, so every change touches it
VIEW = "game_view"  # the game view's key among the answers
MADE_OF_THE_DOCUMENT = frozenset({DOCUMENT})  # the game view's parts: it shows the game's name and log too
EVERYTHING = "*"  # what a change that replaced the whole state touched

T = TypeVar("T")

class StaleDrawing(AssertionError):
    """A panel the screen would have kept came out drawn differently (found by a test)."""


def same_drawing(panel: str, unchanged: bool) -> None:
    """Under ``CHECK``: a panel the screen would have kept came out drawn differently."""
    if not unchanged:
        raise StaleDrawing(f"panel {panel} would have been kept as drawn, but its drawing changed: it is drawn "
                           "from something its reads or its Panel.reads leave out")


def part_name(key: str, prefix: str = "") -> str:
    """The name of a part of the state: a top-level key, or ``modules_state.<module>`` for one module's."""
    return f"{prefix}.{key}" if prefix else key


# -- noting reads ------------------------------------------------------------------------------------------------
class NotingDict(dict[str, Json]):
    """A dict that tells ``_note`` each key read, and ``_note_all`` when it is walked whole (a copy, a loop, a
    comparison); its copies are plain dicts (``_plain``)."""

    def _note(self, key: object) -> None:
        raise NotImplementedError

    def _note_all(self) -> None:
        raise NotImplementedError

    def _plain(self) -> JsonObject:
        return {key: value._plain() if isinstance(value, NotingDict) else value for key, value in dict.items(self)}

    def __getitem__(self, key: str) -> Json:
        self._note(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Json = None) -> Json:
        self._note(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._note(key)
        return super().__contains__(key)

    def keys(self) -> dict_keys[str, Json]:
        self._note_all()
        return super().keys()

    def values(self) -> dict_values[str, Json]:
        self._note_all()
        return super().values()

    def items(self) -> dict_items[str, Json]:
        self._note_all()
        return super().items()

    def __iter__(self) -> Iterator[str]:
        self._note_all()
        return super().__iter__()

    def __eq__(self, other: object) -> bool:
        self._note_all()
        return super().__eq__(other)

    __hash__ = None

    def copy(self) -> JsonObject:
        self._note_all()
        return self._plain()

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, object]) -> JsonObject:
        self._note_all()
        return copy.deepcopy(self._plain(), memo)


class ReadState(NotingDict):
    """A state's top level (or its modules' part) that notes the parts read in ``reads``."""

    def __init__(self, state: JsonObject, reads: set[str], prefix: str = "") -> None:
        super().__init__(state)
        self._reads = reads
        self._prefix = prefix
        if not prefix and isinstance(state.get(MODULES), dict):
            super().__setitem__(MODULES, ReadState(state[MODULES], reads, MODULES))

    def _note(self, key: object) -> None:
        if isinstance(key, str) and (self._prefix or key != MODULES):
            self._reads.add(part_name(key, self._prefix))

    def _note_all(self) -> None:
        for key, value in dict.items(self):  # the plain walk (``items`` here notes every part)
            self._note(key)
            if isinstance(value, ReadState):
                value._note_all()


class Reads(set[str]):
    """The parts of the state a drawing read: all of them, and in ``direct`` those it read itself (through the
    state or the game view) rather than through an answer it asked for, which is compared by value instead."""

    def __init__(self) -> None:
        super().__init__()
        self.direct: set[str] = set()

    def add(self, part: str) -> None:
        super().add(part)
        self.direct.add(part)

    def update(self, *others: Iterable[str]) -> None:
        for other in others:
            for part in other:
                self.add(part)

    def through_answer(self, parts: Iterable[str]) -> None:
        set.update(self, parts)


class Entries(NotingDict):
    """An answer that is a dict (a module's view), handed to one drawing: each entry read is kept with its value in
    ``used``, so the drawing can be kept while those entries are the same, whatever else the answer holds; its
    entries ``by_key`` by the key read (``KeysRead``: her card changes her meadow's commands, not her battles')."""

    def __init__(self, answer: JsonObject, used: dict[object, object]) -> None:
        super().__init__(answer)
        self._used = used

    def __getitem__(self, key: str) -> Json:
        value = dict.get(self, key)
        if by_key(key) and type(value) is dict:
            return cast(Json, KeysRead(key, value, self._used))
        return super().__getitem__(key)

    def get(self, key: str, default: Json = None) -> Json:
        return self[key] if by_key(key) and dict.__contains__(self, key) else super().get(key, default)

    def _note(self, key: object) -> None:
        if isinstance(key, str):
            self._used[key] = comparable(dict.get(self, key))

    def _note_all(self) -> None:
        self._used[WHOLE] = comparable(self._plain())


WHOLE = "<whole>"  # an answer used whole (walked, copied, or not a dict)
#: Entries read key by key (``actions``: ``core.actions.lookup``), and every ``*_by_id`` (a list's items by id).
READ_BY_KEY, BY_ID = frozenset({"actions", "interpretations", "machinations", "deck", "cp", "end"}), "_by_id"
UNLISTED = "<unlisted>"  # a key an entry does not hold, as read (``core.actions.lookup`` raises)


def by_key(entry: str) -> bool:
    return entry in READ_BY_KEY or entry.endswith(BY_ID)  # her meadow's hexes by number, an area's players by id


class KeysRead(Mapping[str, Json]):
    """A view's entry read ``by_key`` as one drawing reads it: each key looked up is kept with its value under
    ``(entry, key)``; a walk, a length or a comparison keeps the entry whole. Not a dict, so no C-level read
    (``dict.__ne__``, ``dict | other``, a dict's copy) goes around the noting: a read it does not see fails."""

    def __init__(self, entry: str, value: JsonObject, used: dict[object, object]) -> None:
        self._entry, self._value, self._used = entry, value, used

    def __getitem__(self, key: str) -> Json:
        value = self._value.get(key, UNLISTED)
        self._used[(self._entry, key)] = comparable(value)
        if value is UNLISTED:
            raise KeyError(key)
        return value

    def __iter__(self) -> Iterator[str]:
        self._used[self._entry] = comparable(self._value)
        return iter(self._value)

    def __len__(self) -> int:
        return sum(1 for _ in self)  # walked (``__iter__``): held to the whole entry


def entry_now(answer: object, entry: object) -> object:
    """An answer's ``WHOLE``, entry or ``(entry, key)`` as it is now (a new ``object()``: no longer there to read)."""
    if entry == WHOLE:
        return comparable(answer)
    if type(answer) is not dict:
        return object()
    if type(entry) is tuple:
        inner = answer.get(entry[0])
        return comparable(inner.get(entry[1], UNLISTED)) if type(inner) is dict else object()
    return comparable(answer.get(entry))


def comparable(value: object) -> object:
    """An answer as compared with the same answer after a change: a refusal by its words, the rest as it is."""
    if isinstance(value, BaseException):
        return (type(value), str(value))
    return value


# -- answers kept per game document ---------------------------------------------------------------------------------
class _Kept:
    """The answers about one game document: each with the parts of the state it read."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.answers: dict[Hashable, tuple[object, frozenset[str]]] = {}


_kept: WeakKeyDictionary[Session, _Kept] = WeakKeyDictionary()
_kept_lock = threading.Lock()


def _answers(session: Session, doc: Doc) -> dict[Hashable, tuple[object, frozenset[str]]]:
    """The answers kept for ``session``'s game document ``doc`` (a new, empty set after every change)."""
    with _kept_lock:
        kept = _kept.get(session)
        if kept is None or kept.doc is not doc:
            kept = _kept[session] = _Kept(doc)
        return kept.answers


class GameReader:
    """The game as one drawing reads it: questions (the game view, an area's view, whether a command may run and why
    not) answered once per game document and language, shared by every tab showing the game, with the parts of the
    state each answer read noted in ``reads``. It only reads: changes go to the session (``PanelContext.dispatch``)."""

    def __init__(self, session: Session, reads: set[str] | None = None) -> None:
        self.real = session
        self.content = session.content
        self.reads: set[str] = Reads() if reads is None else reads
        self.used: dict[Hashable, Used] = {}  # each answer this drawing asked for: how, and what of it it read
        self._plain: State | None = None
        self._state: ReadState | None = None

    @property
    def doc(self) -> Doc:
        self.reads.add(DOCUMENT)
        return self.real.doc

    revision = Forward[int]("real")
    id = Forward[str]("real")

    @property
    def state(self) -> State:
        plain = self.real.state
        if self._state is None or self._plain is not plain:
            self._plain, self._state = plain, ReadState(cast(JsonObject, plain), self.reads)
        return cast(State, self._state)

    def view(self) -> GameView:
        """The game view (``companion.core.views.game_view``) as an answer: each entry this drawing reads is compared
        with the same entry after a change, so no table says what each entry is made of."""
        return cast("GameView", self.ask(VIEW, lambda _: game_view(self.real), outside=MADE_OF_THE_DOCUMENT))

    def view_now(self) -> GameView:
        """The game view as kept for the game as saved now, nothing noted (what the game screen draws from)."""
        return self.answer(VIEW, lambda _: game_view(self.real), MADE_OF_THE_DOCUMENT)[0]

    def can(self, command: Command) -> bool:
        return self._refusal(command) is None

    def why_not(self, command: Command) -> str | None:
        refused = self._refusal(command)
        return None if refused is None else str(refused)

    def ask(self, key: Hashable, compute: Callable[[State], T], outside: frozenset[str] = frozenset()) -> T:
        """``compute(state)`` for the game as saved now, kept per document and language with the parts it read
        (``outside``: what else of the game it reads, the document for the game view); a dict answer is handed over
        as ``Entries``, so this drawing is held to the entries it read."""
        try:
            value, parts = self.answer(key, compute, outside)
        except TypeError:  # a key with a list in it: asked afresh
            with spans.part("views"):
                return compute(self.state)
        if isinstance(self.reads, Reads):
            self.reads.through_answer(parts)
        else:
            self.reads.update(parts)
        used = self.used.setdefault(key, Used(compute, outside))
        used.parts = parts
        if type(value) is dict:
            return cast(T, Entries(cast(JsonObject, value), used.entries))
        used.entries[WHOLE] = comparable(value)
        return value

    def answer(self, key: Hashable, compute: Callable[[State], T], outside: frozenset[str] = frozenset()
               ) -> tuple[T, frozenset[str]]:
        """The answer itself, as kept for the game as saved now, and the parts of the state it read."""
        doc = self.real.doc  # the game as saved now: its answers, computed from its state
        answers = _answers(self.real, doc)
        full = (language(), key)
        found = answers.get(full)  # TypeError for a key that cannot be kept
        if found is None:
            read: set[str] = set()
            state = cast(State, ReadState(doc["state"], read))
            with spans.part("views"), answered_by(state, partial(self._kept_refusal, state, read)):
                found = answers[full] = (compute(state), frozenset(read) | outside)
        return cast(T, found[0]), found[1]

    def _refusal(self, command: Command) -> CommandError | None:
        return self.ask(("refusal", command), lambda state: refusal(command, state, self.content))

    def _kept_refusal(self, state: State, read: set[str], command: Command) -> CommandError | None:
        """A view's answer to ``command`` (``core.actions``), kept with this game's answers, so a command two views
        list is verified once; the parts of the state it read are that view's too (``read``)."""
        try:
            refused, parts = self.answer(("refusal", command), lambda now: refusal(command, now, self.content))
        except TypeError:  # a command with a list in it: asked afresh
            return refusal(command, state, self.content)
        read.update(parts)
        return refused


class Used:
    """An answer a drawing asked for: how it is computed, and what of it the drawing read (entry -> value)."""

    def __init__(self, compute: Callable[[State], object], outside: frozenset[str] = frozenset()) -> None:
        self.compute = compute
        self.outside = outside
        self.parts: frozenset[str] = frozenset()  # the parts of the game the answer was made of
        self.entries: dict[object, object] = {}

    def made_of(self, touched: frozenset[str]) -> bool:
        """Whether a change that touched ``touched`` may have changed the answer (the game view: every change)."""
        return bool(self.parts & touched) or DOCUMENT in self.parts

    def same_now(self, key: Hashable, session: Session) -> bool:
        """Whether the answer for the game as saved now has the same values in every entry read."""
        now, _ = GameReader(session).answer(key, self.compute, self.outside)
        return all(entry_now(now, entry) == value for entry, value in self.entries.items())


class Drawn:
    """What a panel on the page was drawn from: this tab's inputs, the parts of the game it read (itself, and through
    the answers it asked for, with what it read of each), and the game as it was then (document and revision)."""

    def __init__(self, inputs: object, asking: GameReader, session: Session) -> None:
        self.inputs, self.reads = inputs, frozenset(asking.reads)
        self.direct = frozenset(getattr(asking.reads, "direct", asking.reads))
        self.used = dict(asking.used)
        self.session, self.doc, self.rev = session, session.doc, session.revision

    def still(self, inputs: object, session: Session) -> bool:
        """Whether a panel drawn so would be drawn the same now: same inputs, same session, no part it read itself
        touched since, and every answer made of a touched part (the game view: of every change) the same in what
        it read of it (a document that changed without a revision - a game never saved - counts as all touched)."""
        if inputs != self.inputs or session is not self.session or DOCUMENT in self.direct:
            return False
        if session.doc is self.doc:
            return True
        touched = session.touched_since(self.rev) if session.revision != self.rev else None
        if touched is None or EVERYTHING in touched or touched & self.direct:
            return False
        if not all(used.same_now(key, session) for key, used in self.used.items() if used.made_of(touched)):
            return False
        self.doc, self.rev = session.doc, session.revision  # as drawn now: the next change is counted from here
        return True
