"""Controls the Harvest and Slumber scoring panels share: counters and buttons the core enables.

Each control sends a core command; whether it is enabled is what the panel's view says of that command (its
``actions``, the command's own ``verify`` in the core), so no panel re-derives a rule nor asks the session. No panel
is registered here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Unpack

import flet as ft

from companion.core.actions import Reason, allowed
from companion.core.commands.base import Command
from companion.core.content import Content
from companion.core.i18n import is_message
from companion.core.state import State
from companion.ui import widgets
from companion.ui.i18n import Renderable, render, tr, trf, verbatim
from companion.ui.panels import PanelContext, refused, sends
from companion.ui.panels.broodmother.controls import ChoiceOptions, Handler, boxed, buttons, choice, line, note
from companion.ui.theme import Sizes

__all__ = ["Listed", "apply_button", "boxed", "buttons", "choice", "command_choice", "count", "interpretations", "line",
           "note", "pick", "view_text", "wide_choice"]

Listed = Mapping[str, Reason | None]  # a view's actions
HALF: ft.ResponsiveNumber = {"xs": 12, "md": 6}  # a choice takes a row on a phone, half of it on a tablet


def count(ctx: PanelContext, listed: Listed, label: str, value: int, make: Callable[[int], Command], *,
          identifier: str, shown: str | None = None) -> ft.Control:
    """``label  [-] value [+]``: each button is the command for one less / one more (the view lists both:
    ``companion.core.actions.stepping``)."""
    minus = sends(ctx, listed, make(value - 1)) if value > 0 else None
    plus = sends(ctx, listed, make(value + 1))
    return ft.Row([
        ft.Text(label, size=ctx.sizes.body, expand=True),
        widgets.stepper(label, shown if shown is not None else str(value), minus, plus, ctx.sizes,
                        identifier=identifier, minus_label=trf("{label}: one less", label=label),
                        plus_label=trf("{label}: one more", label=label)),
    ], vertical_alignment=ft.CrossAxisAlignment.CENTER)


def pick(ctx: PanelContext, listed: Listed, options: list[tuple[str, str]], current: str,
         make: Callable[[str], Command], *, identifier: str) -> ft.Control:
    """One button per choice (value, label); the current one drawn selected."""
    cells = [choice(label, sends(ctx, listed, make(value)) if value != current else None, ctx.sizes,
                    identifier=f"{identifier}-{value or 'none'}", selected=value == current)
             for value, label in options]
    return buttons(cells)


def apply_button(ctx: PanelContext, listed: Listed, command: Command, done: bool, done_text: str, *,
                 identifier: str, action: str | None = None) -> list[ft.Control]:
    """The one-tap "apply to scores": labelled with what it will book, or the core's reason it cannot.

    ``action`` names a step that books no points (the aphids breed): its button says that step, never "scores".
    """
    if done:
        return [note(done_text, ctx.sizes, identifier=f"{identifier}-done", icon=ft.Icons.CHECK_CIRCLE_OUTLINE)]
    reason = refused(listed, command)
    label = render(command.describe(ctx.state, ctx.content)) if reason is None else action or tr("Apply to scores")
    spoken = label if action else trf("Apply to scores: {what}", what=label)
    out = [choice(spoken, sends(ctx, listed, command, debounce=identifier), ctx.sizes,
                  identifier=identifier, text=label, kind="filled", icon=ft.Icons.PLAYLIST_ADD_CHECK, expand=True)]
    if reason is not None:
        out.append(note(reason, ctx.sizes, identifier=f"{identifier}-why"))
    return out


def interpretations(ctx: PanelContext, texts: Sequence[Renderable], identifier: str) -> ft.Control:
    """The core's interpretations (messages), each in the reader's language."""
    return ft.Column([note(render(t), ctx.sizes, identifier=f"{identifier}-{i}") for i, t in enumerate(texts)],
                     spacing=4)


def notes_part(ctx: PanelContext, area: str, view: Callable[[State, Content], Any], prefix: str) -> ft.Control:
    """An area's reminders and interpretations, one part of its panel kept as drawn while they are the same
    (``companion.ui.pieces``: a tap elsewhere in the panel does not build them again)."""

    def build(own: PanelContext) -> list[ft.Control]:
        shown = own.area(area, view)
        return [*(note(render(text), own.sizes, identifier=f"{prefix}-reminder-{i}")
                  for i, text in enumerate(shown["reminders"])),
                interpretations(own, shown["interpretations"], f"{prefix}-interpretation")]

    return ctx.piece("notes", build)


def wide_choice(label: str, on_tap: Handler | None, sizes: Sizes, **kwargs: Unpack[ChoiceOptions]) -> ft.Control:
    """A choice button a whole row wide on a phone, half on a tablet."""
    return choice(label, on_tap, sizes, col=HALF, **kwargs)


def command_choice(ctx: PanelContext, listed: Listed, command: Command, label: str, identifier: str,
                   kind: str = "outlined") -> ft.Control | None:
    """The button that sends ``command``, or None while the view says the game refuses it (then nothing shows)."""
    if not allowed(listed, command):
        return None
    return wide_choice(label, ctx.handler(lambda: command), ctx.sizes, identifier=identifier, kind=kind)


def view_text(value: Renderable) -> str:
    """A text of a view: a message in the reader's language, a name a player typed as it is."""
    return render(value) if is_message(value) else verbatim(str(value))
