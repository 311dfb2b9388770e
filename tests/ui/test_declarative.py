"""The declarative game screen prototype (``companion.ui.declarative``, issue 26) draws what the slots draw.

It is off in the app (``COMPANION_DECLARATIVE=1`` switches it on for ``scripts/bench_taps.py --declarative``), so
this keeps it from rotting: the two bench scenarios - a game with every module, Next tapped; a solo game with the
Broodmother, her draw tapped - are drawn in-process through Flet's own diff (the one that skips a memoized
component), and every panel must come out as the slots' screen draws it from the same game, before and after the
tap, with the panels that read nothing the tap changed left as they were (the same controls).
"""

from __future__ import annotations

from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from flet.components.component import Component, Renderer
from flet.controls.base_control import BaseControl
from flet.controls.object_patch import ObjectPatch

from companion.core.commands.scoring import AdjustScore
from companion.core.i18n import using
from companion.core.session import Session
from companion.core.setup import GameSetup
from companion.store import GameStore
from companion.ui.app import AppContext, SessionPool
from companion.ui.declarative import DeclarativeGameScreen
from companion.ui.screens.game import GameScreen
from companion.ui.slots import fingerprint
from tests.ui.test_build_once import EVERYTHING, SOLO
from tests.ui.test_kept_panels import PlayingTab, controls


def open_screen(store: GameStore, setup: GameSetup) -> tuple[DeclarativeGameScreen, Session]:
    """The declarative screen on a new game, its first drawing made as a page's first update makes it."""
    app = PlayingTab(AppContext(store, None, SessionPool(store)))  # type: ignore[arg-type]
    session = store.create(setup, seed=3)
    app.ctx.sessions.add(session)
    screen = DeclarativeGameScreen(app, f"/game/{session.id}", {"id": session.id})  # type: ignore[arg-type]
    _, added, _ = ObjectPatch.from_diff(None, screen.build_view(), control_cls=BaseControl)
    for control in added:
        control.did_mount()
    return screen, session


def redraw(screen: DeclarativeGameScreen) -> None:
    """What ``Component.update`` does on a page: the root drawn again and diffed with the drawing on the page (the
    diff is where a memoized component is skipped or drawn)."""
    root = screen.root
    assert root is not None
    drawn = Renderer(root).render(root.fn, *root.args, **root.kwargs)
    object.__setattr__(drawn, "_frozen", True)
    ObjectPatch.from_diff({"_b": root._b}, {"_b": drawn}, control_cls=BaseControl, parent=root, path=[], frozen=True)
    root._b = drawn


def panels(screen: DeclarativeGameScreen) -> dict[str, Any]:
    """Each panel on the declarative screen: its drawing (the component's body)."""
    assert screen.root is not None
    parts = {item.key: item.content.content for item in screen.root._b.controls}  # an item holds its part's frame
    return {key: part._b for key, part in parts.items() if isinstance(part, Component) and key.startswith("panel-")}


def as_the_slots_draw(screen: DeclarativeGameScreen) -> dict[str, object]:
    """Each panel as today's screen (slots and kept panels) draws it from the same game."""
    slots = GameScreen(screen.app, screen.route, screen.params)
    slots.build_view()
    return {name: placed.drawing for name, placed in slots.slots.placed.items()
            if name.startswith("panel-") and placed.holder.visible}


def tap(screen: DeclarativeGameScreen, ident: str) -> None:
    assert screen.root is not None
    handler = next(getattr(c, "on_click", None) or c.on_tap for c in controls(screen.root._b)
                   if getattr(c, "identifier", None) == ident and (getattr(c, "on_click", None) or
                                                                   getattr(c, "on_tap", None)))
    handler(None)


@pytest.mark.parametrize(("setup", "button", "left_as_drawn", "drawn_again"), [
    (EVERYTHING, "next-phase", {"panel-mutations", "panel-predators", "panel-chambers"}, {"panel-aphids"}),
    (SOLO, "bm-her-turn", {"panel-workers", "panel-tactics"}, {"panel-bm-turn", "panel-bm-deck"}),
], ids=["next-every-module", "her-draw"])
def test_the_bench_scenarios_draw_as_the_slots_do(tmp_path: Path, setup: GameSetup, button: str,
                                                 left_as_drawn: set[str], drawn_again: set[str]) -> None:
    with closing(GameStore(tmp_path / "games.json")) as store, using("en"):
        screen, session = open_screen(store, setup)
        assert {k: fingerprint(v) for k, v in panels(screen).items()} == as_the_slots_draw(screen)
        session.execute(AdjustScore("p1", 1))  # a first change: each panel's reads are known from here on
        redraw(screen)
        before = panels(screen)
        revision = session.revision
        tap(screen, button)
        assert session.revision > revision, f"tapping {button} changed the game"
        redraw(screen)
        after = panels(screen)
        assert {k: fingerprint(v) for k, v in after.items()} == as_the_slots_draw(screen), "none left stale"
    assert all(after[name] is before[name] for name in left_as_drawn), "memoized: the same controls"
    assert all(after[name] is not before[name] for name in drawn_again), "drawn from what the tap changed"
