"""A small dialog that asks a few values and sends one command built from them (no panel here).

The core checks the values: a refusal is shown in the dialog and nothing changes, so a
typo never leaves half an entry behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flet as ft

from companion.core.commands.base import Command
from companion.core.errors import GameError
from companion.core.schema import Json, JsonObject
from companion.ui import widgets
from companion.ui.fields import LabelledField, text_field
from companion.ui.i18n import tr, trf
from companion.ui.panels import PanelContext
from companion.ui.theme import DIALOG_BUTTON_GAP, Sizes


@dataclass(frozen=True)
class Field:
    key: str
    label: str
    kind: str = "text"                 # text, number, radio, check
    default: str = ""
    options: tuple[tuple[str, str], ...] = ()  # radio: (value, label)


def _control(f: Field, sizes: Sizes) -> ft.Control | LabelledField:
    if f.kind == "radio":
        radios: list[ft.Control] = [ft.Radio(value=v, label=label) for v, label in f.options]
        return ft.Column([ft.Text(f.label, size=sizes.body),
                          ft.RadioGroup(content=ft.Row(radios, wrap=True), value=f.default or None)], spacing=2)
    if f.kind == "check":
        return ft.Checkbox(label=f.label, value=f.default == "yes")
    keyboard = ft.KeyboardType.NUMBER if f.kind == "number" else ft.KeyboardType.TEXT
    return text_field(f.label, sizes, value=f.default, text_size=sizes.body, on_change=lambda _: None,
                      keyboard_type=keyboard)


def _placed(control: ft.Control | LabelledField) -> ft.Control:
    return control.control if isinstance(control, LabelledField) else control


def _value(f: Field, control: ft.Control | LabelledField) -> Json:
    if f.kind == "radio":
        group = control.controls[1]  # type: ignore[union-attr]
        return group.value or ""
    if f.kind == "check":
        return bool(control.value)  # type: ignore[union-attr]
    text = ((control.box.value if isinstance(control, LabelledField) else "") or "").strip()
    if f.kind == "number":
        if not text.lstrip("-").isdigit():
            raise GameError(trf("{field}: type a whole number.", field=f.label))
        return int(text)
    return text


def ask(ctx: PanelContext, title: str, fields: list[Field], make: Callable[[JsonObject], Command], *,
        identifier: str, save_label: str | None = None) -> None:
    """Open the dialog; Save builds the command from the values and runs it, or shows why not."""
    s = ctx.sizes
    controls = [_control(f, s) for f in fields]
    problem = ft.Text("", size=s.body, color=ft.Colors.ERROR)
    # Hidden until there is something to say: a Semantics whose content is hidden shows Flet's own error box.
    said = ft.Semantics(identifier=f"{identifier}-problem", live_region=True, content=problem, visible=False)

    def save() -> None:
        try:
            values = {f.key: _value(f, c) for f, c in zip(fields, controls, strict=True)}
            ctx.dispatch(make(values))
        except GameError as exc:
            problem.value, said.visible = str(exc), True
            said.update()
            return
        ctx.dialogs.pop_dialog()

    body: list[ft.Control] = [ft.Semantics(identifier=f"{identifier}-{f.key}", container=True, content=_placed(c))
            for f, c in zip(fields, controls, strict=True)]
    body.append(said)
    ctx.dialogs.show_dialog(ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
        modal=True, title=ft.Text(title, size=s.title), semantics_label=title,
        content=ft.Column(body, tight=True, spacing=8, scroll=ft.ScrollMode.AUTO),
        actions=[
            widgets.tap_button(tr("Cancel"), ctx.answers.handler(ctx.dialogs.pop_dialog), kind="text",
                               identifier=f"{identifier}-cancel", sizes=s),
            widgets.tap_button(save_label or tr("Save"), ctx.answers.handler(save), identifier=f"{identifier}-save",
                               sizes=s),
        ]))
