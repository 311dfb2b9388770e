"""The shape of the Broodmother's saved state (``state["modules_state"]["broodmother"]``).

One definition serves the type hints and the check of a game read from a file (see
``companion.core.schema``). ``validate_brood`` adds the cross-references a shape cannot
say: every card a pile names is one of her cards, hexes are numbered once, one score per
round.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired

from pydantic import Field, with_config
from typing_extensions import TypedDict

from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.schema import STRICT, Count, Id, Json, Small, Text, check
from companion.core.state import State

Hex = Annotated[int, Field(ge=0, le=99)]
CardIds = Annotated[list[Id], Field(max_length=200)]


@with_config(STRICT)
class Thresholds(TypedDict):
    plot: Count
    cp: Count
    centipedes: Count


@with_config(STRICT)
class Card(TypedDict):
    type: Id
    ferocity: Annotated[int, Field(ge=0, le=9)]
    chamber: bool


@with_config(STRICT)
class Deck(TypedDict):
    cards: Annotated[dict[Id, Card], Field(max_length=200)]
    draw: CardIds
    discard: CardIds
    plot: CardIds
    drawn: Count


@with_config(STRICT)
class MeadowHex(TypedDict):
    number: Hex
    zone: Literal["inner", "outer"]
    sites: Annotated[int, Field(ge=0, le=9)]
    nymphs: Annotated[int, Field(ge=0, le=99)]
    centipede: bool
    centipede_hex: bool
    nest: bool


@with_config(STRICT)
class Tunnel(TypedDict):
    nymph: bool
    centipedes: Annotated[int, Field(ge=0, le=99)]


@with_config(STRICT)
class Her(TypedDict):
    found: bool
    hex: Hex | None
    destroyed: bool


@with_config(STRICT)
class Predator(TypedDict):
    id: Id
    name: Text
    hex: Hex
    health: Annotated[int, Field(ge=0, le=99)]
    round: Annotated[int, Field(ge=1, le=5)]
    defeated: bool


@with_config(STRICT)
class ExpandQuestion(TypedDict):
    kind: Literal["expand"]
    reason: Text
    index: Annotated[int, Field(ge=1, le=9)]
    of: Annotated[int, Field(ge=1, le=9)]


@with_config(STRICT)
class PredatorQuestion(TypedDict):
    kind: Literal["predator"]
    predator: Id
    health: Annotated[int, Field(ge=0, le=99)]


@with_config(STRICT)
class StrikeQuestion(TypedDict):
    kind: Literal["strike"]
    ferocity: Annotated[int, Field(ge=0, le=9)]
    hex: Hex | None


Question = Annotated[ExpandQuestion | PredatorQuestion | StrikeQuestion, Field(discriminator="kind")]


@with_config(STRICT)
class Mark(TypedDict):
    round: Annotated[int, Field(ge=1, le=5)]
    phase: Id
    scores: dict[Id, list[Small]]


@with_config(STRICT)
class Turn(TypedDict):
    card: Id
    type: Id
    ferocity: Annotated[int, Field(ge=0, le=9)]
    chamber: bool
    action: Id
    round: Annotated[int, Field(ge=1, le=5)]
    cancellable: bool
    cancelled: bool
    before: Annotated[list[list[Json]], Field(max_length=2_000)] | None
    mark: Mark | None


@with_config(STRICT)
class Line(TypedDict):
    text: Text
    hex: Hex | None


@with_config(STRICT)
class Report(TypedDict):
    title: Text
    lines: Annotated[list[Line], Field(max_length=200)]
    interpretations: Annotated[list[Text], Field(max_length=50)]


@with_config(STRICT)
class Asymmetric(TypedDict):
    eggs: Annotated[int, Field(ge=0, le=99)]
    unlocked: Annotated[list[Id], Field(max_length=10)]
    unlock_rounds: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(max_length=10)]
    bonus: Small | None


@with_config(STRICT)
class BroodState(TypedDict):
    difficulty: Literal["easy", "normal", "difficult"]
    deck_mode: Literal["virtual", "physical"]
    odds: bool
    after_level_3: Literal["nothing", "expand-again"]
    tunnel_centipedes: Literal["one", "many"]
    ants: Annotated[int, Field(ge=1, le=5)]
    thresholds: Thresholds
    initiative: Annotated[int, Field(ge=0, le=20)]
    start: dict[Id, Small | dict[Id, Small]]
    cp: Annotated[list[Small], Field(min_length=1, max_length=5)]
    machinations: Annotated[int, Field(ge=0, le=3)]
    deck: Deck
    hexes: Annotated[list[MeadowHex], Field(max_length=100)]
    tunnel: Tunnel
    her: Her
    predators: Annotated[list[Predator], Field(max_length=10)]
    pending: Annotated[list[Question], Field(max_length=20)]
    turn: Turn | None
    report: Report | None
    slumbers: Annotated[list[Annotated[int, Field(ge=1, le=5)]], Field(max_length=5)]
    checklist: Annotated[dict[Id, bool], Field(max_length=50)]
    asym: Asymmetric | None
    history: NotRequired[Annotated[list[dict[str, Json]], Field(max_length=200)]]


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise GameError(message)


def validate_brood(module_state: dict[str, Any], state: State, content: Content) -> None:
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
