"""The asymmetric variant: a player is the Broodmother, with eggs, powers and a redraw.

On her turn she reveals her top card or pays 5 eggs for a power she has unlocked (one
unlock per Queen Phase). After each ant action she takes an egg or moves a nymph up to two
steps. Having revealed a card she may spend two nymphs to discard it and reveal another.
She makes her own placement choices, so the app gives her the numbers and keeps score.
"""

from __future__ import annotations

from companion.core.broodmother import deck as piles
from companion.core.broodmother import meadow
from companion.core.broodmother.base import (
    BroodCommand,
    asymmetric_only,
    location,
    no_pending,
    restore,
    snapshot_before,
)
from companion.core.broodmother.commands import _fingerprint, reaction_phase, reveal
from companion.core.broodmother.content import BroodContent, brood_of
from companion.core.broodmother.model import Brood, her_asym, her_turn, location_name, say, start_report
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import Msg, msg, nmsg, render
from companion.core.state import State
from companion.core.words import listing


def power_message(power_id: str, round_number: int, bc: BroodContent) -> Msg:
    """A power's text with this round's numbers filled in, as a message."""
    return msg(bc.powers[power_id].text, steps=round_number + 4, nymphs=round_number)


def power_text(power_id: str, round_number: int, bc: BroodContent) -> str:
    """A power's text with this round's numbers filled in, in the reader's language."""
    return render(power_message(power_id, round_number, bc))


class GainEgg(BroodCommand, name="bm_gain_egg"):
    """Her reaction to an ant action: take one egg."""

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        asymmetric_only(state)

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        her_asym(b)["eggs"] += 1

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Broodmother reacts: +1 egg")


class MoveNymph(BroodCommand, name="bm_move_nymph"):
    """Her reaction to an ant action: one nymph moves up to two steps (0 is the Great Tunnel)."""

    source: int
    target: int

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        asymmetric_only(state)
        if location(self.source) == location(self.target):
            raise CommandError(msg("The nymph must move to another place."))
        if meadow.nymphs_at(b, self.source) <= 0:
            raise CommandError(msg("There is no nymph in {where}.", where=location_name(self.source)))
        if self.target == 0:
            if b["tunnel"]["nymph"]:
                raise CommandError(msg("The Great Tunnel already holds a nymph."))
        elif meadow.find_hex(b, self.target)["sites"] <= 0:
            raise CommandError(msg("Hex {hex} has no free collection site.", hex=self.target))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        meadow.remove_nymph(b, self.source)
        meadow.add_nymph(b, self.target)

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Broodmother reacts: a nymph from {source} to {target}", source=location_name(self.source),
                   target=location_name(self.target))


class UnlockPower(BroodCommand, name="bm_unlock_power"):
    """In a Queen Phase she unlocks one more power (at most one per Queen Phase)."""

    power: str

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        asymmetric_only(state)
        powers = bc.powers
        if self.power not in powers:
            raise CommandError(msg("Powers: {powers}.", powers=", ".join(powers)))
        if state["phase"] not in bc.unlock_phases:
            raise CommandError(msg("Powers are unlocked during the Queen Phase."))
        asym = her_asym(b)
        if self.power in asym["unlocked"]:
            raise CommandError(msg("{power} is already unlocked.", power=msg(powers[self.power].name)))
        if state["round"] in asym["unlock_rounds"]:
            raise CommandError(msg("She has already unlocked a power in this Queen Phase."))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        asym = her_asym(b)
        asym["unlocked"].append(self.power)
        asym["unlock_rounds"].append(state["round"])

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Broodmother unlocks {power}", power=msg(brood_of(content).powers[self.power].name))


class UsePower(BroodCommand, name="bm_use_power"):
    """Her turn: pay 5 eggs for one unlocked power; Machinate also reveals her top card."""

    power: str

    def verify(self, state: State, content: Content) -> None:
        super().verify(state, content)
        if self.power == "machinate":
            reaction_phase(state, content)

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        asymmetric_only(state)
        no_pending(b)
        asym = her_asym(b)
        if self.power not in asym["unlocked"]:
            power = msg(bc.powers[self.power].name) if self.power in bc.powers else repr(self.power)
            if not asym["unlocked"]:
                raise CommandError(msg("{power} is not unlocked; she has unlocked no power yet.", power=power))
            raise CommandError(msg("{power} is not unlocked; unlocked: {unlocked}.", power=power,
                                   unlocked=listing([msg(bc.powers[p].name) for p in asym["unlocked"]])))
        if asym["eggs"] < bc.power_cost:
            raise CommandError(nmsg("A power costs {cost} eggs; she has 1.", "A power costs {cost} eggs; she has {n}.",
                                    asym["eggs"], cost=bc.power_cost))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        her_asym(b)["eggs"] -= bc.power_cost
        if self.power == "machinate" and b["deck_mode"] == "virtual" and (b["deck"]["draw"] or b["deck"]["discard"]):
            reshuffled = piles.reshuffle_if_empty(state, b["deck"], virtual=True)
            reveal(state, b, bc, piles.draw_top(b["deck"]), reshuffled)
            say(b, msg("{power}: {text}", power=msg(bc.powers["machinate"].name),
                       text=power_message("machinate", state["round"], bc)))
            return
        start_report(b, msg("Power: {power} ({eggs} eggs)", power=msg(bc.powers[self.power].name), eggs=bc.power_cost))
        say(b, power_message(self.power, state["round"], bc))
        if self.power == "machinate":
            say(b, msg("Reveal her top card and enter it."))

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Broodmother uses {power}", power=msg(brood_of(content).powers[self.power].name))


class Redraw(BroodCommand, name="bm_redraw"):
    """Spend two nymphs from the board to discard the card she just revealed and reveal another."""

    keeps_turn = True
    first: int
    second: int

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        asymmetric_only(state)
        turn = b["turn"]
        if turn is None or not turn["cancellable"] or turn["mark"] != _fingerprint(state):
            raise CommandError(msg("A redraw is possible only right after she reveals a card."))
        saved = snapshot_before(state, b, turn["before"])["brood"]
        need = {location(self.first): 0, location(self.second): 0}
        need[self.first] += 1
        need[self.second] += 1
        for where, count in need.items():
            if meadow.nymphs_at(saved, where) < count:
                raise CommandError(nmsg("{where} has fewer than 1 nymph.", "{where} has fewer than {n} nymphs.",
                                        count, where=location_name(where, capital=True)))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        turn = her_turn(b, msg("A redraw is possible only right after she reveals a card."))
        card = turn["card"]
        restore(state, b, turn["before"])
        if b["history"]:
            b["history"][-1]["cancelled"] = True
        b["deck"]["discard"].append(card)
        meadow.remove_nymph(b, self.first)
        meadow.remove_nymph(b, self.second)
        if b["deck_mode"] == "virtual" and (b["deck"]["draw"] or b["deck"]["discard"]):
            reshuffled = piles.reshuffle_if_empty(state, b["deck"], virtual=True)
            reveal(state, b, bc, piles.draw_top(b["deck"]), reshuffled)
            return
        turn.update({"cancellable": False, "before": None})
        start_report(b, msg("Redraw: 2 nymphs spent"))
        say(b, msg("Discard her card, reveal the next one and enter it."), interpretation="asymmetric-redraw")

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Broodmother spends 2 nymphs to redraw")
