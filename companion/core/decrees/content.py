"""The Queen's Decrees the app knows, read from ``data/decrees/decrees.json`` and checked on load."""

from __future__ import annotations

from typing import Annotated

from annotated_types import MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import ContentFile
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.schema import Id, Shape, strict
from companion.core.units import DataFile

Text = Annotated[str, MinLen(1), MaxLen(200)]


@strict
class Decree(TypedDict):
    id: Annotated[Id, MaxLen(40)]
    name: Annotated[str, MinLen(1), MaxLen(40)]
    measure: Annotated[str, MinLen(1), MaxLen(40)]  # what each colony counts: "Evolutions"
    criterion: Text


@strict
class DecreesContent(ContentFile):
    decrees: list[Decree]


FILE = DataFile(DecreesContent, "decrees", "decrees.json")
decrees_content = FILE.of
DECREE = Shape(Decree)


def known_decree(decree_id: str) -> Decree:
    for d in decrees_content()["decrees"]:
        if d["id"] == decree_id:
            return d
    names = ", ".join(f"{d['id']} ({d['name']})" for d in decrees_content()["decrees"])
    raise CommandError(msg("No Queen's Decree {id}; the app knows {names}, or type the card's own text.",
                           id=repr(decree_id), names=names))


def said(decree: Decree, what: str) -> str | Msg:
    """A decree's ``name``, ``measure`` or ``criterion`` to show: the app's own decrees in the reader's
    language (their words are in the catalogue), a decree typed from its card as it was typed."""
    text = str(decree[what])  # type: ignore[literal-required]
    return text if decree["id"] == "custom" else msg(text)


def interpretation(key: str) -> str:
    return next(i["text"] for i in decrees_content()["interpretations"] if i["id"] == key)


def catalogue_texts() -> list[str]:
    """The interpretations and each known decree's name, measure and criterion: the catalogue's entries."""
    c = decrees_content()
    return [i["text"] for i in c["interpretations"]] + [d[k] for d in c["decrees"]
                                                        for k in ("name", "measure", "criterion")]
