"""The Mutations deck and its numbers, read from ``data/mutations/mutations.json`` and checked on load."""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.schema import Shape, strict

Part = Literal["head", "thorax", "abdomen"]
PARTS: tuple[Part, ...] = ("head", "thorax", "abdomen")
CardName = Annotated[str, MinLen(1), MaxLen(40)]


@strict
class MutationCard(TypedDict):
    id: Annotated[str, MinLen(1), MaxLen(8)]
    part: Part
    name: CardName


@strict
class Interpretation(TypedDict):
    id: str
    text: str


@strict
class MutationsContent(TypedDict):
    schema: int
    source: str
    deal: Annotated[int, Ge(1), Le(8)]
    keep: Annotated[int, Ge(1), Le(3)]
    fully_developed_cp: Annotated[int, Ge(0), Le(9)]
    abilities: dict[str, Annotated[str, MaxLen(200)]]
    cards: Annotated[list[MutationCard], MinLen(8), MaxLen(60)]
    reminders: list[str]
    solo: str
    interpretations: list[Interpretation]


SHAPE = Shape(MutationsContent)


@cache
def mutations_content() -> MutationsContent:
    return SHAPE.load("mutations/mutations.json")
