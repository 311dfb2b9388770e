"""The shapes of the Broodmother's data files (``data/broodmother``), as TypedDicts that ``companion.core.schema``
checks whole on load; ``content.py`` turns the checked files into the dataclasses the rest of the code reads."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, get_args

from annotated_types import Ge, Le, Len, MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import Interpretation, Label, ModeId, Players, Sentence, Source
from companion.core.schema import Id, strict

Difficulty = Literal["easy", "normal", "difficult"]


Context = Literal["end", "slumber", "battle", "spawn", "expand", "meadow", "cancel", "plot", "strike", "invade",
                  "revel", "nest", "deck", "setup", "asymmetric"]


DIFFICULTIES: tuple[str, ...] = get_args(Difficulty)


CONTEXTS: set[str] = set(get_args(Context))


Change = Annotated[int, Ge(-9), Le(9)]


@strict
class Adjustments(TypedDict, total=False):
    """A Difficulty Chart cell: what Easy or Difficult changes for her."""

    larvae: Change
    cards: Change
    initiative: Change
    no_initiative: bool


ADJUSTMENT_KEYS: set[str] = set(Adjustments.__optional_keys__)


@strict
class LevelName(TypedDict):
    id: Difficulty
    name: Label


@strict
class RowData(TypedDict):
    players: Annotated[int, Ge(1), Le(4)]
    plot: Annotated[int, Ge(1), Le(20)]
    cp: Annotated[int, Ge(1), Le(60)]
    centipedes: Annotated[int, Ge(1), Le(30)]
    easy: Adjustments
    difficult: Adjustments


@strict
class DifficultyFile(TypedDict):
    """``data/broodmother/difficulty.json``."""

    schema: Literal[1]
    source: Source
    base_initiative: Annotated[int, Ge(0), Le(10)]
    levels: Annotated[list[LevelName], Len(3, 3)]
    rows: Annotated[list[RowData], Len(4, 4)]
    solo_start: Annotated[dict[Id, Annotated[int, Ge(0), Le(10)]], MaxLen(10)]


@strict
class CardTypeData(TypedDict):
    id: Id
    name: Label
    before_nest: Id
    after_nest: Id
    share: Annotated[int, Ge(0), Le(100)]


@strict
class ActionData(TypedDict):
    id: Id
    name: Label
    summary: Sentence


@strict
class GroupData(TypedDict):
    type: Id
    ferocity: Annotated[int, Ge(0), Le(9)]
    count: Annotated[int, Ge(0), Le(60)]


@strict
class ChambersData(GroupData):
    label: Label
    source: Source


@strict
class Limits(TypedDict):
    max_count: Annotated[int, Ge(1), Le(500)]
    max_ferocity: Annotated[int, Ge(1), Le(500)]
    max_cards: Annotated[int, Ge(1), Le(500)]


@strict
class ReactionPhases(TypedDict):
    """The phases in which her cards come (her reactions follow players' turns), and why."""

    phases: Annotated[list[Id], MinLen(1), MaxLen(10)]
    source: Source
    why: Sentence


@strict
class DeckFile(TypedDict):
    """``data/broodmother/deck.json``."""

    schema: Literal[1]
    source: Source
    card_types: Annotated[list[CardTypeData], MinLen(1), MaxLen(10)]
    actions: Annotated[list[ActionData], MinLen(1), MaxLen(20)]
    default_composition: Annotated[list[GroupData], MinLen(1), MaxLen(100)]
    empires_chambers: ChambersData
    reaction_phases: ReactionPhases
    limits: Limits


@strict
class LevelData(TypedDict):
    level: Annotated[int, Ge(1), Le(3)]
    id: Id
    name: Label
    text: Sentence


@strict
class Option(TypedDict):
    id: Literal["nothing", "expand-again"]
    text: Sentence


@strict
class PredatorData(TypedDict):
    id: Id
    name: Label


@strict
class MachinationsFile(TypedDict):
    """``data/broodmother/machinations.json``."""

    schema: Literal[1]
    source: Source
    levels: Annotated[list[LevelData], Len(3, 3)]
    after_level_3: Annotated[list[Option], Len(2, 2)]
    predators: Annotated[list[PredatorData], MinLen(1), MaxLen(10)]
    predator_health_per_round: Annotated[int, Ge(1), Le(10)]


@strict
class NamedData(TypedDict):
    id: Id
    name: Label
    text: Sentence


@strict
class AsymmetricFile(TypedDict):
    """``data/broodmother/asymmetric.json``."""

    schema: Literal[1]
    source: Source
    power_cost_eggs: Annotated[int, Ge(1), Le(20)]
    redraw_cost_nymphs: Annotated[int, Ge(1), Le(10)]
    end_bonus: Annotated[int, Ge(0), Le(20)]
    nymph_move_steps: Annotated[int, Ge(1), Le(10)]
    unlock_phases: Annotated[list[Id], MinLen(1), MaxLen(10)]
    powers: Annotated[list[NamedData], Len(5, 5)]
    reactions: Annotated[list[NamedData], MaxLen(10)]


@strict
class When(TypedDict, total=False):
    """A checklist step's conditions: all that are given must hold."""

    modes: Annotated[list[ModeId], MinLen(1)]
    players: Players
    expansion: Id
    difficulty: Annotated[list[Difficulty], MinLen(1)]


@strict
class StepData(TypedDict):
    id: Id
    title: Label
    when: When
    source: Source
    text: Sentence


@strict
class ChecklistFile(TypedDict):
    """``data/broodmother/checklist.json``."""

    schema: Literal[1]
    steps: Annotated[list[StepData], MaxLen(100)]


def an_interpretation(text: str) -> bool:
    return text.startswith("Interpretation: ")


@strict
class InterpretationData(Interpretation):
    """The shared shape (``id``, ``text``), and hers: where it applies, the rule and how it is read, the option
    that turns it (the text must start with "Interpretation: ", checked when built)."""

    applies: Annotated[list[Context], MinLen(1)]
    source: Source
    reads: Sentence
    option: NotRequired[Id]


@strict
class InterpretationsFile(TypedDict):
    """``data/broodmother/interpretations.json``."""

    schema: Literal[1]
    interpretations: Annotated[list[InterpretationData], MaxLen(200)]
