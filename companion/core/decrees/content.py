"""The Queen's Decrees the app knows, read from ``data/decrees/decrees.json`` and checked on load."""

from __future__ import annotations

from functools import cache
from typing import Annotated

from pydantic import Field, with_config
from typing_extensions import TypedDict

from companion.core.errors import CommandError
from companion.core.schema import STRICT, Shape

Text = Annotated[str, Field(min_length=1, max_length=200)]


@with_config(STRICT)
class Decree(TypedDict):
    id: Annotated[str, Field(pattern=r"^[a-z0-9-]+$", max_length=40)]
    name: Annotated[str, Field(min_length=1, max_length=40)]
    measure: Annotated[str, Field(min_length=1, max_length=40)]  # what each colony counts: "Evolutions"
    criterion: Text


@with_config(STRICT)
class Interpretation(TypedDict):
    id: str
    text: str


@with_config(STRICT)
class DecreesContent(TypedDict):
    schema: int
    source: str
    decrees: list[Decree]
    interpretations: list[Interpretation]


SHAPE = Shape(DecreesContent)
DECREE = Shape(Decree)


@cache
def decrees_content() -> DecreesContent:
    return SHAPE.load("decrees/decrees.json")


def known_decree(decree_id: str) -> Decree:
    for d in decrees_content()["decrees"]:
        if d["id"] == decree_id:
            return d
    names = ", ".join(f"{d['id']} ({d['name']})" for d in decrees_content()["decrees"])
    raise CommandError(f"No Queen's Decree {decree_id!r}; the app knows {names}, or type the card's own text.")


def interpretation(key: str) -> str:
    return next(i["text"] for i in decrees_content()["interpretations"] if i["id"] == key)
