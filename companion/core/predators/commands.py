"""The predator tracker's commands: the cards in play, summons, Health, spores, wins and typed tiers.

Each is a small named command (verify / apply / describe), so every change is undoable and
logged. A win against a Predator books 1 Colony Point (``WinAgainst``); a Predator brought
to 0 Health leaves the game for good and whoever finished it gains a food (said, not tracked).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.points import book, check_bookable
from companion.core.predators.content import predator_info, predators_content
from companion.core.predators.model import (
    OnBoard,
    check_hex,
    check_summon,
    live,
    name_of,
    on_board,
    summon,
    tracker,
)
from companion.core.predators.rules import CORDYCEPS, MAX_FEROCITY, check_health, spores_for, tier_of
from companion.core.rng import Rng
from companion.core.state import State, game_def, player


def _pname(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def _cp(state: State, content: Content) -> str:
    return game_def(state, content).terms["cp"]


def health_text(before: int, after: int) -> str:
    changed = tier_of(before) != tier_of(after) and after > 0
    tiers = f", Tier {tier_of(before)} -> {tier_of(after)}" if changed else ""
    return f"Health {before} -> {after}{tiers}"


def finish_text(state: State, p: OnBoard, after: int, by: str) -> str:
    """What 0 Health means: it leaves for good, and the finisher gains a food."""
    if after > 0:
        return ""
    if not by:
        return "; it leaves the game for good"
    name, befalls = _pname(state, by), predator_info(p["id"]).get("destroyed")
    also = f", and {name} {befalls}" if befalls else ""
    return f"; it leaves the game for good; {name} gains 1 food{also}"


def set_health(p: OnBoard, health: int) -> None:
    p["health"] = health
    if health == 0:
        p["gone"], p["spores"] = True, 0


@dataclass(frozen=True)
class ChoosePredators(Command):
    """The Predator information cards set out at setup (2 of the 5), picked by the table."""

    name = "predator_choose"
    predators: tuple[str, ...] = field(default_factory=tuple)

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        wanted = predators_content()["in_play"]
        ids = list(self.predators)
        for pid in ids:
            predator_info(pid)
        if len(ids) != wanted or len(set(ids)) != len(ids):
            raise CommandError(f"Choose {wanted} different Predators.")
        if sorted(ids) == sorted(t["in_play"]):
            raise CommandError("Those are already the Predators in play.")
        if t["predators"]:
            raise CommandError("A Predator has been summoned already: the cards in play are set.")

    def apply(self, state: State, content: Content) -> None:
        tracker(state)["in_play"] = list(self.predators)

    def describe(self, state: State, content: Content) -> str:
        return f"Predators in play: {' and '.join(name_of(p) for p in self.predators)}"


@dataclass(frozen=True)
class DrawPredators(Command):
    """Draw the Predator information cards at random (the seeded generator: Undo redraws the same)."""

    name = "predator_draw"

    def _draw(self, state: State) -> tuple[list[str], int]:
        rng = Rng(state["rng"])
        pool = [p["id"] for p in predators_content()["predators"]]
        rng.shuffle(pool)
        return pool[: predators_content()["in_play"]], rng.state

    def verify(self, state: State, content: Content) -> None:
        if tracker(state)["predators"]:
            raise CommandError("A Predator has been summoned already: the cards in play are set.")

    def apply(self, state: State, content: Content) -> None:
        tracker(state)["in_play"], state["rng"] = self._draw(state)

    def describe(self, state: State, content: Content) -> str:
        return f"Predators drawn: {' and '.join(name_of(p) for p in self._draw(state)[0])}"


@dataclass(frozen=True)
class Summon(Command):
    """A Predator card is played: the Predator arrives with 3 x the round in Health."""

    name = "predator_summon"
    predator: str
    hex: int | None = None
    by: str = ""

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        if self.by:
            player(state, self.by)
        if t["in_play"] and self.predator in {p["id"] for p in predators_content()["predators"]} \
                and self.predator not in t["in_play"]:
            raise CommandError(f"The {name_of(self.predator)} is not one of this game's Predators "
                               f"({' and '.join(name_of(p) for p in t['in_play'])}).")
        check_summon(state, self.predator, self.hex, state["round"])
        if t["battle"] is not None:
            raise CommandError("Finish or cancel the battle in progress first.")

    def apply(self, state: State, content: Content) -> None:
        summon(state, self.predator, self.hex, state["round"], self.by)

    def describe(self, state: State, content: Content) -> str:
        from companion.core.predators.rules import starting_health

        health = starting_health(state["round"])
        where = f" in hex {self.hex}" if self.hex else ""
        spores = spores_for(self.predator, health)
        extra = f"; {spores} spore tokens in its hex" if spores else ""
        return f"{name_of(self.predator)} summoned{where}: Health {health}, Tier {tier_of(health)}{extra}"


@dataclass(frozen=True)
class MovePredator(Command):
    name = "predator_move"
    predator: str
    hex: int

    def verify(self, state: State, content: Content) -> None:
        p = on_board(tracker(state), self.predator)
        check_hex(self.hex)
        if p["hex"] == self.hex:
            raise CommandError(f"The {name_of(self.predator)} is already in hex {self.hex}.")

    def apply(self, state: State, content: Content) -> None:
        on_board(tracker(state), self.predator)["hex"] = self.hex

    def describe(self, state: State, content: Content) -> str:
        return f"{name_of(self.predator)} moves to hex {self.hex}"


@dataclass(frozen=True)
class SetHealth(Command):
    """Type its Health (a correction, or the value on the card's track); 0 takes it out for good."""

    name = "predator_set_health"
    predator: str
    health: int

    def verify(self, state: State, content: Content) -> None:
        p = on_board(tracker(state), self.predator)
        check_health(self.health)
        if p["health"] == self.health:
            raise CommandError(f"The {name_of(self.predator)} already has {self.health} Health.")

    def apply(self, state: State, content: Content) -> None:
        set_health(on_board(tracker(state), self.predator), self.health)

    def describe(self, state: State, content: Content) -> str:
        p = on_board(tracker(state), self.predator)
        track = health_text(p["health"], self.health)
        return f"{name_of(self.predator)}: {track}{finish_text(state, p, self.health, '')}"


@dataclass(frozen=True)
class Damage(Command):
    """Casualties dealt to a Predator lower its Health (and its tier); ``by`` is who dealt them."""

    name = "predator_damage"
    predator: str
    amount: int
    by: str = ""

    def verify(self, state: State, content: Content) -> None:
        p = on_board(tracker(state), self.predator)
        require_int(self.amount, "Casualties", 1, predators_content()["max_health"])
        if self.by:
            player(state, self.by)
        del p

    def after(self, state: State) -> int:
        return max(0, on_board(tracker(state), self.predator)["health"] - self.amount)

    def apply(self, state: State, content: Content) -> None:
        set_health(on_board(tracker(state), self.predator), self.after(state))

    def describe(self, state: State, content: Content) -> str:
        p, after = on_board(tracker(state), self.predator), self.after(state)
        return (f"{name_of(self.predator)} takes {self.amount} casualties: {health_text(p['health'], after)}"
                f"{finish_text(state, p, after, self.by)}")


@dataclass(frozen=True)
class Heal(Command):
    name = "predator_heal"
    predator: str
    amount: int

    def verify(self, state: State, content: Content) -> None:
        p = on_board(tracker(state), self.predator)
        top = predators_content()["max_health"]
        require_int(self.amount, "Health gained", 1, top)
        if p["health"] + self.amount > top:
            raise CommandError(f"The {name_of(self.predator)} has {p['health']} Health; its track stops at {top}.")

    def apply(self, state: State, content: Content) -> None:
        p = on_board(tracker(state), self.predator)
        p["health"] += self.amount

    def describe(self, state: State, content: Content) -> str:
        p = on_board(tracker(state), self.predator)
        track = health_text(p["health"], p["health"] + self.amount)
        return f"{name_of(self.predator)} gains {self.amount} Health: {track}"


@dataclass(frozen=True)
class WinAgainst(Command):
    """A player won a battle against a Predator: 1 Colony Point, in this round's scores."""

    name = "predator_win"
    predator: str
    player_id: str

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        predator_info(self.predator)
        if not any(p["id"] == self.predator for p in t["predators"]):
            raise CommandError(f"The {name_of(self.predator)} has not been summoned in this game.")
        player(state, self.player_id)
        check_bookable(state, {self.player_id: {"cards": 0, "cp": 1}})

    def apply(self, state: State, content: Content) -> None:
        book(state, {self.player_id: {"cards": 0, "cp": 1}})

    def describe(self, state: State, content: Content) -> str:
        return f"{_pname(state, self.player_id)} wins against the {name_of(self.predator)}: +1 {_cp(state, content)}"


def _cordyceps(state: State, predator: str) -> OnBoard:
    p = on_board(tracker(state), predator)
    if spores_for(predator, max(p["health"], 1)) is None:
        raise CommandError(f"The {name_of(predator)} has no spore tokens; only the Cordyceps Fungus does.")
    return p


@dataclass(frozen=True)
class SetSpores(Command):
    """Spore tokens left in the Cordyceps' own hex (one carried away, one erupted elsewhere...)."""

    name = "predator_spores"
    predator: str
    spores: int

    def verify(self, state: State, content: Content) -> None:
        p = _cordyceps(state, self.predator)
        require_int(self.spores, "Spore tokens in its hex", 0, MAX_FEROCITY)
        if p["spores"] == self.spores:
            raise CommandError(f"Its hex already holds {self.spores} spore tokens.")

    def apply(self, state: State, content: Content) -> None:
        on_board(tracker(state), self.predator)["spores"] = self.spores

    def describe(self, state: State, content: Content) -> str:
        return f"{name_of(self.predator)}: {self.spores} spore tokens in its hex"


@dataclass(frozen=True)
class PlaceSpores(Command):
    """The start of a round: the Cordyceps places its tier's spore tokens in its hex."""

    name = "predator_place_spores"
    predator: str = CORDYCEPS

    def verify(self, state: State, content: Content) -> None:
        _cordyceps(state, self.predator)
        if f"{state['round']}:{self.predator}" in tracker(state)["spores_placed"]:
            raise CommandError(f"The {name_of(self.predator)} has placed its spores for round {state['round']}.")

    def count(self, state: State) -> int:
        return spores_for(self.predator, on_board(tracker(state), self.predator)["health"]) or 0

    def apply(self, state: State, content: Content) -> None:
        n = self.count(state)
        on_board(tracker(state), self.predator)["spores"] += n
        tracker(state)["spores_placed"].append(f"{state['round']}:{self.predator}")

    def describe(self, state: State, content: Content) -> str:
        p = on_board(tracker(state), self.predator)
        where = f"hex {p['hex']}" if p["hex"] else "its hex"
        tier = tier_of(p["health"])
        return f"{name_of(self.predator)} (Tier {tier}) places {self.count(state)} spore tokens in {where}"


@dataclass(frozen=True)
class ClearSpores(Command):
    """Slumber: every spore token leaves the board."""

    name = "predator_clear_spores"

    def verify(self, state: State, content: Content) -> None:
        if not any(p["spores"] for p in live(tracker(state))):
            raise CommandError("No spore token is on the board.")

    def apply(self, state: State, content: Content) -> None:
        for p in live(tracker(state)):
            p["spores"] = 0

    def describe(self, state: State, content: Content) -> str:
        return "Slumber: every spore token is removed"


@dataclass(frozen=True)
class SetTierText(Command):
    """A tier's row typed from the Predator's card: its text, and the numbers a battle uses."""

    name = "predator_tier_text"
    remembered = True
    remember_key = ("predator", "tier")
    predator: str
    tier: int
    text: str
    cards: int | None = None
    strength: int | None = None

    def verify(self, state: State, content: Content) -> None:
        info = predator_info(self.predator)
        require_int(self.tier, "The tier", 1, 3)
        if any(t["tier"] == self.tier for t in info["tiers"]):
            raise CommandError(f"The {info['name']}'s Tier {self.tier} is printed in the rulebook already.")
        text = self.text.strip() if isinstance(self.text, str) else ""
        if not 1 <= len(text) <= 300:
            raise CommandError("Type the tier's text from the card (1 to 300 characters).")
        for value, what in ((self.cards, "Cards it discards"), (self.strength, "Strength it adds")):
            if value is not None:
                require_int(value, what, 0, MAX_FEROCITY)
        rows = tracker(state)["tiers"].get(self.predator) or [None, None, None]
        if rows[self.tier - 1] == self.row():
            raise CommandError("That tier already reads exactly so.")

    def row(self) -> dict[str, object]:
        return {"text": self.text.strip(), "cards": self.cards, "strength": self.strength}

    def apply(self, state: State, content: Content) -> None:
        rows = tracker(state)["tiers"].setdefault(self.predator, [None, None, None])
        rows[self.tier - 1] = self.row()  # type: ignore[call-overload]

    def describe(self, state: State, content: Content) -> str:
        return f"{name_of(self.predator)}, Tier {self.tier}: {self.text.strip()[:60]}"
