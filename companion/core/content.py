"""Game content from ``data/game``: games, expansions, modules, variants, modes, setup steps.

Content is data with stable ids, validated here when loaded, so a typo in a data file
fails loudly at start-up (naming the file and the fault) instead of mid-game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.core.errors import ContentError
from companion.core.i18n import Msg, msg
from companion.paths import data_dir

MODE_IDS = ("competitive", "solo", "coop", "asymmetric")


def load_json(relative: str) -> Any:
    """Read one data file, turning I/O and syntax faults into a ContentError."""
    path = data_dir() / relative
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise ContentError(f"{relative}: missing data file") from exc
    except json.JSONDecodeError as exc:
        raise ContentError(f"{relative}: not valid JSON ({exc})") from exc


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


def _pair(value: Any, where: str) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise ContentError(f"{where}: expected [min, max], got {value!r}")
    low, high = value
    if not 1 <= low <= high <= 5:
        raise ContentError(f"{where}: player range {value!r} outside 1-5")
    return low, high


def _require(entry: dict[str, Any], keys: tuple[str, ...], where: str) -> None:
    missing = [k for k in keys if k not in entry]
    if missing:
        raise ContentError(f"{where}: missing {', '.join(missing)}")


def _parse_games(raw: dict[str, Any]) -> dict[str, GameDef]:
    games = {}
    for gid, g in raw.items():
        where = f"data/game/games.json: games.{gid}"
        _require(g, ("name", "edition", "colours", "rounds", "expansions", "modes", "terms", "phases"), where)
        phases = tuple(Phase(p["id"], p["name"], p["phase"]) for p in g["phases"])
        if not phases or len({p.id for p in phases}) != len(phases):
            raise ContentError(f"{where}: phases must be a non-empty list with unique ids")
        if not 1 <= g["rounds"] <= 5:
            raise ContentError(f"{where}: rounds must be 1-5")
        modes = {m: _pair(r, f"{where}.modes.{m}") for m, r in g["modes"].items()}
        games[gid] = GameDef(
            id=gid, name=g["name"], edition=g["edition"], colours=tuple(g["colours"]), rounds=g["rounds"],
            advanced_rounds=g.get("advanced_rounds"), score_floor=g.get("score_floor"),
            expansions=tuple(g["expansions"]), modes=modes, terms=dict(g["terms"]), phases=phases,
        )
    return games


def _parse(raw: dict[str, Any], steps_raw: dict[str, Any]) -> Content:
    games = _parse_games(raw["games"])
    expansions = {
        eid: Expansion(eid, e["name"], e["game"], tuple(e["modules"]), tuple(e["variants"]))
        for eid, e in raw["expansions"].items()
    }
    modules = {mid: Module(mid, m["name"], m["expansion"], bool(m.get("always"))) for mid, m in raw["modules"].items()}
    variants = {
        vid: Variant(
            vid, v["name"], v["expansion"], tuple(v["modes"]) if "modes" in v else None,
            _pair(v["players"], f"variants.{vid}") if "players" in v else None, v.get("group"),
            tuple(v.get("implies", ())),
        )
        for vid, v in raw["variants"].items()
    }
    modes = {
        mid: Mode(mid, m["name"], m["requires_expansion"], tuple(m["reserved_colours"]), m["broodmother"])
        for mid, m in raw["modes"].items()
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
    if set(c.modes) != set(MODE_IDS):
        raise ContentError(f"data/game/games.json: modes must be exactly {', '.join(MODE_IDS)}")
    for game in c.games.values():
        for eid in game.expansions:
            if eid not in c.expansions or c.expansions[eid].game != game.id:
                raise ContentError(f"games.{game.id}: expansion {eid!r} unknown or of another game")
        for mode in game.modes:
            if mode not in c.modes:
                raise ContentError(f"games.{game.id}: unknown mode {mode!r}")
    for exp in c.expansions.values():
        for mid in exp.modules:
            if mid not in c.modules or c.modules[mid].expansion != exp.id:
                raise ContentError(f"expansions.{exp.id}: module {mid!r} unknown or of another expansion")
        for vid in exp.variants:
            if vid not in c.variants or c.variants[vid].expansion != exp.id:
                raise ContentError(f"expansions.{exp.id}: variant {vid!r} unknown or of another expansion")
    for variant in c.variants.values():
        for implied in variant.implies:
            if implied not in c.variants:
                raise ContentError(f"variants.{variant.id}: implies unknown variant {implied!r}")
    seen: set[str] = set()
    for step in c.setup_steps:
        if step.id in seen:
            raise ContentError(f"data/game/setup.json: duplicate step id {step.id!r}")
        seen.add(step.id)
        _check_condition(c, step)


def _check_condition(c: Content, step: SetupStep) -> None:
    where = f"data/game/setup.json: step {step.id}"
    known = {"games", "expansion", "module", "variant", "modes", "players"}
    if unknown := set(step.when) - known:
        raise ContentError(f"{where}: unknown condition {sorted(unknown)}")
    tables: dict[str, set[str]] = {
        "expansion": set(c.expansions), "module": set(c.modules), "variant": set(c.variants),
    }
    for key, table in tables.items():
        if key in step.when and step.when[key] not in table:
            raise ContentError(f"{where}: unknown {key} {step.when[key]!r}")
    for mode in step.when.get("modes", []):
        if mode not in c.modes:
            raise ContentError(f"{where}: unknown mode {mode!r}")
    for game in step.when.get("games", []):
        if game not in c.games:
            raise ContentError(f"{where}: unknown game {game!r}")
    if "players" in step.when:
        _pair(step.when["players"], where)


@cache
def load_content() -> Content:
    """The validated content, loaded once per process."""
    raw = load_json("game/games.json")
    steps = load_json("game/setup.json")
    try:
        return _parse(raw, steps)
    except (KeyError, TypeError) as exc:
        raise ContentError(f"data/game: malformed record ({exc!r})") from exc
