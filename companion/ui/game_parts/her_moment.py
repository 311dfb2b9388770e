"""Her moment on the game screen: her view of the game (asked once per revision), whether her question is open, and
the frame her card and question are drawn in."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.model import has_broodmother
from companion.ui.i18n import tr
from companion.ui.kept import GameReader

if TYPE_CHECKING:
    from companion.core.broodmother.shown import BroodmotherView
    from companion.core.session import Session


def her_view(session: Session) -> BroodmotherView | None:
    """The Broodmother's view of the game (asked once per revision), or None in a game without her."""
    kept = GameReader(session)
    if not has_broodmother(kept.state):
        return None
    return kept.ask("broodmother_view", lambda state: broodmother_view(state, kept.content))


def her_question_open(session: Session) -> bool:
    view = her_view(session)
    return view is not None and bool(view["question"])


def asking(session: Session) -> bool:
    """Her moment holds the top of the screen, so the round bar is one line: her question is open (the moment is
    its answer; Next waits for it), or her card was just drawn and its instructions are under it, all on the
    first phone screen."""
    view = her_view(session)
    if view is None:
        return False
    turn = view["turn"]
    return bool(view["question"]) or bool(view["report_draw"] and turn and not turn["cancelled"])


def now_box(controls: list[ft.Control]) -> ft.Control:
    """What this moment asks (her card, her question and its answers, the token), framed, without a heading."""
    box = ft.Container(ft.Column(controls, spacing=6), padding=ft.Padding.symmetric(horizontal=10, vertical=8),
                       border_radius=14, border=ft.Border.all(2, ft.Colors.PRIMARY))
    key = ft.ScrollKey("now")  # type: ignore[call-arg]
    return ft.Semantics(identifier="now", container=True, label=tr("Her turn"), content=box, key=key)
