"""The shapes of the game content's files: ``data/game/games.json``, ``data/game/setup.json`` and each unit's
``data/<unit>/module.json`` (``ModuleFile``), one TypedDict each, checked whole as a file is read
(``companion.core.datafiles``).

Apart from ``companion.core.content`` (which builds the game's content from them) so that finding a unit's
declaration (``companion.core.unit_files``) needs the shapes alone, not the content built from them.
"""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from annotated_types import Ge, Le, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import Interpretation, Label, ModeId, Players, Sentence, Source
from companion.core.schema import Id, Round, strict

# --- the shapes of data/game/games.json and data/game/setup.json ---------------------------------


@strict
class PhaseData(TypedDict):
    id: Id
    name: Label
    phase: Label


@strict
class Terms(TypedDict):
    hex: Label
    hexes: Label
    site: Label
    slumber: Label
    points: Label  # the standings' heading, in sentence case
    cp: Label
    point: Label  # one point, as a player gets one: "Give Ana 1 CP", "Give Ana 1 point"


@strict
class GameData(TypedDict):
    name: Label
    edition: Label
    colours: Annotated[list[Id], MinLen(1), MaxLen(8)]
    rounds: Round
    advanced_rounds: NotRequired[Round]
    score_floor: NotRequired[int | None]
    expansions: Annotated[list[Id], MaxLen(10)]
    modes: Annotated[dict[ModeId, Players], MinLen(1)]
    terms: Terms
    phases: Annotated[list[PhaseData], MinLen(1), MaxLen(20)]


@strict
class ExpansionData(TypedDict):
    name: Label
    game: Id


#: Where an entry stands among its expansion's (modules, variants) or in the setup table (steps): they sort by it.
Order = Annotated[int, Ge(0), Le(10_000)]


@strict
class ModuleData(TypedDict):
    name: Label
    expansion: Id
    order: Order
    always: NotRequired[bool]


@strict
class VariantData(TypedDict):
    name: Label
    expansion: Id
    order: Order
    modes: NotRequired[Annotated[list[ModeId], MinLen(1)]]
    players: NotRequired[Players]
    group: NotRequired[Id]
    implies: NotRequired[Annotated[list[Id], MaxLen(10)]]


@strict
class ModeData(TypedDict):
    name: Label
    requires_expansion: Id | None
    reserved_colours: Annotated[list[Id], MaxLen(8)]
    broodmother: Literal["none", "automated", "player"]


@strict
class Modes(TypedDict):
    competitive: ModeData
    solo: ModeData
    coop: ModeData
    asymmetric: ModeData


@strict
class GamesFile(TypedDict):
    """``data/game/games.json``."""

    schema: Literal[1]
    games: Annotated[dict[Id, GameData], MinLen(1), MaxLen(20)]
    expansions: Annotated[dict[Id, ExpansionData], MaxLen(40)]
    modes: Modes
    interpretations: NotRequired[Annotated[list[Interpretation], MaxLen(100)]]


@strict
class When(TypedDict, total=False):
    """A setup step's conditions: all that are given must hold."""

    games: Annotated[list[Id], MinLen(1)]
    expansion: Id
    module: Id
    variant: Id
    modes: Annotated[list[ModeId], MinLen(1)]
    players: Players


@strict
class StepData(TypedDict):
    id: Id
    order: Order
    group: Label
    when: When
    source: Source
    text: Sentence


@strict
class SetupFile(TypedDict):
    """``data/game/setup.json``: the steps of the games, expansions and modes (a module's are its own)."""

    schema: Literal[1]
    steps: Annotated[list[StepData], MaxLen(500)]


@strict
class TopicData(TypedDict):
    """A rules topic: what a "?" opens (``companion.rules.topics`` checks its entries against the corpus)."""

    title: Label
    title_es: NotRequired[Label]
    entries: Annotated[list[Annotated[str, MaxLen(64)]], MinLen(1), MaxLen(50)]


@strict
class ModuleFile(TypedDict):
    """``data/<unit>/module.json``: a module unit's own part of the game content and of the rules topics."""

    schema: Literal[1]
    modules: NotRequired[Annotated[dict[Id, ModuleData], MaxLen(10)]]
    variants: NotRequired[Annotated[dict[Id, VariantData], MaxLen(10)]]
    steps: NotRequired[Annotated[list[StepData], MaxLen(50)]]
    topics: NotRequired[Annotated[dict[Annotated[str, MinLen(1), MaxLen(64)], TopicData], MaxLen(50)]]
