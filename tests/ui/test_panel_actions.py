"""Panels read what their views say of their actions; they never ask the session (issue 35, "One redraw").

Every panel of real games - every module of March of the Ants and of the Evolved Edition, her solo, co-op and
asymmetric games, Antscape - is built after each of a few dozen moves the table could make (each area's own
``moves``, the ones the game takes, in a seeded order), while asking the session or the tab's reader whether a
command may run raises: a panel that still asks fails here, and so does one that looks up a command its view does
not list (``UnlistedAction``). No panel module names ``can(`` or ``why_not(`` either.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from companion.core.commands.base import Command
from companion.core.commands.turns import NextPhase
from companion.core.content import Content, load_content
from companion.core.hooks import all_hooks
from companion.core.session import Session, new_doc
from companion.core.setup import GameSetup, PlayerSpec, new_state
from companion.core.units import all_units, every_module
from companion.ui.kept import GameReader
from companion.ui.panels import panels_for
from companion.ui.panels.antscape.drafts import draft_for
from tests.module_helpers import session
from tests.ui.test_broodmother_helpers import ASYM, COOP, SOLO, StubApp

PANELS = Path(__file__).resolve().parents[2] / "companion" / "ui" / "panels"
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


def test_no_panel_module_asks_whether_a_command_may_run() -> None:
    asking = re.compile(r"\.(can|why_not)\(")
    found = [f"{path.relative_to(PANELS)}:{n}" for path in sorted(PANELS.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if asking.search(line)]
    assert found == []
