"""Eve of the Antperium's Slumber numbers, read from ``data/eve/eve.json`` and checked on load."""

from __future__ import annotations

from functools import cache
from typing import Annotated

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.schema import Shape, strict

Points = Annotated[int, Ge(0), Le(10)]


@strict
class EvePoints(TypedDict):
    enclave: Points
    adjacent: Points
    other: Points


@strict
class Interpretation(TypedDict):
    id: str
    text: str


@strict
class EveContent(TypedDict):
    schema: int
    source: str
    points: EvePoints
    adjacent_hexes: Annotated[int, Ge(1), Le(12)]
    max_other_hexes: Annotated[int, Ge(1), Le(99)]
    interpretations: list[Interpretation]


SHAPE = Shape(EveContent)


@cache
def eve_content() -> EveContent:
    return SHAPE.load("eve/eve.json")
