"""How a game area (the Broodmother, later predators, decrees...) plugs into the engine.

The engine stays small: a module registers what it adds at new-game time, what it
checks after every command (its ways to end the game), and how it settles a finished
game. ``load_modules`` imports the known modules so they register themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from companion.core.content import Content
from companion.core.state import State

Outcome = dict[str, Any]
KNOWN_MODULES = ("companion.core.broodmother",)


def _never(state: State, content: Content) -> Outcome | None:
    return None


def _no_init(state: State, options: Mapping[str, Any], content: Content) -> None:
    return None


def _no_options(options: Mapping[str, Any], players: int, mode: str) -> None:
    return None


@dataclass(frozen=True)
class ModuleHooks:
    id: str
    active: Callable[[State], bool]
    validate_options: Callable[[Mapping[str, Any], int, str], None] = _no_options
    option_names: tuple[str, ...] = ()
    init: Callable[[State, Mapping[str, Any], Content], None] = _no_init
    check_end: Callable[[State, Content], Outcome | None] = _never
    finish: Callable[[State, Content], Outcome | None] = _never


_HOOKS: dict[str, ModuleHooks] = {}


def register(hooks: ModuleHooks) -> None:
    _HOOKS[hooks.id] = hooks


def load_modules() -> None:
    for name in KNOWN_MODULES:
        try:
            import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise


def all_hooks() -> list[ModuleHooks]:
    load_modules()
    return list(_HOOKS.values())


def active_hooks(state: State) -> list[ModuleHooks]:
    return [h for h in all_hooks() if h.active(state)]
