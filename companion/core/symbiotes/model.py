"""Symbiote tokens in the game state::

    {"holders": {"p1:head": "p1", "p1:thorax": "p2", ...},   # each colony's 3 tokens and who holds them
     "exchanged": ["2:p1:p2"],                              # the pairs that swapped at a Slumber (round:a:b)
     "booked": None | {"p1": 1, "p2": 2},                   # end points put into the scores at the finish
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.datafiles import ContentFile
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot
from companion.core.schema import Id, strict
from companion.core.state import State, ant_players, player
from companion.core.units import DataFile
from companion.core.words import PARTS

KEY = "symbiote-tokens"
STATE_VERSION = 1


@strict
class Bonuses(TypedDict):
    head: str
    thorax: str
    abdomen: str


@strict
class SymbiotesContent(ContentFile):
    no_exchange_round: Annotated[int, Ge(1), Le(5)]
    end_points_each: Annotated[int, Ge(0), Le(5)]
    bonuses: Bonuses
    reminders: list[str]


@strict
class SymbiotesState(TypedDict):
    holders: Annotated[dict[Annotated[str, MaxLen(80)], Id], MaxLen(15)]
    exchanged: Annotated[list[Annotated[str, MaxLen(160)]], MaxLen(100)]
    booked: dict[Id, Annotated[int, Ge(0), Le(15)]] | None
    ticked: list[str]


FILE = DataFile(SymbiotesContent, "symbiotes", "symbiotes.json")
symbiotes_content = FILE.of
def token_id(owner: str, part: str) -> str:
    return f"{owner}:{part}"


def owner_of(token: str) -> str:
    return token.rsplit(":", 1)[0]


def part_of(token: str) -> str:
    return token.rsplit(":", 1)[1]


def empty(state: State) -> SymbiotesState:
    holders = {token_id(p["id"], part): p["id"] for p in ant_players(state) for part in PARTS}
    return {"holders": holders, "exchanged": [], "booked": None, "ticked": []}


SLOT = ModuleSlot(KEY, SymbiotesState, empty, msg("This game does not use the Symbiote tokens."))
active, init, adopt, symbiotes = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def held_by(s: SymbiotesState, pid: str) -> list[str]:
    return [t for t, holder in s["holders"].items() if holder == pid]


def end_points(state: State) -> dict[str, int]:
    """1 Colony Point per token a colony holds from another colony."""
    s = symbiotes(state)
    each = symbiotes_content()["end_points_each"]
    return {p["id"]: each * sum(1 for t in held_by(s, p["id"]) if owner_of(t) != p["id"]) for p in ant_players(state)}


def book_end_points(state: State, content: Content) -> None:
    """At the end: the end points go into the last round's scores (once), before anyone settles the game."""
    if KEY not in state["modules_state"]:
        return
    s = symbiotes(state)
    if s["booked"] is None:
        points = end_points(state)
        for pid, n in points.items():
            state["scores"][pid][state["rounds"] - 1] += n
        s["booked"] = points


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    expected = {token_id(p["id"], part) for p in ant_players(state) for part in PARTS}
    if set(checked["holders"]) != expected:
        raise InvalidModuleState("holders: not the 3 tokens of each colony in this game")
    for token, holder in checked["holders"].items():
        try:
            player(state, holder)
        except CommandError as exc:
            raise InvalidModuleState(f"holders.{token}: {exc}") from None


def catalogue_texts() -> list[str]:
    """The tokens' bonuses, the reminders and the interpretations: the catalogue's entries."""
    c = symbiotes_content()
    bonuses = c["bonuses"]
    return [bonuses["head"], bonuses["thorax"], bonuses["abdomen"], *c["reminders"],
            *(i["text"] for i in c["interpretations"])]
