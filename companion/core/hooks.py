"""How a game area (the Broodmother, predators, decrees...) plugs into the engine.

The engine stays small: a module registers what it adds at new-game time, what it
checks after every command (its ways to end the game), how it settles a finished game,
and the lifecycle of its own state - its schema version, the migrations that bring an
older shape up to date, ``adopt`` for a game saved before the module existed, and
``validate_state`` for whatever was read from a file.

Modules are discovered, not listed: every package under ``companion.core`` is imported
once by ``load_modules``, and a game area's package registers its hooks when imported.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from companion.core.content import Content
from companion.core.errors import GameError
from companion.core.registry import the_apps_own
from companion.core.schema import Ended, Json, JsonObject
from companion.core.state import State

if TYPE_CHECKING:
    from companion.core.checklist import ItemsFn

Outcome = Ended
ModuleState = JsonObject  # a module's own part of the state, as saved: checked by its validate_state
Migration = Callable[[ModuleState, State], ModuleState]


def _never(state: State, content: Content) -> Outcome | None:
    return None


def _no_init(state: State, options: Mapping[str, Json], content: Content) -> None:
    return None


def _no_options(options: Mapping[str, Json], players: int, mode: str) -> None:
    return None


def _anything(module_state: ModuleState, state: State, content: Content) -> None:
    return None


@dataclass(frozen=True)
class ModuleHooks:
    """One game area's part in the engine. Only ``id`` and ``active`` are required.

    ``active(state)`` says whether the area is in this game. Its own state lives in
    ``state["modules_state"][id]`` and carries ``state_version``; ``migrations[n]`` turns
    version ``n`` into ``n + 1``. ``adopt`` gives an active area its starting state when a
    game saved before it existed is opened (``None``: the area keeps no state of its own).
    ``validate_state`` raises ``InvalidModuleState`` naming the field. At the end of a game every
    area's ``final_points`` books its end-of-game points first; then the first ``finish`` that
    returns an outcome settles the game (so the winner is decided on the complete scores). A game the table ends
    early (``EndEarly``) is settled by the first ``ended_early`` that returns an outcome (the Broodmother's: no
    side is called the winner), else by ``outcome.end_early`` (the standings as they are).
    """

    id: str
    active: Callable[[State], bool]
    validate_options: Callable[[Mapping[str, Json], int, str], None] = _no_options
    option_names: tuple[str, ...] = ()
    init: Callable[[State, Mapping[str, Json], Content], None] = _no_init
    check_end: Callable[[State, Content], Outcome | None] = _never
    finish: Callable[[State, Content], Outcome | None] = _never
    final_points: Callable[[State, Content], None] = lambda state, content: None
    ended_early: Callable[[State, Content], Outcome | None] = _never
    state_version: int = 1
    migrations: Mapping[int, Migration] = field(default_factory=dict)
    adopt: Callable[[State, Content], ModuleState | None] | None = None
    validate_state: Callable[[ModuleState, State, Content], None] = _anything
    phase_items: ItemsFn | None = None  # what the area does in a phase (``companion.core.checklist``)


class InvalidModuleState(GameError):
    """A module's saved state does not have the shape its module writes."""


_HOOKS: dict[str, ModuleHooks] = {}
_loaded = False


def register(hooks: ModuleHooks) -> None:
    """Register a game area's hooks: only the app's own (its ``active`` defined in ``companion.``)."""
    if the_apps_own(hooks.active):
        _HOOKS[hooks.id] = hooks


class Lifecycle(Protocol):
    """A game area's state module (its ``model``): its key, its state's version and its lifecycle functions."""

    @property
    def KEY(self) -> str: ...

    @property
    def STATE_VERSION(self) -> int: ...

    def active(self, state: State) -> bool: ...

    def init(self, state: State, options: Mapping[str, Json], content: Content) -> None: ...

    def adopt(self, state: State, content: Content) -> ModuleState | None: ...

    def validate_state(self, module_state: ModuleState, state: State, content: Content) -> None: ...


def register_area(lifecycle: Lifecycle, phase_items: ItemsFn | None = None, *,
                  finish: Callable[[State, Content], Outcome | None] = _never,
                  final_points: Callable[[State, Content], None] = lambda state, content: None) -> ModuleHooks:
    """Register the hooks a game area's state module spells, with its checklist items; return the hooks.

    Most areas keep one state of their own with the same lifecycle (``active``, ``init``, ``adopt``,
    ``validate_state`` under ``KEY`` at ``STATE_VERSION``), so their packages say only what differs.
    """
    hooks = ModuleHooks(id=lifecycle.KEY, active=lifecycle.active, init=lifecycle.init, finish=finish,
                        final_points=final_points, state_version=lifecycle.STATE_VERSION, adopt=lifecycle.adopt,
                        validate_state=lifecycle.validate_state, phase_items=phase_items)
    register(hooks)
    return hooks


def load_modules() -> None:
    """Import every package under ``companion.core`` once, so game areas register themselves."""
    global _loaded
    if _loaded:
        return
    from companion.core.units import area_packages

    area_packages()
    _loaded = True


def all_hooks() -> list[ModuleHooks]:
    load_modules()
    return list(_HOOKS.values())


def active_hooks(state: State) -> list[ModuleHooks]:
    return [h for h in all_hooks() if h.active(state)]


def stamp_versions(state: State) -> None:
    """Record each active module's state version (new games, and after ``bring_up_to_date``)."""
    state["module_versions"] = {
        h.id: h.state_version for h in active_hooks(state) if h.id in state["modules_state"]
    }


def bring_up_to_date(state: State, content: Content) -> list[str]:
    """Migrate, adopt and validate every active module's state, in place; return the migrated ids.

    Called on every game read from disk or a file: a game saved before a module existed
    (or before its state changed shape) gets that module's current state.
    """
    versions: dict[str, int] = state.setdefault("module_versions", {})
    migrated = []
    for hooks in active_hooks(state):
        if _bring_module_up_to_date(hooks, state, versions, content):
            migrated.append(hooks.id)
        if hooks.id in state["modules_state"]:
            try:
                hooks.validate_state(state["modules_state"][hooks.id], state, content)
            except GameError as exc:
                raise InvalidModuleState(f"{hooks.id}: {exc}") from exc
    stamp_versions(state)
    return migrated


def _bring_module_up_to_date(hooks: ModuleHooks, state: State, versions: dict[str, int], content: Content) -> bool:
    modules_state = state["modules_state"]
    if hooks.id not in modules_state:
        adopted = hooks.adopt(state, content) if hooks.adopt else None
        if adopted is not None:
            modules_state[hooks.id] = adopted
        return False
    version, migrated = versions.get(hooks.id, 1), False
    if version > hooks.state_version:
        raise InvalidModuleState(
            f"{hooks.id}: saved by a newer version of the app (module state {version}, "
            f"this one reads {hooks.state_version})"
        )
    while version < hooks.state_version:
        try:
            modules_state[hooks.id] = hooks.migrations[version](modules_state[hooks.id], state)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            raise InvalidModuleState(f"{hooks.id}: its state of version {version} is incomplete ({exc})") from exc
        version += 1
        migrated = True
    return migrated
