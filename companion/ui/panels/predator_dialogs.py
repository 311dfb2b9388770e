"""Dialogs the predator panels share: a number typed in, a few texts typed from a card.

Each dialog builds a core command from what was typed and runs it; a refusal (the core's
own sentence) is shown under the fields and the dialog stays open. No panel is registered here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.core.commands.base import Command
from companion.core.errors import GameError
from companion.ui import widgets
from companion.ui.fields import FieldMessage, LabelledField
from companion.ui.fields import text_field as labelled_field
from companion.ui.i18n import tr, trf
from companion.ui.panels import PanelContext
from companion.ui.theme import DIALOG_BUTTON_GAP


def whole_number(text: str | None, what: str, *, optional: bool = False) -> int | None:
    value = (text or "").strip()
    if not value and optional:
        return None
    if not value.lstrip("-").isdigit():
        raise GameError(trf("{what}: type a whole number, such as 3.", what=what))
    return int(value)


def ask(ctx: PanelContext, title: str, fields: Sequence[ft.Control | LabelledField],
        actions: list[tuple[str, str, Callable[[], Command]]], *, identifier: str, reveal: str | None = None) -> None:
    """A dialog with ``fields``; each action is (label, identifier, build) run through the session; once one has
    run, the part keyed ``reveal`` (what it opened) is scrolled into view."""
    s = ctx.sizes
    problem = FieldMessage(s, f"{identifier}-problem")  # hidden as a whole: a Semantics over a hidden Text
    # shows Flet's own red error box ("Semantics.content must be provided and visible")

    def run(build: Callable[[], Command]) -> Callable[[], None]:
        def act() -> None:
            try:
                ctx.dispatch(build())
            except GameError as exc:
                problem.show(str(exc))
                return
            ctx.dialogs.pop_dialog()
            if reveal is not None:
                ctx.reveal(reveal)

        return act

    if fields and actions and isinstance(fields[-1], LabelledField):
        fields[-1].box.on_submit = ctx.answers.handler(run(actions[0][2]))
    placed = [f.control if isinstance(f, LabelledField) else f for f in fields]
    buttons = [widgets.tap_button(tr("Cancel"), ctx.answers.handler(ctx.dialogs.pop_dialog), kind="text",
                                  identifier=f"{identifier}-cancel", sizes=s)]
    buttons += [widgets.tap_button(label, ctx.answers.handler(run(build)), identifier=f"{identifier}-{ident}",
                                   sizes=s)
                for label, ident, build in actions]
    # The dialog scrolls as a whole when it must (a long form at the largest text); a column scrolling on its
    # own took all the height it was offered, so one field sat on top of a screen-tall empty dialog.
    ctx.dialogs.show_dialog(ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
        modal=True, title=ft.Text(title, size=s.title), semantics_label=title, scrollable=True,
        content=ft.Column([*placed, problem.control], tight=True, spacing=8),
        actions=buttons))


def number_field(ctx: PanelContext, label: str, value: str = "", *, focus: bool = True,
                 helper: str | None = None) -> LabelledField:
    """A short ``label`` over the field and, under it, what else to know (``helper``)."""
    return labelled_field(label, ctx.sizes, value=value, autofocus=focus, keyboard_type=ft.KeyboardType.NUMBER,
                          text_size=ctx.sizes.title, on_change=lambda _: None, helper=helper)


def text_field(ctx: PanelContext, label: str, value: str = "", *, focus: bool = False,
               multiline: bool = False) -> LabelledField:
    return labelled_field(label, ctx.sizes, value=value, autofocus=focus, multiline=multiline,
                          text_size=ctx.sizes.body, on_change=lambda _: None)
