"""A game area's own part of the state, declared once: its key, its shape, how it starts, when it is in play.

Most areas keep one dict of their own in ``state["modules_state"][key]`` with the same lifecycle: a
fresh one at new game (``init``) and, for a game saved before the area existed, the same fresh one
(``adopt``); a reader typed as the area's own TypedDict that refuses, with a sentence the player
reads, when this game does not use the area (``of``); and the shape check every ``validate_state``
starts with (``check``). An area declares ``SLOT = ModuleSlot(...)`` in its model and names the
functions its hooks, commands and views use (``init = SLOT.init``, ``parasites = SLOT.of``), so
that lifecycle is written once and a typo in a key cannot make one area differ from the others.

Beside it, the steps the areas' commands share, each area keeping its own sentences: ``by_id`` (an
entry of the area's state by its id, or a refusal listing the ids there are), ``colony`` (the player
must be an ant colony, not the Broodmother player) and ``set_count`` (a count kept only while not zero).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import InvalidModuleState, ModuleState
from companion.core.i18n import Msg
from companion.core.schema import Player, Shape
from companion.core.state import State, has, player

S = TypeVar("S", bound=Mapping[str, object])
R = TypeVar("R", bound=Mapping[str, object])


@dataclass(frozen=True)
class ModuleSlot(Generic[S]):
    """One area's state slot: ``ModuleSlot("parasites", ParasitesState, empty, msg("This game does not use..."))``.

    ``fresh(state)`` builds the state a new game starts with. The area is in play when one of
    ``modules`` (its own ``key`` when none are named) is among the game's modules or variants, or,
    when ``when`` is given, when it says so (a game type, or state already there).
    """

    key: str
    shape: type[S]
    fresh: Callable[[State], S]
    absent: Msg
    modules: tuple[str, ...] = ()
    when: Callable[[State], bool] | None = None

    def active(self, state: State) -> bool:
        if self.when is not None:
            return self.when(state)
        return any(has(state, m) for m in self.modules or (self.key,))

    def init(self, state: State, options: object, content: Content) -> None:
        state["modules_state"][self.key] = self.adopt(state, content)

    def adopt(self, state: State, content: Content) -> ModuleState:
        """A game saved before the area kept its state starts where a new game does: nothing tracked yet."""
        return cast(ModuleState, self.fresh(state))

    def of(self, state: State) -> S:
        """The area's state in this game, or a refusal saying this game does not use the area."""
        if not self.active(state) or self.key not in state.get("modules_state", {}):
            raise CommandError(self.absent)
        return cast(S, state["modules_state"][self.key])

    def check(self, module_state: object) -> S:
        """``module_state`` read from a file, checked against the area's shape (``InvalidModuleState`` if not)."""
        return Shape(self.shape).check(module_state, InvalidModuleState)


def by_id(entries: Sequence[R], entry_id: str, refusal: Callable[[Sequence[R]], Msg], *, none: Msg | None = None) -> R:
    """The entry whose ``id`` is ``entry_id`` (a chamber, a hex, a card); else the command is refused.

    The refusal names the entries there are (``refusal(entries)``, built only then), or says ``none``
    when there is none at all, so a player who mistyped an id reads what to type instead.
    """
    for entry in entries:
        if entry["id"] == entry_id:
            return entry
    raise CommandError(none if none is not None and not entries else refusal(entries))


def colony(state: State, player_id: str, refusal: Callable[[str], Msg]) -> Player:
    """The player, an ant colony: the Broodmother player keeps none of an area's pieces (``refusal(name)`` says so)."""
    found = player(state, player_id)
    if found["role"] != "ant":
        raise CommandError(refusal(found["name"]))
    return found


def set_count(counts: MutableMapping[str, int], key: str, count: int) -> None:
    """A count in an area's table (a colony's hexes, its cards to carry over): kept while not zero.

    A table holds no zeros, so "nothing entered" and "entered as 0" are one state, read back alike.
    """
    if count:
        counts[key] = count
    else:
        counts.pop(key, None)
