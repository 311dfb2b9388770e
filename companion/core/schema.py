"""One schema per shape: a TypedDict gives the type hints, pydantic checks data against it at a boundary.

``strict`` marks a TypedDict as strict (no "7" for 7, no unknown keys); ``check`` validates
data against it and raises ``SchemaError`` with the first fault's location and pydantic's
error type, so callers can word the message for their own readers. pydantic is imported
and each adapter built only when first used, so importing a module that declares shapes
stays cheap (the CLI's cold start).
"""

from __future__ import annotations

from functools import cache
from typing import Any, TypeVar

from companion.core.errors import GameError

T = TypeVar("T")
STRICT: dict[str, Any] = {"strict": True, "extra": "forbid"}


class SchemaError(GameError):
    """Data that does not have its schema's shape; ``loc`` and ``kind`` say where and what."""

    def __init__(self, loc: tuple[int | str, ...], kind: str, message: str) -> None:
        super().__init__(f"{path(loc)}: {message}")
        self.loc, self.kind, self.detail = loc, kind, message


def strict(cls: type[T]) -> type[T]:
    """Class decorator: the TypedDict is checked strictly, unknown keys refused."""
    cls.__pydantic_config__ = STRICT  # type: ignore[attr-defined]
    return cls


@cache
def _adapter(shape: Any) -> Any:
    from pydantic import TypeAdapter

    return TypeAdapter(shape)


def check(shape: type[T], data: object) -> T:
    """``data`` if it has ``shape``, else a SchemaError for the first fault."""
    from pydantic import ValidationError

    try:
        checked: T = _adapter(shape).validate_python(data)  # type: ignore[arg-type]
    except ValidationError as exc:
        first = exc.errors()[0]
        raise SchemaError(tuple(first["loc"]), first["type"], first["msg"]) from None
    return checked


def path(loc: tuple[int | str, ...]) -> str:
    """A location as a readable path: ``bonus_cards[2].name``."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "the data"
