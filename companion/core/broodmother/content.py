"""The Broodmother's numbers and texts, read from ``data/broodmother`` and checked on load.

Every number the opponent uses (the Difficulty Chart, her deck, the machinations track,
the asymmetric powers) is data, so a misprint is fixed in one JSON file and a typo there
fails at start-up with the file and the field named, never in the middle of her turn. Each
file's shape is a TypedDict in ``files.py`` (checked whole by ``companion.core.schema``); the rules a
shape cannot say (one row per player count, the deck's split, unique ids) are checked after.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from companion.core.broodmother.files import (
    DIFFICULTIES,
    Adjustments,
    AsymmetricFile,
    ChecklistFile,
    DeckFile,
    DifficultyFile,
    GroupData,
    InterpretationsFile,
    Limits,
    MachinationsFile,
    When,
    an_interpretation,
)
from companion.core.content import Content
from companion.core.datafiles import load_checked
from companion.core.errors import ContentError


@dataclass(frozen=True)
class DifficultyRow:
    players: int
    plot: int
    cp: int
    centipedes: int
    easy: Adjustments
    difficult: Adjustments

    def adjustments(self, difficulty: str) -> Adjustments:
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
    when: When
    source: str
    text: str
    title: str  # a few words naming the step in the log and on Undo ("Starting hexes")


@dataclass(frozen=True)
class BroodInterpretation:
    id: str
    applies: tuple[str, ...]
    text: str
    source: str
    reads: str
    option: str | None


@dataclass(frozen=True)
class DifficultyPart:
    """What ``difficulty.json`` gives her content (each part is read from one file, then joined)."""

    base_initiative: int
    difficulty_names: dict[str, str]
    rows: dict[int, DifficultyRow]
    solo_start: dict[str, int]


@dataclass(frozen=True)
class DeckPart:
    """What ``deck.json`` gives her content."""

    card_types: dict[str, CardType]
    actions: dict[str, Action]
    default_composition: tuple[DeckGroup, ...]
    chambers: DeckGroup
    deck_limits: Limits
    reaction_phases: tuple[str, ...]
    reaction_phases_why: str


@dataclass(frozen=True)
class MachinationsPart:
    """What ``machinations.json`` gives her content."""

    levels: dict[int, Level]
    after_level_3: dict[str, str]
    predators: dict[str, str]
    predator_health_per_round: int


@dataclass(frozen=True)
class AsymmetricPart:
    """What ``asymmetric.json`` gives her content."""

    power_cost: int
    redraw_cost: int
    end_bonus: int
    nymph_move_steps: int
    unlock_phases: tuple[str, ...]
    powers: dict[str, Named]
    reactions: dict[str, Named]


@dataclass(frozen=True)
class BroodContent(AsymmetricPart, MachinationsPart, DeckPart, DifficultyPart):
    """All her content: the four parts' fields (in file order), her checklist and her interpretations."""

    checklist: tuple[ChecklistStep, ...]
    interpretations: dict[str, BroodInterpretation]

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


def _difficulty(raw: DifficultyFile) -> DifficultyPart:
    names: dict[str, str] = {lvl["id"]: lvl["name"] for lvl in raw["levels"]}
    if tuple(names) != DIFFICULTIES:
        raise _fail("difficulty.json", f"levels: must be {', '.join(DIFFICULTIES)} in that order")
    rows = {r["players"]: DifficultyRow(r["players"], r["plot"], r["cp"], r["centipedes"], r["easy"].copy(),
                                        r["difficult"].copy()) for r in raw["rows"]}
    if sorted(rows) != [1, 2, 3, 4]:
        raise _fail("difficulty.json", "rows: needs one row for each of 1-4 players")
    return DifficultyPart(base_initiative=raw["base_initiative"], difficulty_names=names, rows=rows,
                          solo_start=dict(raw["solo_start"]))


def _groups(items: list[GroupData], types: dict[str, CardType], where: str) -> tuple[DeckGroup, ...]:
    for n, g in enumerate(items):
        if g["type"] not in types:
            raise _fail("deck.json", f"{where}[{n}].type: unknown card type {g['type']!r}")
    return tuple(DeckGroup(g["type"], g["ferocity"], g["count"]) for g in items)


def _check_shares(types: dict[str, CardType], groups: tuple[DeckGroup, ...]) -> None:
    """The default deck must follow the rulebook's 38/22/40 split exactly."""
    total = sum(g.count for g in groups)
    if sum(t.share for t in types.values()) != 100 or total == 0:
        raise _fail("deck.json", "card_types: card type shares must add up to 100")
    for t in types.values():
        count = sum(g.count for g in groups if g.type == t.id)
        if count * 100 != t.share * total:
            raise _fail("deck.json", f"default_composition: default deck has {count}/{total} {t.name} cards, "
                                     f"not {t.share}%")


def _deck(raw: DeckFile) -> DeckPart:
    types = {t["id"]: CardType(t["id"], t["name"], t["before_nest"], t["after_nest"], t["share"])
             for t in raw["card_types"]}
    actions = {a["id"]: Action(a["id"], a["name"], a["summary"]) for a in raw["actions"]}
    for n, t in enumerate(types.values()):
        if t.before_nest not in actions or t.after_nest not in actions:
            raise _fail("deck.json", f"card_types[{n}]: card type {t.id}: unknown action")
    groups = _groups(raw["default_composition"], types, "default_composition")
    _check_shares(types, groups)
    chambers = _groups([raw["empires_chambers"]], types, "empires_chambers")[0]
    return DeckPart(card_types=types, actions=actions, default_composition=groups, chambers=chambers,
                    deck_limits=raw["limits"].copy(), reaction_phases=tuple(raw["reaction_phases"]["phases"]),
                    reaction_phases_why=raw["reaction_phases"]["why"])


def _machinations(raw: MachinationsFile) -> MachinationsPart:
    levels = {lv["level"]: Level(lv["level"], lv["id"], lv["name"], lv["text"]) for lv in raw["levels"]}
    if sorted(levels) != [1, 2, 3]:
        raise _fail("machinations.json", "levels: levels must be 1, 2 and 3")
    after: dict[str, str] = {o["id"]: o["text"] for o in raw["after_level_3"]}
    if set(after) != {"nothing", "expand-again"}:
        raise _fail("machinations.json", "after_level_3: must offer nothing and expand-again")
    return MachinationsPart(levels=levels, after_level_3=after,
                            predators={p["id"]: p["name"] for p in raw["predators"]},
                            predator_health_per_round=raw["predator_health_per_round"])


def _asymmetric(raw: AsymmetricFile) -> AsymmetricPart:
    powers = {p["id"]: Named(p["id"], p["name"], p["text"]) for p in raw["powers"]}
    if set(powers) != {"machinate", "frenzy", "advance", "infest", "dominate"}:
        raise _fail("asymmetric.json", "powers: must be machinate, frenzy, advance, infest and dominate")
    return AsymmetricPart(
        power_cost=raw["power_cost_eggs"], redraw_cost=raw["redraw_cost_nymphs"], end_bonus=raw["end_bonus"],
        nymph_move_steps=raw["nymph_move_steps"], unlock_phases=tuple(raw["unlock_phases"]), powers=powers,
        reactions={r["id"]: Named(r["id"], r["name"], r["text"]) for r in raw["reactions"]},
    )


def _checklist(raw: ChecklistFile) -> tuple[ChecklistStep, ...]:
    steps = tuple(ChecklistStep(s["id"], s["when"].copy(), s["source"], s["text"], s["title"]) for s in raw["steps"])
    _unique([s.id for s in steps], "checklist.json", "steps")
    return steps


def _interpretations(raw: InterpretationsFile) -> dict[str, BroodInterpretation]:
    _unique([i["id"] for i in raw["interpretations"]], "interpretations.json", "interpretations")
    for n, i in enumerate(raw["interpretations"]):
        if not an_interpretation(i["text"]):
            raise _fail("interpretations.json", f"interpretations[{n}].text: text must start with 'Interpretation: '")
    return {i["id"]: BroodInterpretation(i["id"], tuple(i["applies"]), i["text"], i["source"], i["reads"],
                                    i.get("option")) for i in raw["interpretations"]}


def _unique(ids: list[str], file: str, field: str) -> None:
    seen: set[str] = set()
    for n, found in enumerate(ids):
        if found in seen:
            raise _fail(file, f"{field}[{n}].id: duplicate id {found!r}")
        seen.add(found)


def brood_of(content: Content) -> BroodContent:
    """The Broodmother content of the game content a session holds (commands and views read only this):
    its slot in ``content.units``, which ``with_brood`` fills with other content (tests, other data)."""
    return cast(BroodContent, content.units["broodmother"][BROOD.name])


def with_brood(content: Content, bc: BroodContent) -> Content:
    """A copy of ``content`` whose Broodmother content is ``bc``."""
    return content.with_unit("broodmother", {BROOD.name: bc})


def brood_content() -> BroodContent:
    """The validated Broodmother content of the game content loaded once per process."""
    from companion.core.content import load_content

    return brood_of(load_content())


@dataclass(frozen=True)
class BroodFiles:
    """The Broodmother unit's content: its six files, each checked whole, read into one ``BroodContent``."""

    name: str = "brood"

    def read(self, folder: str) -> BroodContent:
        parts = (_difficulty(load_checked(DifficultyFile, f"{folder}/difficulty.json")),
                 _deck(load_checked(DeckFile, f"{folder}/deck.json")),
                 _machinations(load_checked(MachinationsFile, f"{folder}/machinations.json")),
                 _asymmetric(load_checked(AsymmetricFile, f"{folder}/asymmetric.json")))
        # Each part is built typed; joined by field name, so a field one part lacks fails here, at load.
        return BroodContent(
            **{name: value for part in parts for name, value in vars(part).items()},
            checklist=_checklist(load_checked(ChecklistFile, f"{folder}/checklist.json")),
            interpretations=_interpretations(load_checked(InterpretationsFile, f"{folder}/interpretations.json")),
        )


BROOD = BroodFiles()


def catalogue_texts() -> list[str]:
    """Her cards', actions', levels', powers' and checklist's names and texts, shown through a message."""
    bc = brood_content()
    texts = [t.name for t in bc.card_types.values()] + [a.name for a in bc.actions.values()]
    texts += [t for level in bc.levels.values() for t in (level.name, level.text)]
    texts += [*bc.predators.values(), *(i.text for i in bc.interpretations.values())]
    texts += [t for item in (*bc.powers.values(), *bc.reactions.values()) for t in (item.name, item.text)]
    texts += [bc.reaction_phases_why, *(step.text for step in bc.checklist),
              *(step.title for step in bc.checklist), *bc.difficulty_names.values()]
    return texts
