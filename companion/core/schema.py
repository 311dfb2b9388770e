"""One definition per shape: a TypedDict gives the type hints, its pydantic TypeAdapter the runtime check.

A game area declares its state (and its data file) once as ``TypedDict`` classes; ``Shape``
wraps the adapter so a check at a boundary (a saved game opened, an import, a data file
read) raises the project's own error naming the field: ``hexes.0.sites: at most 9``.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from pydantic import ConfigDict, TypeAdapter, ValidationError

from companion.core.content import load_json
from companion.core.errors import ContentError, GameError

T = TypeVar("T")

# Saved state and data files are JSON written by this app: no coercion ("2" is not 2, True is
# not 1) and no unknown keys, so a hand-edited or foreign file is refused, not half-read.
STRICT = ConfigDict(strict=True, extra="forbid")


def _where(loc: tuple[int | str, ...]) -> str:
    return ".".join(str(part) for part in loc) or "the value"


def describe_error(exc: ValidationError) -> str:
    """The first fault as one sentence that names the field."""
    first = exc.errors(include_url=False)[0]
    message = str(first["msg"])
    message = message[0].lower() + message[1:] if message else "is not valid"
    return f"{_where(tuple(first['loc']))}: {message}"


class Shape(Generic[T]):
    """A TypedDict's runtime check: ``Shape(AphidsState).check(value)`` returns it typed, or raises."""

    def __init__(self, kind: type[T]) -> None:
        self.kind = kind
        self.adapter: TypeAdapter[T] = TypeAdapter(kind)

    def check(self, value: Any, error: type[GameError] = GameError) -> T:
        try:
            return self.adapter.validate_python(value)
        except ValidationError as exc:
            raise error(describe_error(exc)) from None

    def load(self, relative: str) -> T:
        """A data file under ``data/``, checked: a fault names the file and the field."""
        try:
            return self.adapter.validate_python(load_json(relative))
        except ValidationError as exc:
            raise ContentError(f"{relative}: {describe_error(exc)}") from None
