"""Eve of the Antperium's commands: who holds the Enclave and how many hexes, and the Slumber points booked."""

from __future__ import annotations

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.eve.model import eve, player_ids
from companion.core.eve.scoring import check_board, eve_points
from companion.core.i18n import Msg, msg, nmsg
from companion.core.module_state import set_count
from companion.core.points import Reward, book, check_bookable, rewards_text
from companion.core.state import SLUMBER, State, game_def, player

KINDS = ("adjacent", "other")


class SetEnclave(Command, name="eve_enclave"):
    """Who controls the Enclave of the Empress (empty: nobody)."""

    player_id: str = ""

    def verify(self, state: State, content: Content) -> None:
        if self.player_id:
            player(state, self.player_id)
        if (eve(state)["enclave"] or "") == self.player_id:
            raise CommandError(msg("That is already who controls the Enclave."))

    def apply(self, state: State, content: Content) -> None:
        eve(state)["enclave"] = self.player_id or None

    def describe(self, state: State, content: Content) -> Msg:
        if not self.player_id:
            return msg("Enclave of the Empress: controlled by nobody")
        return msg("Enclave of the Empress: controlled by {name}", name=player(state, self.player_id)["name"])


class SetHexes(Command, name="eve_hexes"):
    """How many hexes a player controls next to the Enclave (``adjacent``) or elsewhere (``other``)."""

    player_id: str
    kind: str
    count: int

    def verify(self, state: State, content: Content) -> None:
        p = player(state, self.player_id)
        if self.kind not in KINDS:
            raise CommandError(msg("Kind is adjacent or other; got {kind}.", kind=repr(self.kind)))
        e = eve(state)
        counts = {"adjacent": dict(e["adjacent"]), "other": dict(e["other"])}
        if counts[self.kind].get(self.player_id, 0) == self.count:
            if self.kind == "adjacent":
                raise CommandError(nmsg("{name} already has {n} hex next to the Enclave.",
                                        "{name} already has {n} hexes next to the Enclave.", self.count,
                                        name=p["name"]))
            raise CommandError(nmsg("{name} already has {n} other hex.", "{name} already has {n} other hexes.",
                                    self.count, name=p["name"]))
        what = msg("{name}'s hexes next to the Enclave", name=p["name"]) if self.kind == "adjacent" \
            else msg("{name}'s other hexes", name=p["name"])
        require_int(self.count, what, 0, 99)
        counts[self.kind][self.player_id] = self.count
        check_board(player_ids(state), e["enclave"], counts["adjacent"], counts["other"])

    def apply(self, state: State, content: Content) -> None:
        e = eve(state)
        counts = e["adjacent"] if self.kind == "adjacent" else e["other"]
        set_count(counts, self.player_id, self.count)

    def describe(self, state: State, content: Content) -> Msg:
        name = player(state, self.player_id)["name"]
        if self.kind == "adjacent":
            return nmsg("Eve: {name} controls {n} hex next to the Enclave",
                        "Eve: {name} controls {n} hexes next to the Enclave", self.count, name=name)
        return nmsg("Eve: {name} controls {n} other hex", "Eve: {name} controls {n} other hexes", self.count, name=name)


def slumber_rewards(state: State) -> dict[str, Reward]:
    e = eve(state)
    ids = player_ids(state)
    points = eve_points(ids, e["enclave"], e["adjacent"], e["other"])
    return {pid: {"cards": 0, "cp": n} for pid, n in points.items()}


class ApplyEve(Command, name="eve_apply"):
    """At Slumber: Enclave 2 CP, each controlled hex next to it 2 CP, every other controlled hex 1 CP."""

    def verify(self, state: State, content: Content) -> None:
        if state["phase"] != SLUMBER:
            phase = game_def(state, content).phase(state["phase"]).message()
            raise CommandError(msg("Eve of the Antperium scores at Slumber; this is {phase}.", phase=phase))
        if state["round"] in eve(state)["applied"]:
            raise CommandError(msg("Eve's Slumber points of round {round} are already in the scores "
                                   "(Undo takes them back).", round=state["round"]))
        rewards = slumber_rewards(state)
        if not any(r["cp"] for r in rewards.values()):
            raise CommandError(msg("Nobody controls the Enclave or any hex yet: enter who controls what first."))
        check_bookable(state, rewards)

    def apply(self, state: State, content: Content) -> None:
        book(state, slumber_rewards(state))
        eve(state)["applied"].append(state["round"])

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Eve of the Antperium: {rewards}", rewards=rewards_text(state, content, slumber_rewards(state)))
