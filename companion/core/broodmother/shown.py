"""The shapes of what a Broodmother screen shows (``view.broodmother_view``'s answer and its parts), as typed
dicts: kept apart from the code that fills them so the panels and the terminal read the shapes alone."""

from __future__ import annotations

from typing import Required

from typing_extensions import TypedDict

from companion.core.actions import Actions
from companion.core.broodmother.checklist import ChecklistItem
from companion.core.broodmother.deck import OddsRow
from companion.core.broodmother.schema import (
    Her,
    MeadowHex,
    Report,
    Thresholds,
    Tunnel,
)
from companion.core.broodmother.scoring import (
    BattleHelper,
    SlumberPreview,
)
from companion.core.predators.model import OnBoard
from companion.core.schema import Shown


class DifficultyShown(TypedDict):
    """Her difficulty: its id and name."""

    id: str
    name: str


class StartShown(TypedDict):
    """Her start: the chart's adjustments in words, and the solo player's starting resources (None otherwise)."""

    adjustments: str
    solo: dict[str, int] | None


class HerPoints(TypedDict):
    """Her Colony Points: in all and by round, the best colony's, her lead and the lead that makes the ants lose."""

    total: int
    by_round: list[int]
    best_ant: int
    lead: int
    lead_to_lose: int


class LevelShown(TypedDict):
    """A Machinations level, and whether she has reached it."""

    level: int
    name: str
    text: str
    reached: bool


class MachinationsShown(TypedDict):
    """Her Machinations track: the level, the plot pile against its threshold, what the levels do."""

    level: int
    plot_pile: int
    plot_threshold: int
    plot_pile_retired: bool
    after_level_3: str
    levels: list[LevelShown]
    nymphs_per_placement: int


class PredatorOnBoard(OnBoard):
    """A Predator on the board (from the predator tracker), with its name in the reader's language."""

    name: str


class HexRow(MeadowHex):
    """A Meadow hex in the table: what is on it and which of the players' taps it allows now."""

    broodmother: bool
    predators: list[str]


class MeadowRow(HexRow):
    """A hex's row in her meadow by its number (``BroodmotherView.hexes_by_id``), with whether her report names it: an
    entry of its own for each hex, so a row is drawn again only when its own hex changes (``companion.ui.kept``)."""

    named: bool


class MeadowShown(TypedDict):
    """The Meadow: its hexes, the Great Tunnel, the centipedes against their threshold, the inner hexes."""

    hexes: list[HexRow]
    tunnel: Tunnel
    centipedes: int
    centipede_threshold: int
    inner_hexes: int


class ColonyRef(TypedDict):
    """A colony by id and name."""

    id: str
    name: str


class TurnShown(TypedDict):
    """Her card this turn: its type, Ferocity and action, whether it can still be cancelled, the eggs it asks."""

    card: str
    type: str
    ferocity: int
    chamber: bool
    action: str
    action_name: str
    round: int
    cancelled: bool
    chamber_eggs: list[ColonyRef]


class AnswerField(TypedDict, total=False):
    """A field of the open question's form: its name and type, and the limits or choices that apply to it."""

    name: Required[str]
    type: Required[str]
    min: int
    max: int
    taken: list[int]
    required: bool
    choices: list[str]
    default: str | bool
    hidden: bool


class AnswerButton(TypedDict):
    """A one-tap answer to the open question: its label and the command's arguments."""

    label: str
    args: dict[str, str | int | bool]


class QuestionAsked(TypedDict):
    """What a question asks: the command that answers it, its text, fields, buttons and interpretations."""

    command: str
    text: str
    fields: list[AnswerField]
    buttons: list[AnswerButton]
    interpretations: list[str]


class QuestionCommon(TypedDict):
    """What every open question has: its kind, how many wait after it, when and by which card it was asked."""

    kind: str
    more_after: int
    asked: str | None
    round: int
    card: str


class QuestionShown(QuestionAsked, QuestionCommon):
    """The open question with everything a screen needs to ask it."""


class DeckShown(TypedDict):
    """Her deck, spoiler-safe: counts of each type left and discarded, never their order; the odds if shown."""

    mode: str
    makeup: str
    size: int
    drawn: int
    draw: dict[str, int]
    discard: dict[str, int]
    plot: int
    draw_total: int
    discard_total: int
    reshuffle_next: bool
    odds: list[OddsRow] | None
    show_odds: bool
    actions: dict[str, str]


class EndedShown(TypedDict):
    """How the game ended, its reason in the reader's language."""

    code: str
    reason: str
    winners: list[str]


class EndStatus(TypedDict):
    """The two ways the ants lose, as numbers against their limits, and how the game ended (None: not yet)."""

    ended: EndedShown | None
    centipedes: int
    centipedes_before_loss: int
    cp_lead: int
    cp_lead_before_loss: int
    applies: bool


class InterpretationRef(TypedDict):
    """An interpretation by id, its text in the reader's language."""

    id: str
    text: str


class InterpretationShown(InterpretationRef):
    """An interpretation with its source, where it applies and the option it belongs to (if any)."""

    source: str
    applies: list[str]
    option: str | None


class InterpretationsShown(TypedDict):
    """The interpretations that apply now, those of them the end lists (neither her card nor her question shows
    them), and all of them: each list its own key, so a panel reading one is not drawn again when another changes."""

    current: list[InterpretationRef]
    at_end: list[InterpretationRef]
    all: list[InterpretationShown]


class PowerShown(TypedDict):
    """One of her powers (asymmetric variant): its text this round, and whether it is unlocked or can be used."""

    id: str
    name: str
    text: str
    unlocked: bool


class ReactionShown(TypedDict):
    """One of her reactions (asymmetric variant)."""

    id: str
    name: str
    text: str


class AsymShown(TypedDict):
    """The asymmetric Broodmother's player: her eggs, the costs, her powers and reactions."""

    eggs: int
    power_cost: int
    redraw_cost: int
    end_bonus: int
    bonus_earned: int | None
    ants: int
    powers: list[PowerShown]
    reactions: list[ReactionShown]


class CardDrawn(TypedDict):
    """One of her cards in the history: its words and whether it was cancelled."""

    words: Shown
    cancelled: bool


class RoundCards(TypedDict):
    """Her cards in one round, oldest first."""

    round: int
    cards: list[CardDrawn]


class BroodmotherView(TypedDict, total=False):
    """What ``broodmother_view`` gives the Broodmother panels, the game screen and ``companion solo``: only
    ``active`` (False) when she is not in the game, every other key when she is."""

    active: Required[bool]
    mode: str
    asymmetric: bool
    ants: int
    round: int
    difficulty: DifficultyShown
    thresholds: Thresholds
    initiative: int
    start: StartShown
    cp: HerPoints
    machinations: MachinationsShown
    meadow: MeadowShown
    her: Her
    predators: list[PredatorOnBoard]
    report: Report | None
    report_draw: int | None  # the report is her card's: that draw's number in this game (1 for her first card)
    report_hexes: list[int]  # the places her report names (0: the Great Tunnel), in order: the meadow outlines them
    hexes_by_id: dict[str, MeadowRow]  # each hex of the meadow by its number, as its row shows it
    turn: TurnShown | None
    question: QuestionShown | None
    deck: DeckShown
    slumber: SlumberPreview
    battle: BattleHelper
    end: EndStatus
    interpretations: InterpretationsShown
    checklist: list[ChecklistItem]
    asym: AsymShown | None
    history: list[RoundCards]
    actions: Actions  # every command her panels offer now, allowed or why not (``broodmother.actions``)


class HerStanding(TypedDict):
    """The asymmetric Broodmother's player in the standings: her eggs and the powers unlocked."""

    eggs: int
    powers: list[str]
