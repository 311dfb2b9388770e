"""Every reachable game is one the app can save, read back, show in English and Spanish, and undo to its start.

A Hypothesis state machine draws a game (March of the Ants, the Evolved Edition, Antscape), a mode
(competitive, solo, co-op, asymmetric) and expansions, modules, variants and options among those
``validate_setup`` accepts, then plays commands the core allows *now*: candidates are built from
the command registry with arguments taken from the game as it stands (its players, her hexes, her
open question, the names and numbers in its state), and only those ``Session.can`` accepts are
executed. Next phase, her draws and the answers to her questions are favoured so that games reach
their ends (her Colony Point lead, the centipedes, her destruction, her survival, the last round).

After every step the game is saved through a real ``GameStore``, read back by a fresh store on the
same folder and compared; every view is built in both languages; at the end (and every
``FULL_UNDO_EVERY`` steps) undoing everything gives the first state back and redoing it the last.

Half the setups are built around one module, variant or game, and a game's own areas are tried before the
common commands; text arguments come from the state (the texts under the key a field names, entries' ids),
the words a command's module spells, and what the core's refusals named. ``test_every_area_is_reached``
(a fixed seed, a few short games around each module, variant and game, and a few from each of her rare moments
(``MOMENTS``: her track at level 2, her Strike, a redraw, a power paid for), reached by the app's own commands)
fails when a command is applied fewer than three times; ``--hypothesis-show-statistics`` shows ``area: <id>``
for the areas each run applied.

Budget: ``COMPANION_MACHINE_EXAMPLES`` (default 12, times ``COMPANION_EXAMPLES``) games of up to
``COMPANION_MACHINE_STEPS`` (default 80) steps; ``scripts/soak`` runs many more before a release. A failure prints the
reproduction blob (``print_blob``) and Hypothesis' seed; no example database is kept between runs.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import sys
import tempfile
import types
import typing
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, assume, event, note, seed, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

import companion.core.commands.scoring
import companion.core.commands.turns  # noqa: F401  (next phase, next round, finish: registered at import)
from companion.core.broodmother.asymmetric import GainEgg, UnlockPower
from companion.core.broodmother.commands import AnswerExpand, DrawCard, EnterCard, SetDeckMode
from companion.core.broodmother.content import brood_of
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.broodmother.model import Brood, bm, her_asym, nest_found
from companion.core.checklist import phase_items
from companion.core.commands.base import Command, registered_commands
from companion.core.content import Content, load_content
from companion.core.errors import CommandError
from companion.core.hooks import all_hooks, load_modules
from companion.core.i18n import Msg, is_message, language, render, using
from companion.core.schema import UNDO_LIMIT
from companion.core.session import Session, log_text
from companion.core.setup import GameSetup, PlayerSpec, validate_setup
from companion.core.state import State
from companion.core.units import all_units
from companion.core.views import game_view
from companion.store import GameStore
from tests.helpers import examples
from tests.properties.view_actions import check_view_actions

#: The whole tier only (scripts/run-tests; --fast leaves it out): random games take a minute.
pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("COMPANION_MACHINE_EXAMPLES") or examples(12))
STEPS = int(os.environ.get("COMPANION_MACHINE_STEPS", "80"))
#: A real store on a real folder; in memory (tmpfs) where there is one, so each step's fsync costs little.
TMP = os.environ.get("COMPANION_MACHINE_TMP") or ("/dev/shm" if os.path.isdir("/dev/shm") else None)
FULL_UNDO_EVERY = 30  # steps between two checks that undo leads back to the first state
ACTIONS_EVERY = 5  # steps between two checks that the views' actions are the session's answers
LANGUAGES = ("en", "es")
NAMES = ("Ana", "Bo", "Cy", "Di", "Eva")

CONTENT: Content = load_content()
load_modules()  # every game area registers its commands and hooks
COMMANDS: dict[str, type[Command]] = registered_commands()
#: The commands that move a game towards its end: drawn far more often than the others.
ADVANCE = ("next_phase", "finish_game", "antscape_apply_scores")
#: What one step of the machine does, drawn with these weights.
MOVES = ("advance",) * 3 + ("her",) * 4 + ("any",) * 3 + ("undo", "redo", "read")


#: (game, mode) pairs to draw from: every pair the games offer, her modes twice (they have the most to reach).
SCENARIOS = [(g, m) for g, game in sorted(CONTENT.games.items()) for m in sorted(game.modes)
             for _ in range(1 if CONTENT.modes[m].broodmother == "none" else 2)]
#: What the Broodmother's side of a game leans to, drawn once per game: each end needs its own push.
LEANINGS = {
    "her-cp": ("bm_centipede_won",),
    "centipedes": ("bm_place_nymph", "bm_moult", "bm_add_hex"),
    "destroy-her": ("bm_destroy_broodmother", "bm_answer_expand", "bm_draw", "bm_enter"),
    "play-out": ("bm_draw", "bm_enter", "bm_answer_expand", "bm_answer_predator", "bm_answer_strike", "bm_slumber"),
    "anything": (),
}


# -- the game a table sets up ----------------------------------------------------------------------------------
#: What a setup may be built around: one expansion module or variant, forced in, so every area's games come often.
FOCI = (*sorted(CONTENT.modules), *sorted(CONTENT.variants), *sorted(CONTENT.games))


def _expansion_of(focus: str) -> str | None:
    part = CONTENT.modules.get(focus) or CONTENT.variants.get(focus)
    if part is None:
        mode = CONTENT.modes.get(focus)
        return mode.requires_expansion if mode is not None else None
    return str(part.expansion)


def _scenarios(focus: str | None) -> list[tuple[str, str]]:
    """The (game, mode) pairs that offer ``focus`` (all of them without one)."""
    if focus is None:
        return SCENARIOS
    if focus in CONTENT.games:
        return [(g, m) for g, m in SCENARIOS if g == focus]
    if focus in CONTENT.modes:
        return [(g, m) for g, m in SCENARIOS if m == focus]
    variant = CONTENT.variants.get(focus)
    return [(g, m) for g, m in SCENARIOS if _expansion_of(focus) in CONTENT.games[g].expansions
            and (variant is None or variant.modes is None or m in variant.modes)]


def _player_count(draw: st.DrawFn, game_id: str, mode_id: str, focus: str | None) -> int:
    low, high = CONTENT.games[game_id].modes[mode_id]
    variant = CONTENT.variants.get(focus or "")
    if variant is not None and variant.players is not None:
        low, high = max(low, variant.players[0]), min(high, variant.players[1])
    assume(low <= high)
    return draw(st.integers(low, high))


def _variants(draw: st.DrawFn, offered: list[str], focus: str | None) -> tuple[str, ...]:
    """Up to three variants, the focus first; one of a group (the drafting ones), the first drawn."""
    drawn = draw(st.lists(st.sampled_from(offered), unique=True, max_size=3)) if offered else []
    variants: list[str] = []
    for vid in [focus] * (focus in CONTENT.variants) + drawn:
        group = CONTENT.variants[vid].group
        if vid not in variants and (not group or all(CONTENT.variants[v].group != group for v in variants)):
            variants.append(vid)
    return tuple(variants)


def _players(draw: st.DrawFn, game_id: str, mode_id: str, count: int) -> tuple[PlayerSpec, ...]:
    mode = CONTENT.modes[mode_id]
    colours = [c for c in CONTENT.games[game_id].colours if c not in mode.reserved_colours]
    chosen = draw(st.permutations(colours))
    players = [PlayerSpec(NAMES[i], chosen[i] if i < len(chosen) else None) for i in range(count)]
    if mode.broodmother == "player":
        her = draw(st.integers(0, count - 1))
        players[her] = PlayerSpec(NAMES[her], None, "broodmother")
    return tuple(players)


def _options(draw: st.DrawFn, mode_id: str) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if CONTENT.modes[mode_id].broodmother != "none":
        if mode_id != "asymmetric":
            options["difficulty"] = draw(st.sampled_from(["easy", "normal", "difficult", "normal"]))
        options["deck"] = draw(st.sampled_from(["virtual", "virtual", "physical"]))
        options["after_level_3"] = draw(st.sampled_from(["nothing", "expand-again"]))
        options["tunnel_centipedes"] = draw(st.sampled_from(["one", "many"]))
        options["odds"] = draw(st.booleans())
    return options


@st.composite
def setups(draw: st.DrawFn, focus: str | None = None, alone: bool = False) -> GameSetup:
    """A setup ``validate_setup`` accepts: any game, mode, expansions, modules, variants, players and options.

    Half of them are built around one module or variant (``focus``, drawn when not given), so that each
    game area's commands are reached often, not only when a few independent draws happen to agree.
    ``alone``: the focus with no other module or variant drawn.
    """
    if focus is None:
        focus = draw(st.one_of(st.none(), st.sampled_from(FOCI)), label="focus")
    game_id, mode_id = draw(st.sampled_from(_scenarios(focus)))
    game, mode = CONTENT.games[game_id], CONTENT.modes[mode_id]
    expansions = set(draw(st.lists(st.sampled_from(game.expansions), unique=True, max_size=0 if alone else None))
                     if game.expansions else [])
    expansions |= {e for e in (mode.requires_expansion, focus and _expansion_of(focus)) if e}
    offered_modules = sorted(m for m, module in CONTENT.modules.items() if module.expansion in expansions)
    modules = set(draw(st.lists(st.sampled_from(offered_modules), unique=True, max_size=0 if alone else None))
                  if offered_modules else [])
    modules |= {focus} & set(CONTENT.modules)
    count = _player_count(draw, game_id, mode_id, focus)
    offered_variants = sorted(v for v, variant in CONTENT.variants.items() if variant.expansion in expansions
                              and (variant.modes is None or mode_id in variant.modes)
                              and (variant.players is None or variant.players[0] <= count <= variant.players[1]))
    setup = GameSetup(game=game_id, mode=mode_id, players=_players(draw, game_id, mode_id, count),
                      expansions=tuple(sorted(expansions)), modules=tuple(sorted(modules)),
                      variants=_variants(draw, [] if alone else offered_variants, focus),
                      advanced_track=game.advanced_rounds is not None and draw(st.booleans()),
                      options=_options(draw, mode_id))
    try:
        validate_setup(setup, CONTENT)
    except CommandError:
        assume(False)
    return setup


# -- the words and numbers a command may be given -------------------------------------------------------------
@dataclasses.dataclass
class Harvest:
    """What a game's state and views hold: its short texts, small numbers, and the texts found under each key."""

    words: set[str] = dataclasses.field(default_factory=set)
    numbers: set[int] = dataclasses.field(default_factory=set)
    under: dict[str, set[str]] = dataclasses.field(default_factory=dict)
    ids: set[str] = dataclasses.field(default_factory=set)
    keys: set[str] = dataclasses.field(default_factory=set)

    def text(self, key: str, value: str) -> None:
        if 0 < len(value) <= 40:
            self.words.add(value)
            self.under.setdefault(key, set()).add(value)


def harvest(value: Any, found: Harvest, key: str = "", depth: int = 0) -> None:
    """Every short text and small whole number in a game's state: ids, names, hex numbers, card ids.

    Each text is also filed under the key it sits under (an entry's ``id`` under its list's key), so a
    command's ``chamber_id`` is drawn among the ids under ``chambers``: the chambers there are.
    """
    if depth > 8:
        return
    if isinstance(value, dict):
        if isinstance(value.get("id"), str):  # an entry: a chamber, a parasite, a card, a decree the app knows
            found.text(key, value["id"])
            found.ids.add(value["id"])
        for k, item in value.items():
            if isinstance(k, str):  # a key with a digit is data (a player's id, a token), not a field's name
                if re.search(r"\d", k):
                    found.text(key, k)
                    found.keys.add(k)
                else:
                    found.words.add(k)
            harvest(item, found, k if isinstance(k, str) and not k[:1].isdigit() else key, depth + 1)
    elif isinstance(value, list):
        for item in value[:60]:
            harvest(item, found, key, depth + 1)
    elif isinstance(value, int) and not isinstance(value, bool):
        if -5 <= value <= 120:
            found.numbers.add(value)
    elif isinstance(value, str):
        found.text(key, value)


ID = re.compile(r"^[a-z0-9][a-z0-9_.:-]*$")
#: Endings a field's name adds to what it names: ``chamber_id`` is one of the ``chambers``' ids.
FIELD_ENDINGS = re.compile(r"(_ids?|_names?|_a|_b)$")
#: Where a field's values sit under a key its name does not share (the one case so far: the Symbiote tokens).
ALSO_UNDER = {"token": ("holders", "held")}


class Vocabulary:
    """What the state offers as arguments, gathered once per state."""

    def __init__(self, state: dict[str, Any], content: Content) -> None:
        found = Harvest()
        harvest(state.get("modules_state", {}), found)
        with using("en"):  # what the screens offer: the ids on their buttons (predators, items, cards, powers)
            for hooks_id, view in VIEWS:
                if HOOKS[hooks_id].active(state):
                    harvest(view(state, content), found)
        self.players = [p["id"] for p in state["players"]]
        ids = {w for w in found.words if ID.match(w)}  # ids, not the sentences around them
        self.words = sorted(ids | set(self.players) | {""})
        #: Names as printed on cards ("Defensive Shelter"): texts that are neither ids nor sentences.
        self.names = sorted(w for w in found.words - ids if "{" not in w and not w.endswith(".") and w.count(" ") < 4)
        self.numbers = sorted(found.numbers | set(range(0, 13)))
        self.under = {k: sorted(v) for k, v in found.under.items() if len(k) >= 3}
        self.ids = sorted(found.ids)
        self.keys = sorted(found.keys)  # what a table is keyed by: a colony's tokens, its cards, the rounds

    def related(self, field: str) -> list[str]:
        """The texts found under keys that share the field's stem: ``chamber_id`` -> under ``chambers``."""
        stem = FIELD_ENDINGS.sub("", field)
        if len(stem) < 3:
            return []
        return sorted({w for key, words in self.under.items() if key.startswith(stem)
                       or stem.startswith(key.rstrip("s")) or key in ALSO_UNDER.get(stem, ()) for w in words})


def refusal_words(value: Any) -> Iterator[str]:
    """The values a refusal names: what to type instead (the chambers in play, the phases there are, the cards)."""
    if isinstance(value, Msg):
        value = value.params
    elif is_message(value):
        value = value.get("params", {})
    if isinstance(value, dict | types.MappingProxyType):
        for item in value.values():
            yield from refusal_words(item)
    elif isinstance(value, str):
        for part in value.split(", "):
            part = part.split(" (")[0].strip().strip("'\"")  # "p1 (Ana)": the id, not the name beside it
            if 0 < len(part) <= 40:
                yield part


def _names_player(name: str) -> bool:
    return "player" in name or name in ("winner", "host_id", "by", "owner")


def _text(name: str, vocab: Vocabulary, choices: tuple[str, ...]) -> st.SearchStrategy[str]:
    """A text field: the state's texts under its own key, the words its module spells and its refusals named
    (twice as likely: they are what its verify accepts), entries' ids, table keys, players, names, any id."""
    if _names_player(name):
        return st.sampled_from([*vocab.players * 4, "", "broodmother"])
    pools = [vocab.related(name), list(choices), list(choices), vocab.ids, vocab.keys, vocab.players,
             vocab.names if "name" in name or "card" in name else []]
    return st.one_of(*(st.sampled_from(pool) for pool in pools if pool), st.sampled_from(vocab.words))


def value_for(name: str, hint: Any, default: Any, vocab: Vocabulary,
              choices: tuple[str, ...] = ()) -> st.SearchStrategy[Any]:
    """A strategy for one field of a command, from its name, its type and the state's words and numbers."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        inner = [a for a in args if a is not type(None)]
        return st.one_of(st.none(), value_for(name, inner[0], default, vocab, choices))
    if origin is tuple:
        if args and args[0] is str:
            pool = vocab.related(name) or vocab.words
            return st.lists(st.sampled_from(pool), unique=True, max_size=4).map(tuple)
        return st.just(default if default is not dataclasses.MISSING else ())
    if hint is bool:
        return st.booleans()
    if hint is int:
        small = st.sampled_from(vocab.numbers)
        if name in ("delta", "total", "value", "points"):
            return st.one_of(small, st.integers(-3, 40))
        return st.one_of(small, small, st.integers(-2, 100))
    if hint is str:
        return _text(name, vocab, choices)
    return st.just(default)


def module_words(cls: type[Command]) -> tuple[str, ...]:
    """The words a command's module spells as constants: the phases, sources, reasons and parts its verify accepts."""
    words: set[str] = set()
    for key, value in vars(sys.modules[cls.__module__]).items():
        if key.startswith("_"):
            continue
        if isinstance(value, dict):
            value = tuple(value)
        if isinstance(value, tuple | frozenset) and value and all(isinstance(v, str) for v in value):
            words.update(v for v in value if ID.match(v))
    return tuple(sorted(words))


@dataclasses.dataclass(frozen=True)
class Blueprint:
    """How to build one registered command from drawn arguments."""

    cls: type[Command]
    fields: tuple[tuple[str, Any, Any], ...]
    choices: tuple[str, ...] = ()


def _blueprints() -> dict[str, Blueprint]:
    out: dict[str, Blueprint] = {}
    for name, cls in sorted(COMMANDS.items()):
        if not cls.__module__.startswith("companion."):
            continue  # a test's own faulty command (registered when its file is collected) is no move of a table's
        hints = typing.get_type_hints(cls)
        fields = tuple((f.name, hints[f.name], f.default) for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        out[name] = Blueprint(cls, fields, module_words(cls))
    return out


BLUEPRINTS = _blueprints()
HOOKS = {h.id: h for h in all_hooks()}
COMMON = "common"  # the commands every game has: scores, phases, the end, the checklist


def _package(module: str) -> str:
    """``companion.core.harvest.commands`` -> ``harvest``."""
    return module.split(".")[2] if module.startswith("companion.core.") else module


def _area_packages() -> dict[str, list[str]]:
    """Each core package's game areas (their hooks' ids), as its unit declares their views."""
    out: dict[str, list[str]] = {}
    for unit in all_units():
        for hooks_id in unit.views:
            out.setdefault(unit.id, []).append(hooks_id)
    return out


def area_of(cls: type[Command]) -> str:
    """A command's game area: its package's; where a package keeps two (the predators'), the one whose
    state module the command's module reads (Predators & Prey's alliances, Minions of the Meadow's board)."""
    areas = _area_packages().get(_package(cls.__module__), [])
    if len(areas) <= 1:
        return areas[0] if areas else COMMON
    used = {getattr(v, "__module__", None) for v in vars(sys.modules[cls.__module__]).values()}
    return next(a for a in areas if HOOKS[a].validate_state.__module__ in used)


#: Each command's game area, and the areas: the coverage test wants every one of them reached.
AREA = {name: area_of(b.cls) for name, b in BLUEPRINTS.items()}
AREAS = sorted(set(AREA.values()))
#: Commands applied per area since the process started (``test_every_area_is_reached`` reads it).
APPLIED: Counter[str] = Counter()
#: Times each command was applied since the process started (the same test reads it).
APPLIED_COMMANDS: Counter[str] = Counter()
#: The same, by the focus of the games that applied them (``None``: a game drawn around nothing in particular).
BY_FOCUS: defaultdict[str | None, Counter[str]] = defaultdict(Counter)
#: The games each focus started in which each area was active, by area.
ACTIVE_BY_FOCUS: defaultdict[str | None, Counter[str]] = defaultdict(Counter)


def relevant(state: dict[str, Any]) -> dict[str, list[str]]:
    """The commands of the game areas this game uses (the others are refused outright) and the common ones, by area."""
    active = {h.id for h in all_hooks() if h.active(state)} | {COMMON}
    out: dict[str, list[str]] = {}
    for name in BLUEPRINTS:
        if AREA[name] in active:
            out.setdefault(AREA[name], []).append(name)
    return out


def generic(name: str, vocab: Vocabulary, hints: dict[str, set[str]] | None = None) -> st.SearchStrategy[Command]:
    """Any registered command, with arguments drawn from the state's vocabulary and what its refusals named:
    ``hints[field]`` what a refusal of that field's value said to give instead, ``hints[""]`` the rest."""
    blueprint = BLUEPRINTS[name]
    if not blueprint.fields:
        return st.just(blueprint.cls())
    hints = hints or {}
    general = {*blueprint.choices, *hints.get("", ())}
    choices = {f: tuple(sorted(hints.get(f) or general)) for f, _, _ in blueprint.fields}
    kwargs = {f: value_for(f, hint, default, vocab, choices[f]) for f, hint, default in blueprint.fields}
    players = [f for f, hint, _ in blueprint.fields if hint is str and _names_player(f)]
    drawn = st.fixed_dictionaries(kwargs)
    if len(players) > 1:  # two colonies of one command (a swap, a battle, a winner) are two different colonies
        drawn = drawn.filter(lambda kw: len({kw[f] for f in players if kw[f]}) == len([f for f in players if kw[f]]))
    return drawn.map(lambda kw: blueprint.cls(**kw))


def _area_moves() -> dict[str, Callable[..., Any]]:
    """Each module unit's move builders (``ModuleUnit.moves``), by the hooks that say when each applies: found,
    so a new module's are played here without a line in this file."""
    return {hooks_id: moves for unit in all_units() for hooks_id, moves in unit.moves.items()}


AREA_MOVES = _area_moves()
HER = "broodmother"  # her moves have a step of their own (``her_turn``), with its leanings


def her_moves(state: dict[str, Any]) -> Iterator[Command]:
    """The Broodmother's moves a table makes most: her open question's likely answers, her draws, the meadow."""
    if HOOKS[HER].active(state):
        yield from AREA_MOVES[HER](state, CONTENT)


def table_moves(state: dict[str, Any], with_hers: bool = False) -> Iterator[Command]:
    """Moves whose arguments must agree with each other (a token the giving colony holds, a battle's predator on
    the board): drawn field by field they almost never would, so each active area's likely ones are offered as
    its unit builds them, and the checklist's items ticked by hand as the screen offers them (``with_hers``: hers
    too, which otherwise have a step of their own)."""
    for hooks_id, moves in AREA_MOVES.items():
        if (with_hers or hooks_id != HER) and HOOKS[hooks_id].active(state):
            yield from moves(state, CONTENT)
    for item in phase_items(state, CONTENT):
        if item["command"] is None:
            yield COMMANDS["checklist_tick"](module=item["module"], item_id=item["id"])


def by_name(commands: list[Command]) -> dict[str, list[Command]]:
    """Moves grouped by command: a command is drawn first, then its arguments, so one with many candidate
    arguments (a nymph at each of ten hexes) does not crowd out one with a single way to play it."""
    out: dict[str, list[Command]] = {}
    for command in commands:
        out.setdefault(_kind(command), []).append(command)
    return out


def _kind(command: Command) -> str:
    """A command's name, with the sign of a score change (``adjust_score-`` lowers a colony's score)."""
    if command.name == "adjust_score":
        return "adjust_score-" if getattr(command, "delta", 0) < 0 else "adjust_score+"
    return command.name


# -- the machine -------------------------------------------------------------------------------------------------
class GameMachine(RuleBasedStateMachine):
    """One game, played at random among the moves the core allows, checked after every step."""

    moves = MOVES
    focus: str | None = None
    #: Of 4 "any" steps, how many play one of the areas' own moves when one is allowed (the rest: generic ones).
    table_odds = 2
    #: Of 4 choices among allowed kinds of move, how many take the one applied least so far (the reach test's).
    rare_first = 0
    #: Of 4 of her moves, how many take a kind the game's leaning likes (when one is allowed).
    lean_odds = 3
    #: Whether an "any" step may play one of her moves too: in the reach test's games around her modes, whose
    #: asymmetric player's chains (eggs for a power, nymphs to move) need more of her turns.
    her_at_table = False
    #: Commands applied before this Hypothesis run began, by name (the reach test's earlier foci).
    seen: typing.ClassVar[Counter[str]] = Counter()
    #: How many commands with drawn arguments an "any" step tries among the game's own areas before the common ones.
    generic_tries = 16

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="companion-machine-", dir=TMP))
        self.db = self.folder / "games.json"
        self.store = GameStore(self.db, CONTENT)
        self.stores = [self.store]
        self.session: Session | None = None
        self.first_state: dict[str, Any] = {}
        self.steps = 0
        self._vocab: tuple[int, Vocabulary] | None = None
        self.leaning = "anything"
        #: Moves applied in this game, by kind (``_kind``).
        self.applied: Counter[str] = Counter()
        #: Per command, the values its refusals named in this game (a card's name, a phase, an id in play).
        self.hints: dict[str, dict[str, set[str]]] = {}

    # -- setup ---------------------------------------------------------------------------------------------
    @initialize(setup=setups(), seed=st.integers(0, 2**32 - 1), leaning=st.sampled_from(sorted(LEANINGS)))
    def new_game(self, setup: GameSetup, seed: int, leaning: str) -> None:
        self.session = self.store.create(setup, name="Machine", seed=seed)
        self.leaning = leaning
        self.first_state = json.loads(json.dumps(self.session.state))
        event(f"game: {setup.game} {setup.mode}")
        note(f"setup: {setup!r}, seed {seed}")

    @property
    def game(self) -> Session:
        assert self.session is not None
        return self.session

    def vocab(self) -> Vocabulary:
        rev = self.game.revision
        if self._vocab is None or self._vocab[0] != rev:
            self._vocab = (rev, Vocabulary(self.game.state, CONTENT))
        return self._vocab[1]

    def run(self, command: Command) -> None:
        label = self.game.execute(command).text
        self.steps += 1
        event(f"ran: {command.name}")
        event(f"area: {AREA[command.name]}")
        APPLIED[AREA[command.name]] += 1
        APPLIED_COMMANDS[command.name] += 1
        BY_FOCUS[self.focus][command.name] += 1
        self.applied[_kind(command)] += 1
        note(f"ran {command.to_dict()} -> {label}")
        if self.game.state["ended"] is not None:
            event(f"ended: {self.game.state['ended']['code']} ({self.game.state['mode']})")

    # -- rules ---------------------------------------------------------------------------------------------
    @rule(data=st.data())
    def step(self, data: st.DataObject) -> None:
        """One move of the table, most often one that brings the end nearer."""
        kind = data.draw(st.sampled_from(self.moves), label="move")
        if self.game.state["ended"] is not None and data.draw(st.booleans(), label="play on"):
            kind = "undo"  # a finished game allows little: take a few steps back and play another ending
        if kind == "advance":
            self.advance(data)
        elif kind == "her":
            self.her_turn(data)
        elif kind == "any":
            self.anything(data)
        elif kind == "undo":
            self.undo(data.draw(st.integers(1, 4), label="undo times"))
        elif kind == "redo":
            self.redo(data.draw(st.integers(1, 4), label="redo times"))
        else:
            self.read_again()

    def advance(self, data: st.DataObject) -> None:
        """The table moves on: the next phase or round, the end of the game (or Antscape's final scoring)."""
        allowed = [c for c in (COMMANDS[n]() for n in ADVANCE) if self.game.can(c)]
        if not allowed:
            event("advance: nothing allowed")
            return self.her_turn(data)
        self.run(data.draw(st.sampled_from(allowed), label="advance"))

    def her_turn(self, data: st.DataObject) -> None:
        """Her card, her questions answered, her Slumber, battles won and lost in her meadow."""
        state = self.game.state
        candidates = by_name([c for c in her_moves(state) if self.game.can(c)])
        if not candidates:
            return self.anything(data)
        liked = sorted(set(candidates) & set(LEANINGS[self.leaning]))
        lean = bool(liked) and data.draw(st.integers(1, 4), label="lean") <= self.lean_odds
        kind = self.pick(data, liked if lean else sorted(candidates), "her move")
        self.run(data.draw(st.sampled_from(candidates[kind]), label=kind))

    def pick(self, data: st.DataObject, kinds: list[str], label: str) -> str:
        """One of these allowed kinds of move; with ``rare_first``, often one still short of ``LEAST`` applications
        before this Hypothesis run (``seen``, fixed while it lasts), then the one applied least in this game (so a
        step on the way, an egg towards a power, keeps its turn). Never the counts of the run's other games: what a
        game draws may depend only on the game, or Hypothesis cannot replay it."""
        if self.rare_first and data.draw(st.integers(1, 4), label="rare first") <= self.rare_first:
            times = {k: (self.seen[k.rstrip("+-")] >= LEAST, self.applied[k]) for k in kinds}
            kinds = [k for k in kinds if times[k] == min(times.values())]
        return data.draw(st.sampled_from(kinds), label=label)

    def anything(self, data: st.DataObject) -> None:
        """Any registered command with arguments from the game; the first of a few tries the core allows runs.

        The game's own areas are tried first (their commands are refused far more often than a score change),
        then the common commands: scores, phases, the checklist.
        """
        table = by_name([c for c in table_moves(self.game.state, self.her_at_table) if self.game.can(c)])
        if table and data.draw(st.integers(1, 4), label="table move") <= self.table_odds:
            kind = self.pick(data, sorted(table), "table")
            return self.run(data.draw(st.sampled_from(table[kind]), label=kind))
        by_area = relevant(self.game.state)
        own = {area: names for area, names in by_area.items() if area != COMMON}
        if not (own and self._try(data, own, self.generic_tries)) and not self._try(data, {COMMON: by_area[COMMON]}, 4):
            event("anything: no allowed command found")

    def _try(self, data: st.DataObject, by_area: dict[str, list[str]], tries: int) -> bool:
        """Up to ``tries`` commands of these areas (an area drawn first, then one of its commands); True if one ran."""
        vocab = self.vocab()
        for _ in range(tries):
            area = data.draw(st.sampled_from(sorted(by_area)), label="area")
            name = data.draw(st.sampled_from(by_area[area]), label="command")
            command = data.draw(generic(name, vocab, self.hints.get(name)), label=name)
            if self.game.can(command):
                assert self.game.why_not(command) is None
                self.run(command)
                return True
            assert self.game.why_not(command), command  # a refusal always says why
            assert self._refused(command), command
        return False

    def undo(self, times: int) -> None:
        for _ in range(times):
            if not self.game.doc["undo"]:
                return
            self.game.undo()
            self.steps += 1
            event("ran: undo")

    def redo(self, times: int) -> None:
        for _ in range(times):
            if not self.game.doc["redo"]:
                return
            self.game.redo()
            self.steps += 1
            event("ran: redo")

    def read_again(self) -> None:
        """The game as a new screen or the terminal opens it: a session on what a fresh store reads."""
        self.stores.append(GameStore(self.db, CONTENT))
        self.session = self.stores[-1].session(self.game.id)
        self._vocab = None
        event("read again")

    def _refused(self, command: Command) -> str:
        """Why the core refuses ``command``; what the refusal names is offered to the command's next draws."""
        try:
            self.game.verify(command)
        except CommandError as exc:
            said = str(exc)
            given = {f: v for f, v in dataclasses.asdict(command).items() if isinstance(v, str) and v}
            named = {w for w in refusal_words(exc.args[0] if exc.args else "") if w not in given.values()}
            quoted = [f for f, v in given.items() if repr(v) in said]  # "No player 'head'": the field it is about
            field = quoted[0] if len(quoted) == 1 else ""
            self.hints.setdefault(command.name, {}).setdefault(field, set()).update(named)
            return said
        raise AssertionError(f"{command!r}: refused by can() yet verify() passes")

    # -- what holds after every step -----------------------------------------------------------------------
    def game_from_disk(self) -> dict[str, Any]:
        fresh = GameStore(self.db, CONTENT)
        try:
            doc = fresh.load(self.game.id)
            assert not fresh.notices, fresh.notices
        finally:
            fresh.close()
        return doc

    @invariant()
    def saved_as_played(self) -> None:
        if self.session is None:
            return
        doc = self.game_from_disk()
        assert doc["state"] == self.game.doc["state"]
        assert doc["undo"] == self.game.doc["undo"]
        assert doc["redo"] == self.game.doc["redo"]
        assert doc["rev"] == self.game.revision

    @invariant()
    def shown_in_every_language(self) -> None:
        if self.session is None:
            return
        for lang in LANGUAGES:
            with using(lang):
                every_view(self.game, CONTENT)

    @invariant()
    def undone_to_the_start(self) -> None:
        if self.session is None or self.steps == 0 or self.steps % FULL_UNDO_EVERY:
            return
        self.check_full_undo()

    @invariant()
    def views_say_what_the_session_does(self) -> None:
        """Every action a view lists is answered by the session as the view says (issue 35), every few steps."""
        if self.session is None or self.steps % ACTIONS_EVERY:
            return
        check_view_actions(self.game, CONTENT, lambda view: event(f"view action ran: {view}"))

    def check_full_undo(self) -> None:
        """Undo everything: the first state; redo everything: back to where the game was."""
        game = self.game
        now = json.loads(json.dumps(game.state))
        done = len(game.doc["undo"])
        undone = 0
        while game.doc["undo"]:
            game.undo()
            undone += 1
        if undone < UNDO_LIMIT:  # nothing fell off the undo history
            assert game.state == self.first_state
        for _ in range(undone):
            game.redo()
        assert game.state == now
        assert len(game.doc["undo"]) == done
        event("full undo checked")

    def teardown(self) -> None:
        try:
            if self.session is not None:
                self.check_full_undo()
                self.game_from_disk()
                ended = self.game.state["ended"]
                event(f"final: {ended['code'] if ended else 'not ended'} ({self.game.state['mode']})")
                event(f"steps: {10 * (self.steps // 10)}-{10 * (self.steps // 10) + 9}")
        finally:
            for store in self.stores:
                store.close()
            shutil.rmtree(self.folder, ignore_errors=True)


# -- views -------------------------------------------------------------------------------------------------------
def _views() -> list[tuple[str, Callable[..., Any]]]:
    """Every module unit's views, by the hooks that say when each applies: found, so a new module's are here."""
    return [(hooks_id, view) for unit in all_units() for hooks_id, view in unit.views.items()]


VIEWS = _views()


def rendered(value: Any) -> None:
    """Render every message in a view (a stored message dict) and every text, as a screen would."""
    if is_message(value):
        assert isinstance(render(value), str)
    elif isinstance(value, dict):
        for item in value.values():
            rendered(item)
    elif isinstance(value, list | tuple):
        for item in value:
            rendered(item)


#: Log entries already rendered, by language: a game's log is shown again after every step.
LOG_SHOWN: set[tuple[str, str]] = set()


def every_view(session: Session, content: Content) -> None:
    """The game screen's view, each active area's view, the log and the undo/redo labels, in the current language."""
    from companion.core.reference import flooded_view, tactics_view, uses_tactics

    state = session.state
    rendered(game_view(session))
    json.dumps(game_view(session), default=str)
    for hooks_id, view in VIEWS:
        if HOOKS[hooks_id].active(state):
            rendered(view(state, content))
    if uses_tactics(state):
        rendered(tactics_view(state, content))
    if "flooded-spring" in state["variants"]:
        rendered(flooded_view(state, content))
    for entry in session.doc["log"]:
        seen = (language(), json.dumps(entry, sort_keys=True, default=str))
        if seen not in LOG_SHOWN:  # an entry renders from itself alone: once per language is enough
            assert isinstance(log_text(entry), str)
            rendered(entry)
            LOG_SHOWN.add(seen)
    for label in (session.undo_label, session.redo_label):
        assert label is None or isinstance(label, str)


GameMachine.TestCase.settings = settings(max_examples=EXAMPLES, stateful_step_count=STEPS, deadline=None,
                                         database=None, print_blob=True,
                                         phases=[Phase.generate, Phase.shrink],
                                         suppress_health_check=[HealthCheck.large_base_example, HealthCheck.too_slow,
                                                                HealthCheck.filter_too_much])
TestGameMachine = GameMachine.TestCase


# -- her rare moments: the reach test's games that start there --------------------------------------------------
def _free_hex(b: Brood) -> int:
    taken = {h["number"] for h in b["hexes"]}
    return next(n for n in range(1, 40) if n not in taken)


def _toward_her_cards(state: State, cards: tuple[str, ...]) -> list[Command]:
    """Her physical deck, her open Expand answered (the Nest revealed if not yet found), ``cards`` entered in the
    Worker Phase, Next otherwise: the first the core allows runs."""
    b = bm(state)
    nest = not nest_found(b)
    return [AnswerExpand(number=_free_hex(b), sites=2, zone="inner", nest=nest), SetDeckMode(mode="physical"),
            *(EnterCard(card_type=card, ferocity=1) for card in cards), COMMANDS["next_phase"]()]


def _to_plots(state: State) -> list[Command]:
    return _toward_her_cards(state, ("evolution",))  # each a Plot; a full plot pile moves her track up


def _to_strike(state: State) -> list[Command]:
    """A Colony Goal (an Expand: the Nest revealed), then an Event (after the Nest: her Strike)."""
    return _toward_her_cards(state, ("event",) if nest_found(bm(state)) else ("colony-goal",))


def _on_board(b: Brood) -> int:
    return sum(h["nymphs"] for h in b["hexes"]) + int(b["tunnel"]["nymph"])


def _to_reveal(state: State) -> list[Command]:
    """Two nymphs on a hex the table adds, then her card revealed (drawn or entered) in the Worker Phase."""
    b = bm(state)
    nymphs = [AddHex(number=_free_hex(b), zone="inner", nymphs=2)] if _on_board(b) < 2 else []
    return [*nymphs, DrawCard(), EnterCard(card_type="event", ferocity=1), COMMANDS["next_phase"]()]


def _to_power(state: State) -> list[Command]:
    """A power unlocked in a Queen Phase (Next until one), then the eggs it costs."""
    asym = her_asym(bm(state))
    if not asym["unlocked"]:
        return [UnlockPower(power="frenzy"), COMMANDS["next_phase"]()]
    return [GainEgg()]


def _predator_asked(state: State) -> bool:
    return any(q["kind"] == "predator" for q in bm(state)["pending"][:1])


def _strike_asked(state: State) -> bool:
    return any(q["kind"] == "strike" for q in bm(state)["pending"][:1])


def _card_just_revealed(state: State) -> bool:
    turn = bm(state)["turn"]
    return turn is not None and turn["cancellable"] and _on_board(bm(state)) >= 2


def _power_paid_for(state: State) -> bool:
    asym = her_asym(bm(state))
    return bool(asym["unlocked"]) and asym["eggs"] >= brood_of(CONTENT).power_cost and not bm(state)["pending"]


@dataclasses.dataclass(frozen=True)
class Moment:
    """A moment of her game too rare for a short random game (it waits on a long chain of her cards or turns),
    reached through the app's own commands: each step the first of ``toward``'s commands the core allows runs,
    saved as every step is, until ``reached``; the machine plays on from there."""

    modes: tuple[str, ...]
    toward: Callable[[State], list[Command]]
    reached: Callable[[State], bool]


#: The moments, by the reach test's focus that starts there (each named after the command it waits for).
MOMENTS = {
    "moment:bm_answer_predator": Moment(("solo", "coop", "asymmetric"), _to_plots, _predator_asked),
    "moment:bm_answer_strike": Moment(("solo", "coop"), _to_strike, _strike_asked),
    "moment:bm_redraw": Moment(("asymmetric",), _to_reveal, _card_just_revealed),
    "moment:bm_use_power": Moment(("asymmetric",), _to_power, _power_paid_for),
}
#: Steps an opening may take (a plot pile of 7, twice, and the phases between): more is a route that lost its way.
OPENING_STEPS = 60


# -- what the machine reaches ------------------------------------------------------------------------------------
class Reach(GameMachine):
    """The machine's games built around one module, variant or game (``focus``), without the checks after each step."""

    #: The areas' own commands, mostly; "any" first, so a run's first (simplest) game plays them rather than Next.
    moves = (*("any",) * 5, "advance", "advance", "advance", "her", "her", "undo")
    #: A command allowed only for a moment (a battle's end, a Slumber's points) is played while it is.
    table_odds = 3
    rare_first = 3
    generic_tries = 4  # drawn arguments cost the most time and reach the least once the areas build their moves

    lean_odds = 1  # breadth first: her moves lean to an end only now and then

    @initialize(data=st.data(), seed=st.integers(0, 2**32 - 1), leaning=st.sampled_from(sorted(LEANINGS)))
    def start(self, data: st.DataObject, seed: int, leaning: str) -> None:
        moment = MOMENTS.get(self.focus or "")
        focus = data.draw(st.sampled_from(moment.modes), label="her mode") if moment else self.focus
        self.new_game(data.draw(setups(focus, alone=True), label="setup"), seed, leaning)
        ACTIVE_BY_FOCUS[self.focus].update(h for h in HOOKS if HOOKS[h].active(self.game.state))
        if moment:
            self.open_to(moment)

    def open_to(self, moment: Moment) -> None:
        """Play the game up to ``moment`` by the app's commands, each saved as the machine's steps are."""
        for _ in range(OPENING_STEPS):
            if moment.reached(self.game.state):
                return event(f"opened to: {self.focus}")
            command = next((c for c in moment.toward(self.game.state) if self.game.can(c)), None)
            assert command is not None, f"{self.focus}: no step towards it allowed ({self.game.state['phase']})"
            self.run(command)
        raise AssertionError(f"{self.focus}: not reached in {OPENING_STEPS} steps")

    def new_game(self, setup: GameSetup, seed: int, leaning: str) -> None:  # no longer a rule: ``start`` is
        super().new_game(setup, seed, leaning)

    def saved_as_played(self) -> None:  # type: ignore[override]
        return None

    def shown_in_every_language(self) -> None:  # type: ignore[override]
        return None

    def undone_to_the_start(self) -> None:  # type: ignore[override]
        return None

    def views_say_what_the_session_does(self) -> None:  # type: ignore[override]
        return None

    def teardown(self) -> None:
        for store in self.stores:
            store.close()
        shutil.rmtree(self.folder, ignore_errors=True)


class FromMoment(Reach):
    """A game from one of her rare moments, with every check of the default machine: each step saved, read back
    from disk and shown in both languages, the whole game undone to its start and redone (the opening too)."""

    saved_as_played = GameMachine.saved_as_played
    shown_in_every_language = GameMachine.shown_in_every_language
    undone_to_the_start = GameMachine.undone_to_the_start
    views_say_what_the_session_does = GameMachine.views_say_what_the_session_does
    teardown = GameMachine.teardown


REACH_SEED = 20261203
#: Her modes: her asymmetric player's powers and nymphs are played only in its games.
HER_MODES = tuple(sorted(m for m, mode in CONTENT.modes.items() if mode.broodmother != "none"))
#: Every focus, each of her modes and her rare moments.
REACH_FOCI = (*FOCI, *HER_MODES, *MOMENTS)
REACH = settings(max_examples=4, stateful_step_count=40, deadline=None, database=None,
                 phases=[Phase.generate], suppress_health_check=list(HealthCheck))

#: Her moments' games: checked at every step, so shorter (the moment comes in their first steps or not at all).
FROM_MOMENT = settings(REACH, stateful_step_count=12)


#: How often every command must be applied in the reach test: once could be luck, three times is a habit.
LEAST = 3


#: Rounds of extra games for the commands still short after one round of every focus, and foci per command.
TOP_UPS, TOP_UP_FOCI = 6, 2


def reach(focus: str, round_number: int) -> None:
    """Four games around ``focus`` (the seed of this round), favouring the commands still short of ``LEAST``."""
    machine = type("Reach", (FromMoment if focus in MOMENTS else Reach,),
                   {"focus": focus, "seen": Counter(APPLIED_COMMANDS), "her_at_table": focus in (*HER_MODES, *MOMENTS)})
    run_state_machine_as_test(seed(REACH_SEED + round_number)(machine),
                              settings=FROM_MOMENT if focus in MOMENTS else REACH)


def short() -> dict[str, int]:
    """The commands applied fewer than ``LEAST`` times so far."""
    return {name: APPLIED_COMMANDS[name] for name in sorted(BLUEPRINTS) if APPLIED_COMMANDS[name] < LEAST}


def top_up_foci(names: dict[str, int]) -> list[str]:
    """Where to play more for these commands: the foci whose games applied each most (or applied its area most,
    or had its area in play most often); a moment of hers only for the command it waits for."""
    chosen: list[str] = []
    for name in names:
        foci = [f for f in REACH_FOCI if f not in MOMENTS or f == f"moment:{name}"]
        def weight(focus: str, name: str = name) -> tuple[int, int, int]:
            done = BY_FOCUS[focus]
            area = sum(n for c, n in done.items() if AREA[c] == AREA[name])
            return done[name], area, ACTIVE_BY_FOCUS[focus][AREA[name]]
        chosen += [f for f in sorted(foci, key=weight, reverse=True)[:TOP_UP_FOCI] if f not in chosen]
    return chosen


def test_every_area_is_reached() -> None:
    """Four games (a fixed seed) around each module, variant, game and her mode apply every command of every game
    area at least ``LEAST`` times, not only try them; the commands still short get up to ``TOP_UPS`` more rounds of
    games where they were reached. An area or a command the machine stops reaching (a renamed hook, a move builder
    that no longer fits its command, a new command with none) fails here, named."""
    APPLIED.clear()
    APPLIED_COMMANDS.clear()
    BY_FOCUS.clear()
    ACTIVE_BY_FOCUS.clear()
    for focus in REACH_FOCI:
        reach(focus, 0)
    for round_number in range(1, TOP_UPS + 1):
        for focus in top_up_foci(short()):
            reach(focus, round_number)
    never = sorted(set(AREAS) - {area for area, count in APPLIED.items() if count})
    assert never == [], f"no command of {never} applied; applied per area: {sorted(APPLIED.items())}"
    assert short() == {}, f"applied fewer than {LEAST} times (command: times): {short()}"
