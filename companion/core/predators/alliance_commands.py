"""Predators & Prey alliance commands: recruit, lose (an Offering not paid, the Great Tunnel, a lost
battle), the Great Tunnel flag, the revealed cards, and a card's texts typed once."""

from __future__ import annotations

from dataclasses import field

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.points import book, check_bookable
from companion.core.predators.alliances import (
    alliances,
    ally_of,
    card_label,
    card_text,
    lose,
    need_ally,
)
from companion.core.predators.content import alliances_content, ally_card
from companion.core.rng import Rng
from companion.core.state import State, game_def, player, total_score
from companion.core.words import listing

REASONS = ("offering", "tunnel", "battle")


def _pname(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def _pts(state: State, content: Content) -> Msg:
    return msg(game_def(state, content).terms["cp"])


class Recruit(Command, name="pp_recruit"):
    """Recruit (cost: its Offering): a colony with no ally takes a revealed predator whose Task it fulfils."""

    player_id: str
    predator: str

    def verify(self, state: State, content: Content) -> None:
        a = alliances(state)
        player(state, self.player_id)
        ally_card(self.predator)
        if (x := ally_of(a, self.player_id)) is not None:
            raise CommandError(msg("{name} is already allied with the {predator}: one predator at a time.",
                                   name=_pname(state, self.player_id), predator=card_label(a, x["predator"])))
        if self.predator not in a["available"]:
            shown = listing([card_label(a, c) for c in a["available"]])
            raise CommandError(msg("The {predator} is not revealed (revealed: {shown}).",
                                   predator=card_label(a, self.predator), shown=shown))

    def apply(self, state: State, content: Content) -> None:
        a = alliances(state)
        a["available"].remove(self.predator)
        a["allies"].append({"player": self.player_id, "predator": self.predator, "in_tunnel": False})

    def describe(self, state: State, content: Content) -> Msg:
        a = alliances(state)
        offering = card_text(a, self.predator)["offering"]
        values = {"name": _pname(state, self.player_id), "predator": card_label(a, self.predator)}
        if offering:
            return msg("{name} allies with the {predator} (Offering: {offering})", offering=offering.rstrip("."),
                       **values)
        return msg("{name} allies with the {predator}", **values)


class LoseAlly(Command, name="pp_lose"):
    """A colony loses its predator: an Offering it cannot pay (-1 point), the Great Tunnel at the
    Soldier phase, or a lost battle (``winner`` gains 1 point and 1 food per predator defeated)."""

    player_id: str
    reason: str
    winner: str = ""

    def _penalty(self, state: State) -> int:
        if self.reason != "offering":
            return 0
        return min(alliances_content()["offering_penalty"], total_score(state, self.player_id))

    def verify(self, state: State, content: Content) -> None:
        need_ally(state, self.player_id)
        if self.reason not in REASONS:
            raise CommandError(msg("Why is it lost? One of {reasons}; got {value}.", reasons=", ".join(REASONS),
                                   value=repr(self.reason)))
        if self.reason == "battle":
            if not self.winner:
                raise CommandError(msg("Who won the battle? The winner gains the predator's loot."))
            player(state, self.winner)
            if self.winner == self.player_id:
                raise CommandError(msg("The winner of the battle cannot be the colony that lost its predator."))
            loot = alliances_content(content)["defeat_loot"]["points"]
            check_bookable(state, {self.winner: {"cards": 0, "cp": loot}})
        elif self.winner:
            raise CommandError(msg("Only a lost battle has a winner."))

    def apply(self, state: State, content: Content) -> None:
        a = alliances(state)
        state["scores"][self.player_id][state["round"] - 1] -= self._penalty(state)
        if self.reason == "battle":
            book(state, {self.winner: {"cards": 0, "cp": alliances_content(content)["defeat_loot"]["points"]}})
        lose(state, a, self.player_id)

    def _next_card(self, state: State) -> Msg:
        a = alliances(state)
        if a["deck"]:
            return msg("reveal the {predator}", predator=card_label(a, a["deck"][0]))
        pool = [*a["discard"], need_ally(state, self.player_id)["predator"]]  # as ``reveal_next`` shuffles them
        Rng(state["rng"]).shuffle(pool)
        return nmsg("the deck is empty: shuffle the lost predator into a new deck and reveal the {predator}",
                    "the deck is empty: shuffle the {n} lost predators into a new deck and reveal the {predator}",
                    len(pool), predator=card_label(a, pool[0]))

    def describe(self, state: State, content: Content) -> Msg:
        a, pts = alliances(state), _pts(state, content)
        values = {"name": _pname(state, self.player_id), "predator": card_label(a, need_ally(state, self.player_id)[
            "predator"]), "cp": pts}
        if self.reason == "offering":
            penalty = self._penalty(state)
            head = msg("{name} cannot pay the {predator}'s Offering: it leaves, -{penalty} {cp}", penalty=penalty,
                       **values) if penalty else \
                msg("{name} cannot pay the {predator}'s Offering: it leaves, no {cp} left to lose", **values)
        elif self.reason == "tunnel":
            head = msg("{name}'s {predator} is in the Great Tunnel at the start of the Soldier phase: it is lost",
                       **values)
        else:
            loot = alliances_content(content)["defeat_loot"]
            head = msg("{winner} defeats {name}'s {predator}: +{points} {cp}, +{food} food",
                       winner=_pname(state, self.winner), points=loot["points"], food=loot["food"], **values)
        return msg("{head}; {then}", head=head, then=self._next_card(state))


class SetAllyTunnel(Command, name="pp_tunnel"):
    """Whether a colony's allied predator stands in the Great Tunnel (lost at the Soldier phase)."""

    player_id: str
    in_tunnel: bool

    def verify(self, state: State, content: Content) -> None:
        x = need_ally(state, self.player_id)
        if not isinstance(self.in_tunnel, bool):
            raise CommandError(msg("In the Great Tunnel: yes or no."))
        if x["in_tunnel"] == self.in_tunnel:
            raise CommandError(msg("It is already in the Great Tunnel.") if self.in_tunnel else
                               msg("It is already out of the Great Tunnel."))

    def apply(self, state: State, content: Content) -> None:
        need_ally(state, self.player_id)["in_tunnel"] = self.in_tunnel

    def describe(self, state: State, content: Content) -> Msg:
        values = {"name": _pname(state, self.player_id),
                  "predator": card_label(alliances(state), need_ally(state, self.player_id)["predator"])}
        if self.in_tunnel:
            return msg("{name}'s {predator} moves into the Great Tunnel", **values)
        return msg("{name}'s {predator} leaves the Great Tunnel", **values)


class SetRevealed(Command, name="pp_revealed"):
    """The cards face up below the predator sheet, as on the table (they come out of the deck or discard)."""

    predators: tuple[str, ...] = field(default_factory=tuple)

    def verify(self, state: State, content: Content) -> None:
        a = alliances(state)
        ids = list(self.predators)
        for c in ids:
            ally_card(c)
        if len(set(ids)) != len(ids):
            raise CommandError(msg("A card is named twice."))
        if taken := [c for c in ids if any(x["predator"] == c for x in a["allies"])]:
            raise CommandError(msg("The {predator} is allied with a colony, not face up.",
                                   predator=card_label(a, taken[0])))
        if sorted(ids) == sorted(a["available"]):
            raise CommandError(msg("Those are already the revealed cards."))

    def apply(self, state: State, content: Content) -> None:
        a = alliances(state)
        back = [c for c in a["available"] if c not in self.predators]
        a["deck"] = [c for c in a["deck"] if c not in self.predators] + back
        a["discard"] = [c for c in a["discard"] if c not in self.predators]
        a["available"] = list(self.predators)

    def describe(self, state: State, content: Content) -> Msg:
        a = alliances(state)
        return msg("Revealed predators: {names}", names=listing([card_label(a, c) for c in self.predators]))


class SetCardText(Command, name="pp_card_text"):
    """A predator card's texts typed from the card (what the rulebook does not print), kept in this game."""

    remembered = True
    remember_key = ("predator",)
    predator: str
    card_name: str = ""
    task: str = ""
    offering: str = ""
    strength: int | None = None
    effect: str = ""
    scoring: str = ""

    def row(self) -> dict[str, object]:
        return {"name": self.card_name.strip(), "task": self.task.strip(), "offering": self.offering.strip(),
                "strength": self.strength, "effect": self.effect.strip(), "scoring": self.scoring.strip()}

    def verify(self, state: State, content: Content) -> None:
        ally_card(self.predator)
        for key, label, limit in (("card_name", msg("Card name"), 40), ("task", msg("Task"), 300),
                                  ("offering", msg("Offering"), 300), ("effect", msg("Meadow effect"), 300),
                                  ("scoring", msg("Scoring"), 300)):
            value = getattr(self, key)
            if not isinstance(value, str) or len(value.strip()) > limit:
                raise CommandError(msg("{field}: at most {limit} characters of text.", field=label, limit=limit))
        if self.strength is not None:
            require_int(self.strength, "Strength", 0, 20)
        if not any(v not in ("", None) for v in self.row().values()):
            raise CommandError(msg("Type at least one of the card's texts."))
        if alliances(state)["cards"].get(self.predator) == self.row():
            raise CommandError(msg("The card already reads exactly so."))

    def apply(self, state: State, content: Content) -> None:
        alliances(state)["cards"][self.predator] = self.row()  # type: ignore[assignment]

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Predator card typed: {name}", name=self.card_name.strip() or msg(ally_card(self.predator)["name"]))
