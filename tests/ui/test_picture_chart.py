"""The points chart draws a change at once: Flet's chart animates its lines for 150 ms by default, ~9 frames of the
whole screen after every point, each ~20 ms of a mid-range phone's CPU (the phone build at 4x: 25-30 frames in the
1.4 s after each + before, 18-21 after; docs/developing.md)."""

from __future__ import annotations

from typing import Any

import flet as ft
import flet_charts as fch

from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextRound
from companion.core.picture import game_picture
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.ui.panels.picture import chart
from companion.ui.theme import Sizes
from tests.ui.test_kept_panels import controls


def test_the_points_chart_has_no_implicit_animation(tmp_path: Any) -> None:
    store = GameStore(tmp_path / "games.json")
    game = store.create(GameSetup(game="mota", mode="competitive",
                                  players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))), seed=1)
    for command in (AdjustScore("p1", 3), NextRound(), AdjustScore("p2", 2)):
        game.execute(command)
    drawn = [c for c in controls(chart(game_picture(game.state), Sizes())) if isinstance(c, fch.LineChart)]
    store.close()
    assert len(drawn) == 1, "the chart is drawn"
    animation = drawn[0].animation
    assert isinstance(animation, ft.Animation) and animation.duration == ft.Duration(milliseconds=0), animation
