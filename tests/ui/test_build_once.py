"""One game-screen build asks the session each question once: her view once, whether each command can run once.

The screen is built in-process (no browser) for a solo game and a 4-player game with every
Minions/Empires module, right after a change (so nothing is left cached from before), while a
profiler counts the calls of ``broodmother_view``, of the game view's builder and of the session's
answer to whether a command may run (``companion.core.session.refusal``). Before the UI kept its answers
(``companion.ui.kept.GameReader``) one build computed her view 11 times and asked about the same
commands again and again; a change must still be seen at once (a button enabled by the old game
is a bug), and two readers in two languages must each get their own words.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from companion.core.actions import allowed
from companion.core.broodmother.commands import DrawCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.broodmother.view import _broodmother_view, broodmother_view
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextPhase
from companion.core.i18n import using
from companion.core.session import Session, refusal
from companion.core.setup import GameSetup, PlayerSpec
from companion.core.views import _game_view
from companion.store import GameStore
from companion.store.settings import Settings
from companion.ui import kept
from companion.ui.app import AppContext, SessionPool
from companion.ui.kept import GameReader
from companion.ui.models import ShownRevisions
from companion.ui.screens.game import GameScreen
from companion.ui.theme import Sizes
from tests.module_helpers import EVERY_MODULE

SOLO = GameSetup(game="mota", mode="solo", players=(PlayerSpec("Ana", "red"),), expansions=("minions",))
EVERYTHING = GameSetup(
    game="mota", mode="competitive",
    players=tuple(PlayerSpec(n, c) for n, c in (("Ana", "red"), ("Bo", "blue"), ("Cy", "black"), ("Di", "yellow"))),
    **EVERY_MODULE)


class TabStub:
    """What the game screen asks of its tab while it builds (no page: nothing is sent)."""

    sizes = Sizes()
    guest = False
    can_play = True
    device = None
    page = SimpleNamespace(width=360.0)  # a phone: the one-column "now" layout
    settings = Settings()  # the device's settings as a new player has them (an early end counts its leaders)

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.shown = ShownRevisions()
        self.opened_tiles: set[str] = set()
        self.places: dict[str, float] = {}
        # The tab's parts (``PageApp.answers``, ``changes``, ...): this stub is each of them.
        self.answers = self.changes = self.routes = self.guests = self

    def session(self, game_id: str) -> Session:
        return self.ctx.sessions.get(game_id)

    def note_shown(self, session: Session) -> None:
        self.shown.sent(session.id, session.revision)

    def handler(self, action: Callable[[], Any]) -> Callable[[Any], None]:
        return lambda _=None: action()

    def guard(self, action: Callable[[], Any]) -> Any:
        return action()

    def typed_cards(self, kind: str) -> list[dict[str, Any]]:
        return []

    def execute(self, session: Session, command: Any, *, debounce: str | None = None) -> Any:
        return session.execute(command)

    def refresh(self) -> None:
        pass


@pytest.fixture(autouse=True)
def _as_players_run_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted as the app runs for players: the suite's check of kept panels asks every question afresh."""
    monkeypatch.setattr(kept, "CHECK", False)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    games = GameStore(tmp_path / "games.json")
    yield games
    games.close()


def build(app: TabStub, session: Session) -> None:
    """The whole screen as a tab builds it (``Screen.build_view``: app bar, body, bottom bar)."""
    GameScreen(app, f"/game/{session.id}", {"id": session.id}).build_view()  # type: ignore[arg-type]


def counted(action: Callable[[], None]) -> tuple[Counter[str], Counter[tuple[str, Command]]]:
    """Calls of the view builders by name, and of the session's answer whether a command may run (``refusal``) by
    command, while ``action`` runs."""
    verifies = {refusal.__code__}
    views = {_broodmother_view.__code__: "broodmother_view", _game_view.__code__: "game_view"}
    built: Counter[str] = Counter()
    verified: Counter[tuple[str, Command]] = Counter()

    def profile(frame: Any, event: str, _: Any) -> None:
        if event != "call":
            return
        if frame.f_code in views:
            built[views[frame.f_code]] += 1
        elif frame.f_code in verifies:
            command = frame.f_locals["command"]
            verified[(type(command).__name__, repr(command))] += 1

    sys.setprofile(profile)
    try:
        action()
    finally:
        sys.setprofile(None)
    return built, verified


def solo_game(store: GameStore) -> Session:
    session = store.create(SOLO, seed=2)
    for number, zone, sites in ((4, "inner", 2), (7, "outer", 3), (12, "inner", 1)):
        session.execute(AddHex(number, zone, sites))
    return session


def test_a_solo_build_makes_her_view_once_and_verifies_each_command_once(store: GameStore) -> None:
    app = TabStub(AppContext(store, None, SessionPool(store)))  # type: ignore[arg-type]
    session = solo_game(store)
    app.ctx.sessions.add(session)
    with using("en"):
        for change in (DrawCard(), NextPhase()):  # her card on the table, then another phase
            session.execute(change)
            built, verified = counted(lambda: build(app, session))
            assert built == {"broodmother_view": 1, "game_view": 1}
            assert len(verified) >= 8  # the screen asks about many commands ...
            assert max(verified.values()) == 1, verified.most_common(3)  # ... each of them once
            again_built, again_verified = counted(lambda: build(app, session))  # nothing changed: all kept
            assert not again_built and not again_verified  # the round bar's reasons are the game view's too


def test_a_competitive_build_with_every_module_verifies_each_command_once(store: GameStore) -> None:
    app = TabStub(AppContext(store, None, SessionPool(store)))  # type: ignore[arg-type]
    session = store.create(EVERYTHING, seed=3)
    app.ctx.sessions.add(session)
    with using("en"):
        session.execute(AdjustScore("p2", 3))
        built, verified = counted(lambda: build(app, session))
        assert built == {"game_view": 1}
        assert len(verified) >= 12
        # the round bar's and the standings' answers are the game view's: every command verified once, Next round too
        assert max(verified.values()) == 1, verified.most_common(3)
        assert sum(verified.values()) == len(verified)


def her_view(session: Session | GameReader) -> dict[str, Any]:
    """Her view as a drawing asks for it (kept), or straight from the session (the CLI, tests: always afresh)."""
    if isinstance(session, GameReader):
        return session.ask("broodmother_view", lambda state: broodmother_view(state, session.content))
    return dict(broodmother_view(session.state, session.content))


def test_every_change_is_seen_by_the_next_question(store: GameStore) -> None:
    """Answers are kept per change: a command, an undo and a redo each make the next answer afresh."""
    session = solo_game(store)
    drawing = GameReader(session)
    with using("en"):
        assert drawing.can(DrawCard()) and drawing.can(NextPhase())
        assert allowed(her_view(drawing)["actions"], DrawCard())
        session.execute(NextPhase())  # the Soldier Phase: her next card waits
        assert not drawing.can(DrawCard())
        assert drawing.why_not(DrawCard()) == (
            "She reacts after each player's turn, and players take their turns in the Worker Phase. "
            "It is the Soldier Phase now: her next card waits for the Worker Phase.")
        assert not allowed(her_view(drawing)["actions"], DrawCard())
        session.undo()
        assert drawing.can(DrawCard()) and allowed(her_view(drawing)["actions"], DrawCard())
        session.redo()
        assert not drawing.can(DrawCard()) and not DrawCard().can(session.state, session.content)


def test_answers_are_kept_per_saved_game_for_every_drawing(store: GameStore) -> None:
    session = solo_game(store)

    def kept_answer() -> object:  # the answer itself (a drawing is handed its entries, ``kept.Entries``)
        return GameReader(session).answer("broodmother_view",
                                          lambda state: broodmother_view(state, session.content))[0]

    first = kept_answer()
    assert her_view(GameReader(session)) == first
    assert kept_answer() is first  # another drawing (another tab) of the same game: kept
    assert her_view(session) is not first  # the session itself (the CLI, tests): always afresh
    session.state["round"] = 2  # changed in place (only tests do that): seen outside a drawing
    assert her_view(session)["round"] == 2


def test_an_answer_kept_counts_what_it_read_for_each_drawing(store: GameStore) -> None:
    """A panel that takes a kept answer depends on what that answer read, as the panel that first asked did."""
    session = solo_game(store)
    first, second = GameReader(session), GameReader(session)
    her_view(first)
    assert {"phase", "modules_state.broodmother"} <= first.reads
    her_view(second)
    assert second.reads == first.reads


def test_a_game_read_again_from_disk_is_asked_afresh(store: GameStore) -> None:
    """Another process saved the game: the app drops its session and reads the game again (a new cache)."""
    session = solo_game(store)
    assert GameReader(session).can(DrawCard())
    other = GameStore(store.path)
    other.session(session.id).execute(NextPhase())
    other.close()
    again = store.session(session.id)
    assert again.revision == session.revision + 1 and not GameReader(again).can(DrawCard())


def test_two_readers_in_two_languages_get_their_own_words(store: GameStore) -> None:
    session = solo_game(store)

    def phase_label() -> str:
        return str(GameReader(session).view()["phase_label"])

    with using("en"):
        english = phase_label()
    with using("es"):
        spanish = phase_label()
    with using("en"):
        assert phase_label() == english
    assert english == "Worker Phase" and spanish.startswith("Fase") and spanish != english


def test_a_command_is_verified_afresh_when_it_runs(store: GameStore) -> None:
    """The kept answers are for screens; ``execute`` always asks ``verify`` itself."""
    session = solo_game(store)
    assert GameReader(session).can(DrawCard())
    _, verified = counted(lambda: session.execute(DrawCard()))
    assert verified[("DrawCard", repr(DrawCard()))] == 1
