"""The shapes of a saved game, written once: they are the type hints and the runtime check.

Each shape is a ``TypedDict`` whose fields carry their limits (``Annotated`` with
pydantic's constraints); ``check(shape, value)`` validates a value read from outside (an
import, a game file found on disk, an old save after migration, a module's own state)
in strict mode, so a wrong type is refused, never coerced, and extra keys are refused
too. A refusal is an ``InvalidShape`` naming the field, e.g. ``state.players.0.name``.
Cross-checks against the game content (is this module known?) are rules, and live in
``companion.core.validation``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypeVar

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from companion.core.errors import GameError

T = TypeVar("T")

STRICT = ConfigDict(extra="forbid", strict=True)

#: Limits on what a saved game may hold; a bigger one is refused, not truncated.
MAX_TEXT = 600
MAX_LIST = 2_000
UNDO_LIMIT = 500
LOG_KEEP = 200  # log lines kept in the game file; older ones move to its log archive

Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.:-]+$")]
Text = Annotated[str, Field(max_length=MAX_TEXT)]
Name = Annotated[str, Field(min_length=1, max_length=60)]
Stamp = Annotated[str, Field(min_length=1, max_length=40)]
Count = Annotated[int, Field(ge=0, le=1_000_000)]
Small = Annotated[int, Field(ge=-10_000, le=10_000)]

#: Any JSON value, as patches carry: strings, numbers, booleans, null, lists and objects.
Json = Any


class InvalidShape(GameError):
    """A value read from outside does not have the shape this version writes."""


@with_config(STRICT)
class Player(TypedDict):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=24)]
    colour: Annotated[str, Field(max_length=24)]
    role: Literal["ant", "broodmother"]


@with_config(STRICT)
class Ended(TypedDict):
    code: Id
    reason: Text
    winners: Annotated[list[Id], Field(max_length=5)]


@with_config(ConfigDict(extra="allow", strict=True))
class Options(TypedDict):
    advanced_track: NotRequired[bool]


@with_config(STRICT)
class GameState(TypedDict):
    schema: Literal[1]
    game: Id
    expansions: Annotated[list[Id], Field(max_length=10)]
    modules: Annotated[list[Id], Field(max_length=40)]
    variants: Annotated[list[Id], Field(max_length=40)]
    mode: Id
    options: Options
    players: Annotated[list[Player], Field(min_length=1, max_length=5)]
    round: Annotated[int, Field(ge=1, le=5)]
    rounds: Annotated[int, Field(ge=1, le=5)]
    phase: Id
    scores: Annotated[dict[Id, Annotated[list[Small], Field(max_length=5)]], Field(max_length=5)]
    rng: Annotated[int, Field(ge=0, lt=2**64)]
    ended: Ended | None
    modules_state: Annotated[dict[Id, dict[str, Json]], Field(max_length=40)]
    module_versions: NotRequired[Annotated[dict[Id, Annotated[int, Field(ge=1, le=1000)]], Field(max_length=40)]]


PatchPath = Annotated[list[str | int], Field(max_length=32)]
SetOp = Annotated[list[Json], Field(min_length=3, max_length=3)]


@with_config(STRICT)
class HistoryEntry(TypedDict):
    label: Text
    back: Annotated[list[Annotated[list[Json], Field(min_length=2, max_length=3)]], Field(max_length=MAX_LIST)]
    fwd: Annotated[list[Annotated[list[Json], Field(min_length=2, max_length=3)]], Field(max_length=MAX_LIST)]


@with_config(STRICT)
class LogEntry(TypedDict):
    kind: Literal["command", "undo", "redo"]
    label: Text
    round: Annotated[int, Field(ge=1, le=5)]
    phase: Text
    at: Stamp
    n: NotRequired[Count]
    command: NotRequired[dict[str, Json]]


#: Log lines moved out of a game file (an old save's or an import's long log).
ArchivedLog = Annotated[list[LogEntry], Field(max_length=100_000)]


@with_config(STRICT)
class GameDoc(TypedDict):
    schema: Literal[2]
    id: Id
    name: Name
    created: Stamp
    updated: Stamp
    rev: NotRequired[Count]
    state: GameState
    undo: Annotated[list[HistoryEntry], Field(max_length=UNDO_LIMIT)]
    redo: Annotated[list[HistoryEntry], Field(max_length=UNDO_LIMIT)]
    log: Annotated[list[LogEntry], Field(max_length=LOG_KEEP)]
    log_archived: NotRequired[Count]


_ADAPTERS: dict[Any, TypeAdapter[Any]] = {}


def _adapter(shape: Any) -> TypeAdapter[Any]:
    adapter = _ADAPTERS.get(shape)
    if adapter is None:
        adapter = _ADAPTERS[shape] = TypeAdapter(shape)
    return adapter


def check(shape: type[T], value: Any, what: str = "") -> T:
    """``value`` if it has ``shape``; else ``InvalidShape`` naming the first wrong field."""
    try:
        result: T = _adapter(shape).validate_python(value)
    except ValidationError as exc:
        raise InvalidShape(describe_error(exc, what)) from None
    return result


def describe_error(exc: ValidationError, what: str = "") -> str:
    first = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in (what, *first["loc"]) if part != "")
    count = exc.error_count()
    more = f" (and {count - 1} more problem{'s' if count > 2 else ''})" if count > 1 else ""
    return f"{where or 'the value'}: {first['msg'].rstrip('.').lower()}{more}"
