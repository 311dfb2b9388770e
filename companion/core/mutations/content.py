"""The Mutations deck and its numbers, read from ``data/mutations/mutations.json`` and checked on load."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import catalogue_said
from companion.core.datafiles import ContentFile
from companion.core.schema import strict
from companion.core.units import DataFile
from companion.core.words import Part

CardName = Annotated[str, MinLen(1), MaxLen(40)]


@strict
class MutationCard(TypedDict):
    id: Annotated[str, MinLen(1), MaxLen(8)]
    part: Part
    name: CardName


@strict
class MutationsContent(ContentFile):
    deal: Annotated[int, Ge(1), Le(8)]
    keep: Annotated[int, Ge(1), Le(3)]
    fully_developed_cp: Annotated[int, Ge(0), Le(9)]
    abilities: dict[str, Annotated[str, MaxLen(200)]]
    cards: Annotated[list[MutationCard], MinLen(8), MaxLen(60)]
    reminders: list[str]
    solo: str


FILE = DataFile(MutationsContent, "mutations", "mutations.json")
mutations_content = FILE.of



def placeholder_names() -> list[str]:
    """The deck's names the app made up ("Head Mutation 2"): not printed titles, so they are translated."""
    c = mutations_content()
    return [card["name"] for card in c["cards"] if card["name"] not in c["abilities"]]


def catalogue_texts() -> list[str]:
    """The file's texts a player reads (the catalogue's entries); the printed card names stay as printed."""
    c = mutations_content()
    texts = [*placeholder_names(), *c["abilities"].values(), *c["reminders"], c["solo"]]
    return texts + [i["text"] for i in c["interpretations"]]


said = catalogue_said(catalogue_texts)
