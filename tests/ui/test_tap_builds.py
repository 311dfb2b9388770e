"""A tap builds only what it changed: a point given rebuilds the standings' row of that player, the log and the chart
(which is drawn from the scores), and no other panel, no other row and not the round bar; counted by the builds
themselves (each section and each standing's row made), not by time.

And the tap's Python share is measured by part when asked (``companion.spans``): on a real server each + tap
appends its figures, whose parts add up to the time Python ran.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion import spans
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.turns import NextPhase
from companion.core.i18n import using
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.ui import kept, widgets
from companion.ui.game_parts import standings
from companion.ui.game_parts.top_first import REST_AFTER
from companion.ui.screens import game
from tests.ui.browser import past_seen_window, run_server
from tests.ui.flet_wire import WireDevice
from tests.ui.test_build_once import EVERYTHING, SOLO
from tests.ui.test_kept_panels import open_screen, redraw, taps


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Every section built (by its identifier) and every standing's row built (``row-<player>``), as players run
    the app (the suite's check of kept parts would draw them all the same)."""
    monkeypatch.setattr(kept, "CHECK", False)
    made: Counter[str] = Counter()
    section, row = widgets.section, standings.Standings.player_row

    def counted_section(*args: Any, **kwargs: Any) -> Any:
        made[str(kwargs.get("identifier"))] += 1
        return section(*args, **kwargs)

    def counted_row(drawer: standings.Standings, view: Any, player: Any, width: float) -> Any:
        made[f"row-{player['id']}"] += 1
        return row(drawer, view, player, width)

    monkeypatch.setattr(widgets, "section", counted_section)
    monkeypatch.setattr(standings.Standings, "player_row", counted_row)
    return made


def tap(screen: game.GameScreen, ident: str) -> None:
    """Tap the control ``ident`` as drawn now, then draw the screen again as the tab does after a change."""
    handler = dict(taps(screen))[ident]
    handler(None)
    redraw(screen)


def test_a_point_builds_its_player_row_the_log_and_the_chart_only(store: GameStore, builds: Counter[str]) -> None:
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        tap(screen, "plus-p2")  # the first point brings the chart: drawn once, like every part new to the page
        builds.clear()
        for _ in range(3):
            tap(screen, "plus-p2")
    assert session.state["scores"]["p2"][0] == 4
    assert builds == {"row-p2": 3, "scores": 3, "log": 3, "panel-picture": 3}, builds


def test_a_point_in_a_solo_game_leaves_her_panels_that_show_none_of_it(store: GameStore,
                                                                       builds: Counter[str]) -> None:
    """Her panels all ask for her view, which holds her standing against the ants' points too; each is held to the
    entries of it that it read, so a point redraws only the panels that show what it changed."""
    screen, session = open_screen(store, SOLO)
    with using("en"):
        for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
            session.execute(AddHex(number, zone, sites))
        redraw(screen)
        tap(screen, "plus-p1")
        builds.clear()
        tap(screen, "plus-p1")
    assert session.state["scores"]["p1"][0] == 2
    assert builds["row-p1"] == 1 and builds["panel-picture"] == 1
    assert not builds.keys() & {"panel-bm-meadow", "panel-bm-deck", "panel-bm-machinations", "panel-bm-setup",
                                "round-bar"}, builds


def test_her_draw_leaves_her_status_battles_and_end_panels_that_show_none_of_it(store: GameStore,
                                                                                 builds: Counter[str]) -> None:
    """Her card changes her view's answers to the meadow's commands and the readings that apply now; her status
    panel (all her readings), her battles panel (its own commands' answers) and the end (the readings it lists)
    read other keys of those entries (``kept.KeysRead``), so they are left as drawn, while the panels her card
    changes are drawn again."""
    screen, session = open_screen(store, SOLO, seed=2)
    with using("en"):
        for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
            session.execute(AddHex(number, zone, sites))
        redraw(screen)
        builds.clear()
        tap(screen, "bm-her-turn")
    assert session.state["modules_state"]["broodmother"]["report"] is not None, "her card was drawn"
    assert {"panel-bm-turn", "panel-bm-meadow", "panel-bm-deck"} <= builds.keys(), builds
    assert not builds.keys() & {"panel-bm-status", "panel-bm-battle", "panel-bm-end", "panel-bm-machinations"}, builds


def test_next_builds_the_round_bar_and_no_standing(store: GameStore, builds: Counter[str]) -> None:
    screen, session = open_screen(store, EVERYTHING)
    with using("en"):
        session.execute(NextPhase())
        redraw(screen)
        builds.clear()
        tap(screen, "next-phase")
    assert builds["round-bar"] == 1
    assert not {name for name in builds if name.startswith("row-") or name == "scores"}, builds
    assert not builds.keys() & {"panel-mutations", "panel-predators", "panel-chambers", "panel-workers"}, builds


def test_a_point_in_another_language_rebuilds_the_rows_in_it(store: GameStore, builds: Counter[str]) -> None:
    """A row kept is kept for the language it was drawn in: the same game read in Spanish draws its rows anew."""
    screen, _ = open_screen(store, EVERYTHING)
    with using("en"):
        tap(screen, "plus-p1")
    builds.clear()
    with using("es"):
        redraw(screen)
    assert {f"row-p{n}" for n in range(1, 5)} <= set(builds), builds


# -- the tap's Python share, by part ---------------------------------------------------------------------------------
class Clock:
    """``time.perf_counter`` as a test sets it: each part takes exactly the time the test says."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_parts_inside_parts_are_taken_out_and_a_second_pass_counts(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    clock = Clock()
    monkeypatch.setattr(spans.time, "perf_counter", clock)
    out = tmp_path / "spans.jsonl"
    monkeypatch.setenv(spans.ENV, str(out))
    with spans.tap():
        with spans.part("command"):
            clock.now += 0.002
            with spans.part("save"):
                clock.now += 0.005
        clock.now += 0.003  # the controls built
        with spans.part("flet"):
            clock.now += 0.004
        later = spans.later()
    clock.now += 0.050  # the event loop sends the first answer meanwhile: not Python's work for this tap
    assert not out.exists(), "a tap with a second pass to come is reported once that pass has run"
    with spans.resumed(later):
        clock.now += 0.001
    figures = [json.loads(line) for line in out.read_text().splitlines()]
    assert figures == [{"busy_ms": 15.0, "first_ms": 14.0, "wall_ms": 65.0,  # the first pass: the answer shown
                        "parts": {"save": 5.0, "command": 2.0, "flet": 4.0, "controls": 4.0}}]


def test_nothing_is_measured_unless_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(spans.ENV, raising=False)
    with spans.tap():
        assert spans.later() is None
        assert spans.part("save") is spans.part("views"), "one shared do-nothing context: nothing is timed"


def test_a_served_point_reports_its_python_share_by_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db, out = tmp_path / "games.json", tmp_path / "spans.jsonl"
    games = GameStore(db)
    two = GameSetup(game="mota", mode="competitive", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue")))
    game_id = games.create(two, name="Spans", seed=1).id
    games.close()
    monkeypatch.setenv(spans.ENV, str(out))  # the server started inherits it
    with run_server(db) as server:
        device = WireDevice(server.url, f"/game/{game_id}")
        try:
            device.wait_id("plus-p1")
            for n in (1, 2):
                device.tap("plus-p1")
                device.wait(lambda n=n: device.said(f"Ana: {n} CP"), what=f"Ana's point {n}")
            device.wait(lambda: out.exists() and len(out.read_text().splitlines()) >= 3,
                        what="the opening and two taps measured")
        finally:
            device.close()
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(records) == 3, records
    # the route change that built the screen (with Home beneath), both its passes: reported once its second pass
    # ran, which a tap made meanwhile may end before
    openings = [record for record in records if "command" not in record["parts"]]
    assert len(openings) == 1, records
    assert {"home", "controls", "flet"} <= set(openings[0]["parts"]), openings
    for record in records:
        parts = record["parts"]
        if record is not openings[0]:
            assert {"command", "check", "save", "views", "controls", "flet"} <= set(parts), parts
        assert all(value >= 0 for value in parts.values()), parts
        assert sum(parts.values()) == pytest.approx(record["busy_ms"], abs=0.05)
        assert record["wall_ms"] >= record["busy_ms"] >= record["first_ms"] > 0


def test_on_a_phone_her_draw_sends_the_top_and_the_panels_a_moment_later(tmp_path: Path) -> None:
    """Two updates read in one go are built in one frame: on a phone-size page the answer's second pass (the
    panels, below the fold) waits ``REST_AFTER`` so the browser paints her instructions first. Over the wire, her
    report arrives, and the panels (her deck, the log) ``REST_AFTER`` later (without the pause: 10-30 ms)."""
    db = tmp_path / "games.json"
    store = GameStore(db)
    solo = store.create(SOLO, name="Her meadow", seed=3)
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        solo.execute(AddHex(number, zone, sites))  # her first draws ask nothing: her report is at the top
    game_id = solo.id
    store.close()
    with run_server(db) as server:
        device = WireDevice(server.url, f"/game/{game_id}")  # 360 px wide
        try:
            device.wait_id("bm-her-turn")
            device.settled(quiet=0.5)
            past_seen_window()
            start = len(device.received)
            device.tap("bm-her-turn")
            device.wait(lambda: device.said("bm-report-line-0", since=0) and len(device.received) > start)
            device.settled(quiet=0.8)
        finally:
            device.close()
    answer = device.received[start:]
    top = next(when for when, message in answer if "bm-report-line-0" in repr(message))
    last = max(when for when, message in answer if message[0] == 2)  # the last patch: the panels' pass
    # The pause starts once the top is handed to Flet to send; on a loaded machine its sending may eat into it.
    assert last - top >= REST_AFTER / 2, [(round(when - top, 3), repr(message)[:60]) for when, message in answer]
