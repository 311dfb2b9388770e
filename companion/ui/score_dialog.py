"""The dialog a tap on a player's total opens: type the new total, the core books the difference.

The field keeps what was typed (``fields.number_field``); a refusal - not a whole number, or one the
core does not allow - is said under the field (announced) and in a snackbar, and the dialog stays open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.core.commands.scoring import SetScore
from companion.core.errors import GameError
from companion.ui import widgets
from companion.ui.dialog_stack import close_answered
from companion.ui.fields import FieldMessage, number_field, whole_number
from companion.ui.i18n import tr, trf
from companion.ui.theme import DIALOG_BUTTON_GAP

if TYPE_CHECKING:
    from companion.core.session import Session
    from companion.core.views import PlayerStanding
    from companion.ui.app import PageApp


def ask_total(app: PageApp, session: Session, player: PlayerStanding, cp: str) -> None:
    """Open the dialog for ``player`` (a player row of the game view)."""
    name, pid = player["name"], player["id"]
    sizes = app.sizes
    problem = FieldMessage(sizes, "total-problem")
    field = number_field(trf("New total for {name}", name=name), "", sizes, width=None, autofocus=True, message=problem)

    def refuse(message: str) -> None:
        problem.show(message)
        app.answers.show_error(message)

    def save() -> None:
        total, problem = whole_number(field.box.value)
        if total is None:
            refuse(problem or tr("Type the new total first."))
            return
        try:
            app.changes.execute(session, SetScore(pid, total))
        except GameError as exc:
            refuse(str(exc))
            return
        close()

    def close() -> None:
        close_answered(app.page)  # not the note a refusal opened on top

    field.box.on_submit = app.answers.handler(save)
    dialog = ft.AlertDialog(actions_overflow_button_spacing=DIALOG_BUTTON_GAP,
        modal=True, title=ft.Text(f"{name}: {player['total']} {cp}", size=sizes.title),
        content=ft.Column([field.control, problem.control], tight=True, spacing=8),
        semantics_label=trf("New total for {name}", name=name),
        actions=[
            widgets.tap_button(tr("Cancel"), app.answers.handler(close), kind="text",
                               identifier="total-cancel", sizes=sizes),
            widgets.tap_button(tr("Save total"), app.answers.handler(save), identifier="total-save", sizes=sizes),
        ],
    )
    app.page.show_dialog(dialog)
