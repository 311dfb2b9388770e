"""An attribute that reads the same-named attribute of another one the object holds.

A panel's context shows its session's state and content, and a drawing's session shows the real session's
revision and id: each is one line saying where the value lives, instead of a property written out again.
"""

from __future__ import annotations

from typing import Generic, TypeVar, cast

T = TypeVar("T")


class Forward(Generic[T]):
    """``state = Forward[State]("session")``: reading ``obj.state`` reads ``obj.session.state``; read only."""

    def __init__(self, holder: str) -> None:
        self.holder = holder
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> T:
        if obj is None:
            raise AttributeError(f"{self.name} is read from an instance's {self.holder}")
        return cast(T, getattr(getattr(obj, self.holder), self.name))

    def __set__(self, obj: object, value: T) -> None:
        raise AttributeError(f"{self.name} is its {self.holder}'s: change it there")
