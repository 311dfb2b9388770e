"""The shape of the Broodmother's saved state (``state["modules_state"]["broodmother"]``).

One definition serves the type hints and the check of a game read from a file (see
``companion.core.schema``). ``validate_brood`` adds the cross-references a shape cannot
say: every card a pile names is one of her cards, hexes are numbered once, one score per
round.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.schema import Count, Id, Json, JsonObject, Round, Shown, Small, Text, check, strict
from companion.core.state import State

Hex = Annotated[int, Ge(0), Le(99)]
CardIds = Annotated[list[Id], MaxLen(200)]
Zone = Literal["inner", "outer"]  # the Inner and the Outer Meadow


@strict
class Thresholds(TypedDict):
    plot: Count
    cp: Count
    centipedes: Count


@strict
class Card(TypedDict):
    type: Id
    ferocity: Annotated[int, Ge(0), Le(9)]
    chamber: bool


@strict
class Deck(TypedDict):
    cards: Annotated[dict[Id, Card], MaxLen(200)]
    draw: CardIds
    discard: CardIds
    plot: CardIds
    drawn: Count
    makeup: NotRequired[Literal["estimated", "entered"]]  # absent in older saves: estimated


@strict
class MeadowHex(TypedDict):
    number: Hex
    zone: Zone
    sites: Annotated[int, Ge(0), Le(9)]
    nymphs: Annotated[int, Ge(0), Le(99)]
    centipede: bool
    centipede_hex: bool
    nest: bool


@strict
class Tunnel(TypedDict):
    nymph: bool
    centipedes: Annotated[int, Ge(0), Le(99)]


@strict
class Her(TypedDict):
    found: bool
    hex: Hex | None
    destroyed: bool


class Asked(TypedDict):
    """What every question of hers keeps of its asking (absent in older saves)."""

    round: NotRequired[Round]  # of the card that asked it
    asked: NotRequired[Annotated[str, MaxLen(20)]]  # tells one question from the next (``model.ask``)


@strict
class ExpandQuestion(Asked):
    kind: Literal["expand"]
    reason: Text
    index: Annotated[int, Ge(1), Le(9)]
    of: Annotated[int, Ge(1), Le(9)]


@strict
class PredatorQuestion(Asked):
    kind: Literal["predator"]
    predator: Id
    health: Annotated[int, Ge(0), Le(99)]


@strict
class StrikeQuestion(Asked):
    kind: Literal["strike"]
    ferocity: Annotated[int, Ge(0), Le(9)]
    hex: Hex | None


Question = ExpandQuestion | PredatorQuestion | StrikeQuestion


@strict
class Mark(TypedDict):
    round: Round
    phase: Id
    scores: dict[Id, list[Small]]


@strict
class Turn(TypedDict):
    card: Id
    type: Id
    ferocity: Annotated[int, Ge(0), Le(9)]
    chamber: bool
    action: Id
    round: Round
    cancellable: bool
    cancelled: bool
    before: Annotated[list[list[Json]], MaxLen(2_000)] | None
    mark: Mark | None


@strict
class Line(TypedDict):
    text: Shown
    hex: Hex | None


@strict
class Report(TypedDict):
    title: Shown
    lines: Annotated[list[Line], MaxLen(200)]
    interpretations: Annotated[list[Text], MaxLen(50)]


@strict
class Asymmetric(TypedDict):
    eggs: Annotated[int, Ge(0), Le(99)]
    unlocked: Annotated[list[Id], MaxLen(10)]
    unlock_rounds: Annotated[list[Round], MaxLen(10)]
    bonus: Small | None


@strict
class Drawn(TypedDict):
    """One of her cards as the history by round lists it."""

    round: Round
    card: Id
    words: Shown
    cancelled: bool


@strict
class BroodState(TypedDict):
    difficulty: Literal["easy", "normal", "difficult"]
    deck_mode: Literal["virtual", "physical"]
    odds: bool
    after_level_3: Literal["nothing", "expand-again"]
    tunnel_centipedes: Literal["one", "many"]
    ants: Round
    thresholds: Thresholds
    initiative: Annotated[int, Ge(0), Le(20)]
    start: dict[Id, Small | dict[Id, Small]]
    cp: Annotated[list[Small], MinLen(1), MaxLen(5)]
    machinations: Annotated[int, Ge(0), Le(3)]
    deck: Deck
    hexes: Annotated[list[MeadowHex], MaxLen(100)]
    tunnel: Tunnel
    her: Her
    pending: Annotated[list[Question], MaxLen(20)]
    turn: Turn | None
    report: Report | None
    slumbers: Annotated[list[Round], MaxLen(5)]
    checklist: Annotated[dict[Id, bool], MaxLen(50)]
    asym: Asymmetric | None
    history: Annotated[list[Drawn], MaxLen(200)]


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise GameError(message)


def validate_brood(module_state: JsonObject, state: State, content: Content) -> None:
    """Her state as read from a file: its shape, then what refers to what."""
    b = check(BroodState, module_state)
    cards = b["deck"]["cards"]
    for pile in ("draw", "discard", "plot"):
        unknown = [c for c in b["deck"][pile] if c not in cards]
        _expect(not unknown, f"deck.{pile} names a card she does not have ({unknown[:1]})")
    piles = b["deck"]["draw"] + b["deck"]["discard"] + b["deck"]["plot"]
    _expect(len(piles) == len(set(piles)), "a card of hers is in two piles at once")
    _expect(b["turn"] is None or b["turn"]["card"] in cards, "turn.card is not one of her cards")
    numbers = [h["number"] for h in b["hexes"]]
    _expect(len(numbers) == len(set(numbers)) and 0 not in numbers, "hexes: each hex number once, from 1")
    _expect(len(b["cp"]) == state["rounds"], "cp: one number per round")
    _expect((b["asym"] is not None) == (state["mode"] == "asymmetric"), "asym: only in the asymmetric variant")
    _expect(b["her"]["hex"] is None or b["her"]["hex"] in numbers, "her.hex is not a hex of the meadow")
