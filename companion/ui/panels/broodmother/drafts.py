"""What a player has started to enter in one tab but not sent yet: the half-filled forms.

The game screen is rebuilt from the saved game after every command and every change in
another tab, so anything typed but not yet sent would vanish with the controls. These
drafts live beside the tab (one per tab and game, dropped with the tab) and the panels
build their fields from them. Nothing here is saved: a draft is never part of the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from weakref import WeakKeyDictionary

from companion.core.schema import Json


@dataclass
class NewHex:
    """The "add a hex" form (the ants' Explore, or setting up the table)."""

    open: bool = False
    number: str = ""
    zone: str = "inner"
    sites: int = 2
    centipede_hex: bool = False
    nest: bool = False

    def reset(self) -> None:
        self.number, self.zone, self.sites, self.centipede_hex, self.nest = "", "inner", 2, False, False


@dataclass
class Drafts:
    # physical deck: the card on the table, chosen before it is resolved
    card_type: str | None = None
    ferocity: int | None = None
    # the open question: answers typed so far, for the question they were typed for
    question: str | None = None
    answers: dict[str, Json] = field(default_factory=dict)
    # the meadow table: the place whose actions are open (0: the Great Tunnel), the new-hex form
    selected: int | None = None
    new_hex: NewHex = field(default_factory=NewHex)
    # the asymmetric variant: a nymph's move and the two nymphs a redraw costs
    move_from: int | None = None
    move_to: int | None = None
    redraw: list[int] = field(default_factory=list)
    # her turn: the list of her cards so far, open or folded
    show_history: bool = False

    def answers_for(self, key: str | None) -> dict[str, Json]:
        """The typed answers, emptied when a different question is asked."""
        if key != self.question:
            self.question, self.answers = key, {}
        return self.answers

    def choose_card(self, card_type: str) -> None:
        if card_type != self.card_type:
            self.card_type, self.ferocity = card_type, None

    def clear_card(self) -> None:
        self.card_type, self.ferocity = None, None

    def toggle_selected(self, place: int) -> None:
        self.selected = None if self.selected == place else place

    def toggle_redraw(self, place: int) -> None:
        """Pick up to two nymphs' places (the same place twice means two nymphs there)."""
        if len(self.redraw) >= 2:
            self.redraw = []
        self.redraw.append(place)


_BY_TAB: WeakKeyDictionary[object, dict[str, Drafts]] = WeakKeyDictionary()


def drafts_for(tab: object, game_id: str) -> Drafts:
    """This tab's drafts for this game (a new tab starts with empty forms)."""
    games = _BY_TAB.setdefault(tab, {})
    return games.setdefault(game_id, Drafts())
