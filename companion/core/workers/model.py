"""The workers' part of the game state::

    {"in_play": {"p1": 1},              # Major/Large Workers on the board (of the 2 each colony has)
     "evolved": {"p1": ["head"]},       # body parts holding an Evolution: they unlock the abilities
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.datafiles import Interpretation
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot
from companion.core.schema import Id, strict
from companion.core.state import State, ant_players, player
from companion.core.units import DataFile
from companion.core.words import Part

KEY = "workers"
MODULES = ("minions-base", "large-workers")
STATE_VERSION = 1


@strict
class Ability(TypedDict):
    name: str
    phase: str
    text: str


@strict
class Abilities(TypedDict):
    head: Ability
    thorax: Ability
    abdomen: Ability


@strict
class Edition(TypedDict):
    name: str
    source: str
    pieces: Annotated[int, Ge(1), Le(5)]
    start_in_play: Annotated[int, Ge(0), Le(5)]
    action: str
    always: Ability | None
    abilities: Abilities
    unlock: Annotated[int, Ge(1), Le(3)]
    rules: list[str]


@strict
class Editions(TypedDict):
    mota: Edition
    evolved: Edition


@strict
class WorkersContent(TypedDict):
    schema: int
    editions: Editions
    interpretations: list[Interpretation]


@strict
class WorkersState(TypedDict):
    in_play: dict[Id, Annotated[int, Ge(0), Le(5)]]
    evolved: dict[Id, Annotated[list[Part], MaxLen(3)]]
    ticked: list[str]


FILE = DataFile(WorkersContent, "workers", "workers.json")
workers_content = FILE.of
def edition(state: State) -> Edition:
    e = workers_content()["editions"]
    return e["evolved"] if state["game"] == "evolved" else e["mota"]


def empty(state: State) -> WorkersState:
    start = edition(state)["start_in_play"]
    return {"in_play": {p["id"]: start for p in ant_players(state)}, "evolved": {}, "ticked": []}


SLOT = ModuleSlot(KEY, WorkersState, empty, msg("This game has no Major or Large Workers."), modules=MODULES)
active, init, adopt, workers = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    pieces = edition(state)["pieces"]
    for field in ("in_play", "evolved"):
        for pid in checked[field]:
            try:
                player(state, pid)
            except CommandError as exc:
                raise InvalidModuleState(f"{field}: {exc}") from None
    for pid, n in checked["in_play"].items():
        if n > pieces:
            raise InvalidModuleState(f"in_play.{pid}: {n} workers, but each colony has {pieces}")


def catalogue_texts() -> list[str]:
    """Each edition's names, action, rules and abilities, and the interpretations: the catalogue's entries."""
    texts: list[str] = []
    for e in (workers_content()["editions"]["mota"], workers_content()["editions"]["evolved"]):
        abilities = [e["always"]] if e["always"] else []
        abilities += [e["abilities"]["head"], e["abilities"]["thorax"], e["abilities"]["abdomen"]]
        texts += [e["name"], e["action"], *e["rules"], *(t for a in abilities for t in (a["name"], a["text"]))]
    return texts + [i["text"] for i in workers_content()["interpretations"]]
