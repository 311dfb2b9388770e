"""Panels, the round bar and the standings read what their views say of their actions; they never ask the session
(issue 35, "One redraw").

Every panel of real games - every module of March of the Ants and of the Evolved Edition, her solo, co-op and
asymmetric games, Antscape - is built after each of a few dozen moves the table could make (each area's own
``moves``, the ones the game takes, in a seeded order), while asking the session or the tab's reader whether a
command may run raises: a panel that still asks fails here, and so does one that looks up a command its view does
not list (``UnlistedAction``), and so does one whose view answers by a command's bare ``can`` (the game-over gate
left out) rather than its ``actions``. The game screen's round bar and standings are drawn the same way, from the
game view's ``actions``, and each of their buttons must then be enabled exactly when the session takes its command.
No module of the panels, the game screen's parts or the Calculators' tally names ``can(`` or ``why_not(`` either,
no view of the core answers by ``.can(``, and the panels and the tally that draw only from their views (Seasons,
Symbiotes, the tally: ``FROM_THEIR_VIEWS``) read nothing of the game's state themselves. The tally's drawing is
checked against the session in ``tests/ui/test_tally.py``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import EndEarly, FinishGame, NextPhase, NextRound
from companion.core.content import Content, load_content
from companion.core.hooks import all_hooks
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.units import all_units, every_module
from companion.store import GameStore
from companion.ui.app import AppContext, SessionPool
from companion.ui.kept import GameReader
from companion.ui.panels import panels_for
from companion.ui.panels.antscape.drafts import draft_for
from companion.ui.screens.game import GameScreen
from tests.module_helpers import session
from tests.ui.test_broodmother_helpers import ASYM, COOP, SOLO, StubApp
from tests.ui.test_build_once import TabStub
from tests.ui.test_kept_panels import controls

COMPANION = Path(__file__).resolve().parents[2] / "companion"
UI = COMPANION / "ui"
# the panels, the round bar, standings and the rest of the game screen, and the Calculators' tally
ASKERS = (UI / "panels", UI / "game_parts", UI / "tally.py", UI / "screens" / "calculators.py")
#: UI modules drawn from their views alone: no game state read, no rule helper of an area imported.
FROM_THEIR_VIEWS = (UI / "panels" / "seasons.py", UI / "panels" / "symbiotes.py", UI / "tally.py")
STEPS = 30


class AskedTheSession(AssertionError):
    """A panel asked whether a command may run instead of reading its view."""


def _built(s: Session) -> int:
    """Every panel the game shows, built as the game screen builds it: the number of controls drawn."""
    app = StubApp()
    draft_for(app, s.id).selected = (2, 2)  # Antscape: a cell selected, so its editor is drawn (else unused)
    drawn = 0
    for panel, module_id in panels_for(s.state):
        ctx = app.panel_context(s, module_id)
        panel.title_for(ctx)
        drawn += len(panel.build(ctx))
        if panel.now is not None:
            drawn += len(panel.now(ctx))
    return drawn


def _moves(s: Session, content: Content) -> list[Command]:
    """The moves the table could make now in each active area, and Next: those the game takes."""
    hooks = {h.id: h for h in all_hooks()}
    found: list[Command] = [NextPhase()]
    for unit in all_units():
        for hooks_id, moves in unit.moves.items():
            if hooks_id in hooks and hooks[hooks_id].active(s.state):
                found += list(moves(s.state, content))
    return [c for c in found if Session.can(s, c)]


def _game(name: str, content: Content) -> Session:
    if name in HERS:
        return Session(new_doc("g-test", "Test", new_state(HERS[name], content, seed=5)), saver=lambda d: None,
                       content=content)
    if name == "antscape":
        setup = GameSetup(game="antscape", mode="competitive", players=ANTSCAPE)
        return Session(new_doc("g-test", "Test", new_state(setup, content, seed=5)), saver=lambda d: None,
                       content=content)
    game = name.split("-")[0]
    picked = every_module(content, game, drafting="round-draft") if game == "mota" else every_module(content, game)
    return session(content, 4 if game == "mota" else 3, game=game, **picked)  # type: ignore[arg-type]


ANTSCAPE = (PlayerSpec("Irene", "pink"), PlayerSpec("Jo", "green"), PlayerSpec("Kim", "blue"))
HERS = {"solo": SOLO, "coop": COOP, "asymmetric": ASYM}
GAMES = ("mota-every-module", "evolved-every-module", "solo", "coop", "asymmetric", "antscape")


@pytest.mark.parametrize("name", GAMES)
def test_panels_read_their_views_actions_and_never_ask_the_session(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    content = load_content()
    s = _game(name, content)
    rng = random.Random(name)
    drawn = 0
    for _ in range(STEPS):
        with monkeypatch.context() as m:
            _refuse_asking(m)
            drawn += _built(s)
        moves = _moves(s, content)
        if not moves:
            break
        s.execute(rng.choice(moves))
    assert drawn > STEPS  # the panels drew something at each step


def _refuse_asking(m: pytest.MonkeyPatch) -> None:
    def asked(*_: object, **__: object) -> Any:
        raise AskedTheSession("a panel asked the session instead of its view's actions")

    for owner in (Session, GameReader):
        for name in ("can", "why_not"):
            m.setattr(owner, name, asked)
    m.setattr(Session, "verify", asked)
    m.setattr(Command, "can", asked)  # a view's answer without the game-over gate: its actions are the one way


def _lines(paths: tuple[Path, ...], pattern: str) -> list[str]:
    """Each line of the Python files at ``paths`` (a folder: all within) matching ``pattern``, as file:line."""
    found = re.compile(pattern)
    files = [f for path in paths for f in (sorted(path.rglob("*.py")) if path.is_dir() else [path])]
    return [f"{f.relative_to(COMPANION)}:{n}" for f in files
            for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1) if found.search(line)]


def test_no_panel_or_game_screen_part_asks_whether_a_command_may_run() -> None:
    assert _lines(ASKERS, r"\.(can|why_not)\(") == []
    assert len(list(UI.joinpath("game_parts").glob("*.py"))) > 3  # the walk sees the round bar and the standings
    assert all(path.exists() for path in ASKERS + FROM_THEIR_VIEWS)


def test_no_view_answers_by_a_bare_can() -> None:
    """A view of the core says what the game takes by its ``actions`` (the game-over gate, then ``verify``)."""
    views = (*sorted(COMPANION.joinpath("core").rglob("*view*.py")), COMPANION / "core" / "tally.py")
    assert len(views) > 10 and _lines(views, r"\.can\(") == []


def test_the_views_only_panels_and_the_tally_read_no_state_of_the_game() -> None:
    """Seasons, Symbiotes and the tally draw from their views: no state read, no area's model or ``game_def``."""
    assert _lines(FROM_THEIR_VIEWS, r"\.state\b|game_def|\.model import (?!KEY$)") == []


@pytest.mark.parametrize("name", GAMES)
def test_the_round_bar_and_the_standings_read_the_game_views_actions(name: str, monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    """Drawn while asking the session raises, each button is enabled exactly when the session takes its command."""
    content = load_content()
    s = _game(name, content)
    store = GameStore(tmp_path / "games.json")
    app = TabStub(AppContext(store, None, SessionPool(store)))  # type: ignore[arg-type]
    app.ctx.sessions.add(s)
    screen = GameScreen(app, f"/game/{s.id}", {"id": s.id})  # type: ignore[arg-type]
    rng = random.Random(name)
    compared = 0
    for _ in range(STEPS):
        with monkeypatch.context() as m:
            _refuse_asking(m)
            view = screen.view_data()
            screen.round_bar.inputs(view, False, screen.tab_value())
            drawn = [screen.round_bar.draw(view), screen.round_bar.draw(view, compact=True),
                     screen.standings.draw(view)]
        compared += _enabled_as_the_session_says(s, app, drawn)
        moves = _moves(s, content)
        if not moves:
            break
        s.execute(rng.choice(moves))
    store.close()
    assert compared > STEPS


def _enabled_as_the_session_says(s: Session, app: TabStub, drawn: list[ft.Control]) -> int:
    """Each turn button and -/+ drawn is tappable exactly when the session takes its command (Finish and End
    early drawn only then); Next refused in a game still going says the session's reason. Returns buttons seen."""
    tappable: dict[str, list[bool]] = {}
    said: dict[str, str] = {}
    for control in (c for root in drawn for c in controls(root) if isinstance(c, ft.Semantics) and c.identifier):
        ident = str(control.identifier)
        tappable.setdefault(ident, []).append(control.on_tap is not None)
        said[ident] = str(control.label)
    expected = {"next-phase": NextPhase(), "next-round": NextRound()}
    expected |= {f"{sign}-{p['id']}": AdjustScore(p["id"], delta) for p in s.state["players"]
                 for sign, delta in (("minus", -1), ("plus", 1)) if f"{sign}-{p['id']}" in tappable}
    for ident, command in expected.items():
        assert set(tappable[ident]) == {Session.can(s, command)}, (ident, command)
    for ident, command in {"finish-game": FinishGame(), "end-early": EndEarly(app.settings.early_end)}.items():
        assert (ident in tappable) == Session.can(s, command), ident
    reason = Session.why_not(s, NextPhase())
    assert said.get("next-phase-why") == (reason if s.state["ended"] is None else None)
    return sum(map(len, tappable.values()))
