"""The predator tracker's commands: the cards in play, summons, Health, spores, wins and typed tiers.

Each is a small named command (verify / apply / describe), so every change is undoable and
logged. A win against a Predator books 1 Colony Point (``WinAgainst``); a Predator brought
to 0 Health leaves the game for good and whoever finished it gains a food (said, not tracked).
"""

from __future__ import annotations

from dataclasses import field

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.points import book, check_bookable
from companion.core.predators.content import predator_info, predators_content
from companion.core.predators.model import (
    OnBoard,
    check_hex,
    check_summon,
    live,
    on_board,
    predator_name,
    summon,
    tracker,
)
from companion.core.predators.rules import CORDYCEPS, MAX_FEROCITY, check_health, spores_for, tier_of
from companion.core.rng import Rng
from companion.core.state import State, game_def, player
from companion.core.words import listing


def _pname(state: State, pid: str) -> str:
    return str(player(state, pid)["name"])


def _cp(state: State, content: Content) -> Msg:
    return msg(game_def(state, content).terms["cp"])


def health_text(before: int, after: int) -> Msg:
    if tier_of(before) != tier_of(after) and after > 0:
        return msg("Health {before} -> {after}, Tier {tier_before} -> {tier_after}", before=before, after=after,
                   tier_before=tier_of(before), tier_after=tier_of(after))
    return msg("Health {before} -> {after}", before=before, after=after)


def finish_text(state: State, p: OnBoard, after: int, by: str) -> Msg | None:
    """What 0 Health means: it leaves for good, and the finisher gains a food (None above 0 Health)."""
    if after > 0:
        return None
    if not by:
        return msg("It leaves the game for good.")
    name, befalls = _pname(state, by), predator_info(p["id"]).get("destroyed")
    if befalls:
        return msg("It leaves the game for good; {name} gains 1 food, and {name} {befalls}.", name=name,
                   befalls=msg(befalls))
    return msg("It leaves the game for good; {name} gains 1 food.", name=name)


def _names(ids: tuple[str, ...] | list[str]) -> Msg:
    return listing([predator_name(p) for p in ids])


def check_not_gone_mid_battle(state: State, predator: str, health: int) -> None:
    """A Predator in battle leaves only by that battle's end (else the battle is fought against nothing)."""
    battle = tracker(state)["battle"]
    if health == 0 and battle is not None and battle["predator"] == predator:
        raise CommandError(msg("Finish or cancel the battle in progress first."))


def set_health(p: OnBoard, health: int) -> None:
    p["health"] = health
    if health == 0:
        p["gone"], p["spores"] = True, 0


class _OnBoard(Command):
    """A command about one summoned Predator: ``summoned`` is it, or the refusal saying why it is not there."""

    predator: str

    def summoned(self, state: State) -> OnBoard:
        return on_board(tracker(state), self.predator)


class ChoosePredators(Command, name="predator_choose"):
    """The Predator information cards set out at setup (2 of the 5), picked by the table."""

    predators: tuple[str, ...] = field(default_factory=tuple)

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        wanted = predators_content(content)["in_play"]
        ids = list(self.predators)
        for pid in ids:
            predator_info(pid)
        if len(ids) != wanted or len(set(ids)) != len(ids):
            raise CommandError(nmsg("Choose 1 Predator.", "Choose {n} different Predators.", wanted))
        if sorted(ids) == sorted(t["in_play"]):
            raise CommandError(msg("Those are already the Predators in play."))
        if t["predators"]:
            raise CommandError(msg("A Predator has been summoned already: the cards in play are set."))

    def apply(self, state: State, content: Content) -> None:
        tracker(state)["in_play"] = list(self.predators)

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Predators in play: {names}", names=_names(self.predators))


class DrawPredators(Command, name="predator_draw"):
    """Draw the Predator information cards at random (the seeded generator: Undo redraws the same)."""

    def _draw(self, state: State) -> tuple[list[str], int]:
        rng = Rng(state["rng"])
        pool = [p["id"] for p in predators_content()["predators"]]
        rng.shuffle(pool)
        return pool[: predators_content()["in_play"]], rng.state

    def verify(self, state: State, content: Content) -> None:
        if tracker(state)["predators"]:
            raise CommandError(msg("A Predator has been summoned already: the cards in play are set."))

    def apply(self, state: State, content: Content) -> None:
        tracker(state)["in_play"], state["rng"] = self._draw(state)

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Predators drawn: {names}", names=_names(self._draw(state)[0]))


class Summon(Command, name="predator_summon"):
    """A Predator card is played: the Predator arrives with 3 x the round in Health."""

    predator: str
    hex: int | None = None
    by: str = ""

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        if self.by:
            player(state, self.by)
        if t["in_play"] and self.predator in {p["id"] for p in predators_content(content)["predators"]} \
                and self.predator not in t["in_play"]:
            raise CommandError(msg("The {predator} is not one of this game's Predators ({names}).",
                                   predator=predator_name(self.predator), names=_names(t["in_play"])))
        check_summon(state, self.predator, self.hex, state["round"])
        if t["battle"] is not None:
            raise CommandError(msg("Finish or cancel the battle in progress first."))

    def apply(self, state: State, content: Content) -> None:
        summon(state, self.predator, self.hex, state["round"], self.by)

    def describe(self, state: State, content: Content) -> Msg:
        from companion.core.predators.rules import starting_health

        health = starting_health(state["round"])
        values = {"predator": predator_name(self.predator), "health": health, "tier": tier_of(health)}
        spores = spores_for(self.predator, health)
        if self.hex and spores:
            return nmsg("{predator} summoned in hex {hex}: Health {health}, Tier {tier}; 1 spore token in its hex",
                        "{predator} summoned in hex {hex}: Health {health}, Tier {tier}; {n} spore tokens in its hex",
                        spores, hex=self.hex, **values)
        if spores:
            return nmsg("{predator} summoned: Health {health}, Tier {tier}; 1 spore token in its hex",
                        "{predator} summoned: Health {health}, Tier {tier}; {n} spore tokens in its hex", spores,
                        **values)
        if self.hex:
            return msg("{predator} summoned in hex {hex}: Health {health}, Tier {tier}", hex=self.hex, **values)
        return msg("{predator} summoned: Health {health}, Tier {tier}", **values)


class MovePredator(_OnBoard, name="predator_move"):
    hex: int

    def verify(self, state: State, content: Content) -> None:
        p = self.summoned(state)
        check_hex(self.hex)
        if p["hex"] == self.hex:
            raise CommandError(msg("The {predator} is already in hex {hex}.", predator=predator_name(self.predator),
                                   hex=self.hex))

    def apply(self, state: State, content: Content) -> None:
        self.summoned(state)["hex"] = self.hex

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{predator} moves to hex {hex}", predator=predator_name(self.predator), hex=self.hex)


class SetHealth(_OnBoard, name="predator_set_health"):
    """Type its Health (a correction, or the value on the card's track); 0 takes it out for good."""

    health: int

    def verify(self, state: State, content: Content) -> None:
        p = self.summoned(state)
        check_health(self.health)
        check_not_gone_mid_battle(state, self.predator, self.health)
        if p["health"] == self.health:
            raise CommandError(msg("The {predator} already has {health} Health.", predator=predator_name(self.predator),
                                   health=self.health))

    def apply(self, state: State, content: Content) -> None:
        set_health(self.summoned(state), self.health)

    def describe(self, state: State, content: Content) -> Msg:
        p = self.summoned(state)
        track, finish = health_text(p["health"], self.health), finish_text(state, p, self.health, "")
        if finish is not None:
            return msg("{predator}: {track}. {finish}", predator=predator_name(self.predator), track=track,
                       finish=finish)
        return msg("{predator}: {track}", predator=predator_name(self.predator), track=track)


class Damage(_OnBoard, name="predator_damage"):
    """Casualties dealt to a Predator lower its Health (and its tier); ``by`` is who dealt them."""

    amount: int
    by: str = ""

    def verify(self, state: State, content: Content) -> None:
        p = self.summoned(state)
        require_int(self.amount, "Casualties", 1, predators_content(content)["max_health"])
        if self.by:
            player(state, self.by)
        check_not_gone_mid_battle(state, self.predator, max(0, p["health"] - self.amount))

    def after(self, state: State) -> int:
        return max(0, self.summoned(state)["health"] - self.amount)

    def apply(self, state: State, content: Content) -> None:
        set_health(self.summoned(state), self.after(state))

    def describe(self, state: State, content: Content) -> Msg:
        p, after = self.summoned(state), self.after(state)
        track, finish = health_text(p["health"], after), finish_text(state, p, after, self.by)
        if finish is not None:
            return nmsg("{predator} takes 1 casualty: {track}. {finish}",
                        "{predator} takes {n} casualties: {track}. {finish}", self.amount,
                        predator=predator_name(self.predator), track=track, finish=finish)
        return nmsg("{predator} takes 1 casualty: {track}", "{predator} takes {n} casualties: {track}", self.amount,
                    predator=predator_name(self.predator), track=track)


class Heal(_OnBoard, name="predator_heal"):
    amount: int

    def verify(self, state: State, content: Content) -> None:
        p = self.summoned(state)
        top = predators_content(content)["max_health"]
        require_int(self.amount, "Health gained", 1, top)
        if p["health"] + self.amount > top:
            raise CommandError(msg("The {predator} has {health} Health; its track stops at {top}.",
                                   predator=predator_name(self.predator), health=p["health"], top=top))

    def apply(self, state: State, content: Content) -> None:
        p = self.summoned(state)
        p["health"] += self.amount

    def describe(self, state: State, content: Content) -> Msg:
        p = self.summoned(state)
        track = health_text(p["health"], p["health"] + self.amount)
        return msg("{predator} gains {amount} Health: {track}", predator=predator_name(self.predator),
                   amount=self.amount, track=track)


class WinAgainst(Command, name="predator_win"):
    """A player won a battle against a Predator: 1 Colony Point, in this round's scores."""

    predator: str
    player_id: str

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        predator_info(self.predator)
        if not any(p["id"] == self.predator for p in t["predators"]):
            raise CommandError(msg("The {predator} has not been summoned in this game.",
                                   predator=predator_name(self.predator)))
        player(state, self.player_id)
        check_bookable(state, {self.player_id: {"cards": 0, "cp": 1}})

    def apply(self, state: State, content: Content) -> None:
        book(state, {self.player_id: {"cards": 0, "cp": 1}})

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{name} wins against the {predator}: +1 {cp}", name=_pname(state, self.player_id),
                   predator=predator_name(self.predator), cp=_cp(state, content))


def _cordyceps(state: State, predator: str) -> OnBoard:
    p = on_board(tracker(state), predator)
    if spores_for(predator, max(p["health"], 1)) is None:
        raise CommandError(msg("The {predator} has no spore tokens; only the Cordyceps Fungus does.",
                               predator=predator_name(predator)))
    return p


class SetSpores(_OnBoard, name="predator_spores"):
    """Spore tokens left in the Cordyceps' own hex (one carried away, one erupted elsewhere...)."""

    spores: int

    def verify(self, state: State, content: Content) -> None:
        p = _cordyceps(state, self.predator)
        require_int(self.spores, "Spore tokens in its hex", 0, MAX_FEROCITY)
        if p["spores"] == self.spores:
            raise CommandError(nmsg("Its hex already holds 1 spore token.", "Its hex already holds {n} spore tokens.",
                                    self.spores))

    def apply(self, state: State, content: Content) -> None:
        self.summoned(state)["spores"] = self.spores

    def describe(self, state: State, content: Content) -> Msg:
        return nmsg("{predator}: 1 spore token in its hex", "{predator}: {n} spore tokens in its hex", self.spores,
                    predator=predator_name(self.predator))


class PlaceSpores(_OnBoard, name="predator_place_spores"):
    """The start of a round: the Cordyceps places its tier's spore tokens in its hex."""

    predator: str = CORDYCEPS

    def verify(self, state: State, content: Content) -> None:
        _cordyceps(state, self.predator)
        if f"{state['round']}:{self.predator}" in tracker(state)["spores_placed"]:
            raise CommandError(msg("The {predator} has placed its spores for round {round}.",
                                   predator=predator_name(self.predator), round=state["round"]))

    def count(self, state: State) -> int:
        return spores_for(self.predator, self.summoned(state)["health"]) or 0

    def apply(self, state: State, content: Content) -> None:
        n = self.count(state)
        self.summoned(state)["spores"] += n
        tracker(state)["spores_placed"].append(f"{state['round']}:{self.predator}")

    def describe(self, state: State, content: Content) -> Msg:
        p = self.summoned(state)
        values = {"predator": predator_name(self.predator), "tier": tier_of(p["health"])}
        if p["hex"]:
            return nmsg("{predator} (Tier {tier}) places 1 spore token in hex {hex}",
                        "{predator} (Tier {tier}) places {n} spore tokens in hex {hex}", self.count(state),
                        hex=p["hex"], **values)
        return nmsg("{predator} (Tier {tier}) places 1 spore token in its hex",
                    "{predator} (Tier {tier}) places {n} spore tokens in its hex", self.count(state), **values)


class ClearSpores(Command, name="predator_clear_spores"):
    """Slumber: every spore token leaves the board."""

    def verify(self, state: State, content: Content) -> None:
        if not any(p["spores"] for p in live(tracker(state))):
            raise CommandError(msg("No spore token is on the board."))

    def apply(self, state: State, content: Content) -> None:
        for p in live(tracker(state)):
            p["spores"] = 0

    def describe(self, state: State, content: Content) -> Msg:
        return msg("Slumber: every spore token is removed")


class SetTierText(Command, name="predator_tier_text"):
    """A tier's row typed from the Predator's card: its text, and the numbers a battle uses."""

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
            raise CommandError(msg("The {predator}'s Tier {tier} is printed in the rulebook already.",
                                   predator=predator_name(self.predator), tier=self.tier))
        text = self.text.strip() if isinstance(self.text, str) else ""
        if not 1 <= len(text) <= 300:
            raise CommandError(msg("Type the tier's text from the card (1 to 300 characters)."))
        for value, what in ((self.cards, "Cards it discards"), (self.strength, "Strength it adds")):
            if value is not None:
                require_int(value, what, 0, MAX_FEROCITY)
        rows = tracker(state)["tiers"].get(self.predator) or [None, None, None]
        if rows[self.tier - 1] == self.row():
            raise CommandError(msg("That tier already reads exactly so."))

    def row(self) -> dict[str, object]:
        return {"text": self.text.strip(), "cards": self.cards, "strength": self.strength}

    def apply(self, state: State, content: Content) -> None:
        rows = tracker(state)["tiers"].setdefault(self.predator, [None, None, None])
        rows[self.tier - 1] = self.row()  # type: ignore[call-overload]

    def describe(self, state: State, content: Content) -> Msg:
        return msg("{predator}, Tier {tier}: {text}", predator=predator_name(self.predator), tier=self.tier,
                   text=self.text.strip()[:60])
