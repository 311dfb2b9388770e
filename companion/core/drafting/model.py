"""The drafting variants' part of the game state::

    {"extra": {"1": {"p1": 1}},     # Round Draft: cards from card sites at Harvest of round N, kept at N+1's draft
     "aside": {"1": {"p2": 1}},     # Round Draft: aphid-farm cards set aside at round N, added after N+1's draft
     "ticked": []}
"""

from __future__ import annotations

from typing import Annotated, Literal

from annotated_types import Ge, Le
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.datafiles import ContentFile
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot
from companion.core.schema import Id, Player, strict
from companion.core.state import State, ant_players, has, player
from companion.core.units import DataFile

KEY = "drafting"
STATE_VERSION = 1
VARIANTS = ("setup-draft", "round-draft", "deck-draft")
Count = Annotated[int, Ge(0), Le(20)]


@strict
class DraftRule(TypedDict):
    deal: Annotated[int, Ge(1), Le(12)]
    keep: Annotated[int, Ge(1), Le(12)]
    rest: str
    when: Literal["setup", "round"]


@strict
class DraftingContent(ContentFile):
    no_special_round: Annotated[int, Ge(1), Le(5)]
    variants: dict[str, DraftRule]
    how: str
    reminders: dict[str, list[str]]


@strict
class DraftingState(TypedDict):
    extra: dict[str, dict[Id, Count]]
    aside: dict[str, dict[Id, Count]]
    ticked: list[str]


FILE = DataFile(DraftingContent, "drafting", "drafting.json")
drafting_content = FILE.of
def in_play(state: State) -> list[str]:
    return [v for v in VARIANTS if has(state, v)]


def empty(state: State | None = None) -> DraftingState:
    return {"extra": {}, "aside": {}, "ticked": []}


SLOT = ModuleSlot(KEY, DraftingState, empty, msg("This game uses no drafting variant."), modules=VARIANTS)
active, init, adopt, drafting = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def plan(variant: str, colonies: int, extra: int = 0) -> dict[str, int]:
    """How many cards each colony is dealt, keeps and lets go, and how many the deal takes in all.

    >>> plan("round-draft", 3, extra=1)
    {'deal': 5, 'keep': 3, 'rest': 2, 'total': 15}
    """
    rules = drafting_content()["variants"]
    if variant not in rules:
        raise CommandError(msg("No drafting variant {value}; they are {variants}.", value=repr(variant),
                               variants=", ".join(rules)))
    if isinstance(colonies, bool) or not isinstance(colonies, int) or not 1 <= colonies <= 5:
        raise CommandError(msg("A draft is for 1 to 5 colonies; got {value}.", value=repr(colonies)))
    r = rules[variant]
    keep = min(r["deal"], r["keep"] + extra)
    return {"deal": r["deal"], "keep": keep, "rest": r["deal"] - keep, "total": r["deal"] * colonies}


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    for field in ("extra", "aside"):
        for rnd, row in checked[field].items():
            if not rnd.isdigit() or not 1 <= int(rnd) <= state["rounds"]:
                raise InvalidModuleState(f"{field}: {rnd!r} is not a round of this game")
            for pid in row:
                try:
                    player(state, pid)
                except CommandError as exc:
                    raise InvalidModuleState(f"{field}.{rnd}: {exc}") from None


def colonies(state: State) -> list[Player]:
    return ant_players(state)


def catalogue_texts() -> list[str]:
    """How a draft goes, each variant's reminders and the interpretations: the catalogue's entries."""
    c = drafting_content()
    reminders = [r for rows in c["reminders"].values() for r in rows]
    return [c["how"], *reminders, *(i["text"] for i in c["interpretations"])]
