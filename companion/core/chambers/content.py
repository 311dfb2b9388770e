"""The chamber cards the rulebooks print, read from ``data/chambers/chambers.json`` and checked on load."""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import catalogue_said
from companion.core.datafiles import ContentFile
from companion.core.i18n import N_, Msg, msg
from companion.core.schema import Shape, strict
from companion.core.units import DataFile

CardName = Annotated[str, MinLen(1), MaxLen(40)]
Phase = Literal["worker", "soldier", "queen", "any"]
Kind = Literal["chamber", "old-tunnel"]
Edition = Literal["mota", "evolved"]


@strict
class CardDef(TypedDict):
    """A chamber card: the rulebook's, or one the players entered once in this game."""

    name: CardName
    edition: Edition
    kind: Kind
    capacity: Annotated[int, Ge(1), Le(9)]
    phase: Phase
    from_losses: bool            # Defensive Shelter: eggs from battle losses too
    ability: Annotated[str, MaxLen(200)]


@strict
class NamedCard(TypedDict):
    """A card the rulebook names without its spaces or phase: the players enter those once."""

    name: CardName
    edition: Edition
    kind: Kind
    from_losses: bool
    note: Annotated[str, MaxLen(200)]


@strict
class Reminders(TypedDict):
    mota: list[str]
    evolved: list[str]
    solo: str


@strict
class ChambersContent(ContentFile):
    marker_limit: Annotated[int, Ge(1), Le(99)]
    max_capacity: Annotated[int, Ge(1), Le(9)]
    cards: list[CardDef]
    named: list[NamedCard]
    reminders: Reminders


FILE = DataFile(ChambersContent, "chambers", "chambers.json")
chambers_content = FILE.of
CARD = Shape(CardDef)

PHASE_NAMES: dict[str, str] = {"worker": N_("Worker Phase"), "soldier": N_("Soldier Phase"),
                               "queen": N_("Queen Phase"), "any": N_("as the card says")}


def phase_name(phase: str) -> Msg:
    """A card's activation phase as a message ("Queen Phase", "as the card says")."""
    return msg(PHASE_NAMES[phase])


def interpretation(key: str) -> Msg:
    return msg(next(i["text"] for i in chambers_content()["interpretations"] if i["id"] == key))


def catalogue_texts() -> list[str]:
    """The file's texts a player reads (abilities, notes, reminders, interpretations): the catalogue's entries.

    Card names are titles, shown as printed (the Spanish rulebook keeps the English card names too).
    """
    c = chambers_content()
    texts = [card["ability"] for card in c["cards"] if card["ability"]] + [n["note"] for n in c["named"]]
    texts += [*c["reminders"]["mota"], *c["reminders"]["evolved"], c["reminders"]["solo"]]
    return texts + [i["text"] for i in c["interpretations"]]


# Names the app gives a card type no rulebook prints as a title: translated, where a printed title stays as printed
# (docs/glossary-es.md: "Scavenger's Cache" in both languages, the app's "Old Tunnel" card "Túnel Antiguo").
MADE_UP_TITLES = frozenset({"Old Tunnel"})


def card_title(name: str) -> str:
    """A card's title in the reader's language: as printed (or typed), or translated when the app made it up."""
    from companion.core.i18n import render

    return render(msg(name)) if name in MADE_UP_TITLES else name


said = catalogue_said(catalogue_texts)
