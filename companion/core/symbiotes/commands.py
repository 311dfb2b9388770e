"""Symbiote token commands: a swap at Slumber between two colonies sharing a hex, and the return at a battle."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.state import SLUMBER, State, game_def, player
from companion.core.symbiotes.model import held_by, owner_of, part_of, symbiotes, symbiotes_content
from companion.core.words import listing, part_name


def _name(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def token_name(state: State, token: str) -> Msg:
    return msg("{name}'s {part} token", name=_name(state, owner_of(token)), part=part_name(part_of(token)))


def pair_key(state: State, a: str, b: str) -> str:
    first, second = sorted((a, b))
    return f"{state['round']}:{first}:{second}"


def exchange_problem(state: State, content: Content) -> Msg | None:
    """Why no exchange can happen now (not Slumber, or Autumn's), or None."""
    if state["phase"] != SLUMBER:
        phase = game_def(state, content).phase(state["phase"]).label
        return msg("Symbiote tokens are exchanged at Slumber; this is {phase}.", phase=msg(phase))
    if state["round"] == symbiotes_content(content)["no_exchange_round"]:
        return msg("Autumn (round {round}) has no Symbiote exchange.", round=state["round"])
    return None


class Exchange(Command, name="symbiotes_exchange"):
    """Two colonies sharing a hex swap one token each, face down (once per pair at each Slumber)."""

    player_a: str
    token_a: str
    player_b: str
    token_b: str

    def verify(self, state: State, content: Content) -> None:
        s = symbiotes(state)
        if self.player_a == self.player_b:
            raise CommandError(msg("A colony swaps tokens with another colony, not with itself."))
        for pid, token in ((self.player_a, self.token_a), (self.player_b, self.token_b)):
            player(state, pid)
            if token not in held_by(s, pid):
                held = listing([token_name(state, t) for t in held_by(s, pid)])
                raise CommandError(msg("{name} does not hold {token}; they hold {held}.", name=_name(state, pid),
                                       token=repr(token), held=held))
        if (problem := exchange_problem(state, content)) is not None:
            raise CommandError(problem)
        if pair_key(state, self.player_a, self.player_b) in s["exchanged"]:
            raise CommandError(msg("{first} and {second} already swapped at this Slumber.",
                                   first=_name(state, self.player_a), second=_name(state, self.player_b)))

    def apply(self, state: State, content: Content) -> None:
        s = symbiotes(state)
        s["holders"][self.token_a] = self.player_b
        s["holders"][self.token_b] = self.player_a
        s["exchanged"].append(pair_key(state, self.player_a, self.player_b))

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Symbiotes: {first} gives {token} to {second} for {other}", first=_name(state, self.player_a),
                   token=token_name(state, self.token_a), second=_name(state, self.player_b),
                   other=token_name(state, self.token_b))


class ReturnForBattle(Command, name="symbiotes_battle"):
    """At the start of a battle between two colonies, each gives back the other's tokens."""

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
            raise CommandError(msg("A battle is between two colonies."))
        if not self._moves(state):
            raise CommandError(msg("{first} and {second} hold none of each other's Symbiote tokens.",
                                   first=_name(state, self.player_a), second=_name(state, self.player_b)))

    def apply(self, state: State, content: Content) -> None:
        s = symbiotes(state)
        for token, home in self._moves(state):
            s["holders"][token] = home

    def describe(self, state: State, content: Content) -> Msg:
        return nmsg("Battle: {first} and {second} give back 1 Symbiote token",
                    "Battle: {first} and {second} give back {n} Symbiote tokens", len(self._moves(state)),
                    first=_name(state, self.player_a), second=_name(state, self.player_b))
