"""Eve of the Antperium's Slumber numbers, read from ``data/eve/eve.json`` and checked on load."""

from __future__ import annotations

from functools import cache
from typing import Annotated

from pydantic import Field, with_config
from typing_extensions import TypedDict

from companion.core.schema import STRICT, Shape

Points = Annotated[int, Field(ge=0, le=10)]


@with_config(STRICT)
class EvePoints(TypedDict):
    enclave: Points
    adjacent: Points
    other: Points


@with_config(STRICT)
class Interpretation(TypedDict):
    id: str
    text: str


@with_config(STRICT)
class EveContent(TypedDict):
    schema: int
    source: str
    points: EvePoints
    adjacent_hexes: Annotated[int, Field(ge=1, le=12)]
    max_other_hexes: Annotated[int, Field(ge=1, le=99)]
    interpretations: list[Interpretation]


SHAPE = Shape(EveContent)


@cache
def eve_content() -> EveContent:
    return SHAPE.load("eve/eve.json")
