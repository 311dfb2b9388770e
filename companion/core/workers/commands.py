"""The workers' commands: how many are in play, and which body parts hold an Evolution."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.state import State, player
from companion.core.workers.model import PARTS, edition, workers


def _colony(state: State, pid: str) -> str:
    p = player(state, pid)
    if p["role"] != "ant":
        raise CommandError(f"{p['name']} is the Broodmother and has no workers.")
    return str(p["name"])


@dataclass(frozen=True)
class SetWorkers(Command):
    """A Major/Large Worker placed (Breed/Breeding) or lost: how many of the colony's are on the board."""

    name = "workers_in_play"
    player_id: str
    count: int

    def verify(self, state: State, content: Content) -> None:
        w = workers(state)
        name = _colony(state, self.player_id)
        e = edition(state)
        require_int(self.count, f"{e['name']} in play", 0, e["pieces"])
        if w["in_play"].get(self.player_id, 0) == self.count:
            raise CommandError(f"{name} already has {self.count} in play.")

    def apply(self, state: State, content: Content) -> None:
        workers(state)["in_play"][self.player_id] = self.count

    def describe(self, state: State, content: Content) -> str:
        return f"{_colony(state, self.player_id)}: {edition(state)['name']} in play: {self.count}"


@dataclass(frozen=True)
class SetEvolved(Command):
    """Whether a colony's body part holds an Evolution (it unlocks that part's worker ability)."""

    name = "workers_evolved"
    player_id: str
    part: str
    evolved: bool = True

    def verify(self, state: State, content: Content) -> None:
        w = workers(state)
        name = _colony(state, self.player_id)
        if self.part not in PARTS:
            raise CommandError(f"The body part is one of {', '.join(PARTS)}; got {self.part!r}.")
        if (self.part in w["evolved"].get(self.player_id, [])) == self.evolved:
            raise CommandError(f"{name}'s {self.part} is already marked so.")

    def apply(self, state: State, content: Content) -> None:
        parts = workers(state)["evolved"].setdefault(self.player_id, [])
        if self.evolved:
            parts.append(self.part)  # type: ignore[arg-type]
        else:
            parts.remove(self.part)  # type: ignore[arg-type]

    def describe(self, state: State, content: Content) -> str:
        has = "has" if self.evolved else "no longer has"
        return f"{_colony(state, self.player_id)}'s {self.part} {has} an Evolution"
