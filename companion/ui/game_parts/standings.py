"""The game screen's standings: every player's total with -/+, their points by round, and the Broodmother's.

Each row is kept while drawn from the same (``Reused``): a point given to one player builds, compares and sends that
player's row alone; and a row drawn again (Next adds a round to every row's points by round) keeps its -, total and +
while they are drawn from the same. Whether -/+ take a point now is the game view's to say (its ``actions``): the
standings never ask the session.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import TYPE_CHECKING

import flet as ft

from companion.core.actions import allowed
from companion.core.broodmother.shown import HerStanding
from companion.core.commands.scoring import AdjustScore
from companion.core.session import Session
from companion.core.views import GameView, PlayerStanding, RivalStanding
from companion.ui import widgets
from companion.ui.i18n import tr, trf, trn
from companion.ui.measure import fitting, text_width, widest_word
from companion.ui.models import signed
from companion.ui.page_size import page_width, side_padding
from companion.ui.score_dialog import ask_total
from companion.ui.screen import GAP
from companion.ui.slots import Reused
from companion.ui.theme import MIN_TOUCH, Sizes

if TYPE_CHECKING:
    from companion.ui.app import PageApp
    from companion.ui.screens.game import GameScreen

DOT = 32  # px: a standing's colour disc
ROW_SPACING = 6  # px between a standing's pieces


def total_width(sizes: Sizes) -> float:
    """A total's column, and its button's box on a phone: room for three digits at the headline size, and never a
    target under 48 px."""
    return max(64, sizes.headline * 2.8)


NBSP = "\u00a0"  # inside one round's text, so a line never breaks it
HISTORY_GAP = "   "
MOMENT_SPAN = 5  # twelfths of the width the moment and the standings take at tablet width


class Standings:
    """Draws the standings of one game screen, keeping each row while it is drawn from the same."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.rows = Reused()  # the standings' rows, each kept while drawn from the same
        # and each row's -/total/+, kept in a row drawn again (Next changes the points by round, not the buttons)
        self.buttons = Reused()
        self._drawn_buttons: dict[str, list[ft.Control]] = {}

    @property
    def sizes(self) -> Sizes:
        return self.screen.sizes

    @property
    def app(self) -> PageApp:
        return self.screen.app

    @property
    def session(self) -> Session:
        return self.screen.session

    def draw(self, view: GameView) -> ft.Control:
        """Every player's standing, one compact row each: the table's totals on one phone screen."""
        width = self._width()
        self._drawn_buttons = self._buttons(view)
        rows = self.rows.controls([self._row_of(view, player, width) for player in view["players"]])
        body: list[ft.Control] = []
        her = next((p for p in view["players"] if p["broodmother"] is not None), None)
        if her is not None:  # the asymmetric variant: who plays her, and how
            said = trf("{name} plays the Broodmother: draws and resolves her cards with this app.", name=her["name"])
            body.append(ft.Semantics(identifier="who-plays-her", container=True, label=said, exclude_semantics=True,
                                     content=ft.Text(said, size=self.sizes.small)))
        rows += [self._rival_row(view, rival, width) for rival in view["rivals"]]
        body.append(ft.Column(rows, spacing=4))
        return self.screen.headings.section(view["terms"]["points"], body, self.sizes, help_topic="scores",
                                            identifier="scores", tab=self.screen.tab_value())

    def _rival_row(self, view: GameView, rival: RivalStanding, width: float) -> ft.Control:
        """The Broodmother of a solo or co-op game under the colonies: her total and her points by round, without
        -/+ (her cards and her Slumber book them), so "She gains 1 Colony Point" shows where the points are."""
        total_room = total_width(self.sizes)
        room = width - DOT - MIN_TOUCH - total_room - 3 * ROW_SPACING
        history = self._history(rival, view["round"], room, at_least_one=True)
        assert history is not None
        who = ft.Column([ft.Text(rival["name"], size=self.sizes.body, weight=ft.FontWeight.W_600, max_lines=2,
                                 overflow=ft.TextOverflow.ELLIPSIS), history], spacing=0, expand=True, tight=True)
        total = ft.Container(ft.Text(str(rival["total"]), size=self.sizes.headline, weight=ft.FontWeight.W_700),
                             width=total_room, alignment=ft.Alignment.CENTER)
        row = ft.Row([widgets.colour_dot(None, self.sizes, rival["name"][:1].upper(), diameter=DOT), who, total,
                      ft.Container(width=MIN_TOUCH)],  # her total under the colonies' totals, where "+" would be
                     spacing=ROW_SPACING, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        said = trf("{name}: {total} {cp}, booked by her cards and her Slumber", name=rival["name"],
                   total=rival["total"], cp=view["terms"]["cp"])
        return widgets.labelled(row, said, f"total-{rival['id']}")

    def _row_of(self, view: GameView, player: PlayerStanding, width: float
                ) -> tuple[str, Callable[[], ft.Control]]:
        """A standing's row and all it is drawn from: a row drawn from the same is the row on the page (``Reused``),
        so a point given to one player builds, compares and sends that player's row alone."""
        her = player["broodmother"]
        if her is not None:
            return repr((self.screen.tab_value(), view["terms"], player)), lambda: self._her_row(player, her)
        pid = player["id"]
        can = tuple(allowed(view["actions"], AdjustScore(pid, delta)) for delta in (-1, 1))
        drawn_from = (self.screen.tab_value(), width, view["terms"], view["round"], view["ended"] is None, player, can)
        return repr(drawn_from), lambda: self.player_row(view, player, width)

    def _buttons(self, view: GameView) -> dict[str, list[ft.Control]]:
        """Each colony's -, total and +, each kept while drawn from the same (``Reused``): the same controls in a
        row drawn again, which Flet's diff skips."""
        tab, terms, ended = self.screen.tab_value(), view["terms"], view["ended"] is None
        colonies = [player for player in view["players"] if player["broodmother"] is None]
        items: list[tuple[Hashable, Callable[[], ft.Control]]] = []
        for player in colonies:
            pid, name = player["id"], player["name"]
            can = [allowed(view["actions"], AdjustScore(pid, delta)) for delta in (-1, 1)]
            items += [
                (repr((tab, terms["point"], pid, name, -1, can[0])), partial(self._adjust_button, view, pid, name, -1)),
                (repr((tab, terms["cp"], ended, pid, name, player["total"])), partial(self._total_box, view, player)),
                (repr((tab, terms["point"], pid, name, 1, can[1])), partial(self._adjust_button, view, pid, name, 1)),
            ]
        drawn = self.buttons.controls(items)
        return {player["id"]: drawn[3 * i:3 * i + 3] for i, player in enumerate(colonies)}

    def _total_box(self, view: GameView, player: PlayerStanding) -> ft.Control:
        return ft.Container(self._total_button(view, player), width=total_width(self.sizes),
                            alignment=ft.Alignment.CENTER)

    def _adjust_button(self, view: GameView, pid: str, name: str, delta: int) -> ft.Control:
        point = view["terms"]["point"]
        said = (trf("Take 1 {point} from {name}", point=point, name=name) if delta < 0
                else trf("Give {name} 1 {point}", name=name, point=point))
        return widgets.icon_action(said, ft.Icons.REMOVE if delta < 0 else ft.Icons.ADD, self._adjust(view, pid, delta),
                                   identifier=f"{'minus' if delta < 0 else 'plus'}-{pid}", filled=True)

    def _her_row(self, player: PlayerStanding, her: HerStanding) -> ft.Control:
        """The Broodmother's player: her eggs and unlocked powers instead of a colony's points (her CP, booked by
        her cards, is her total)."""
        eggs = trn("1 egg", "{n} eggs", her["eggs"])
        powers = (trf("powers: {powers}", powers=", ".join(her["powers"])) if her["powers"]
                  else tr("no power unlocked yet"))
        detail = trf("{eggs} · {powers}", eggs=eggs, powers=powers)
        who = ft.Column([ft.Text(trf("{name} (Broodmother)", name=player["name"]), size=self.sizes.body,
                                 weight=ft.FontWeight.W_600),
                         ft.Text(detail, size=self.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT)],
                        spacing=0, expand=True, tight=True)
        total = ft.Container(ft.Text(str(player["total"]), size=self.sizes.headline, weight=ft.FontWeight.W_700),
                             width=max(64, self.sizes.headline * 2.8), alignment=ft.Alignment.CENTER)
        row = ft.Row([widgets.colour_dot(player["colour"], self.sizes, player["name"][:1].upper(), diameter=DOT),
                      who, total, ft.Container(width=MIN_TOUCH)],  # under the ants' totals, where "+" would be
                     spacing=ROW_SPACING, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        said = trf("{name} plays the Broodmother: {detail}; {total} {cp}", name=player["name"], detail=detail,
                   total=player["total"], cp=self.screen.view_data()["terms"]["cp"])
        return widgets.labelled(row, said, f"player-{player['id']}")

    def _width(self) -> float:
        """How wide a standing's row is (px): the content's width, or the moment's column at tablet width, inside
        the section's card."""
        width = (w := page_width(self.screen.app)) - 2 * side_padding(w)
        if self.screen.layout():
            width = (width - GAP) * MOMENT_SPAN / 12
        return width - 2 * widgets.SECTION_PADDING

    def player_row(self, view: GameView, player: PlayerStanding, width: float) -> ft.Control:
        """Colour, name, -/total/+, and the points by round: under the name where a round fits beside the
        buttons, else on a line of its own under the row (the larger text sizes). A name wider than its column
        beside the buttons takes a line of its own above them, whole ("Alexandrina", not "Ale...")."""
        pid, name = player["id"], player["name"]
        total_room = total_width(self.sizes)
        beside = width - DOT - 2 * MIN_TOUCH - total_room - 4 * ROW_SPACING  # the name's column
        fits = self._history(player, view["round"], beside)
        under = fits is None  # not even a round fits beside the buttons: the history takes a line of its own
        history = fits or self._history(player, view["round"], width - DOT - ROW_SPACING, at_least_one=True)
        assert history is not None
        above = widest_word(name, self.sizes.body) > beside or text_width(name, self.sizes.body) > beside * 2
        name_text = ft.Text(name, size=self.sizes.body, weight=ft.FontWeight.W_600, max_lines=None if above else 1,
                            overflow=ft.TextOverflow.VISIBLE if above else ft.TextOverflow.ELLIPSIS)
        dot = widgets.colour_dot(player["colour"], self.sizes, name[:1].upper(), diameter=DOT)
        shown: list[ft.Control] = [] if above else [name_text]
        who = ft.Column(shown if under else [*shown, history], spacing=0, expand=True, tight=True)
        row: ft.Control = ft.Row([ft.Container(width=DOT) if above else dot, who, *self._drawn_buttons[pid]],
                                 spacing=ROW_SPACING, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        if under:
            row = ft.Column([row, ft.Container(history, padding=ft.Padding.only(left=DOT + ROW_SPACING))], spacing=0)
        if above:
            heading = ft.Row([dot, ft.Container(name_text, expand=True)], spacing=ROW_SPACING,
                             vertical_alignment=ft.CrossAxisAlignment.CENTER)
            row = ft.Column([heading, row], spacing=0)
        return ft.Semantics(identifier=f"player-{pid}", container=True, content=row)

    def _adjust(self, view: GameView, pid: str, delta: int) -> widgets.EventHandler | None:
        """The -/+ button's tap: one point taken or given, or None while the view says the game refuses it."""
        command = AdjustScore(pid, delta)
        if not allowed(view["actions"], command):
            return None
        return self.app.answers.handler(lambda: self.app.changes.execute(self.session, command))

    def _total_button(self, view: GameView, player: PlayerStanding) -> ft.Control:
        """The total, large; a tap asks for a new total."""
        pid, name, cp, total = player["id"], player["name"], view["terms"]["cp"], player["total"]
        type_total = self.app.answers.handler(lambda: self._ask_total(player, cp))
        return ft.Semantics(
            identifier=f"total-{pid}", button=True, container=True, exclude_semantics=True,
            label=trf("{name}: {total} {cp}. Tap to type a new total", name=name, total=total, cp=cp),
            on_tap=type_total,
            content=widgets.face_button(ft.Text(str(total), size=self.sizes.headline, weight=ft.FontWeight.W_700,
                                                max_lines=1, no_wrap=True),
                                        None if view["ended"] else type_total, width=total_width(self.sizes),
                                        height=max(MIN_TOUCH, self.sizes.headline * 2),
                                        padding=ft.Padding.symmetric(horizontal=6)),
        )

    def _history(self, player: PlayerStanding | RivalStanding, current: int, room: float, at_least_one: bool = False
                 ) -> ft.Control | None:
        """Per round: points gained and, in brackets, the running total, the latest round first and as many
        rounds as fit one line of ``room`` px (None if not one does, unless ``at_least_one``); a round's text
        never breaks, and every round is heard, oldest first (the chart shows them all too)."""
        rounds = list(zip(player["by_round"], player["history"], strict=False))[:current]
        latest_first = [trf("R{round} {gain} ({total})", round=i, gain=signed(gain), total=running).replace(" ", NBSP)
                        for i, (gain, running) in reversed(list(enumerate(rounds, 1)))]
        shown = fitting(latest_first, self.sizes.small, room, HISTORY_GAP)
        if not shown and not at_least_one:
            return None
        said = "; ".join(trf("round {round} {gain}, total {total}", round=i, gain=signed(gain), total=running)
                         for i, (gain, running) in enumerate(rounds, 1))
        return widgets.labelled(ft.Text(HISTORY_GAP.join(shown or latest_first[:1]), size=self.sizes.small,
                                        color=ft.Colors.ON_SURFACE_VARIANT),
                                trf("By round: {rounds}", rounds=said), f"history-{player['id']}")

    def _ask_total(self, player: PlayerStanding, cp: str) -> None:
        """Direct entry: type the total; the difference is booked in this round by the core."""
        ask_total(self.app, self.session, player, cp)
