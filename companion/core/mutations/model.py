"""The Mutations' part of the game state::

    {"cards": [{"id": "m1", "part": "head", "name": "Hunter Head"}, ...],   # the deck, names as entered
     "dealt": {"p1": ["m3", "m9", "m12", "m20"]},   # this deal's 4 per colony
     "deals": 1,                                     # deals made (a redeal adds one)
     "kept": {"p1": ["m3", "m12"]},                  # on their body parts
     "covered": {"p1": ["m3"]},                      # discarded when an Evolution went on their part
     "evolved": {"p1": ["thorax"]},                  # body parts holding an Evolution
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot, by_id
from companion.core.mutations.content import MutationCard, mutations_content
from companion.core.schema import strict
from companion.core.state import State, ant_players, player
from companion.core.words import PARTS, Part

KEY = "mutations"
STATE_VERSION = 1
Ids = Annotated[list[Annotated[str, MaxLen(8)]], MaxLen(8)]


@strict
class MutationsState(TypedDict):
    cards: Annotated[list[MutationCard], MaxLen(60)]
    dealt: dict[str, Ids]
    deals: Annotated[int, Ge(0), Le(100)]
    kept: dict[str, Ids]
    covered: dict[str, Ids]
    evolved: dict[str, Annotated[list[Part], MaxLen(3)]]
    ticked: list[str]


def empty(state: State | None = None) -> MutationsState:
    return {"cards": [c.copy() for c in mutations_content()["cards"]],
            "dealt": {}, "deals": 0, "kept": {}, "covered": {}, "evolved": {}, "ticked": []}


SLOT = ModuleSlot(KEY, MutationsState, empty, msg("This game does not use Mutations."))
active, init, adopt, mutations = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def card(m: MutationsState, card_id: str) -> MutationCard:
    return by_id(m["cards"], card_id, lambda deck: msg("No Mutation {id} in the deck (m1 to m{last}).",
                                                       id=repr(card_id), last=len(deck)))


def redeal_due(state: State) -> str | None:
    """The colony dealt 4 Mutations for one body part (everyone gets a new deal), or None."""
    m = mutations(state)
    for p in ant_players(state):
        ids = m["dealt"].get(p["id"], [])
        if len(ids) == mutations_content()["deal"] and len({card(m, i)["part"] for i in ids}) == 1:
            return str(p["id"])
    return None


def on_body(m: MutationsState, pid: str) -> dict[str, MutationCard]:
    """Each body part's Mutation still in play (kept, not covered by an Evolution)."""
    return {card(m, i)["part"]: card(m, i) for i in m["kept"].get(pid, []) if i not in m["covered"].get(pid, [])}


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    ids = {c["id"] for c in checked["cards"]}
    for field in ("dealt", "kept", "covered", "evolved"):
        for pid, values in checked[field].items():
            try:
                player(state, pid)
            except CommandError as exc:
                raise InvalidModuleState(f"{field}.{pid}: {exc}") from None
            if field != "evolved" and (unknown := set(values) - ids):
                raise InvalidModuleState(f"{field}.{pid}: no Mutation {sorted(unknown)[0]!r} in the deck")
    for pid, kept in checked["kept"].items():
        if not set(kept) <= set(checked["dealt"].get(pid, [])):
            raise InvalidModuleState(f"kept.{pid}: a kept Mutation that was not dealt to that colony")
    if any(p not in PARTS for parts in checked["evolved"].values() for p in parts):
        raise InvalidModuleState("evolved: not a body part")
