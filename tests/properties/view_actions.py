"""What a view says of its actions is what the session does with them (issue 35).

``check_view_actions`` takes every view that lists actions (each active area's view from its unit, her view with a
nymph's move and a redraw drafted, the "Now" checklist, the game view: the round bar's and the standings') and, for
each action: the session's answer is the view's - allowed, or refused with the same reason in English and Spanish -
and the first allowed action of each view really runs, on a copy of the game (a session of its own, saved nowhere),
so "allowed" means accepted, not just verified.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

from companion.core.actions import command_of
from companion.core.broodmother import broodmother_view
from companion.core.broodmother.asymmetric import MoveNymph, Redraw
from companion.core.broodmother.model import TUNNEL
from companion.core.checklist import checklist_view
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.hooks import all_hooks
from companion.core.i18n import render, using
from companion.core.session import Session
from companion.core.views import game_view

LANGUAGES = ("en", "es")


def listing_views(session: Session, content: Content) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every view of this game that lists actions, by name."""
    from companion.core.units import all_units

    hooks, state = {h.id: h for h in all_hooks()}, session.state
    for unit in all_units():
        for hooks_id, view in unit.views.items():
            if hooks_id in hooks and hooks[hooks_id].active(state):
                shown = dict(view(state, content))
                if "actions" in shown:
                    yield hooks_id, shown
    if state["modules_state"].get("broodmother"):
        yield "broodmother drafted", dict(broodmother_view(state, content, _drafted(session)))
    yield "checklist", dict(checklist_view(state, content))
    yield "game", dict(game_view(session))


def _drafted(session: Session) -> tuple[Command, ...]:
    """A nymph's move and a redraw, as a tab composing them would send them: from each hex, to the tunnel."""
    hexes = [h["number"] for h in session.state["modules_state"]["broodmother"]["hexes"]]
    if not hexes:
        return ()
    return (MoveNymph(hexes[0], TUNNEL), Redraw(hexes[0], hexes[-1]))


def check_view_actions(session: Session, content: Content, run: Callable[[str], None] | None = None) -> int:
    """Each listed action answered by the session as its view says; the first allowed one per view runs on a
    copy. Returns how many actions were checked (``run`` is told each view's name when its action ran)."""
    checked = 0
    for name, view in listing_views(session, content):
        ran = False
        for key, reason in view["actions"].items():
            command = command_of(key)
            for lang in LANGUAGES:
                with using(lang):
                    said = None if reason is None else render(reason)
                    assert session.why_not(command) == said, (name, key, lang)
            if reason is None and not ran:
                _runs_on_a_copy(session, content, command)
                ran = True
                if run is not None:
                    run(name)
            checked += 1
    return checked


def _runs_on_a_copy(session: Session, content: Content, command: Command) -> None:
    """The session takes the command: on a copy of the game, nothing saved anywhere."""
    scratch = Session(copy.deepcopy(session.doc), saver=lambda doc: None, content=content)
    scratch.execute(command)
