"""The table's settings for her, as commands: her deck's make-up and mode (virtual or physical), whether her odds
show, and the ticks of the setup checklist. None of them plays her turn (that is ``commands.py``)."""

from __future__ import annotations

from typing import ClassVar

from companion.core.broodmother import deck as piles
from companion.core.broodmother.base import BroodCommand
from companion.core.broodmother.content import BroodContent, brood_of
from companion.core.broodmother.model import Brood
from companion.core.broodmother.newgame import chamber_count, parse_composition
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import N_, Msg, msg
from companion.core.schema import Json
from companion.core.state import State


class SetDeck(BroodCommand, name="bm_set_deck"):
    """Change her deck's make-up (type, Ferocity, count per group) to match your box, before her first card."""

    groups: tuple[Json, ...] = ()

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        d = b["deck"]
        if d["drawn"] or d["discard"] or d["plot"]:
            raise CommandError(msg("Her deck can be changed only before her first card."))
        parse_composition(list(self.groups), bc)

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        groups = parse_composition(list(self.groups), bc)
        b["deck"] = piles.new_deck(piles.build_cards(groups, chamber_count(state, bc), bc), piles.ENTERED)
        if b["deck_mode"] == "virtual":
            piles.shuffle_draw(state, b["deck"])

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Change her deck's make-up")


class SetDeckMode(BroodCommand, name="bm_deck_mode"):
    """Virtual (the app draws) or physical (you draw and enter the card); the piles carry over."""

    mode: str

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        if self.mode not in ("virtual", "physical"):
            raise CommandError(msg("Deck mode: virtual or physical."))
        if self.mode == b["deck_mode"]:
            raise CommandError(msg("Her deck is already virtual.") if self.mode == "virtual"
                               else msg("Her deck is already physical."))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        b["deck_mode"] = "virtual" if self.mode == "virtual" else "physical"
        if self.mode == "virtual":
            piles.shuffle_draw(state, b["deck"])

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Her deck: virtual (the app draws)") if self.mode == "virtual" else \
            msg("Her deck: physical (you draw)")


class ShowOdds(BroodCommand, name="bm_odds"):
    """Show or hide the odds of her next action."""

    show: bool

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        if not isinstance(self.show, bool):
            raise CommandError(msg("Odds: true or false."))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        b["odds"] = self.show

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("Show her odds") if self.show else msg("Hide her odds")


class TickStep(BroodCommand, name="bm_tick"):
    """Tick (or untick) one step of the setup checklist."""

    step: str
    done: bool = True

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        from companion.core.broodmother.checklist import checklist

        ids = [s["id"] for s in checklist(state, bc)]
        if self.step not in ids:
            raise CommandError(msg("No setup step {step} in this game; steps: {steps}.", step=repr(self.step),
                                   steps=", ".join(ids)))
        if bool(b["checklist"].get(self.step)) == self.done:
            raise CommandError(msg("That step is already ticked.") if self.done
                               else msg("That step is already unticked."))

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        if self.done:
            b["checklist"][self.step] = True
        else:
            b["checklist"].pop(self.step, None)

    #: The labels of games saved before steps had titles (their log names a step by its id): still translated.
    OLD_LABELS: ClassVar[tuple[str, ...]] = (N_("Setup: tick {step}"), N_("Setup: untick {step}"))

    def describe(self, state: State, content: Content) -> str | Msg:
        """Named by its title, a message of its own (the step's id is the app's code, not a player's word)."""
        titles = {step.id: step.title for step in brood_of(content).checklist}
        step = msg(titles[self.step]) if self.step in titles else self.step
        return msg("Setup done: {step}", step=step) if self.done else msg("Setup not done: {step}", step=step)
