"""What the game screen scrolls to once it has drawn a change, so the player sees what changed rather than what
slid into its place: the end of the game, a panel its tap just settled, her moment once her question closes,
the first part another device changed, the place a route names."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.ui.game_parts.her_moment import her_question_open
from companion.ui.return_path import Origin

if TYPE_CHECKING:
    from companion.ui.screens.game import GameScreen

UNFOLLOWED = frozenset({"log", "jump-bar"})  # parts another device's change does not scroll to: every change moves them


class Follow:
    """The game screen's following of what changed, with what it remembers of the last drawing."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.asked = False  # whether her question was open when the screen last drew the game
        self.shown_ended: bool | None = None  # whether the game was over when the screen last drew it

    def shown(self) -> None:
        """The screen was just shown: what it shows now is the starting point."""
        self.shown_ended = self.screen.session.state["ended"] is not None
        self.asked = her_question_open(self.screen.session)

    def the_end(self) -> None:
        """When the game has just ended (her win, the ants' win, the last round), scroll to the top, where the
        result and the summary are: the player was looking at the panel tapped, and the end is news."""
        ended = self.screen.session.state["ended"] is not None
        just_ended = ended and self.shown_ended is False
        self.shown_ended = ended
        if just_ended:
            self.screen.scroll.show_top()

    def a_settled_panel(self, before: set[str], touched: ft.Control | None) -> None:
        """A panel that this tab's tap just finished (its setup done) folds itself to one line under the player's
        finger: scroll to it, so the screen shows what changed rather than whatever slid up into its place."""
        screen = self.screen
        if touched is None or not callable(getattr(screen.app.page, "run_task", None)):
            return
        new = [ident for ident, _ in screen.panels.jumps if ident in screen.folds.settled - before
               and screen.folds.is_folded(ident)]
        if new:
            screen.app.page.run_task(screen.scroll.scroll_to, new[0])

    def her_answer(self, asked: bool) -> None:
        """Her question (``asked``: open before this drawing) has just closed, here or on another device: scroll to
        her moment, where what she does now is said. Her questions can be long (fields, a dozen answers); the
        answer tapped at their foot leaves the screen below her moment once the question is gone."""
        screen = self.screen
        self.asked = her_question_open(screen.session)
        if asked and not self.asked and screen.slots.holds("now"):
            screen.scroll.reveal(screen.slots.scroll_key("now"))

    def the_change(self) -> None:
        """After another device's change: scroll to the first part of the screen whose drawing changed (the log,
        which every change writes to, and the jump bar aside), so the player sees what the table just did."""
        changed = [name for name in self.screen.slots.changed if name not in UNFOLLOWED]
        if changed:
            self.screen.scroll.reveal(self.screen.slots.scroll_key(changed[0]))

    def the_table(self) -> None:
        """What the table says (view only, the host not answering, the host gone) has just come or changed: scroll
        to it. It sits above the round bar, so a guest scrolled down to its panels would not see why its buttons
        stopped answering (and a list builds only what is near the view, so the page's accessibility tree may not
        hold it either)."""
        if "table" in self.screen.slots.changed:
            self.screen.scroll.reveal(self.screen.slots.scroll_key("table"))

    def the_place_named(self) -> None:
        """Back from the rules a "?" opened: the section it was on (``?at=...``); else where this tab left the game
        (Back to the game, or the game opened again from Home), not its top."""
        at = Origin.of(self.screen.params).at
        if at:
            self.screen.scroll.reveal(at)  # once drawn: a kept screen shown again builds its panels in the same frame
        elif (place := self.screen.scroll.place) is not None and place.offset > 0:
            self.screen.scroll.reveal(offset=place.offset)
