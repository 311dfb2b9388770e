"""What the chamber commands share: a colony's name, the check that a player is a colony, and the base of a command
about one chamber in play."""

from __future__ import annotations

from companion.core.chambers.model import Chamber, chambers, find
from companion.core.commands.base import Command
from companion.core.i18n import msg
from companion.core.module_state import colony
from companion.core.state import State, player


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def _ant(state: State, pid: str) -> None:
    colony(state, pid, lambda name: msg("{name} is the Broodmother and has no chambers.", name=name))


class _InChamber(Command):
    """A command about one chamber in play: ``chamber`` is it, or the refusal listing those in play."""

    chamber_id: str

    def chamber(self, state: State) -> Chamber:
        return find(chambers(state), self.chamber_id)
