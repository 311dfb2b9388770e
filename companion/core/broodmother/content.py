"""The Broodmother's numbers and texts, read from ``data/broodmother`` and checked on load.

Every number the opponent uses (the Difficulty Chart, her deck, the machinations track,
the asymmetric powers) is data, so a misprint is fixed in one JSON file and a typo there
fails at start-up with the file and the fault named, never in the middle of her turn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from companion.core.content import Content, load_json
from companion.core.errors import ContentError

DIFFICULTIES = ("easy", "normal", "difficult")
ADJUSTMENT_KEYS = {"larvae", "cards", "initiative", "no_initiative"}
CONTEXTS = {"end", "slumber", "battle", "spawn", "expand", "meadow", "cancel", "plot", "strike", "invade",
            "revel", "nest", "deck", "setup", "asymmetric"}


@dataclass(frozen=True)
class DifficultyRow:
    players: int
    plot: int
    cp: int
    centipedes: int
    easy: dict[str, Any]
    difficult: dict[str, Any]

    def adjustments(self, difficulty: str) -> dict[str, Any]:
        return {"easy": self.easy, "difficult": self.difficult}.get(difficulty, {})


@dataclass(frozen=True)
class CardType:
    id: str
    name: str
    before_nest: str
    after_nest: str
    share: int


@dataclass(frozen=True)
class Action:
    id: str
    name: str
    summary: str


@dataclass(frozen=True)
class DeckGroup:
    type: str
    ferocity: int
    count: int


@dataclass(frozen=True)
class Level:
    level: int
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class Named:
    id: str
    name: str
    text: str


@dataclass(frozen=True)
class ChecklistStep:
    id: str
    when: dict[str, Any]
    source: str
    text: str


@dataclass(frozen=True)
class Interpretation:
    id: str
    applies: tuple[str, ...]
    text: str
    source: str
    reads: str
    option: str | None


@dataclass(frozen=True)
class BroodContent:
    base_initiative: int
    difficulty_names: dict[str, str]
    rows: dict[int, DifficultyRow]
    solo_start: dict[str, int]
    card_types: dict[str, CardType]
    actions: dict[str, Action]
    default_composition: tuple[DeckGroup, ...]
    chambers: DeckGroup
    deck_limits: dict[str, int]
    reaction_phases: tuple[str, ...]
    reaction_phases_why: str
    levels: dict[int, Level]
    after_level_3: dict[str, str]
    predators: dict[str, str]
    predator_health_per_round: int
    power_cost: int
    redraw_cost: int
    end_bonus: int
    nymph_move_steps: int
    unlock_phases: tuple[str, ...]
    powers: dict[str, Named]
    reactions: dict[str, Named]
    checklist: tuple[ChecklistStep, ...]
    interpretations: dict[str, Interpretation]

    def row(self, players: int) -> DifficultyRow:
        try:
            return self.rows[players]
        except KeyError:
            raise ContentError(f"data/broodmother/difficulty.json: no row for {players} players") from None

    def action_for(self, card_type: str, nest_found: bool) -> Action:
        kind = self.card_types[card_type]
        return self.actions[kind.after_nest if nest_found else kind.before_nest]


def _fail(where: str, message: str) -> ContentError:
    return ContentError(f"data/broodmother/{where}: {message}")


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"expected a whole number {low}-{high}, got {value!r}")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(where, "expected a non-empty text")
    return value


def _ids(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise _fail(where, "expected a non-empty list of ids")
    return tuple(value)


def _parse_difficulty(raw: dict[str, Any]) -> tuple[dict[int, DifficultyRow], dict[str, str]]:
    names = {lvl["id"]: _text(lvl["name"], "difficulty.json levels") for lvl in raw["levels"]}
    if tuple(names) != DIFFICULTIES:
        raise _fail("difficulty.json", f"levels must be {', '.join(DIFFICULTIES)} in that order")
    rows = {}
    for r in raw["rows"]:
        where = f"difficulty.json row {r.get('players')}"
        for key in ("easy", "difficult"):
            if unknown := set(r[key]) - ADJUSTMENT_KEYS:
                raise _fail(where, f"unknown adjustment {sorted(unknown)}")
        rows[_int(r["players"], where, 1, 4)] = DifficultyRow(
            r["players"], _int(r["plot"], where, 1, 20), _int(r["cp"], where, 1, 60),
            _int(r["centipedes"], where, 1, 30), dict(r["easy"]), dict(r["difficult"]))
    if sorted(rows) != [1, 2, 3, 4]:
        raise _fail("difficulty.json", "needs one row for each of 1-4 players")
    return rows, names


def _parse_groups(items: list[dict[str, Any]], types: set[str], where: str) -> tuple[DeckGroup, ...]:
    groups = tuple(DeckGroup(g["type"], _int(g["ferocity"], where, 0, 9), _int(g["count"], where, 0, 60))
                   for g in items)
    for g in groups:
        if g.type not in types:
            raise _fail(where, f"unknown card type {g.type!r}")
    return groups


def _check_shares(types: dict[str, CardType], groups: tuple[DeckGroup, ...]) -> None:
    """The default deck must follow the rulebook's 38/22/40 split exactly."""
    total = sum(g.count for g in groups)
    if sum(t.share for t in types.values()) != 100 or total == 0:
        raise _fail("deck.json", "card type shares must add up to 100")
    for t in types.values():
        count = sum(g.count for g in groups if g.type == t.id)
        if count * 100 != t.share * total:
            raise _fail("deck.json", f"default deck has {count}/{total} {t.name} cards, not {t.share}%")


def _parse_deck(raw: dict[str, Any]) -> dict[str, Any]:
    types = {t["id"]: CardType(t["id"], t["name"], t["before_nest"], t["after_nest"], t["share"])
             for t in raw["card_types"]}
    actions = {a["id"]: Action(a["id"], a["name"], _text(a["summary"], "deck.json actions")) for a in raw["actions"]}
    for t in types.values():
        if t.before_nest not in actions or t.after_nest not in actions:
            raise _fail("deck.json", f"card type {t.id}: unknown action")
    groups = _parse_groups(raw["default_composition"], set(types), "deck.json default_composition")
    _check_shares(types, groups)
    ch = raw["empires_chambers"]
    chambers = _parse_groups([ch], set(types), "deck.json empires_chambers")[0]
    limits = {k: _int(v, "deck.json limits", 1, 500) for k, v in raw["limits"].items()}
    phases = raw["reaction_phases"]
    return {"card_types": types, "actions": actions, "default_composition": groups, "chambers": chambers,
            "deck_limits": limits, "reaction_phases": _ids(phases["phases"], "deck.json reaction_phases"),
            "reaction_phases_why": _text(phases["why"], "deck.json reaction_phases")}


def _parse_machinations(raw: dict[str, Any]) -> dict[str, Any]:
    levels = {lv["level"]: Level(lv["level"], lv["id"], lv["name"], _text(lv["text"], "machinations.json"))
              for lv in raw["levels"]}
    if sorted(levels) != [1, 2, 3]:
        raise _fail("machinations.json", "levels must be 1, 2 and 3")
    after = {o["id"]: _text(o["text"], "machinations.json after_level_3") for o in raw["after_level_3"]}
    if set(after) != {"nothing", "expand-again"}:
        raise _fail("machinations.json", "after_level_3 must offer nothing and expand-again")
    return {"levels": levels, "after_level_3": after,
            "predators": {p["id"]: _text(p["name"], "machinations.json predators") for p in raw["predators"]},
            "predator_health_per_round": _int(raw["predator_health_per_round"], "machinations.json", 1, 10)}


def _parse_asymmetric(raw: dict[str, Any]) -> dict[str, Any]:
    powers = {p["id"]: Named(p["id"], p["name"], _text(p["text"], "asymmetric.json")) for p in raw["powers"]}
    if set(powers) != {"machinate", "frenzy", "advance", "infest", "dominate"}:
        raise _fail("asymmetric.json", "powers must be machinate, frenzy, advance, infest and dominate")
    return {
        "power_cost": _int(raw["power_cost_eggs"], "asymmetric.json", 1, 20),
        "redraw_cost": _int(raw["redraw_cost_nymphs"], "asymmetric.json", 1, 10),
        "end_bonus": _int(raw["end_bonus"], "asymmetric.json", 0, 20),
        "nymph_move_steps": _int(raw["nymph_move_steps"], "asymmetric.json", 1, 10),
        "unlock_phases": _ids(raw["unlock_phases"], "asymmetric.json unlock_phases"),
        "powers": powers,
        "reactions": {r["id"]: Named(r["id"], r["name"], r["text"]) for r in raw["reactions"]},
    }


def _parse_checklist(raw: dict[str, Any]) -> tuple[ChecklistStep, ...]:
    steps = tuple(ChecklistStep(s["id"], dict(s["when"]), s["source"], _text(s["text"], "checklist.json"))
                  for s in raw["steps"])
    if len({s.id for s in steps}) != len(steps):
        raise _fail("checklist.json", "step ids must be unique")
    for s in steps:
        if unknown := set(s.when) - {"modes", "players", "expansion", "difficulty"}:
            raise _fail("checklist.json", f"step {s.id}: unknown condition {sorted(unknown)}")
    return steps


def _parse_interpretations(raw: dict[str, Any]) -> dict[str, Interpretation]:
    found: dict[str, Interpretation] = {}
    for i in raw["interpretations"]:
        where = f"interpretations.json {i.get('id')}"
        if i["id"] in found:
            raise _fail(where, "duplicate id")
        if not _text(i["text"], where).startswith("Interpretation: "):
            raise _fail(where, "text must start with 'Interpretation: '")
        if unknown := set(i["applies"]) - CONTEXTS:
            raise _fail(where, f"unknown context {sorted(unknown)}")
        found[i["id"]] = Interpretation(i["id"], tuple(i["applies"]), i["text"], _text(i["source"], where),
                                        _text(i["reads"], where), i.get("option"))
    return found


def _build() -> BroodContent:
    diff = load_json("broodmother/difficulty.json")
    rows, names = _parse_difficulty(diff)
    solo = {k: _int(v, "difficulty.json solo_start", 0, 10) for k, v in diff["solo_start"].items()}
    return BroodContent(
        base_initiative=_int(diff["base_initiative"], "difficulty.json", 0, 10), difficulty_names=names,
        rows=rows, solo_start=solo,
        **_parse_deck(load_json("broodmother/deck.json")),
        **_parse_machinations(load_json("broodmother/machinations.json")),
        **_parse_asymmetric(load_json("broodmother/asymmetric.json")),
        checklist=_parse_checklist(load_json("broodmother/checklist.json")),
        interpretations=_parse_interpretations(load_json("broodmother/interpretations.json")),
    )


_ATTACHED = "_broodmother"  # where a game content keeps the Broodmother content that goes with it


def brood_of(content: Content) -> BroodContent:
    """The Broodmother content of the game content a session holds (commands and views read only this).

    Game content does not carry module content yet, so the one loaded from ``data/broodmother``
    is attached to it on first use; ``with_brood`` gives a content its own (tests, other data).
    """
    found = content.__dict__.get(_ATTACHED)
    if not isinstance(found, BroodContent):
        found = brood_content()
        object.__setattr__(content, _ATTACHED, found)
    return found


def with_brood(content: Content, bc: BroodContent) -> Content:
    """A copy of ``content`` whose Broodmother content is ``bc``."""
    copy = replace(content)
    object.__setattr__(copy, _ATTACHED, bc)
    return copy


@cache
def brood_content() -> BroodContent:
    """The validated Broodmother content, loaded once per process."""
    try:
        return _build()
    except (KeyError, TypeError, AttributeError) as exc:
        raise ContentError(f"data/broodmother: malformed record ({exc!r})") from exc
