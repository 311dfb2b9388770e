"""The Parasites' part of the game state::

    {"parasites": [{"id": "x1", "card": "Incubator Head", "part": "head", "parasite": "p1", "host": "p2",
                    "trigger": "...", "no_battle_cp": 1}],
     "destroyed": [...],        # discarded when an Evolution was played on them
     "paid": ["2:x1"],          # rounds in which a host-did-not-battle point was booked
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import Content, catalogue_said
from companion.core.datafiles import ContentFile
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot, by_id
from companion.core.schema import Id, strict
from companion.core.state import State, player
from companion.core.units import DataFile
from companion.core.words import Part

KEY = "parasites"
STATE_VERSION = 1


@strict
class ParasiteCard(TypedDict):
    name: Annotated[str, MinLen(1), MaxLen(40)]
    part: Part
    ferocity: Annotated[int, Ge(0), Le(9)]
    no_battle_cp: Annotated[int, Ge(0), Le(9)]
    trigger: Annotated[str, MaxLen(300)]


@strict
class ParasitesContent(ContentFile):
    cards: list[ParasiteCard]
    reminders: list[str]


@strict
class Parasite(TypedDict):
    id: Annotated[str, MinLen(1), MaxLen(8)]
    card: Annotated[str, MinLen(1), MaxLen(40)]
    part: Part
    parasite: Id
    host: Id
    trigger: Annotated[str, MaxLen(300)]
    no_battle_cp: Annotated[int, Ge(0), Le(9)]


@strict
class ParasitesState(TypedDict):
    parasites: Annotated[list[Parasite], MaxLen(12)]
    destroyed: Annotated[list[Parasite], MaxLen(60)]
    paid: Annotated[list[Annotated[str, MaxLen(20)]], MaxLen(100)]
    ticked: list[str]


FILE = DataFile(ParasitesContent, "parasites", "parasites.json")
parasites_content = FILE.of


def empty(state: State | None = None) -> ParasitesState:
    return {"parasites": [], "destroyed": [], "paid": [], "ticked": []}


SLOT = ModuleSlot(KEY, ParasitesState, empty, msg("This game does not use the Parasites module."))
active, init, adopt, parasites = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def find(p: ParasitesState, parasite_id: str) -> Parasite:
    return by_id(p["parasites"], parasite_id, lambda known: msg(
        "No Parasite {id}; in play: {listed}.", id=repr(parasite_id),
        listed=", ".join(f"{x['id']} ({x['card']})" for x in known)),
        none=msg("No Parasite {id}; none is in play.", id=repr(parasite_id)))


def catalogue_texts() -> list[str]:
    """The file's texts a player reads (triggers, reminders, interpretations); card names stay as printed."""
    c = parasites_content()
    texts = [card["trigger"] for card in c["cards"] if card["trigger"]] + list(c["reminders"])
    return texts + [i["text"] for i in c["interpretations"]]


said = catalogue_said(catalogue_texts)


def known(name: str) -> ParasiteCard | None:
    return next((c for c in parasites_content()["cards"] if c["name"].casefold() == name.strip().casefold()), None)


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    for i, x in enumerate(checked["parasites"]):
        try:
            player(state, x["parasite"])
            player(state, x["host"])
        except CommandError as exc:
            raise InvalidModuleState(f"parasites[{i}]: {exc}") from None
        if x["parasite"] == x["host"]:
            raise InvalidModuleState(f"parasites[{i}]: a colony cannot host its own Parasite")
