"""Eve of the Antperium's Slumber numbers, read from ``data/eve/eve.json`` and checked on load."""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.datafiles import ContentFile
from companion.core.schema import strict
from companion.core.units import DataFile

Points = Annotated[int, Ge(0), Le(10)]


@strict
class EvePoints(TypedDict):
    enclave: Points
    adjacent: Points
    other: Points


@strict
class EveContent(ContentFile):
    points: EvePoints
    adjacent_hexes: Annotated[int, Ge(1), Le(12)]
    max_other_hexes: Annotated[int, Ge(1), Le(99)]


FILE = DataFile(EveContent, "eve", "eve.json")
eve_content = FILE.of



def catalogue_texts() -> list[str]:
    return [i["text"] for i in eve_content()["interpretations"]]
