"""Game content from ``data/game``: games, expansions, modules, variants, modes, setup steps.

A module unit's own entries (its modules, variants and setup steps) are in its own folder,
``data/<unit>/module.json`` (``ModuleFile``), merged in here: ``companion.core.units`` finds them.

Content is data with stable ids, validated here when loaded, so a typo in a data file
fails loudly at start-up (naming the file and the field) instead of mid-game. Each file's
shape is a TypedDict below, checked whole as the file is read (``companion.core.datafiles``);
what a shape cannot say - that an id named here exists there - is ``_cross_check``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, partial
from importlib import import_module
from typing import Literal, cast, overload

from typing_extensions import TypedDict

from companion.core.content_files import (
    GameData,
    GamesFile,
    ModeData,
    ModuleData,
    ModuleFile,
    SetupFile,
    StepData,
    VariantData,
    When,
)
from companion.core.datafiles import MODE_IDS as MODE_IDS
from companion.core.datafiles import Interpretation, load_checked
from companion.core.datafiles import load_json as load_json
from companion.core.errors import ContentError
from companion.core.i18n import Msg, msg
from companion.core.schema import Json, SchemaError, check
from companion.core.unit_files import data_folders, where
from companion.paths import data_dir


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
    when: When


class UnitContents(Mapping[str, Mapping[str, object]]):
    """``Content.units``: each module unit's content, loaded by its unit's ``load`` when first asked for."""

    def __init__(self, loaders: Mapping[str, Callable[[], Mapping[str, object]]],
                 loaded: Mapping[str, Mapping[str, object]] | None = None) -> None:
        self._loaders, self._loaded = dict(loaders), dict(loaded or {})

    def __getitem__(self, unit_id: str) -> Mapping[str, object]:
        if unit_id not in self._loaded:
            if unit_id not in self._loaders:
                raise ContentError(f"no module unit {unit_id!r}")
            self._loaded[unit_id] = self._loaders[unit_id]()
        return self._loaded[unit_id]

    def __iter__(self) -> Iterator[str]:
        return iter({**self._loaders, **self._loaded})

    def __len__(self) -> int:
        return len({**self._loaders, **self._loaded})

    def with_unit(self, unit_id: str, loaded: Mapping[str, object]) -> UnitContents:
        return UnitContents(self._loaders, {**self._loaded, unit_id: loaded})


@dataclass(frozen=True)
class Content:
    games: dict[str, GameDef]
    expansions: dict[str, Expansion]
    modules: dict[str, Module]
    variants: dict[str, Variant]
    modes: dict[str, Mode]
    setup_steps: tuple[SetupStep, ...]
    interpretations: dict[str, str]
    #: One slot per module unit: its id -> its loaded content (file name -> data), read on first use;
    #: ``with_unit`` gives a unit small content of a test's own.
    units: UnitContents = field(default_factory=lambda: UnitContents({}), compare=False, repr=False)

    def with_unit(self, unit_id: str, loaded: Mapping[str, object]) -> Content:
        """A copy of this content in which unit ``unit_id``'s content is ``loaded``."""
        return replace(self, units=self.units.with_unit(unit_id, loaded))

    def game(self, game_id: str) -> GameDef:
        try:
            return self.games[game_id]
        except KeyError:
            raise ContentError(f"unknown game {game_id!r}") from None


GAMES, SETUP = "data/game/games.json", "data/game/setup.json"
#: A module unit's own file, by its data folder: ``(label, its data)``.
Declared = tuple[str, ModuleFile]


def _parse(raw: Json, steps_raw: Json, declared: Sequence[Declared] = ()) -> Content:
    """The content from the files' data, shapes and cross-links checked."""
    files = ((GamesFile, raw, GAMES), (SetupFile, steps_raw, SETUP),
             *((ModuleFile, data, label) for label, data in declared))
    for shape, data, label in files:
        try:
            check(shape, data)
        except SchemaError as exc:
            raise ContentError(f"{label}: {exc}") from None
    return _build(raw, steps_raw, declared)


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


#: A module unit's entry of the shared content: one of its modules or variants.
Entry = ModuleData | VariantData


@overload
def _merged(declared: Sequence[Declared], key: Literal["modules"]) -> Mapping[str, ModuleData]: ...
@overload
def _merged(declared: Sequence[Declared], key: Literal["variants"]) -> Mapping[str, VariantData]: ...


def _merged(declared: Sequence[Declared], key: Literal["modules", "variants"]) -> Mapping[str, Entry]:
    """The units' module (or variant) entries in one table, in their ``order``; an id declared twice fails."""
    table: dict[str, Entry] = {}
    for label, data in declared:
        for eid, entry in cast(Mapping[str, Entry], data.get(key, {})).items():
            if eid in table:
                raise ContentError(f"{label}: {key}.{eid}: declared by another module unit too")
            table[eid] = entry
    return dict(sorted(table.items(), key=lambda item: int(item[1]["order"])))


def _steps(steps_raw: SetupFile, declared: Sequence[Declared]) -> list[tuple[str, int, StepData]]:
    """Every setup step with the file and place it came from, in ``order`` (shared and units' together)."""
    found = [(SETUP, n, s) for n, s in enumerate(steps_raw["steps"])]
    found += [(label, n, s) for label, data in declared for n, s in enumerate(data.get("steps", []))]
    return sorted(found, key=lambda item: item[2]["order"])


def _build(raw: GamesFile, steps_raw: SetupFile, declared: Sequence[Declared] = ()) -> Content:
    games = {gid: _game(gid, g) for gid, g in raw["games"].items()}
    modules = {mid: Module(mid, m["name"], m["expansion"], m.get("always", False))
               for mid, m in _merged(declared, "modules").items()}
    variants = {
        vid: Variant(
            vid, v["name"], v["expansion"], tuple(v["modes"]) if "modes" in v else None,
            _pair(v["players"]) if "players" in v else None, v.get("group"), tuple(v.get("implies", ())),
        )
        for vid, v in _merged(declared, "variants").items()
    }
    expansions = {
        eid: Expansion(eid, e["name"], e["game"], tuple(m.id for m in modules.values() if m.expansion == eid),
                       tuple(v.id for v in variants.values() if v.expansion == eid))
        for eid, e in raw["expansions"].items()
    }
    modes = {
        mid: Mode(mid, m["name"], m["requires_expansion"], tuple(m["reserved_colours"]), m["broodmother"])
        for mid, m in cast(dict[str, ModeData], raw["modes"]).items()
    }
    placed = _steps(steps_raw, declared)
    steps = tuple(SetupStep(s["id"], s["group"], s["text"], s["source"], s["when"].copy()) for _, _, s in placed)
    content = Content(games, expansions, modules, variants, modes, steps,
                      {i["id"]: i["text"] for i in raw.get("interpretations", [])})
    _cross_check(content, [f"{label}: steps[{n}]" for label, n, _ in placed], dict(declared))
    return content


def _cross_check(c: Content, step_places: list[str], declared: dict[str, ModuleFile]) -> None:
    """Every id a record names must exist: the cross-links a typo would break."""
    for game in c.games.values():
        where = f"{GAMES}: games.{game.id}"
        if len({p.id for p in game.phases}) != len(game.phases):
            raise ContentError(f"{where}.phases: phases must be a non-empty list with unique ids")
        for n, eid in enumerate(game.expansions):
            if eid not in c.expansions or c.expansions[eid].game != game.id:
                raise ContentError(f"{where}.expansions[{n}]: expansion {eid!r} unknown or of another game")
    for exp in c.expansions.values():
        if exp.game not in c.games:
            raise ContentError(f"{GAMES}: expansions.{exp.id}.game: unknown game {exp.game!r}")
    _check_entries(c, declared)
    for mode in c.modes.values():
        if mode.requires_expansion is not None and mode.requires_expansion not in c.expansions:
            raise ContentError(f"{GAMES}: modes.{mode.id}.requires_expansion: "
                               f"unknown expansion {mode.requires_expansion!r}")
    seen: set[str] = set()
    for where, step in zip(step_places, c.setup_steps, strict=True):
        if step.id in seen:
            raise ContentError(f"{where}.id: duplicate step id {step.id!r}")
        seen.add(step.id)
        _check_condition(c, step, f"{where}.when")


def _check_entries(c: Content, declared: dict[str, ModuleFile]) -> None:
    """A unit's modules and variants belong to a known expansion; a variant implies known variants."""
    for label, data in declared.items():
        for key in ("modules", "variants"):
            for eid, entry in cast(Mapping[str, Entry], data.get(key, {})).items():
                if entry["expansion"] not in c.expansions:
                    raise ContentError(f"{label}: {key}.{eid}.expansion: unknown expansion {entry['expansion']!r}")
    for variant in c.variants.values():
        for n, implied in enumerate(variant.implies):
            if implied not in c.variants:
                label = next(lb for lb, d in declared.items() if variant.id in d.get("variants", {}))
                raise ContentError(f"{label}: variants.{variant.id}.implies[{n}]: unknown variant {implied!r}")


def _check_condition(c: Content, step: SetupStep, where: str) -> None:
    tables: dict[Literal["expansion", "module", "variant"], Mapping[str, object]] = {
        "expansion": c.expansions, "module": c.modules, "variant": c.variants}
    for key, table in tables.items():
        if key in step.when and step.when[key] not in table:
            raise ContentError(f"{where}.{key}: unknown {key} {step.when[key]!r} (step {step.id})")
    for n, game in enumerate(step.when.get("games", [])):
        if game not in c.games:
            raise ContentError(f"{where}.games[{n}]: unknown game {game!r} (step {step.id})")


def declaration_of(folder: str) -> ModuleFile:
    """The ``module.json`` of a data folder (no entries if it has none), its shape checked."""
    if not (data_dir() / folder / "module.json").is_file():
        return {"schema": 1}
    return load_checked(ModuleFile, f"{folder}/module.json")

def declarations() -> list[tuple[str, str, ModuleFile]]:
    """Every unit's ``(id, label, module.json)``, read from the data alone: no package is imported."""
    return [(area, where(folder, "module.json"), declaration_of(folder)) for area, folder in data_folders()]


@cache
def load_content() -> Content:
    """The validated content, loaded once per process: the shared files and every module unit's own."""
    found = declarations()  # the units' own files, read without importing their packages (the cold start)
    content = _build(load_checked(GamesFile, "game/games.json"), load_checked(SetupFile, "game/setup.json"),
                     [(label, data) for _, label, data in found])
    return replace(content, units=UnitContents({area: partial(_unit_content, area) for area, _, _ in found}))


def _unit_content(area: str) -> dict[str, object]:
    """Unit ``area``'s loaded content: its package (``companion.core.<area>``, imported now if it was not yet) declares
    its parts in ``MODULE`` (``companion.core.units.ModuleUnit``), found by name as the units are."""
    unit = getattr(import_module(f"companion.core.{area}"), "MODULE", None)
    if unit is None:
        raise ContentError(f"companion.core.{area} declares no module unit")
    return cast(dict[str, object], unit.load())


def interpretations_said(entries: list[Interpretation]) -> list[Msg]:
    """A module's interpretations as its view shows them: messages, rendered in the reader's language."""
    return [msg(i["text"]) for i in entries]


def catalogue_said(catalogue_texts: Callable[[], list[str]]) -> Callable[[str], Msg | str]:
    """A module's ``said(text)``: a text of its files as a message (translated), one the players typed as it is.

    ``catalogue_texts`` lists the texts its files give the catalogue; they are read once, when first asked.
    """
    known = cache(lambda: frozenset(catalogue_texts()))

    def said(text: str) -> Msg | str:
        return msg(text) if text in known() else text

    return said


class ReadingsData(TypedDict):
    """A module content file's interpretations and the rulebook it follows."""

    interpretations: list[Interpretation]
    source: str


class Readings(TypedDict):
    """What a module's view shows beside its rules: the app's interpretations and the rulebook they read."""

    interpretations: list[Msg]
    source: str


def readings(data: ReadingsData) -> Readings:
    """A module content file's interpretations and source, as its view shows them."""
    return {"interpretations": interpretations_said(data["interpretations"]), "source": data["source"]}
