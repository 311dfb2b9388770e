"""The battle helper against a Predator, one step per command (Minions of the Meadow > Battling Predators).

``StartBattle`` works out how many cards the Predator discards for its Army Strength (the
Cordyceps: 1 per spore token in its hex; the others: the number typed from their tier, or
given); ``RevealCard`` enters each discarded card's Ferocity, and the view says when the
players commit their Ferocity card; ``FinishBattle`` compares the Army Strengths, deals the
casualties both ways, books the winner's Colony Point and, at 0 Health, says the food.
"""

from __future__ import annotations

from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg
from companion.core.points import book, check_bookable
from companion.core.predators.commands import finish_text, health_text, set_health
from companion.core.predators.model import Battle, PredatorsState, on_board, predator_name, tracker
from companion.core.predators.rules import MAX_FEROCITY, battle_cards, casualties, typed_number
from companion.core.state import State, game_def, player

WINNERS = ("", "player", "predator")
MAX_STRENGTH = 99


def current(t: PredatorsState) -> Battle:
    if t["battle"] is None:
        raise CommandError(msg("No battle against a Predator is in progress."))
    return t["battle"]


class StartBattle(Command, name="predator_battle_start"):
    """A player battles a Predator; ``cards`` is needed only when its tier's number is not typed."""

    predator: str
    player_id: str
    cards: int | None = None

    def plan(self, state: State) -> tuple[int, int]:
        t = tracker(state)
        p = on_board(t, self.predator)
        typed = battle_cards(self.predator, p["health"], p["spores"], t["tiers"])
        if self.cards is not None:
            require_int(self.cards, "Cards it discards", 0, MAX_FEROCITY)
        cards = self.cards if self.cards is not None else typed
        if cards is None:
            raise CommandError(msg("How many cards does the {predator} discard at its tier? Type its tier from the "
                                   "card, or give the number for this battle.", predator=predator_name(self.predator)))
        return cards, typed_number(self.predator, p["health"], t["tiers"], "strength") or 0

    def verify(self, state: State, content: Content) -> None:
        t = tracker(state)
        if t["battle"] is not None:
            raise CommandError(msg("A battle against the {predator} is in progress.",
                                   predator=predator_name(t["battle"]["predator"])))
        player(state, self.player_id)
        self.plan(state)

    def apply(self, state: State, content: Content) -> None:
        cards, bonus = self.plan(state)
        tracker(state)["battle"] = {"predator": self.predator, "player": self.player_id, "cards": cards,
                                    "bonus": bonus, "revealed": []}

    def describe(self, state: State, content: Content) -> Msg:
        cards, bonus = self.plan(state)
        values = {"name": player(state, self.player_id)["name"], "predator": predator_name(self.predator)}
        if bonus:
            return nmsg("{name} battles the {predator}: it discards 1 card and adds {bonus}",
                        "{name} battles the {predator}: it discards {n} cards and adds {bonus}", cards, bonus=bonus,
                        **values)
        return nmsg("{name} battles the {predator}: it discards 1 card",
                    "{name} battles the {predator}: it discards {n} cards", cards, **values)


class RevealCard(Command, name="predator_battle_reveal"):
    """One card the Predator discarded from the deck, by its Ferocity (a Tactic counts its Ferocity only)."""

    ferocity: int

    def verify(self, state: State, content: Content) -> None:
        b = current(tracker(state))
        require_int(self.ferocity, "The card's Ferocity", 0, MAX_FEROCITY)
        if len(b["revealed"]) >= b["cards"]:
            raise CommandError(nmsg("The {predator} has discarded its only card.",
                                    "The {predator} has discarded all its {n} cards.", b["cards"],
                                    predator=predator_name(b["predator"])))

    def apply(self, state: State, content: Content) -> None:
        current(tracker(state))["revealed"].append(self.ferocity)

    def describe(self, state: State, content: Content) -> Msg:
        b = current(tracker(state))
        n = len(b["revealed"]) + 1
        return msg("{predator} discards card {number} of {cards}: Ferocity {ferocity}",
                   predator=predator_name(b["predator"]), number=n, cards=b["cards"], ferocity=self.ferocity)


class CancelBattle(Command, name="predator_battle_cancel"):

    def verify(self, state: State, content: Content) -> None:
        current(tracker(state))

    def apply(self, state: State, content: Content) -> None:
        tracker(state)["battle"] = None

    def describe(self, state: State, content: Content) -> Msg:
        predator = current(tracker(state))["predator"]
        return msg("Battle against the {predator} cancelled", predator=predator_name(predator))


def predator_strength(b: Battle) -> int:
    return sum(b["revealed"]) + b["bonus"]


class FinishBattle(Command, name="predator_battle_finish"):
    """The player's Army Strength against the Predator's: the winner, casualties both ways, the spoils.

    ``winner`` ("player" or "predator") is needed only on a tie.
    """

    strength: int
    winner: str = ""

    def outcome(self, state: State) -> dict[str, int | bool]:
        t = tracker(state)
        b = current(t)
        require_int(self.strength, "The player's Army Strength", 0, MAX_STRENGTH)
        if self.winner not in WINNERS:
            raise CommandError(msg("The winner is 'player' or 'predator'; got {value}.", value=repr(self.winner)))
        if len(b["revealed"]) < b["cards"]:
            raise CommandError(nmsg("The {predator} still has 1 card to discard.",
                                    "The {predator} still has {n} cards to discard.", b["cards"] - len(b["revealed"]),
                                    predator=predator_name(b["predator"])))
        theirs = predator_strength(b)
        if self.strength == theirs and not self.winner:
            raise CommandError(msg("Army Strengths tie at {strength}: say who wins by the tie rule of ant battles.",
                                   strength=theirs))
        won = self.winner == "player" if self.winner else self.strength > theirs
        to_loser, to_winner = casualties(self.strength, theirs) if won else casualties(theirs, self.strength)
        to_predator = to_loser if won else to_winner
        before = on_board(t, b["predator"])["health"]
        return {"won": won, "theirs": theirs, "to_predator": to_predator, "to_player": to_winner if won else to_loser,
                "before": before, "after": max(0, before - to_predator)}

    def verify(self, state: State, content: Content) -> None:
        o = self.outcome(state)
        if o["won"]:
            check_bookable(state, {current(tracker(state))["player"]: {"cards": 0, "cp": 1}})

    def apply(self, state: State, content: Content) -> None:
        t = tracker(state)
        b, o = current(t), self.outcome(state)
        set_health(on_board(t, b["predator"]), int(o["after"]))
        if o["won"]:
            book(state, {b["player"]: {"cards": 0, "cp": 1}})
        t["battle"] = None

    def describe(self, state: State, content: Content) -> Msg:
        t = tracker(state)
        b, o = current(t), self.outcome(state)
        who, it = player(state, b["player"])["name"], predator_name(b["predator"])
        cp = msg(game_def(state, content).terms["cp"])
        values = {"name": who, "predator": it, "strength": self.strength, "theirs": o["theirs"]}
        head = msg("{name} ({strength}) beats the {predator} ({theirs}), +1 {cp}", cp=cp, **values) if o["won"] \
            else msg("The {predator} ({theirs}) beats {name} ({strength})", **values)
        p, track = on_board(t, b["predator"]), health_text(int(o["before"]), int(o["after"]))
        hurt = nmsg("the {predator} takes 1 casualty ({track})", "the {predator} takes {n} casualties ({track})",
                    int(o["to_predator"]), predator=it, track=track)
        lost = nmsg("{name} loses 1 ant", "{name} loses {n} ants", int(o["to_player"]), name=who)
        finish = finish_text(state, p, int(o["after"]), b["player"])
        if finish is not None:
            return msg("{head}; {hurt}; {lost}. {finish}", head=head, hurt=hurt, lost=lost, finish=finish)
        return msg("{head}; {hurt}; {lost}", head=head, hurt=hurt, lost=lost)
