"""A module is one unit: a game area's package declares everything it brings, and the app finds it.

Each game area's package under ``companion.core`` (its folder, with its data folder ``data/<id>``)
declares ``MODULE = ModuleUnit(...)``: its content files and their shapes, the texts of those files
a player reads (for the message catalogue), the modules that register its panels and its CLI verbs.
Its part of the shared game content - its game-module and variant entries, its setup steps, its
rules topics - is its own file ``data/<id>/module.json`` (shape ``ModuleFile``), merged in by
``companion.core.content`` and ``companion.rules.topics``. Nothing lists the units: ``all_units``
imports every package found on ``companion.core.__path__`` (as ``companion.core.hooks`` does for
the engine's hooks) and keeps those that declare one, so adding a module touches no shared file.

Reading the content needs only the units' data, so ``declarations`` finds their ``module.json`` files
without importing a package (the terminal's cold start stays fast): a unit's data folder is
``data/<id>``, or the ``data`` folder inside its package when it carries its data with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from pkgutil import iter_modules
from types import ModuleType
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, cast

from companion.core.unit_files import data_folder_of

if TYPE_CHECKING:  # the content's code is imported when a file is read, not to find a unit's files (i18n)
    from companion.core.commands.base import Command
    from companion.core.content import Content, ModuleFile
    from companion.core.state import State

T = TypeVar("T")


class Part(Protocol):
    """One piece of a unit's loaded content: a name and how to read it from the unit's data folder."""

    @property
    def name(self) -> str: ...

    def read(self, folder: str) -> object: ...


@dataclass(frozen=True)
class DataFile(Generic[T]):
    """One JSON content file of a unit, checked whole against its TypedDict ``shape`` when read.

    ``DataFile(SymbiotesContent, "symbiotes", "symbiotes.json")``; ``also`` checks what a shape cannot
    say (a pool naming only known ids). ``of(content)`` is the file's data in that game content (the one
    loaded once per process by default), so a test may hand a module small content of its own.
    """

    shape: type[T]
    unit: str
    name: str
    also: Callable[[T], None] | None = None

    def read(self, folder: str) -> T:
        from companion.core.datafiles import load_checked

        data = load_checked(self.shape, f"{folder}/{self.name}")
        if self.also is not None:
            self.also(data)
        return data

    def of(self, content: Content | None = None) -> T:
        if content is None:
            from companion.core.content import load_content

            content = load_content()
        return cast(T, content.units[self.unit][self.name])


@dataclass(frozen=True)
class ModuleUnit:
    """What one game area brings, declared once in its package as ``MODULE``.

    ``id`` is its package's name and its data folder's (``data_folder_of``). ``content``: its content
    files (or other parts), loaded on first use into ``Content.units[id]``. ``texts``: the texts of its
    data a player reads, for the message catalogue. ``panels``/``cli``: the modules registering its
    panels and its verbs, with a verb's parts beside it (``solo_show`` beside ``solo_cmd``; the UI imports the
    panels it declares; the CLI finds ``companion/cli/*_cmd.py`` itself). ``views``: what its panels draw,
    ``view(state, content)``, by the id of the ``ModuleHooks``
    whose ``active`` says when. ``moves``: by the same hooks id, ``moves(state, content)``, the moves a table
    makes in that area with arguments that agree with each other and with the game as it stands (a token
    the giving colony holds, a battle's predator on the board, a chamber card in the colony's hand).
    Examples, not a promise: a caller asks ``Session.can`` before playing one. They live with the area
    because which arguments go together is knowledge of its rules (the core never imports test code);
    the property machine (``tests/properties``) plays them, so each command of each area is reached.
    """

    id: str
    content: tuple[Part, ...] = ()
    texts: Callable[[], list[str]] | None = None
    panels: tuple[str, ...] = ()
    cli: tuple[str, ...] = ()
    views: Mapping[str, Callable[[State, Content], object]] = field(default_factory=dict)
    moves: Mapping[str, Callable[[State, Content], Iterable[Command]]] = field(default_factory=dict)

    def data_folder(self) -> str:
        """Its data folder, as ``load_checked`` takes it (under ``data/``, or absolute)."""
        return data_folder_of(self.id) or self.id

    def declaration(self) -> ModuleFile:
        """Its ``module.json``: its entries of the shared content (none if the folder has no such file)."""
        from companion.core.content import declaration_of

        return declaration_of(self.data_folder())

    def help_topics(self) -> list[str]:
        return list(self.declaration().get("topics", {}))

    def load(self) -> dict[str, object]:
        return {part.name: part.read(self.data_folder()) for part in self.content}









def unit_named(area: str) -> ModuleUnit:
    """The unit package ``companion.core.<area>`` declares (imported now, if it was not yet)."""
    unit = getattr(import_module(f"companion.core.{area}"), "MODULE", None)
    if not isinstance(unit, ModuleUnit):
        from companion.core.errors import ContentError

        raise ContentError(f"companion.core.{area} declares no module unit")
    return unit


def area_packages() -> list[ModuleType]:
    """Every package on ``companion.core.__path__``, imported (a game area registers itself when imported)."""
    import companion.core as core

    return [import_module(f"{core.__name__}.{info.name}") for info in iter_modules(core.__path__) if info.ispkg]


def all_units() -> list[ModuleUnit]:
    """The units the packages declare, by package name: discovered, never listed."""
    found = (getattr(package, "MODULE", None) for package in area_packages())
    return [unit for unit in found if isinstance(unit, ModuleUnit)]


def every_module(content: Content, game: str, **pick: str) -> dict[str, tuple[str, ...]]:
    """Every expansion, module and variant one game of ``game`` can have at once, found in the content.

    A ``GameSetup``'s ``expansions``, ``modules`` and ``variants`` with every tracker in play (the UI
    tests and benchmarks draw that game); of a group of variants that exclude each other it takes
    ``pick[group]``, else the group's first. Modules every game of the expansion has are left implied.
    """
    expansions = content.games[game].expansions
    modules = tuple(m for e in expansions for m in content.expansions[e].modules if not content.modules[m].always)
    variants: list[str] = []
    groups: set[str] = set()
    for vid in (v for e in expansions for v in content.expansions[e].variants):
        group = content.variants[vid].group
        if group is None or (group not in groups and pick.get(group, vid) == vid):
            variants.append(vid)
            groups.update([group] if group else [])
    return {"expansions": expansions, "modules": modules, "variants": tuple(variants)}

