"""The workers' commands: how many are in play, and which body parts hold an Evolution."""

from __future__ import annotations

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg
from companion.core.module_state import colony
from companion.core.state import State
from companion.core.words import PARTS, part_name
from companion.core.workers.model import edition, workers


def _colony(state: State, pid: str) -> str:
    return str(colony(state, pid, lambda name: msg("{name} is the Broodmother and has no workers.", name=name))["name"])


class SetWorkers(Command, name="workers_in_play"):
    """A Major/Large Worker placed (Breed/Breeding) or lost: how many of the colony's are on the board."""

    player_id: str
    count: int

    def verify(self, state: State, content: Content) -> None:
        w = workers(state)
        name = _colony(state, self.player_id)
        e = edition(state)
        require_int(self.count, f"{e['name']} in play", 0, e["pieces"])
        if w["in_play"].get(self.player_id, 0) == self.count:
            raise CommandError(msg("{name} already has {count} in play.", name=name, count=self.count))

    def apply(self, state: State, content: Content) -> None:
        workers(state)["in_play"][self.player_id] = self.count

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{name}: {workers} in play: {count}", name=_colony(state, self.player_id),
                   workers=msg(edition(state)["name"]), count=self.count)


class SetEvolved(Command, name="workers_evolved"):
    """Whether a colony's body part holds an Evolution (it unlocks that part's worker ability)."""

    player_id: str
    part: str
    evolved: bool = True

    def verify(self, state: State, content: Content) -> None:
        w = workers(state)
        name = _colony(state, self.player_id)
        if self.part not in PARTS:
            raise CommandError(msg("The body part is one of {parts}; got {value}.", parts=", ".join(PARTS),
                                   value=repr(self.part)))
        if (self.part in w["evolved"].get(self.player_id, [])) == self.evolved:
            raise CommandError(msg("{name}'s {part} is already marked so.", name=name, part=part_name(self.part)))

    def apply(self, state: State, content: Content) -> None:
        parts = workers(state)["evolved"].setdefault(self.player_id, [])
        if self.evolved:
            parts.append(self.part)  # type: ignore[arg-type]
        else:
            parts.remove(self.part)  # type: ignore[arg-type]

    def describe(self, state: State, content: Content) -> Msg:
        values = {"name": _colony(state, self.player_id), "part": part_name(self.part)}
        if self.evolved:
            return msg("{name}'s {part} has an Evolution", **values)
        return msg("{name}'s {part} no longer has an Evolution", **values)
