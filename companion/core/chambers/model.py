"""Chambers and eggs in the game state: each colony's chamber cards, their eggs, and the cards entered once::

    {"chambers": [{"id": "c1", "owner": "p1", "card": {<CardDef>}, "eggs": 2,
                   "whole_game": False,          # an Old Tunnel turned to its reverse side
                   "activations": ["2:harvest"]}],
     "discarded": [...],                         # chambers discarded (an Old Tunnel after its use)
     "catalogue": [<CardDef>],                   # cards the players entered in this game
     "markers": {"p1": 20},                      # Predators & Prey: ant markers in play outside chambers
     "ticked": []}

One tracker serves the three modules: Empires of the Earth's Chambers and Old Tunnels
(game ``mota``) and Predators & Prey's Nest Chambers (game ``evolved``).
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.chambers.content import CardDef, chambers_content
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import msg
from companion.core.module_state import ModuleSlot, by_id
from companion.core.schema import Id, strict
from companion.core.state import State, player
from companion.core.words import commas

KEY = "chambers"
MODULES = ("chambers", "old-tunnels", "nest-chambers")
STATE_VERSION = 1
QUEEN_STEPS = ("harvest", "feeding", "royal-decree", "slumber")


@strict
class Chamber(TypedDict):
    id: Annotated[str, MinLen(1), MaxLen(12)]
    owner: Id
    card: CardDef
    eggs: Annotated[int, Ge(0), Le(9)]
    whole_game: bool
    activations: Annotated[list[Annotated[str, MaxLen(40)]], MaxLen(200)]


@strict
class ChambersState(TypedDict):
    chambers: Annotated[list[Chamber], MaxLen(60)]
    discarded: Annotated[list[Chamber], MaxLen(60)]
    catalogue: Annotated[list[CardDef], MaxLen(100)]
    markers: dict[str, Annotated[int, Ge(0), Le(36)]]
    ticked: list[str]


def empty(state: State | None = None) -> ChambersState:
    return {"chambers": [], "discarded": [], "catalogue": [], "markers": {}, "ticked": []}


SLOT = ModuleSlot(KEY, ChambersState, empty, msg("This game uses no Chambers."), modules=MODULES)
active, init, adopt, chambers = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def evolved(state: State) -> bool:
    """Predators & Prey's Nest Chambers (the 36-marker limit, both sides dealt) rather than Empires'."""
    return bool(state["game"] == "evolved")


def find(c: ChambersState, chamber_id: str) -> Chamber:
    return by_id(c["chambers"], chamber_id, lambda known: msg(
        "No chamber {id} in play; chambers: {known}.", id=repr(chamber_id),
        known=commas([msg("{id} ({card})", id=ch["id"], card=ch["card"]["name"]) for ch in known])),
        none=msg("No chamber {id} in play; there is none yet.", id=repr(chamber_id)))


def owned(c: ChambersState, pid: str) -> list[Chamber]:
    return [ch for ch in c["chambers"] if ch["owner"] == pid]


def eggs_of(c: ChambersState, pid: str) -> int:
    return sum(ch["eggs"] for ch in owned(c, pid))


def markers_free(c: ChambersState, pid: str) -> int:
    """Predators & Prey: ant markers left for eggs (36 minus those in play and those in chambers)."""
    return chambers_content()["marker_limit"] - c["markers"].get(pid, 0) - eggs_of(c, pid)


def phase_of(state: State) -> str:
    """The chamber phase the game is in: worker, soldier or queen (every Queen Phase step)."""
    return "queen" if state["phase"] in QUEEN_STEPS else str(state["phase"])


def activation_key(state: State) -> str:
    return f"{state['round']}:{phase_of(state)}"


def known_cards(state: State) -> list[CardDef]:
    """Cards of this game's edition: the rulebook's, then those the players entered."""
    edition = state["game"]
    return [d for d in chambers_content()["cards"] if d["edition"] == edition] + \
        [d for d in chambers(state)["catalogue"] if d["edition"] == edition]


def find_card(state: State, name: str, kind: str) -> CardDef:
    text = name.strip().casefold() if isinstance(name, str) else ""
    for d in known_cards(state):
        if d["name"].casefold() == text and d["kind"] == kind:
            return d
    listed = commas([d["name"] for d in known_cards(state) if d["kind"] == kind])
    given = repr(name)
    if kind == "old-tunnel":
        if listed:
            raise CommandError(msg("No Old Tunnel card {name} in the list ({listed}): enter it once with its "
                                   "spaces and phase.", name=given, listed=listed))
        raise CommandError(msg("No Old Tunnel card {name} in the list (none yet): enter it once with its spaces and "
                               "phase.", name=given))
    if listed:
        raise CommandError(msg("No Chamber card {name} in the list ({listed}): enter it once with its spaces and "
                               "phase.", name=given, listed=listed))
    raise CommandError(msg("No Chamber card {name} in the list (none yet): enter it once with its spaces and phase.",
                           name=given))


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    ids = [ch["id"] for ch in checked["chambers"] + checked["discarded"]]
    if len(set(ids)) != len(ids):
        raise InvalidModuleState("chambers: two chambers share an id")
    for i, ch in enumerate(checked["chambers"]):
        try:
            player(state, ch["owner"])
        except CommandError as exc:
            raise InvalidModuleState(f"chambers[{i}].owner: {exc}") from None
        if ch["eggs"] > ch["card"]["capacity"]:
            raise InvalidModuleState(f"chambers[{i}].eggs: {ch['eggs']} eggs in a chamber of "
                                     f"{ch['card']['capacity']} spaces")
    for pid in checked["markers"]:
        try:
            player(state, pid)
        except CommandError as exc:
            raise InvalidModuleState(f"markers: {exc}") from None
        if markers_free(checked, pid) < 0:
            limit = chambers_content(content)["marker_limit"]
            raise InvalidModuleState(f"markers.{pid}: more than {limit} ant markers")
