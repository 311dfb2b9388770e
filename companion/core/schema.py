"""The shapes of saved data, written once: they are the type hints and the runtime check.

Each shape is a ``TypedDict`` (marked ``@strict``: no "7" for 7, no unknown keys) whose
fields carry their limits as ``annotated_types`` constraints (``MaxLen``, ``Ge``...), which
pydantic honours. ``check(shape, data)`` validates data read from outside - an import, a
game file found on disk, an old save after migration, a module's own state - and raises
``SchemaError`` naming the first wrong field, e.g. ``state.players[0].name``. pydantic is
imported and each adapter built only when first used, so importing a module that declares
shapes stays cheap (the terminal's cold start). Cross-checks against the game content (is
this module known?) are rules, and live in ``companion.core.validation``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Generic, Literal, Never, NotRequired, TypeVar, cast

from annotated_types import Ge, Le, Lt, MaxLen, MinLen, Predicate
from typing_extensions import TypedDict

from companion.core.errors import GameError

if TYPE_CHECKING:
    from pydantic import TypeAdapter

T = TypeVar("T")
STRICT: dict[str, bool | str] = {"strict": True, "extra": "forbid"}

#: Limits on what a saved game may hold; a bigger one is refused, not truncated.
MAX_TEXT = 600
MAX_LIST = 2_000
UNDO_LIMIT = 500
LOG_KEEP = 200  # log lines kept in the game file; older ones move to its log archive

_ID = re.compile(r"^[A-Za-z0-9_.:-]+$")


def an_id(text: str) -> bool:
    """Letters, digits and ``_ . : -`` only: what ids of games, players and cards are made of."""
    return bool(_ID.match(text))


#: What a failed ``Predicate`` says, by the predicate's name (see ``holds``).
_SAYS = {"an_id": "not an id (letters, digits and - _ . : only)"}
_PREDICATE_NAME = re.compile(r"^Predicate '(.+)' failed$")


def holds(test: Callable[[Never], bool], message: str) -> Predicate:
    """A ``Predicate`` constraint whose failure reads ``message``: ``holds(str.strip, "blank text")``."""
    _SAYS[test.__qualname__] = message
    return Predicate(test)


def an_end_code(word: str) -> bool:
    """One of the ways a game ends (``companion.core.end_codes.EndCode``)."""
    from companion.core.end_codes import is_end_code

    return is_end_code(word)


Id = Annotated[str, MinLen(1), MaxLen(64), Predicate(an_id)]
Text = Annotated[str, MaxLen(MAX_TEXT)]
Name = Annotated[str, MinLen(1), MaxLen(60)]
Stamp = Annotated[str, MinLen(1), MaxLen(40)]
Count = Annotated[int, Ge(0), Le(1_000_000)]
Small = Annotated[int, Ge(-10_000), Le(10_000)]
Round = Annotated[int, Ge(1), Le(5)]

#: Any JSON value, as patches carry: strings, numbers, booleans, null, lists and objects. The core's one explicit
#: ``Any`` (issue #26): JSON as it enters, which is checked by its shape where it is read.
Json = Any  # type: ignore[explicit-any]
#: A JSON object read from outside (a file, a module's saved state), checked by its shape where it is read.
JsonObject = dict[str, Json]


class SchemaError(GameError):
    """Data that does not have its schema's shape; ``loc`` and ``kind`` say where and what."""

    def __init__(self, loc: tuple[int | str, ...], kind: str, message: str) -> None:
        super().__init__(f"{path(loc)}: {message}")
        self.loc, self.kind, self.detail = loc, kind, message


InvalidShape = SchemaError


def strict(cls: type[T]) -> type[T]:
    """Class decorator: the TypedDict is checked strictly, unknown keys refused."""
    cls.__pydantic_config__ = STRICT  # type: ignore[attr-defined]
    return cls


@strict
class MessageData(TypedDict):
    """A message kept in a saved game (``companion.core.i18n.Msg.to_dict``): rendered when shown."""

    key: Text
    params: NotRequired[dict[Annotated[str, MaxLen(40)], Json]]
    plural: NotRequired[Text]
    count: NotRequired[Annotated[str, MaxLen(40)]]


#: A text shown to players: a stored message, or (a game saved before messages were data) plain text.
Shown = Text | MessageData


_ADAPTERS: dict[object, object] = {}


def _adapter(shape: type[T]) -> TypeAdapter[T]:
    adapter = _ADAPTERS.get(shape)
    if adapter is None:
        from pydantic import TypeAdapter

        adapter = _ADAPTERS[shape] = TypeAdapter(shape)
    return cast("TypeAdapter[T]", adapter)


def check(shape: type[T], data: object, what: str = "") -> T:
    """``data`` (a checked copy) if it has ``shape``, else a SchemaError for the first fault.

    ``what`` names the data in the message (``state``: ``state.round: ...``).
    """
    from pydantic import ValidationError

    try:
        checked: T = _adapter(shape).validate_python(data)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        loc = tuple(part for part in (what, *first["loc"]) if part != "")
        message, given = first["msg"], first.get("input")
        if first["type"] == "predicate_failed" and (named := _PREDICATE_NAME.match(message)):
            message = _SAYS.get(named.group(1), message)
        elif first["type"] == "literal_error" and isinstance(given, str | int) and len(repr(given)) <= 40:
            message = f"{message}, not {given!r}"  # the wrong word, as a typo in a data file shows it
        raise SchemaError(loc, first["type"], message) from None
    return checked


_VALUE_ADAPTERS: dict[object, TypeAdapter[object]] = {}


def check_value(kind: object, value: object) -> object:
    """``value`` if it is strictly of ``kind`` (a type with its ``annotated_types`` limits: no "1" for 1, no True
    for 1.0), else a SchemaError; for single values, such as one setting, where a shape would be a whole record."""
    from pydantic import ConfigDict, TypeAdapter, ValidationError

    adapter = _VALUE_ADAPTERS.get(kind)
    if adapter is None:
        adapter = _VALUE_ADAPTERS[kind] = TypeAdapter(cast("type[object]", kind), config=ConfigDict(strict=True))
    try:
        return adapter.validate_python(value)
    except ValidationError as exc:
        first = exc.errors(include_url=False)[0]
        raise SchemaError(tuple(first["loc"]), first["type"], first["msg"]) from None


def path(loc: tuple[int | str, ...]) -> str:
    """A location as a readable path: ``bonus_cards[2].name``."""
    out = ""
    for part in loc:
        if part == "[key]":  # the fault is in a mapping's key, not its value
            out += " (the key)"
        else:
            out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the data"


#: A player's part: a colony of ants, or (the asymmetric variant) the Broodmother.
Role = Literal["ant", "broodmother"]


@strict
class Player(TypedDict):
    """One player; the player who is the Broodmother (asymmetric variant) has no colony colour (``None``)."""

    id: Id
    name: Annotated[str, MinLen(1), MaxLen(24)]
    colour: Annotated[str, MaxLen(24)] | None
    role: Role


@strict
class Ended(TypedDict):
    """How a game ended: ``winners`` are player ids (several on a tie, none when nobody wins) or a winner who is
    not a player (``companion.core.end_codes.NON_PLAYER_WINNERS``: the automated Broodmother)."""

    code: Annotated[str, holds(an_end_code, "not a way a game ends")]  # an ``EndCode``'s word
    reason: Shown
    winners: Annotated[list[Id], MaxLen(5)]


class Options(TypedDict):
    advanced_track: NotRequired[bool]


Options.__pydantic_config__ = {"strict": True, "extra": "allow"}  # type: ignore[attr-defined]


@strict
class GameState(TypedDict):
    schema: Literal[1]
    game: Id
    expansions: Annotated[list[Id], MaxLen(10)]
    modules: Annotated[list[Id], MaxLen(40)]
    variants: Annotated[list[Id], MaxLen(40)]
    mode: Id
    options: Options
    players: Annotated[list[Player], MinLen(1), MaxLen(5)]
    round: Round
    rounds: Round
    phase: Id
    scores: Annotated[dict[Id, Annotated[list[Small], MaxLen(5)]], MaxLen(5)]
    rng: Annotated[int, Ge(0), Lt(2**64)]
    ended: Ended | None
    modules_state: Annotated[dict[Id, dict[str, Json]], MaxLen(40)]
    module_versions: NotRequired[Annotated[dict[Id, Annotated[int, Ge(1), Le(1000)]], MaxLen(40)]]


@strict
class HistoryEntry(TypedDict):
    label: Shown
    back: Annotated[list[Annotated[list[Json], MinLen(2), MaxLen(3)]], MaxLen(MAX_LIST)]
    fwd: Annotated[list[Annotated[list[Json], MinLen(2), MaxLen(3)]], MaxLen(MAX_LIST)]


@strict
class LogEntry(TypedDict):
    kind: Literal["command", "undo", "redo"]
    label: Shown
    round: Round
    phase: Shown
    at: Stamp
    n: NotRequired[Count]
    command: NotRequired[dict[str, Json]]


#: Log lines moved out of a game file (an old save's or an import's long log).
ArchivedLog = Annotated[list[LogEntry], MaxLen(100_000)]


@strict
class GameDoc(TypedDict):
    schema: Literal[2]
    id: Id
    name: Name
    created: Stamp
    updated: Stamp
    rev: NotRequired[Count]
    state: GameState
    undo: Annotated[list[HistoryEntry], MaxLen(UNDO_LIMIT)]
    redo: Annotated[list[HistoryEntry], MaxLen(UNDO_LIMIT)]
    log: Annotated[list[LogEntry], MaxLen(LOG_KEEP)]
    log_archived: NotRequired[Count]


class Shape(Generic[T]):
    """A TypedDict's check kept at hand: ``Shape(AphidsState).check(value)`` returns it, or raises ``error``."""

    def __init__(self, kind: type[T]) -> None:
        self.kind = kind

    def check(self, value: object, error: type[GameError] = SchemaError) -> T:
        try:
            return check(self.kind, value)
        except SchemaError as exc:
            if error is SchemaError:
                raise
            raise error(str(exc)) from None
