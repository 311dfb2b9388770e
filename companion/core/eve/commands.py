"""Eve of the Antperium's commands: who holds the Enclave and how many hexes, and the Slumber points booked."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.eve.model import eve, player_ids
from companion.core.eve.scoring import check_board, eve_points
from companion.core.points import Reward, book, check_bookable, rewards_text
from companion.core.state import State, game_def, player

KINDS = {"adjacent": "hexes next to the Enclave", "other": "other hexes"}


@dataclass(frozen=True)
class SetEnclave(Command):
    """Who controls the Enclave of the Empress (empty: nobody)."""

    name = "eve_enclave"
    player_id: str = ""

    def verify(self, state: State, content: Content) -> None:
        if self.player_id:
            player(state, self.player_id)
        if (eve(state)["enclave"] or "") == self.player_id:
            raise CommandError("That is already who controls the Enclave.")

    def apply(self, state: State, content: Content) -> None:
        eve(state)["enclave"] = self.player_id or None

    def describe(self, state: State, content: Content) -> str:
        who = player(state, self.player_id)["name"] if self.player_id else "nobody"
        return f"Enclave of the Empress: controlled by {who}"


@dataclass(frozen=True)
class SetHexes(Command):
    """How many hexes a player controls next to the Enclave (``adjacent``) or elsewhere (``other``)."""

    name = "eve_hexes"
    player_id: str
    kind: str
    count: int

    def verify(self, state: State, content: Content) -> None:
        p = player(state, self.player_id)
        if self.kind not in KINDS:
            raise CommandError(f"Kind is adjacent or other; got {self.kind!r}.")
        e = eve(state)
        counts = {"adjacent": dict(e["adjacent"]), "other": dict(e["other"])}
        if counts[self.kind].get(self.player_id, 0) == self.count:
            raise CommandError(f"{p['name']} already has {self.count} {KINDS[self.kind]}.")
        require_int(self.count, f"{p['name']}'s {KINDS[self.kind]}", 0, 99)
        counts[self.kind][self.player_id] = self.count
        check_board(player_ids(state), e["enclave"], counts["adjacent"], counts["other"])

    def apply(self, state: State, content: Content) -> None:
        e = eve(state)
        counts = e["adjacent"] if self.kind == "adjacent" else e["other"]
        if self.count:
            counts[self.player_id] = self.count
        else:
            counts.pop(self.player_id, None)

    def describe(self, state: State, content: Content) -> str:
        return f"Eve: {player(state, self.player_id)['name']} controls {self.count} {KINDS[self.kind]}"


def slumber_rewards(state: State) -> dict[str, Reward]:
    e = eve(state)
    ids = player_ids(state)
    points = eve_points(ids, e["enclave"], e["adjacent"], e["other"])
    return {pid: {"cards": 0, "cp": n} for pid, n in points.items()}


@dataclass(frozen=True)
class ApplyEve(Command):
    """At Slumber: Enclave 2 CP, each controlled hex next to it 2 CP, every other controlled hex 1 CP."""

    name = "eve_apply"

    def verify(self, state: State, content: Content) -> None:
        if state["phase"] != "slumber":
            phase = game_def(state, content).phase(state["phase"]).label
            raise CommandError(f"Eve of the Antperium scores at Slumber; this is {phase}.")
        if state["round"] in eve(state)["applied"]:
            raise CommandError(f"Eve's Slumber points of round {state['round']} are already in the scores "
                               "(Undo takes them back).")
        rewards = slumber_rewards(state)
        if not any(r["cp"] for r in rewards.values()):
            raise CommandError("Nobody controls the Enclave or any hex yet: enter who controls what first.")
        check_bookable(state, rewards)

    def apply(self, state: State, content: Content) -> None:
        book(state, slumber_rewards(state))
        eve(state)["applied"].append(state["round"])

    def describe(self, state: State, content: Content) -> str:
        return f"Eve of the Antperium: {rewards_text(state, content, slumber_rewards(state))}"
