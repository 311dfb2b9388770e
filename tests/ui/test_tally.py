"""The points tally: the floor, what is read back from the device, and its drawing from its view."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from companion.core.actions import action_key
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import EndEarly
from companion.core.content import Content
from companion.core.session import Executed, Session
from companion.core.setup import GameSetup, PlayerSpec
from companion.core.state import total_score
from companion.core.tally import MAX_ENTRIES, Tally, tally_view
from companion.store import GameStore
from companion.ui.tally import tally_controls
from companion.ui.theme import Sizes
from tests.module_helpers import session
from tests.ui.test_kept_panels import controls


def test_the_sum_stays_at_or_above_the_floor() -> None:
    tally = Tally()  # no game chosen: not below 0
    tally.add(3)
    assert not tally.can_add(-5)
    tally.add(-5)  # refused, not clamped
    assert tally.entries == [3] and tally.total == 3
    tally.add(-3)
    assert tally.total == 0


def test_a_game_without_a_floor_allows_negative_sums() -> None:
    tally = Tally(floor=None)
    tally.add(-5)
    assert tally.total == -5


def test_the_saved_tally_comes_back() -> None:
    tally = Tally([5, 3, -1], "g-00000001", "p2")
    again = Tally.from_saved(tally.to_saved())
    assert (again.entries, again.game_id, again.player_id) == ([5, 3, -1], "g-00000001", "p2")


@pytest.mark.parametrize("saved", [None, "", "not json", "[1, 2]", '{"entries": "5"}',
                                   '{"entries": [1.5]}', '{"entries": [true]}', '{"entries": [100000]}',
                                   '{"entries": [' + ",".join(["1"] * (MAX_ENTRIES + 1)) + "]}"])
def test_anything_else_read_back_is_ignored(saved: object) -> None:
    assert Tally.from_saved(saved).entries == []


def test_a_player_without_a_game_is_dropped() -> None:
    again = Tally.from_saved('{"entries": [2], "game": 7, "player": "p1"}')
    assert again.entries == [2] and again.game_id is None and again.player_id is None


# -- drawn from its view, never asking the game (issue 35) ---------------------------------------------------------
class _Screen:
    """What the tally's drawing uses of the Calculators screen and its tab: a real store and its sessions."""

    sizes = Sizes()

    def __init__(self, store: GameStore, games: dict[str, Session]) -> None:
        self.tally, self.models, self.refreshed, self._games = Tally(), {}, 0, games
        self.app = self.answers = self.changes = self.page = self  # the tab's parts: this stub is each
        self.ctx = SimpleNamespace(store=store)
        self.shown: list[str] = []

    def handler(self, action: Callable[[], object]) -> Callable[[object], object]:
        return lambda _=None: action()

    def session(self, game_id: str) -> Session:
        return self._games[game_id]

    def execute(self, session: Session, command: Command, debounce: str | None = None) -> Executed:
        return session.execute(command)

    def run_task(self, *_: object) -> None:
        """The device's storage is the browser's: nothing kept here."""

    def show_info(self, text: str) -> None:
        self.shown.append(text)

    def refresh(self) -> None:
        self.refreshed += 1


def _drawn(screen: _Screen, m: pytest.MonkeyPatch) -> dict[str, ft.Semantics]:
    """The tally drawn while asking the game whether a command may run raises: its labelled controls by id."""
    def asked(*_: object, **__: object) -> Any:
        raise AssertionError("the tally asked the game instead of its view's actions")

    with m.context() as patched:
        for name in ("can", "why_not", "verify"):
            patched.setattr(Session, name, asked)
        drawn = tally_controls(screen)  # type: ignore[arg-type]
    return {str(c.identifier): c for root in drawn for c in controls(root)
            if isinstance(c, ft.Semantics) and c.identifier}


def test_the_tally_draws_what_its_view_says_and_never_asks_the_game(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The floor, the players and the send: each as the game says, the send tappable exactly when the session
    takes the score change, its reason the session's when not; an ended game is no target."""
    store = GameStore(tmp_path / "games.json")
    base = store.create(GameSetup(game="mota", players=(PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"))))
    cards = store.create(GameSetup(game="antscape", players=(PlayerSpec("Cy", "blue"), PlayerSpec("Di", "pink"))))
    screen = _Screen(store, {base.id: base, cards.id: cards})
    drawn = _drawn(screen, monkeypatch)
    assert drawn["tally-sub-1"].on_tap is None and drawn["tally-floor"].content.value == (  # type: ignore[union-attr]
        "The sum stays at or above 0.")
    assert "tally-player-p1" not in drawn  # no game chosen yet
    screen.tally.game_id, screen.tally.player_id = cards.id, "p2"  # Antscape: no floor
    drawn = _drawn(screen, monkeypatch)
    assert drawn["tally-sub-5"].on_tap is not None and "tally-send" not in drawn  # nothing to send at 0
    drawn["tally-sub-5"].on_tap(None)  # type: ignore[operator]
    drawn = _drawn(screen, monkeypatch)
    assert drawn["tally-total"].label == "Total: -5" and drawn["tally-send"].label == "Add -5 to Di"
    assert drawn["tally-send"].on_tap is not None and Session.can(cards, AdjustScore("p2", -5))
    screen.tally.game_id, screen.tally.player_id = base.id, "p1"  # the base game: Ana's 0 cannot lose 5
    drawn = _drawn(screen, monkeypatch)
    reason = Session.why_not(base, AdjustScore("p1", -5))
    assert reason and drawn["tally-send"].on_tap is None
    assert drawn["tally-send-why"].content.value == reason  # type: ignore[union-attr]
    screen.tally.entries = [3]
    drawn = _drawn(screen, monkeypatch)
    drawn["tally-send"].on_tap(None)  # type: ignore[operator]
    assert total_score(base.state, "p1") == 3 and screen.tally.entries == []
    base.execute(EndEarly("leaders"))
    screen.tally.entries = [2]
    drawn = _drawn(screen, monkeypatch)
    assert "tally-player-p1" not in drawn and "tally-send" not in drawn  # an ended game takes no score
    store.close()


def test_the_view_says_the_floor_and_the_sends_from_the_game(content: Content) -> None:
    s = session(content, 2)
    view = tally_view(Tally([2]), (1, -1, -5), s)
    assert (view["floor"], view["fits"], view["in_game"]) == (0, {1: True, -1: True, -5: False}, True)
    assert view["actions"] == {action_key(AdjustScore(p, 2)): None for p in ("p1", "p2")}
    assert tally_view(Tally([2]), (-5,), None) == {"total": 2, "floor": 0, "fits": {-5: False}, "in_game": False,
                                                   "players": [], "actions": {}}
