"""The Predators module's part of the game state (Minions of the Meadow), and ``summon``.

Everything lives in ``state["modules_state"]["predators"]`` as plain JSON, shaped by the
TypedDicts below (the type hints and, through pydantic, the check of a saved game)::

    {"in_play": ["cordyceps-fungus", "ladybug"],       # the information cards set out at setup
     "predators": [{"id": "cordyceps-fungus", "hex": 12, "health": 9, "round": 3,
                    "by": "p1",                          # who summoned it ("broodmother": she did)
                    "spores": 4,                         # spore tokens in its own hex
                    "gone": False}],                     # brought to 0 Health: out for good
     "tiers": {"ladybug": [{"text", "cards", "strength"} | None] * 3},   # typed from the card
     "battle": None | {"predator", "player", "cards", "bonus", "revealed": [2, 0]},
     "spores_placed": ["3:cordyceps-fungus"],           # round:id whose start-of-round spores are out
     "ticked": []}

A game may have this state without the Predators module: the Broodmother's machinations
level 2 summons one through ``summon``, which creates the tracker when it is missing.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.end_codes import HER
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState
from companion.core.i18n import Msg, msg
from companion.core.module_state import ModuleSlot
from companion.core.predators.content import predator_info, predators_content
from companion.core.predators.rules import (
    CORDYCEPS,
    MAX_FEROCITY,
    TypedTier,
    check_health,
    check_round,
    spores_for,
    starting_health,
)
from companion.core.schema import Id, Round, strict
from companion.core.state import State, has, player
from companion.core.words import listing

KEY = "predators"
STATE_VERSION = 1
MAX_HEX = 99

Small = Annotated[int, Ge(0), Le(MAX_FEROCITY)]
HexNumber = Annotated[int, Ge(1), Le(MAX_HEX)]


@strict
class OnBoard(TypedDict):
    id: Id
    hex: HexNumber | None
    health: Annotated[int, Ge(0), Le(30)]
    round: Round
    by: Annotated[str, MaxLen(64)]
    spores: Small
    gone: bool


@strict
class Battle(TypedDict):
    predator: Id
    player: Id
    cards: Small
    bonus: Small
    revealed: Annotated[list[Small], MaxLen(MAX_FEROCITY)]


@strict
class PredatorsState(TypedDict):
    in_play: Annotated[list[Id], MaxLen(5)]
    predators: Annotated[list[OnBoard], MaxLen(10)]
    tiers: dict[Id, Annotated[list[TypedTier | None], MinLen(3), MaxLen(3)]]
    battle: Battle | None
    spores_placed: Annotated[list[Annotated[str, MaxLen(80)]], MaxLen(200)]
    ticked: Annotated[list[Annotated[str, MaxLen(200)]], MaxLen(2000)]


def in_game(state: State) -> bool:
    """In play with the Predators module, or once the Broodmother has summoned one."""
    return has(state, KEY) or KEY in state.get("modules_state", {})


def empty(state: State | None = None) -> PredatorsState:
    return {"in_play": [], "predators": [], "tiers": {}, "battle": None, "spores_placed": [], "ticked": []}


SLOT = ModuleSlot(KEY, PredatorsState, empty, msg("This game does not use the Predators module."), when=in_game)
active, init, adopt, tracker = SLOT.active, SLOT.init, SLOT.adopt, SLOT.of


def name_of(predator_id: str) -> str:
    return predator_info(predator_id)["name"]


def predator_name(predator_id: str) -> Msg:
    """Its name as a message (the names are in the catalogue through ``content.NAMES``)."""
    return msg(name_of(predator_id))


def live(t: PredatorsState) -> list[OnBoard]:
    return [p for p in t["predators"] if not p["gone"]]


def on_board(t: PredatorsState, predator_id: str) -> OnBoard:
    """The summoned Predator still in the game, or a sentence saying why it is not."""
    predator_info(predator_id)
    for p in t["predators"]:
        if p["id"] == predator_id:
            if p["gone"]:
                raise CommandError(msg("The {predator} was brought to 0 Health: it is out of the game.",
                                       predator=predator_name(predator_id)))
            return p
    here = listing([predator_name(p["id"]) for p in live(t)])
    raise CommandError(msg("The {predator} is not on the board (on the board: {here}).",
                           predator=predator_name(predator_id), here=here))


def check_hex(hex_number: object) -> int:
    if isinstance(hex_number, bool) or not isinstance(hex_number, int) or not 1 <= hex_number <= MAX_HEX:
        raise CommandError(msg("A hex is its number on the board, 1 to {top}; got {value}.", top=MAX_HEX,
                               value=repr(hex_number)))
    return hex_number


def check_summon(state: State, predator_id: str, hex_number: int | None, round_number: int) -> None:
    """Why ``summon`` would refuse, as a sentence; nothing if it may go ahead."""
    predator_info(predator_id)
    check_round(round_number)
    if hex_number is not None:
        check_hex(hex_number)
    t = state.get("modules_state", {}).get(KEY)
    for p in (t or {}).get("predators", []):
        if p["id"] == predator_id:
            if p["gone"]:
                raise CommandError(msg("The {predator} was brought to 0 Health earlier: it cannot come back.",
                                       predator=predator_name(predator_id)))
            raise CommandError(msg("The {predator} is already on the board (hex {hex}); it has one meeple.",
                                   predator=predator_name(predator_id), hex=p["hex"] or "?"))


def summon(state: State, predator_id: str, hex_number: int | None, round_number: int, by: str = "") -> OnBoard:
    """Put a Predator on the board with 3 x ``round_number`` Health; return its entry.

    The one core function for every summon: the Predator cards of the Predators module
    (through the ``predator_summon`` command) and, later, the Broodmother's machinations
    level 2 (``by="broodmother"``). It changes ``state`` in place, so call it from a
    command's ``apply``, after ``check_summon`` in its ``verify``. It creates the tracker
    when the game has none yet, and a Cordyceps places its tier's spores in its hex
    (recorded as this round's placement).
    """
    check_summon(state, predator_id, hex_number, round_number)
    t = state["modules_state"].setdefault(KEY, dict(empty()))
    health = starting_health(round_number)
    entry: OnBoard = {"id": predator_id, "hex": hex_number, "health": health, "round": round_number, "by": by,
                      "spores": spores_for(predator_id, health) or 0, "gone": False}
    t["predators"].append(entry)
    if predator_id == CORDYCEPS:
        t["spores_placed"].append(f"{state['round']}:{predator_id}")
    return entry


def validate_state(module_state: object, state: State, content: Content) -> None:
    checked = SLOT.check(module_state)
    known = {p["id"] for p in predators_content(content)["predators"]}
    ids = [p["id"] for p in checked["predators"]]
    for where, values in (("in_play", checked["in_play"]), ("predators", ids), ("tiers", list(checked["tiers"]))):
        if unknown := set(values) - known:
            raise InvalidModuleState(f"{where}: no Predator {sorted(unknown)[0]!r}")
    if len(set(ids)) != len(ids) or len(set(checked["in_play"])) != len(checked["in_play"]):
        raise InvalidModuleState("predators: a Predator is listed twice")
    players = {p["id"] for p in state["players"]}
    for i, p in enumerate(checked["predators"]):
        if p["by"] not in players | {"", HER}:
            raise InvalidModuleState(f"predators.{i}.by: no player {p['by']!r}")
        try:
            check_health(p["health"])
        except CommandError as exc:
            raise InvalidModuleState(f"predators.{i}.health: {exc}") from None
    b = checked["battle"]
    if b is not None:
        if b["predator"] not in {p["id"] for p in checked["predators"] if not p["gone"]}:
            raise InvalidModuleState(f"battle.predator: {b['predator']!r} is not on the board")
        try:
            player(state, b["player"])
        except CommandError as exc:
            raise InvalidModuleState(f"battle.player: {exc}") from None
