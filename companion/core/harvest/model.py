"""The Aphids module's part of the game state: one entry per hex with aphids, and the rounds done.

Everything lives in ``state["modules_state"]["aphids"]`` as plain JSON. The shape is the
TypedDicts below - the same classes give the type hints and, through pydantic, the check of
a saved game when it is opened::

    {"hexes": [{"id": "h1", "name": "Lichen", "sites": 4,
                "herds": {"p1": 2},        # herded aphids on collection sites, per herder
                "outskirts": {"p2": 1},    # herded aphids on ants in the outskirts
                "loose": 0,                # aphids on sites that no ant herds
                "controller": "p1" | None}],
     "harvested": [1], "bred": [1],        # rounds whose farms were paid / whose aphids bred
     "ticked": ["2:harvest:..."]}          # checklist items ticked by hand
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.harvest.content import harvest_content
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg, nmsg
from companion.core.module_state import ModuleSlot, by_id
from companion.core.schema import strict
from companion.core.state import State, player

KEY = "aphids"
STATE_VERSION = 1

Count = Annotated[int, Ge(0), Le(12)]
Rounds = list[Annotated[int, Ge(1), Le(5)]]


@strict
class AphidHex(TypedDict):
    id: Annotated[str, MinLen(1), MaxLen(12)]
    name: Annotated[str, MinLen(1), MaxLen(40)]
    sites: Annotated[int, Ge(1), Le(12)]
    herds: dict[str, Count]
    outskirts: dict[str, Count]
    loose: Count
    controller: str | None


@strict
class AphidsState(TypedDict):
    hexes: list[AphidHex]
    harvested: Rounds
    bred: Rounds
    ticked: list[str]


def empty(state: State | None = None) -> AphidsState:
    return {"hexes": [], "harvested": [], "bred": [], "ticked": []}


SLOT = ModuleSlot(KEY, AphidsState, empty, msg("This game does not use the Aphids module."))
active, init, adopt, aphids = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def on_sites(h: AphidHex) -> int:
    """Aphids occupying collection sites: the herded ones on sites and the loose ones."""
    return sum(h["herds"].values()) + h["loose"]


def free_sites(h: AphidHex) -> int:
    return h["sites"] - on_sites(h)


def find_hex(a: AphidsState, hex_id: str) -> AphidHex:
    return by_id(a["hexes"], hex_id, lambda known: msg(
        "No aphid hex {id}; tracked hexes: {known}.", id=repr(hex_id),
        known=", ".join(f"{h['id']} ({h['name']})" for h in known)),
        none=msg("No aphid hex {id}; no hex is tracked yet.", id=repr(hex_id)))


def check_hex(h: AphidHex, state: State) -> None:
    """What the shape cannot say: real players, and no more aphids on sites than there are sites."""
    limit = harvest_content()["max_sites"]
    if h["sites"] > limit:
        raise CommandError(msg("{hex}: a hex has at most {most} collection sites.", hex=h["name"], most=limit))
    for pid in [*h["herds"], *h["outskirts"], *([h["controller"]] if h["controller"] else [])]:
        player(state, pid)
    if on_sites(h) > h["sites"]:
        raise CommandError(nmsg("{hex} has {n} collection site, so it holds at most {n} aphid (one per site); "
                                "{entered} were entered.",
                                "{hex} has {n} collection sites, so it holds at most {n} aphids (one per site); "
                                "{entered} were entered.", h["sites"], hex=h["name"], entered=on_sites(h)))


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    ids = [h["id"] for h in checked["hexes"]]
    if len(set(ids)) != len(ids):
        raise InvalidModuleState("hexes: two hexes share an id")
    for i, h in enumerate(checked["hexes"]):
        try:
            check_hex(h, state)
        except CommandError as exc:
            raise InvalidModuleState(f"hexes.{i}: {exc}") from None
