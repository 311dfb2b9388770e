"""A new game: the choices a table makes, their validation, the initial state and setup list."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from companion.core.content import Content, Module, SetupStep, Variant
from companion.core.errors import CommandError
from companion.core.hooks import all_hooks, stamp_versions
from companion.core.i18n import Msg, gettext, msg, nmsg
from companion.core.rng import new_seed
from companion.core.schema import Json, Player, Role
from companion.core.state import STATE_SCHEMA, State
from companion.core.words import commas

MAX_NAME = 24
_NAME_OK = re.compile(r"^[^\x00-\x1f]+$")
E = TypeVar("E", Module, Variant)  # what a game picks from its expansions


@dataclass(frozen=True)
class PlayerSpec:
    name: str
    colour: str | None
    role: Role = "ant"  # "ant" or "broodmother" (asymmetric variant)


@dataclass(frozen=True)
class GameSetup:
    game: str
    mode: str = "competitive"
    players: tuple[PlayerSpec, ...] = ()
    expansions: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()
    variants: tuple[str, ...] = ()
    advanced_track: bool = False
    options: Mapping[str, Json] = field(default_factory=dict)

    def resolved_modules(self, content: Content) -> list[str]:
        """The chosen modules plus those every game with their expansion uses."""
        always = [m.id for m in content.modules.values() if m.always and m.expansion in self.expansions]
        return sorted(set(self.modules) | set(always))

    def resolved_variants(self, content: Content) -> list[str]:
        chosen = set(self.variants)
        for vid in list(chosen):
            chosen.update(content.variants[vid].implies if vid in content.variants else ())
        return sorted(chosen)


def validate_setup(setup: GameSetup, content: Content) -> None:
    """Raise CommandError naming the first problem, in words a player can act on."""
    if setup.game not in content.games:
        raise CommandError(msg("Unknown game {game}; choose one of {games}.", game=repr(setup.game),
                               games=", ".join(content.games)))
    game = content.games[setup.game]
    if setup.mode not in game.modes:
        modes = commas([msg(content.modes[m].name) for m in game.modes])
        raise CommandError(msg("{game} can be played as: {modes}.", game=game.name, modes=modes))
    _validate_expansions(setup, content)
    _validate_players(setup, content)
    _validate_variants(setup, content)
    if setup.advanced_track and game.advanced_rounds is None:
        raise CommandError(msg("{game} has no advanced round track.", game=game.name))
    known_options = {name for hooks in all_hooks() for name in hooks.option_names}
    if unknown := set(setup.options) - known_options:
        raise CommandError(nmsg("Unknown option: {options}.", "Unknown options: {options}.", len(unknown),
                                options=", ".join(sorted(unknown))))
    for hooks in all_hooks():
        hooks.validate_options(setup.options, len(setup.players), setup.mode)


def _validate_expansions(setup: GameSetup, content: Content) -> None:
    game = content.games[setup.game]
    for eid in setup.expansions:
        if eid not in game.expansions:
            label = content.expansions[eid].name if eid in content.expansions else repr(eid)
            raise CommandError(msg("{expansion} is not an expansion of {game}.", expansion=label, game=game.name))
    if len(set(setup.expansions)) != len(setup.expansions):
        raise CommandError(msg("An expansion is listed twice."))
    mode = content.modes[setup.mode]
    if mode.requires_expansion and mode.requires_expansion not in setup.expansions:
        raise CommandError(msg("{mode} needs {expansion}.", mode=msg(mode.name),
                               expansion=content.expansions[mode.requires_expansion].name))
    for mid in setup.modules:
        _offered(content.modules.get(mid), msg("Unknown module {module}.", module=repr(mid)), setup, content,
                 lambda module, expansion: msg("The {module} module needs {expansion}.", module=msg(module.name),
                                               expansion=expansion))


def _offered(entry: E | None, unknown: Msg, setup: GameSetup, content: Content, needs: Callable[[E, str], Msg]) -> E:
    """A module or variant the content knows, of an expansion in this game; else the refusal that says which."""
    if entry is None:
        raise CommandError(unknown)
    if entry.expansion not in setup.expansions:
        raise CommandError(needs(entry, content.expansions[entry.expansion].name))
    return entry


def _validate_players(setup: GameSetup, content: Content) -> None:
    game = content.games[setup.game]
    mode = content.modes[setup.mode]
    low, high = game.modes[setup.mode]
    count = len(setup.players)
    if not low <= count <= high:
        wanted = f"{low}" if low == high else f"{low}-{high}"
        raise CommandError(msg("{mode} in {game} is for {wanted} players; you have {count}.", mode=msg(mode.name),
                               game=game.name, wanted=wanted, count=count))
    names: set[str] = set()
    colours: set[str] = set()
    for index, spec in enumerate(setup.players, start=1):
        name = spec.name.strip()
        if not name or len(name) > MAX_NAME or not _NAME_OK.match(name):
            raise CommandError(msg("Player {index}: a name of 1-{most} printable characters, please.", index=index,
                                   most=MAX_NAME))
        if name.casefold() in names:
            raise CommandError(msg("Two players are called {name}; names must differ.", name=repr(name)))
        names.add(name.casefold())
        _validate_role_and_colour(setup, content, spec, colours)
    brood = sum(1 for p in setup.players if p.role == "broodmother")
    if mode.broodmother == "player" and brood != 1:
        raise CommandError(msg("The asymmetric variant needs exactly one player as the Broodmother."))


def _validate_role_and_colour(setup: GameSetup, content: Content, spec: PlayerSpec, colours: set[str]) -> None:
    game = content.games[setup.game]
    mode = content.modes[setup.mode]
    if spec.role == "broodmother":
        if mode.broodmother != "player":
            raise CommandError(msg("Only the asymmetric variant has a Broodmother player."))
        if spec.colour is not None:
            raise CommandError(msg("The Broodmother player uses no colony colour."))
        return
    if spec.role != "ant":
        raise CommandError(msg("Unknown player role {role}.", role=repr(spec.role)))
    if spec.colour not in game.colours:
        raise CommandError(msg("{name}: choose a colour from {colours}.", name=spec.name,
                               colours=commas([msg(c.capitalize()) for c in game.colours])))
    if spec.colour in mode.reserved_colours:
        raise CommandError(msg("{colour} is not available in this mode: its cubes are the Broodmother's nymphs.",
                               colour=msg(spec.colour.capitalize())))
    if spec.colour in colours:
        raise CommandError(msg("Two players chose {colour}; each colony needs its own colour.",
                               colour=msg(spec.colour.capitalize())))
    colours.add(spec.colour)


def _validate_variants(setup: GameSetup, content: Content) -> None:
    groups: dict[str, str] = {}
    for vid in setup.resolved_variants(content):
        variant = _offered(content.variants.get(vid), msg("Unknown variant {variant}.", variant=repr(vid)), setup,
                           content, lambda v, expansion: msg("{variant} needs {expansion}.", variant=msg(v.name),
                                                             expansion=expansion))
        if variant.modes is not None and setup.mode not in variant.modes:
            raise CommandError(msg("{variant} is played in {modes} mode only.", variant=msg(variant.name),
                                   modes=commas([msg(content.modes[m].name) for m in variant.modes])))
        if variant.players is not None:
            low, high = variant.players
            if not low <= len(setup.players) <= high:
                raise CommandError(msg("{variant} is for {low}-{high} players.", variant=msg(variant.name), low=low,
                                       high=high))
        if variant.group:
            if variant.group in groups and not _implied(content, groups[variant.group], vid, setup):
                other = content.variants[groups[variant.group]].name
                raise CommandError(msg("Choose one of {other} and {variant}.", other=msg(other),
                                       variant=msg(variant.name)))
            groups[variant.group] = vid


def _implied(content: Content, first: str, second: str, setup: GameSetup) -> bool:
    """Eve of the Antperium brings the Setup Draft; choosing both is not a conflict."""
    chosen = set(setup.variants)
    implied = {i for v in chosen if v in content.variants for i in content.variants[v].implies}
    return first in implied or second in implied


def new_state(setup: GameSetup, content: Content, seed: int | None = None) -> State:
    """The state at the start of round 1, after every module has set itself up."""
    validate_setup(setup, content)
    game = content.games[setup.game]
    rounds = game.advanced_rounds if setup.advanced_track and game.advanced_rounds else game.rounds
    players: list[Player] = [
        {"id": f"p{i}", "name": spec.name.strip(), "colour": spec.colour, "role": spec.role}
        for i, spec in enumerate(setup.players, start=1)
    ]
    state: State = {
        "schema": STATE_SCHEMA,
        "game": setup.game,
        "expansions": sorted(setup.expansions),
        "modules": setup.resolved_modules(content),
        "variants": setup.resolved_variants(content),
        "mode": setup.mode,
        "options": {"advanced_track": setup.advanced_track},
        "players": players,
        "round": 1,
        "rounds": rounds,
        "phase": game.phases[0].id,
        "scores": {p["id"]: [0] * rounds for p in players},
        "rng": new_seed() if seed is None else seed,
        "ended": None,
        "modules_state": {},
    }
    for hooks in all_hooks():
        if hooks.active(state):
            hooks.init(state, setup.options, content)
    stamp_versions(state)
    return state


def _step_applies(step: SetupStep, state: State) -> bool:
    when = step.when
    count = len([p for p in state["players"] if p["role"] == "ant"])
    tests = [
        "games" not in when or state["game"] in when["games"],
        "expansion" not in when or when["expansion"] in state["expansions"],
        "module" not in when or when["module"] in state["modules"],
        "variant" not in when or when["variant"] in state["variants"],
        "modes" not in when or state["mode"] in when["modes"],
        "players" not in when or when["players"][0] <= count <= when["players"][1],
    ]
    return all(tests)


def setup_summary(state: State, content: Content) -> list[dict[str, str]]:
    """The setup steps the table's choices require, in data order, grouped by area.

    A step's ``text`` is the data's English sentence, a catalogue key (``companion.catalog`` extracts
    them): show it with ``tr``/``render`` so it reads in the reader's language."""
    return [
        {"id": s.id, "group": s.group, "text": s.text, "source": s.source}
        for s in content.setup_steps
        if _step_applies(s, state)
    ]


def default_player_names(colours: list[str]) -> list[str]:
    """A player left unnamed is called by the colour, in the words of whoever sets the game up ("Red", "Rojo"):
    a name is kept as the table gave it, so it is written once, in that reader's language."""
    return [gettext(colour.capitalize()) for colour in colours]
