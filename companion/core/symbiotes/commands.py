"""Symbiote token commands: a swap at Slumber between two colonies sharing a hex, and the return at a battle."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.state import State, game_def, player
from companion.core.symbiotes.model import held_by, owner_of, part_of, symbiotes, symbiotes_content

SLUMBER = "slumber"


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def token_name(state: State, token: str) -> str:
    return f"{_name(state, owner_of(token))}'s {part_of(token)} token"


def pair_key(state: State, a: str, b: str) -> str:
    first, second = sorted((a, b))
    return f"{state['round']}:{first}:{second}"


def exchange_problem(state: State, content: Content) -> str | None:
    """Why no exchange can happen now (not Slumber, or Autumn's), or None."""
    if state["phase"] != SLUMBER:
        phase = game_def(state, content).phase(state["phase"]).label
        return f"Symbiote tokens are exchanged at Slumber; this is {phase}."
    if state["round"] == symbiotes_content()["no_exchange_round"]:
        return "Autumn (round 4) has no Symbiote exchange."
    return None


@dataclass(frozen=True)
class Exchange(Command):
    """Two colonies sharing a hex swap one token each, face down (once per pair at each Slumber)."""

    name = "symbiotes_exchange"
    player_a: str
    token_a: str
    player_b: str
    token_b: str

    def verify(self, state: State, content: Content) -> None:
        s = symbiotes(state)
        if self.player_a == self.player_b:
            raise CommandError("A colony swaps tokens with another colony, not with itself.")
        for pid, token in ((self.player_a, self.token_a), (self.player_b, self.token_b)):
            player(state, pid)
            if token not in held_by(s, pid):
                raise CommandError(f"{_name(state, pid)} does not hold {token!r}; they hold "
                                   f"{', '.join(held_by(s, pid)) or 'no token'}.")
        if (problem := exchange_problem(state, content)) is not None:
            raise CommandError(problem)
        if pair_key(state, self.player_a, self.player_b) in s["exchanged"]:
            raise CommandError(f"{_name(state, self.player_a)} and {_name(state, self.player_b)} already swapped "
                               "at this Slumber.")

    def apply(self, state: State, content: Content) -> None:
        s = symbiotes(state)
        s["holders"][self.token_a] = self.player_b
        s["holders"][self.token_b] = self.player_a
        s["exchanged"].append(pair_key(state, self.player_a, self.player_b))

    def describe(self, state: State, content: Content) -> str:
        return f"Symbiotes: {_name(state, self.player_a)} gives {token_name(state, self.token_a)} to " \
               f"{_name(state, self.player_b)} for {token_name(state, self.token_b)}"


@dataclass(frozen=True)
class ReturnForBattle(Command):
    """At the start of a battle between two colonies, each gives back the other's tokens."""

    name = "symbiotes_battle"
    player_a: str
    player_b: str

    def _moves(self, state: State) -> list[tuple[str, str]]:
        s = symbiotes(state)
        a, b = self.player_a, self.player_b
        return [(t, owner_of(t)) for t in held_by(s, a) if owner_of(t) == b] + \
               [(t, owner_of(t)) for t in held_by(s, b) if owner_of(t) == a]

    def verify(self, state: State, content: Content) -> None:
        player(state, self.player_a)
        player(state, self.player_b)
        if self.player_a == self.player_b:
            raise CommandError("A battle is between two colonies.")
        if not self._moves(state):
            raise CommandError(f"{_name(state, self.player_a)} and {_name(state, self.player_b)} hold none of each "
                               "other's Symbiote tokens.")

    def apply(self, state: State, content: Content) -> None:
        s = symbiotes(state)
        for token, home in self._moves(state):
            s["holders"][token] = home

    def describe(self, state: State, content: Content) -> str:
        n = len(self._moves(state))
        return f"Battle: {_name(state, self.player_a)} and {_name(state, self.player_b)} give back " \
               f"{n} Symbiote token{'s' if n != 1 else ''}"
