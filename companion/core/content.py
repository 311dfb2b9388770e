"""Game content from ``data/game``: games, expansions, modules, variants, modes, setup steps.

Content is data with stable ids, validated here when loaded, so a typo in a data file
fails loudly at start-up (naming the file and the field) instead of mid-game. Each file's
shape is a TypedDict below, checked whole as the file is read (``companion.core.datafiles``);
what a shape cannot say - that an id named here exists there - is ``_cross_check``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Any, Literal, NotRequired, cast

from annotated_types import MaxLen, MinLen
from typing_extensions import TypedDict

from companion.core.datafiles import MODE_IDS as MODE_IDS
from companion.core.datafiles import Label, ModeId, Players, Sentence, Source, load_checked
from companion.core.datafiles import load_json as load_json
from companion.core.errors import ContentError
from companion.core.i18n import Msg, msg
from companion.core.schema import Id, Round, SchemaError, check, strict

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
    modules: Annotated[list[Id], MaxLen(40)]
    variants: Annotated[list[Id], MaxLen(40)]


@strict
class ModuleData(TypedDict):
    name: Label
    expansion: Id
    always: NotRequired[bool]


@strict
class VariantData(TypedDict):
    name: Label
    expansion: Id
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
class InterpretationData(TypedDict):
    id: Id
    text: Sentence


@strict
class GamesFile(TypedDict):
    """``data/game/games.json``."""

    schema: Literal[1]
    games: Annotated[dict[Id, GameData], MinLen(1), MaxLen(20)]
    expansions: Annotated[dict[Id, ExpansionData], MaxLen(40)]
    modules: Annotated[dict[Id, ModuleData], MaxLen(100)]
    variants: Annotated[dict[Id, VariantData], MaxLen(100)]
    modes: Modes
    interpretations: NotRequired[Annotated[list[InterpretationData], MaxLen(100)]]


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
    group: Label
    when: When
    source: Source
    text: Sentence


@strict
class SetupFile(TypedDict):
    """``data/game/setup.json``."""

    schema: Literal[1]
    steps: Annotated[list[StepData], MaxLen(500)]


@dataclass(frozen=True)
class Phase:
    id: str
    name: str
    phase: str  # the phase it belongs to: "Queen Phase" for its steps

    @property
    def label(self) -> str:
        return self.name if self.name == self.phase else f"{self.phase}: {self.name}"

    def message(self) -> Msg:
        """The label as a message, so each reader sees it in their language."""
        if self.name == self.phase:
            return msg(self.name)
        return msg("{phase}: {step}", phase=msg(self.phase), step=msg(self.name))


@dataclass(frozen=True)
class GameDef:
    id: str
    name: str
    edition: str
    colours: tuple[str, ...]
    rounds: int
    advanced_rounds: int | None
    score_floor: int | None
    expansions: tuple[str, ...]
    modes: dict[str, tuple[int, int]]
    terms: dict[str, str]
    phases: tuple[Phase, ...]

    def phase(self, phase_id: str) -> Phase:
        for phase in self.phases:
            if phase.id == phase_id:
                return phase
        raise KeyError(phase_id)

    def phase_index(self, phase_id: str) -> int:
        return [p.id for p in self.phases].index(phase_id)


@dataclass(frozen=True)
class Expansion:
    id: str
    name: str
    game: str
    modules: tuple[str, ...]
    variants: tuple[str, ...]


@dataclass(frozen=True)
class Module:
    id: str
    name: str
    expansion: str
    always: bool


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    expansion: str
    modes: tuple[str, ...] | None
    players: tuple[int, int] | None
    group: str | None
    implies: tuple[str, ...]


@dataclass(frozen=True)
class Mode:
    id: str
    name: str
    requires_expansion: str | None
    reserved_colours: tuple[str, ...]
    broodmother: str  # "none" | "automated" | "player"


@dataclass(frozen=True)
class SetupStep:
    id: str
    group: str
    text: str
    source: str
    when: dict[str, Any]


@dataclass(frozen=True)
class Content:
    games: dict[str, GameDef]
    expansions: dict[str, Expansion]
    modules: dict[str, Module]
    variants: dict[str, Variant]
    modes: dict[str, Mode]
    setup_steps: tuple[SetupStep, ...]
    interpretations: dict[str, str]

    def game(self, game_id: str) -> GameDef:
        try:
            return self.games[game_id]
        except KeyError:
            raise ContentError(f"unknown game {game_id!r}") from None


GAMES, SETUP = "data/game/games.json", "data/game/setup.json"


def _parse(raw: Any, steps_raw: Any) -> Content:
    """The content from the two files' data, shapes and cross-links checked."""
    for shape, data, label in ((GamesFile, raw, GAMES), (SetupFile, steps_raw, SETUP)):
        try:
            check(shape, data)
        except SchemaError as exc:
            raise ContentError(f"{label}: {exc}") from None
    return _build(raw, steps_raw)


def _pair(pair: list[int]) -> tuple[int, int]:
    return pair[0], pair[1]


def _game(gid: str, g: GameData) -> GameDef:
    return GameDef(
        id=gid, name=g["name"], edition=g["edition"], colours=tuple(g["colours"]), rounds=g["rounds"],
        advanced_rounds=g.get("advanced_rounds"), score_floor=g.get("score_floor"),
        expansions=tuple(g["expansions"]), modes={m: _pair(r) for m, r in g["modes"].items()},
        terms=dict(cast(dict[str, str], g["terms"])),
        phases=tuple(Phase(p["id"], p["name"], p["phase"]) for p in g["phases"]),
    )


def _build(raw: GamesFile, steps_raw: SetupFile) -> Content:
    games = {gid: _game(gid, g) for gid, g in raw["games"].items()}
    expansions = {
        eid: Expansion(eid, e["name"], e["game"], tuple(e["modules"]), tuple(e["variants"]))
        for eid, e in raw["expansions"].items()
    }
    modules = {mid: Module(mid, m["name"], m["expansion"], m.get("always", False))
               for mid, m in raw["modules"].items()}
    variants = {
        vid: Variant(
            vid, v["name"], v["expansion"], tuple(v["modes"]) if "modes" in v else None,
            _pair(v["players"]) if "players" in v else None, v.get("group"), tuple(v.get("implies", ())),
        )
        for vid, v in raw["variants"].items()
    }
    modes = {
        mid: Mode(mid, m["name"], m["requires_expansion"], tuple(m["reserved_colours"]), m["broodmother"])
        for mid, m in cast(dict[str, ModeData], raw["modes"]).items()
    }
    steps = tuple(
        SetupStep(s["id"], s["group"], s["text"], s["source"], dict(s["when"])) for s in steps_raw["steps"]
    )
    content = Content(games, expansions, modules, variants, modes, steps,
                      {i["id"]: i["text"] for i in raw.get("interpretations", [])})
    _cross_check(content)
    return content


def _cross_check(c: Content) -> None:
    """Every id a record names must exist: the cross-links a typo would break."""
    for game in c.games.values():
        where = f"{GAMES}: games.{game.id}"
        if len({p.id for p in game.phases}) != len(game.phases):
            raise ContentError(f"{where}.phases: phases must be a non-empty list with unique ids")
        for n, eid in enumerate(game.expansions):
            if eid not in c.expansions or c.expansions[eid].game != game.id:
                raise ContentError(f"{where}.expansions[{n}]: expansion {eid!r} unknown or of another game")
    for exp in c.expansions.values():
        where = f"{GAMES}: expansions.{exp.id}"
        if exp.game not in c.games:
            raise ContentError(f"{where}.game: unknown game {exp.game!r}")
        for n, mid in enumerate(exp.modules):
            if mid not in c.modules or c.modules[mid].expansion != exp.id:
                raise ContentError(f"{where}.modules[{n}]: module {mid!r} unknown or of another expansion")
        for n, vid in enumerate(exp.variants):
            if vid not in c.variants or c.variants[vid].expansion != exp.id:
                raise ContentError(f"{where}.variants[{n}]: variant {vid!r} unknown or of another expansion")
    for variant in c.variants.values():
        for n, implied in enumerate(variant.implies):
            if implied not in c.variants:
                raise ContentError(f"{GAMES}: variants.{variant.id}.implies[{n}]: unknown variant {implied!r}")
    for mode in c.modes.values():
        if mode.requires_expansion is not None and mode.requires_expansion not in c.expansions:
            raise ContentError(f"{GAMES}: modes.{mode.id}.requires_expansion: "
                               f"unknown expansion {mode.requires_expansion!r}")
    seen: set[str] = set()
    for n, step in enumerate(c.setup_steps):
        if step.id in seen:
            raise ContentError(f"{SETUP}: steps[{n}].id: duplicate step id {step.id!r}")
        seen.add(step.id)
        _check_condition(c, step, f"{SETUP}: steps[{n}].when")


def _check_condition(c: Content, step: SetupStep, where: str) -> None:
    tables: dict[str, dict[str, Any]] = {"expansion": c.expansions, "module": c.modules, "variant": c.variants}
    for key, table in tables.items():
        if key in step.when and step.when[key] not in table:
            raise ContentError(f"{where}.{key}: unknown {key} {step.when[key]!r} (step {step.id})")
    for n, game in enumerate(step.when.get("games", [])):
        if game not in c.games:
            raise ContentError(f"{where}.games[{n}]: unknown game {game!r} (step {step.id})")


@cache
def load_content() -> Content:
    """The validated content, loaded once per process."""
    return _build(load_checked(GamesFile, "game/games.json"), load_checked(SetupFile, "game/setup.json"))
