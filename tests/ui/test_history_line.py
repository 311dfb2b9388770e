"""Each standing's points by round: as many rounds as fit one line, latest first, never cut or broken.

Built in-process for a 4-player game three rounds in, at 360 px with the device's text size and with the
largest: beside the buttons the name's column holds one round ("R3 +4 (12)"); at the largest text not even
that, so the rounds move to a line of their own under the row, where two fit. Every round is still heard.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextRound
from companion.core.i18n import using
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.ui.app import AppContext, SessionPool
from companion.ui.measure import fitting, text_width, title_lines
from companion.ui.screens.game import GameScreen
from companion.ui.theme import Sizes
from tests.ui.test_build_once import TabStub
from tests.ui.test_kept_panels import controls

FOUR = tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")))


def test_fitting_takes_the_first_items_one_line_holds() -> None:
    items = ["R3 +4 (12)", "R2 +5 (8)", "R1 +3 (3)"]
    assert fitting(items, 14, 1000) == items
    one = text_width("R3 +4 (12)", 14)
    assert fitting(items, 14, one) == items[:1]
    assert fitting(items, 14, one - 1) == []
    assert fitting(items, 14, text_width("R3 +4 (12)   R2 +5 (8)", 14), "   ") == items[:2]


def test_a_title_takes_the_lines_it_needs() -> None:
    assert title_lines("Four at the table", 22, 400) == 1
    assert title_lines("Four at the table", 33, 120) == 3


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


def standings(store: GameStore, scale: float) -> dict[str, Any]:
    app = TabStub(AppContext(store, None, SessionPool(store)))  # type: ignore[arg-type]
    app.sizes = Sizes(scale)
    session = store.create(GameSetup(game="mota", players=FOUR), seed=1)
    for gains in ((3, 1, 0, 2), (5, 0, 2, 2)):
        for pid, gain in zip(("p1", "p2", "p3", "p4"), gains, strict=True):
            if gain:
                session.execute(AdjustScore(pid, gain))
        session.execute(NextRound())
    session.execute(AdjustScore("p1", 4))
    app.ctx.sessions.add(session)
    screen = GameScreen(app, f"/game/{session.id}", {"id": session.id})  # type: ignore[arg-type]
    with using("en"):
        screen.build_view()
    ana = next(c for c in controls(screen.slots.placed["scores"].holder) if getattr(c, "identifier", "") == "player-p1")
    history = next(c for c in controls(ana) if str(getattr(c, "identifier", "")).startswith("history-"))
    row = ana.content
    return {"shown": history.content.value.replace("\u00a0", " "), "label": history.label,
            "under": isinstance(row, ft.Column), "max_lines": history.content.max_lines}


def test_at_the_device_text_size_the_latest_round_sits_under_the_name(store: GameStore) -> None:
    got = standings(store, 1.0)
    assert not got["under"]
    assert got["shown"] == "R3 +4 (12)"  # the latest round; the room beside the buttons holds one
    assert got["max_lines"] is None  # wraps between rounds rather than ending in "..."
    assert got["label"] == "By round: round 1 +3, total 3; round 2 +5, total 8; round 3 +4, total 12"


def test_at_the_largest_text_the_rounds_take_a_line_of_their_own(store: GameStore) -> None:
    got = standings(store, 1.5)
    assert got["under"]
    assert got["shown"] == "R3 +4 (12)   R2 +5 (8)"  # two fit the whole width at 21 px type
    assert got["label"].endswith("round 3 +4, total 12")
