"""Panels kept as drawn (``companion.ui.kept``): only what a change touches is drawn again, and no panel is left stale.

The game screen is built in-process and played by random taps on whatever it offers (seeded, so a failure
repeats), rebuilding after each tap with the suite's check on (``COMPANION_CHECK_KEPT=1``): a panel the screen
would keep (none of the parts of the game it read touched since it was drawn) is drawn all the same, and one whose
drawing changed raises ``StaleDrawing``. Then, with the check off as players run it, a point or Next leaves the
panels that do not read the scores or the phase exactly as they are on the page (the same control objects), and
draws the others anew.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.harvest.commands import AddAphidHex
from companion.core.i18n import using
from companion.core.session import Executed, Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.store import GameStore
from companion.ui import kept
from companion.ui.app import AppContext, SessionPool
from companion.ui.screens.game import GameScreen
from tests.ui.test_build_once import EVERYTHING, SOLO, TabStub

FOUR = tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow")))
GAMES = {
    "every-module": EVERYTHING,
    "solo": SOLO,
    "co-op": GameSetup(game="mota", mode="coop", players=FOUR[:2], expansions=("minions", "empires"),
                       modules=("aphids", "predators", "chambers", "mutations", "queens-decrees"),
                       variants=("symbiote-tokens", "seasons")),
    "evolved": GameSetup(game="evolved", mode="competitive", players=FOUR[:3], expansions=("predators-and-prey",),
                         modules=("nest-chambers", "large-workers", "pp-predators")),
}
TAPS = 45
#: What the table put down before the walk, where the walk's taps cannot (a hex or an aphid hex is typed in a form):
#: her meadow's rows and the Aphids' boxes are parts read by id, so the walk taps them one by one.
ON_THE_TABLE = {
    "every-module": (AddAphidHex("Oak", 3), AddAphidHex("Pond", 2)),
    "solo": tuple(AddHex(n, "inner" if n % 2 else "outer", 2) for n in range(1, 6)),
}


class _Page(SimpleNamespace):
    """The page a tab's handlers reach for: dialogs and tasks go nowhere (a walk taps the screen only)."""

    def show_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        pass

    def run_task(self, *args: Any, **kwargs: Any) -> None:
        pass

    def update(self, *controls: Any) -> None:
        pass


class PlayingTab(TabStub):
    """A tab whose taps run: each command goes to the game; the test draws the screen again itself."""

    def __init__(self, ctx: AppContext) -> None:
        super().__init__(ctx)
        self.page = _Page(width=360.0, dialogs=[], route="/")  # type: ignore[assignment]

    def execute(self, session: Session, command: Command, *, debounce: str | None = None) -> Executed:
        return session.execute(command)

    def undo(self, session: Session) -> None:
        session.undo()

    def redo(self, session: Session) -> None:
        session.redo()

    def confirm(self, title: str, message: str, label: str, on_confirm: Callable[[], Any]) -> None:
        on_confirm()

    def refresh(self) -> None:
        pass

    def show_error(self, message: str) -> None:
        pass

    def show_info(self, message: str) -> None:
        pass


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


def open_screen(store: GameStore, setup: GameSetup, seed: int = 3) -> tuple[GameScreen, Session]:
    app = PlayingTab(AppContext(store, None, SessionPool(store)))  # type: ignore[arg-type]
    session = store.create(setup, seed=seed)
    app.ctx.sessions.add(session)
    screen = GameScreen(app, f"/game/{session.id}", {"id": session.id})  # type: ignore[arg-type]
    screen.build_view()
    screen.refresh()  # the opening's second pass, the panels whole (this page runs no tasks: ``GameScreen._fill_in``)
    return screen, session


def controls(root: Any) -> Iterator[Any]:
    yield root
    values = getattr(root, "_values", None) or {}
    for item in [*values.values(), *vars(root).values()]:
        for child in item if isinstance(item, list) else [item]:
            if isinstance(child, ft.BaseControl):
                yield from controls(child)


def taps(screen: GameScreen) -> list[tuple[str, Callable[[Any], Any]]]:
    """Every enabled tap on the screen as drawn now (rules "?" buttons left out: they leave the screen)."""
    assert screen.view is not None and screen.view.bottom_appbar is not None
    found = []
    for root in [*screen.scroll.list.controls, screen.view.bottom_appbar]:
        for control in controls(root):
            ident = getattr(control, "identifier", None) or ""
            handler = getattr(control, "on_tap", None) or getattr(control, "on_click", None)
            if callable(handler) and not ident.startswith("help-"):
                found.append((ident, handler))
    return found


def redraw(screen: GameScreen) -> None:
    assert screen.view is not None
    screen._fill(screen.view)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_taps_never_leave_a_panel_stale(store: GameStore, name: str) -> None:
    assert kept.CHECK, "the suite runs with COMPANION_CHECK_KEPT=1 (tests/conftest.py)"
    screen, session = open_screen(store, GAMES[name])
    for command in ON_THE_TABLE.get(name, ()):
        session.execute(command)
    pick = random.Random(name)
    with using("en"):
        for step in range(TAPS):
            offered = taps(screen)
            turns = [tap for tap in offered if tap[0] in ("next-phase", "next-round")]
            ident, handler = pick.choice(turns if turns and step % 5 == 4 else offered)  # the game moves on too
            revision = session.revision
            try:
                handler(None)
            except kept.StaleDrawing:
                raise
            except Exception:  # a tap that needs a real page (a form in a dialog): nothing changed
                assert session.revision == revision, ident
            redraw(screen)  # raises StaleDrawing on a panel kept whose drawing changed
        assert session.revision > 10 and (session.state["round"], session.state["phase"]) != (1, "worker"), \
            "the walk played the game"


@pytest.mark.parametrize(("change", "left_as_drawn", "drawn_again"), [
    (AdjustScore("p2", 3), {"panel-mutations", "panel-chambers", "panel-workers", "panel-seasons", "panel-tactics",
                            "panel-aphids", "panel-eve"}, {"scores"}),  # no module panel reads the scores
    (NextPhase(), {"panel-mutations", "panel-predators"},
     {"panel-aphids", "panel-eve", "panel-tactics", "round-bar"}),
])
def test_a_change_draws_again_only_the_panels_drawn_from_it(store: GameStore, monkeypatch: pytest.MonkeyPatch,
                                                            change: Command, left_as_drawn: set[str],
                                                            drawn_again: set[str]) -> None:
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, EVERYTHING)
    left: list[str] = []
    keep = screen.slots.keep
    monkeypatch.setattr(screen.slots, "keep", lambda name: left.append(name) or keep(name))
    before = {name: placed.holder.content for name, placed in screen.slots.placed.items()}
    with using("en"):
        session.execute(change)
        redraw(screen)
    assert left_as_drawn <= set(left), left_as_drawn - set(left)
    assert not drawn_again & set(left)
    assert all(screen.slots.placed[name].holder.content is before[name] for name in left), "kept means untouched"


def test_a_panel_that_goes_and_comes_back_is_drawn_again(store: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The chart goes when the game is finished and comes back with Undo, its inputs as before it went: the slot
    held nothing meanwhile, so the chart is drawn again rather than kept (an empty slot kept would hide it)."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, GameSetup(game="mota", players=FOUR[:2]))
    chart = screen.slots.placed["panel-picture"]
    with using("en"):
        session.execute(AdjustScore("p1", 2))
        redraw(screen)
        assert chart.holder.visible
        for _ in range(3):
            session.execute(NextRound())
            redraw(screen)  # the chart as it stands when the game is finished
        session.execute(FinishGame())
        redraw(screen)
        assert not chart.holder.visible, "a finished game shows its summary instead"
        session.undo()
        redraw(screen)
    assert chart.holder.visible and any(getattr(c, "identifier", None) == "points-chart"
                                        for c in controls(chart.holder))


def test_a_drawing_is_held_to_the_entries_of_the_game_view_it_read(store: GameStore) -> None:
    """The game view is an answer like any other (``GameReader.view``): no table says what its entries are made of;
    a drawing that read the round is kept after a point and drawn again after Next round, one that read the players
    is drawn again after a point."""
    session = store.create(GameSetup(game="mota", players=FOUR[:2]), seed=3)
    with using("en"):
        round_reader, players_reader = kept.GameReader(session), kept.GameReader(session)
        assert round_reader.view()["round"] == 1 and len(players_reader.view()["players"]) == 2
        by_round = kept.Drawn("tab", round_reader, session)
        by_players = kept.Drawn("tab", players_reader, session)
        session.execute(AdjustScore("p1", 2))
        assert by_round.still("tab", session) and not by_players.still("tab", session)
        assert not by_round.still("another tab value", session)
        session.execute(NextRound())
        assert not by_round.still("tab", session)


def test_a_views_actions_and_readings_are_compared_by_the_key_read() -> None:
    """A drawing that looks up one command in its view's ``actions`` (or one list of her ``interpretations``) is
    held to that key's value alone: another command's answer changing leaves it as drawn, its own changing or
    coming to be listed draws it again; a walk, a length or a comparison holds it to the whole entry. The entry is
    no dict, so no dict method can read it around the noting."""
    used: dict[object, object] = {}
    view = kept.Entries({"actions": {"a": None, "b": {"key": "No."}}, "round": 2}, used)
    listed = view["actions"]
    assert not isinstance(listed, dict)
    assert listed["a"] is None and view["round"] == 2
    with pytest.raises(KeyError):
        listed["c"]
    assert used == {("actions", "a"): None, ("actions", "c"): kept.UNLISTED, "round": 2}
    read = [entry for entry in used if entry != "round"]
    same = {"actions": {"a": None, "b": {"key": "Not now."}}, "round": 2}  # only b's answer changed
    assert all(kept.entry_now(same, entry) == used[entry] for entry in read)
    changes: list[object] = [{"actions": {"a": {"key": "No."}}}, {"actions": {"a": None, "c": None}},
                             {"actions": []}, []]
    for changed in changes:
        assert any(kept.entry_now(changed, entry) != used[entry] for entry in read), changed
    assert listed == {"a": None, "b": {"key": "No."}}  # compared: held to the whole entry from now on
    assert used["actions"] == {"a": None, "b": {"key": "No."}}
    assert kept.entry_now(same, "actions") != used["actions"]


def test_her_meadow_is_drawn_again_only_when_her_report_names_other_places(store: GameStore,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """The meadow outlines the places her report names (``report_hexes``, an entry of her view of its own): her draw
    rewrites the report at every card, and the meadow read the whole of it, so every draw drew the meadow again
    (38 controls of her draw's ~400). A card naming the places the one before named leaves the meadow as it is on the
    page; a card naming others draws it again."""
    monkeypatch.setattr(kept, "CHECK", False)  # as players run it
    screen, session = open_screen(store, SOLO)
    with using("en"):
        for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
            session.execute(AddHex(number, zone, sites))
        redraw(screen)
        meadow = screen.slots.placed["panel-bm-meadow"].holder
        named: list[list[int]] = [broodmother_view(session.state, session.content)["report_hexes"]]
        seen = set()
        for _ in range(30):  # her cards, until one named the places the card before named and one named others
            before = meadow.content
            session.execute(DrawCard())
            named.append(broodmother_view(session.state, session.content)["report_hexes"])
            redraw(screen)
            same = named[-1] == named[-2]
            assert (meadow.content is before) == same, (named[-2:], "left as drawn" if same else "drawn again")
            seen.add(same)
            if seen == {True, False}:
                break
        assert seen == {True, False}, named


def test_a_game_played_to_its_end_and_undone_out_of_it_keeps_no_control_stale(store: GameStore) -> None:
    """The standings' -/total/+ and the round bar's buttons are kept while drawn from the same (``slots.Reused``,
    checked under ``kept.CHECK`` against a fresh drawing at each redraw): a point and Next round each round, Finish
    the game, Undo out of the finish and a point more, all by their taps, and the game read back from disk as played."""
    screen, session = open_screen(store, EVERYTHING)
    with using("es"):
        def tap(ident: str) -> None:
            dict(taps(screen))[ident](None)
            redraw(screen)  # raises StaleDrawing on a control handed back that a fresh drawing draws otherwise

        for _ in range(3):
            tap("plus-p1")
            tap("next-round")
        assert "next-round" not in dict(taps(screen))  # the last round: Finish and End early instead
        tap("finish-game")
        assert session.state["ended"] is not None and "plus-p1" not in dict(taps(screen))
        tap("undo")
        tap("plus-p2")
    saved = GameStore(store.path).load(session.id)["state"]
    assert saved["ended"] is None and saved["round"] == 4
    assert (saved["scores"]["p1"], saved["scores"]["p2"]) == ([1, 1, 1, 0], [0, 0, 0, 1])
