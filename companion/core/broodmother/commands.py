"""Her turn as commands: draw or enter her card, cancel it, answer her questions, score Slumber.

One tap draws (virtual deck) or records the card on the table (physical deck) and
resolves it at once; what to do on the board is left in ``report``. When the app needs a
fact it cannot see (the hex she reveals, which hex holds the most ants, how many ants her
Strike found) it queues a question, and the matching ``Answer*`` command finishes the
reaction. An Initiative Token cancels the reaction just revealed. The table's settings (her deck's make-up and
mode, her odds, the setup ticks) are in ``table_commands.py``, named here too.
"""

from __future__ import annotations

from typing import ClassVar, Literal, overload

from companion.core.broodmother import deck as piles
from companion.core.broodmother import reactions
from companion.core.broodmother.base import (
    MAX_SITES,
    BroodCommand,
    automated,
    close_turn,
    hex_number,
    no_pending,
    restore,
    snapshot,
    way_back,
)
from companion.core.broodmother.content import BroodContent, brood_of
from companion.core.broodmother.model import (
    CARD_REPORT,
    ZONES,
    Brood,
    asked_round,
    bm,
    current_report,
    find_hex,
    has_hex,
    her_turn,
    is_asymmetric,
    kept,
    nest_found,
    say,
    start_report,
)
from companion.core.broodmother.newgame import chamber_count
from companion.core.broodmother.phases import QUESTION_NAMES
from companion.core.broodmother.schema import ExpandQuestion, Mark, PredatorQuestion, Question, StrikeQuestion, Turn
from companion.core.broodmother.scoring import score_slumber, slumber_preview
from companion.core.broodmother.table_commands import SetDeck, SetDeckMode, ShowOdds, TickStep
from companion.core.commands.base import require_int
from companion.core.content import Content
from companion.core.end_codes import HER
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg, nmsg
from companion.core.predators.model import check_summon, summon
from companion.core.state import SLUMBER, State, game_def


def _fingerprint(state: State) -> Mark:
    """What must not have changed for a cancel to still be 'right after the reveal'."""
    scores = {k: list(v) for k, v in state["scores"].items()}
    return {"round": state["round"], "phase": state["phase"], "scores": scores}


def reveal(state: State, b: Brood, bc: BroodContent, card_id: str, reshuffled: bool) -> None:
    """Resolve a card just taken from the draw pile, keeping what a cancel needs."""
    card = b["deck"]["cards"][card_id]
    action = bc.action_for(card["type"], nest_found(b))
    before = snapshot(state, b)
    kind = msg("Chamber") if card["chamber"] else msg(bc.card_types[card["type"]].name)
    words = msg("{kind}, Ferocity {ferocity} - {action}", kind=kind, ferocity=card["ferocity"],
                action=msg(action.name))
    b["history"].append({"round": state["round"], "card": card_id, "words": kept(words), "cancelled": False})
    start_report(b, msg(CARD_REPORT, words=words))
    if reshuffled:
        say(b, msg("Her draw pile ran out: shuffle her discard pile to make a new one."))
    turn: Turn = {"card": card_id, "type": card["type"], "ferocity": card["ferocity"], "chamber": card["chamber"],
                  "action": action.id, "round": state["round"], "cancellable": True, "cancelled": False,
                  "before": None, "mark": None}
    b["turn"] = turn
    reactions.resolve(state, b, bc, card_id)
    turn["before"] = way_back(state, b, before)
    turn["mark"] = _fingerprint(state)


def revealed_label(after: State) -> Msg:
    """The label of a command that revealed her card, naming the card: read off the state the reveal led to."""
    history = bm(after)["history"]
    return msg("Her card: {words}", words=history[-1]["words"] if history else "")


class RevealsCard(BroodCommand):
    """A command that reveals her card: only once it has run is the card known, so it names itself then."""

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Her turn")  # before the draw no one knows her card

    def describe_done(self, before: State, after: State, content: Content) -> str | Msg:
        return revealed_label(after)


def on_her_card(b: Brood, what: Msg) -> Msg:
    """A label for a step of her latest card's reaction: "Her card: Colony Goal, Ferocity 4 - Expand: hex 12"."""
    if not b["history"]:
        return what
    return msg("Her card: {words}: {what}", words=b["history"][-1]["words"], what=what)


def reaction_phase(state: State, content: Content) -> None:
    """Her cards come after the players' turns, so only in the phases the rulebook gives them."""
    bc = brood_of(content)
    if state["phase"] in bc.reaction_phases:
        return
    now = game_def(state, content).phase(state["phase"]).label
    raise CommandError(msg("{why} It is the {phase} now: her next card waits for the Worker Phase.",
                           why=msg(bc.reaction_phases_why), phase=msg(now)))


def _can_reveal(state: State, b: Brood, mode: str) -> None:
    no_pending(b)
    if b["deck_mode"] != mode:
        if mode == "virtual":
            raise CommandError(msg("Her deck is set to physical: enter the card you revealed (or change the deck "
                                   "mode)."))
        raise CommandError(msg("Her deck is set to virtual: let the app draw (or change the deck mode)."))
    if not b["deck"]["draw"] and not b["deck"]["discard"]:
        raise CommandError(msg("Her draw and discard piles are empty: every card is on the plot pile."))


class DrawCard(RevealsCard, name="bm_draw"):
    """Virtual deck: draw her top card and resolve it."""

    def verify(self, state: State, content: Content) -> None:
        super().verify(state, content)
        reaction_phase(state, content)

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        _can_reveal(state, b, "virtual")

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        reshuffled = piles.reshuffle_if_empty(state, b["deck"], virtual=True)
        reveal(state, b, bc, piles.draw_top(b["deck"]), reshuffled)


class EnterCard(RevealsCard, name="bm_enter"):
    """Physical deck: record the card revealed on the table (type and Ferocity) and resolve it."""

    card_type: str
    ferocity: int = 0

    def verify(self, state: State, content: Content) -> None:
        super().verify(state, content)
        reaction_phase(state, content)

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        _can_reveal(state, b, "physical")
        types = [*bc.card_types, piles.CHAMBER]
        if self.card_type not in types:
            raise CommandError(msg("Card type: one of {types}.", types=", ".join(types)))
        if self.card_type == piles.CHAMBER and not chamber_count(state, bc):
            raise CommandError(msg("Chambers are in her deck only in a solo game with Empires of the Earth; "
                                   "this game's deck has none."))
        require_int(self.ferocity, N_("The Ferocity"), 0, bc.deck_limits["max_ferocity"])
        piles.refuse_outside_makeup(b["deck"], self.card_type, self.ferocity, bc)

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        reshuffled = piles.reshuffle_if_empty(state, b["deck"], virtual=False)
        adjusted = piles.make_room(b["deck"], self.card_type, self.ferocity, bc)
        reveal(state, b, bc, piles.take_matching(b["deck"], self.card_type, self.ferocity), reshuffled)
        if adjusted:
            report = current_report(b)
            report["lines"].insert(0, {"text": kept(adjusted), "hex": None})
            report["interpretations"].append("physical-deck-adjusts")


def enter_probe(state: State, content: Content) -> EnterCard:
    """A card the next draw can give: ``session.can`` of it asks only whether a card can be entered now."""
    b, bc = bm(state), brood_of(content)
    pool = piles.next_pool(b["deck"])
    if not pool:
        return EnterCard(next(iter(bc.card_types)), 1)
    card = b["deck"]["cards"][pool[0]]
    return EnterCard(piles.CHAMBER, 0) if card["chamber"] else EnterCard(card["type"], card["ferocity"])


class CancelReaction(BroodCommand, name="bm_cancel"):
    """Spend an Initiative Token: her latest reaction is cancelled, the card goes to the discard pile."""

    allowed_after_end: ClassVar[bool] = True
    keeps_turn = True

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        automated(state)
        turn = b["turn"]  # allowed after the end: a finished round closed her turn, a card that won did not
        if turn is None or turn["cancelled"]:
            raise CommandError(msg("There is no reaction of hers to cancel."))
        if not turn["cancellable"] or turn["mark"] != _fingerprint(state):
            raise CommandError(msg("Too late: a token cancels her reaction only right after the card is revealed."))
        if b["initiative"] <= 0:
            raise CommandError(msg("The group has no Initiative Token left."))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        turn = her_turn(b, msg("There is no reaction of hers to cancel."))
        undone = [line["text"] for line in b["report"]["lines"]] if b["report"] is not None else []
        restore(state, b, turn["before"])
        b["deck"]["discard"].append(turn["card"])
        b["initiative"] -= 1
        turn.update({"cancellable": False, "cancelled": True, "before": None})
        if b["history"]:
            b["history"][-1]["cancelled"] = True
        state["ended"] = None
        start_report(b, msg("Reaction cancelled with an Initiative Token"))
        say(b, msg("Spend 1 Initiative Token ({left} left); her card goes to her discard pile.",
                   left=b["initiative"]), interpretation="cancelled-card-discarded")
        for text in undone:
            say(b, msg("Take back if already done: {instruction}", instruction=text), interpretation="cancel-window")

    def describe(self, state: State, content: Content) -> str | Msg:
        history = bm(state)["history"]
        return msg("Cancel her card ({words}) with an Initiative Token", words=history[-1]["words"] if history else "")


@overload
def _question(b: Brood, kind: Literal["expand"]) -> ExpandQuestion: ...
@overload
def _question(b: Brood, kind: Literal["predator"]) -> PredatorQuestion: ...
@overload
def _question(b: Brood, kind: Literal["strike"]) -> StrikeQuestion: ...
def _question(b: Brood, kind: str) -> Question:
    """Her open question if it is of ``kind``, else a refusal naming the one she asks."""
    if not b["pending"] or b["pending"][0]["kind"] != kind:
        if not b["pending"]:
            raise CommandError(msg("She is not asking about that now (she has no open question)."))
        raise CommandError(msg("She is not asking about that now (open question: {asked}).",
                               asked=msg(QUESTION_NAMES.get(b["pending"][0]["kind"], N_("her open question")))))
    return b["pending"][0]


class AnswerExpand(BroodCommand, name="bm_answer_expand"):
    """The hex her Expand revealed: its number, free sites, zone, and whether it is special."""

    keeps_turn = True
    number: int = 0
    sites: int = 0
    zone: str = "inner"
    centipede_hex: bool = False
    nest: bool = False
    deck_empty: bool = False

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        _question(b, "expand")
        if self.deck_empty is True:
            return
        hex_number(self.number)
        if has_hex(b, self.number):
            raise CommandError(msg("Hex {hex} is already in the meadow; check the number on the new hex.",
                                   hex=self.number))
        require_int(self.sites, N_("Its collection sites"), 0, MAX_SITES)
        if self.zone not in ZONES:
            raise CommandError(msg("Where does it go: inner or outer (Inner Meadow whenever there is room)?"))
        for flag in (self.centipede_hex, self.nest, self.deck_empty):
            if not isinstance(flag, bool):
                raise CommandError(msg("Yes/no answers must be true or false."))
        if self.nest and nest_found(b):
            raise CommandError(msg("The Nest of Centipedes is already hex {hex}.", hex=b["her"]["hex"]))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        question = _question(b, "expand")
        b["pending"].pop(0)
        if question["of"] > 1:
            say(b, msg("Expand {index} of {of}:", index=question["index"], of=question["of"]))
        reactions.finish_expand(state, b, {
            "deck_empty": self.deck_empty, "number": self.number, "sites": self.sites, "zone": self.zone,
            "centipede_hex": self.centipede_hex, "nest": self.nest,
        }, asked_round(state, question))

    def describe(self, state: State, content: Content) -> str | Msg:
        b = bm(state)
        q = b["pending"][0] if b["pending"] else None
        zone = msg("the Inner Meadow") if self.zone == "inner" else msg("the Outer Meadow")
        what = msg("the hex deck is empty") if self.deck_empty else msg("hex {hex} in {zone}", hex=self.number,
                                                                        zone=zone)
        reason = q["reason"] if q is not None and q["kind"] == "expand" else "colony-goal"
        if reason == "spawn-fallback":
            what = msg("she Expands instead, {what}", what=what)
        elif q is not None and q["kind"] == "expand" and reason != "colony-goal":
            what = msg("Expand {index} of {of}, {what}", index=q["index"], of=q["of"], what=what)
        return on_her_card(b, what)


class AnswerPredator(BroodCommand, name="bm_answer_predator"):
    """The hex with the most ants (lowest number on a tie): her summoned Predator goes there."""

    keeps_turn = True
    hex: int

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        q = _question(b, "predator")
        find_hex(b, hex_number(self.hex))
        check_summon(state, q["predator"], self.hex, asked_round(state, q))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        q = _question(b, "predator")
        b["pending"].pop(0)
        name = bc.predators[q["predator"]]
        summon(state, q["predator"], self.hex, asked_round(state, q), by=HER)
        say(b, msg("Hex {hex}: place the {predator} with {health} Health.", hex=self.hex, predator=msg(name),
                   health=q["health"]), self.hex)

    def describe(self, state: State, content: Content) -> str | Msg:
        return on_her_card(bm(state), msg("her Predator goes to hex {hex}", hex=self.hex))


class AnswerStrike(BroodCommand, name="bm_answer_strike"):
    """How many ants her Strike destroyed in her hex (0 when none were there: she Invades)."""

    keeps_turn = True
    destroyed: int

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        q = _question(b, "strike")
        require_int(self.destroyed, N_("Ants destroyed"), 0, max(q["ferocity"], 0))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        q = _question(b, "strike")
        b["pending"].pop(0)
        reactions.finish_strike(state, b, self.destroyed, q["hex"])

    def describe(self, state: State, content: Content) -> str | Msg:
        if self.destroyed == 0:
            return on_her_card(bm(state), msg("no ant in her hex, so she Invades"))
        return on_her_card(bm(state), nmsg("her Strike destroyed 1 ant", "her Strike destroyed {n} ants",
                                           self.destroyed))


class ScoreSlumber(BroodCommand, name="bm_slumber"):
    """Her Slumber points, computed from the meadow: once per round, in the Slumber step."""

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        no_pending(b)
        if state["phase"] != SLUMBER:
            raise CommandError(msg("Her Slumber points are scored in the Slumber step; advance the phase "
                                   "first (Next in the app; `companion solo next ID` in the terminal)."))
        if state["round"] in b["slumbers"]:
            raise CommandError(msg("Her Slumber points for round {round} are already scored.", round=state["round"]))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        preview = slumber_preview(state, b)
        score_slumber(state, b)
        start_report(b, msg("Slumber: the Broodmother scores"))
        say(b, msg("She gains {sum} Colony Points.", sum=preview["sum_message"]),
            interpretation="tunnel-is-meadow")

    def describe(self, state: State, content: Content) -> str | Msg:
        total = slumber_preview(state, bm(state))["total"]
        return msg("Her Slumber: +{total} CP", total=total)


__all__ = [
    "AnswerExpand", "AnswerPredator", "AnswerStrike", "CancelReaction", "DrawCard", "EnterCard", "ScoreSlumber",
    "SetDeck", "SetDeckMode", "ShowOdds", "TickStep", "close_turn", "is_asymmetric",
]
