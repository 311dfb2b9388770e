"""Fields that do what they show: every text field labelled one way, a number field that never rewrites what
was typed, and a message beside a field that screen readers hear.

* ``text_field``: the one way a text field is built - its label a text above it at the player's size, the
  field named by the same words (``LabelledField``: ``control`` to place, ``box`` to read).
* ``number_field``: no input filter (Flutter's digits-only filter silently turns "-5" into 5 and "4.5"
  into 45, so the field showed one number and the app used another). The text stays as typed; while it
  is not a whole number in range the field says so under itself (``TextField.error``) and the value is
  not used. ``whole_number`` is that check, without Flet, for tests.
* ``FieldMessage``: a message under a dialog's fields. The live region wrapping it is what is shown or
  hidden - a ``Semantics`` whose content is invisible is a framework error in Flet 1.0 ("Semantics.content
  must be provided and visible", drawn in red inside the dialog), which is what the score dialog showed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import flet as ft

from companion.core.errors import GameError
from companion.ui.i18n import tr, trf
from companion.ui.theme import Sizes

if TYPE_CHECKING:
    from companion.ui.app import PageApp

T = TypeVar("T")

WHOLE_NUMBER_CHARS = frozenset("0123456789")


def sized(sizes: Sizes) -> dict[str, Any]:
    """A text field's own words under it at the player's text size: its hint, helper, counter and error grow with
    the text (Flutter draws them at 12-16 px whatever the setting) and wrap rather than end in "..."."""
    small = ft.TextStyle(size=sizes.small)
    return {"hint_style": ft.TextStyle(size=sizes.body), "helper_style": small, "counter_style": small,
            "error_style": small, "helper_max_lines": 3, "error_max_lines": 3, "hint_max_lines": 2}


@dataclass(frozen=True)
class LabelledField:
    """A text field with its label above it: ``control`` is what a screen places, ``box`` the field to read and
    set (its value, error, on_submit)."""

    box: ft.TextField
    control: ft.Control


def text_field(label: str, sizes: Sizes, *, expand: bool | None = None, lines: int = 1,
               **options: Any) -> LabelledField:
    """Every text field of the app, built one way: its label a text of its own above the field, at the player's
    text size and wrapping on as many lines as it needs, and the field named by the same words.

    Flutter draws a field's label inside its border and floats it into the border at a fixed 12-16 px, whatever
    the text size: at the largest text a long label ran across the border, and Join's "Code from the host's
    screen" stayed small. The label drawn above takes the player's size like every other text. ``expand`` goes
    to the whole (the label and the field together fill a row).

    ``lines`` above 1 lets a long text wrap onto up to that many lines instead of scrolling sideways on one (a
    60-character game name at the largest text showed its last few words only); Enter still submits, as a
    one-line field does, so a name never holds a line break."""
    if lines > 1:
        options = {"multiline": True, "min_lines": 1, "max_lines": lines, "shift_enter": True, **options}
    box = ft.TextField(label=_name(label), **{**sized(sizes), **options})
    # Each a node of its own: inside a Semantics container (an identifier around the field) the words would name
    # the container instead; and a field alone in a list item would be read as the whole item, label and all
    words = ft.Semantics(container=True, content=ft.Text(label, size=sizes.label))
    field = ft.Semantics(container=True, content=box)
    # A field of no set width takes the whole line, as it did alone (in a column it would be Flet's 300 px)
    across = ft.CrossAxisAlignment.START if options.get("width") else ft.CrossAxisAlignment.STRETCH
    return LabelledField(box, ft.Column([words, field], spacing=4, tight=True, expand=expand,
                                        horizontal_alignment=across))


def _name(label: str) -> ft.Control:
    """The field's name for screen readers (and the browser tests' ``get_by_role("textbox", name=...)``): Flutter
    names a text field after its decoration's label, so the label stays there, in a box of no size - drawn
    nowhere, with no gap cut in the border for it. A ``Semantics`` label around the field would name a group
    holding an unnamed textbox, and merging the words above into the field would add its helper and error to
    its name."""
    return ft.Container(width=0, height=0, clip_behavior=ft.ClipBehavior.HARD_EDGE, content=ft.Text(label))


def whole_number(text: str | None, low: int | None = None, high: int | None = None) -> tuple[int | None, str | None]:
    """The typed text as a whole number and None, or None and the sentence saying what to type.

    Blank is neither (``(None, None)``): an empty field is a question not answered yet, not an error.
    Spaces around the number are fine; inside it, signs other than a leading minus, decimals and
    thousands separators are refused rather than guessed at.
    """
    cleaned = (text or "").strip()
    if not cleaned:
        return None, None
    digits = cleaned[1:] if cleaned[0] == "-" else cleaned
    if not digits or not set(digits) <= WHOLE_NUMBER_CHARS:
        return None, _range_message(low, high)
    value = int(cleaned)
    if (low is not None and value < low) or (high is not None and value > high):
        return None, _range_message(low, high)
    return value, None


def parse_number(text: str | None, what: str, low: int | None = None, high: int | None = None) -> int:
    """The whole number typed for ``what``, or a GameError saying what to type (blank included)."""
    value, problem = whole_number(text, low, high)
    if value is None:
        raise GameError(trf("{field}: {problem}", field=what, problem=problem or _range_message(low, high)))
    return value


def _range_message(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return trf("Type a whole number from {low} to {high}.", low=low, high=high)
    if low is not None:
        return trf("Type a whole number of at least {low}.", low=low)
    if high is not None:
        return trf("Type a whole number of at most {high}.", high=high)
    return tr("Type a whole number, such as 12 or -3.")


def number_field(label: str, value: str, sizes: Sizes, *, low: int | None = None, high: int | None = None,
                 on_text: Callable[[str], object] | None = None, width: float | None = 200,
                 autofocus: bool = False, message: FieldMessage | None = None) -> LabelledField:
    """A field for a whole number that keeps exactly what was typed and says when it is not one: under
    itself (``TextField.error``), or in ``message`` when one is given (a dialog's announced line).

    On a screen rebuilt from drafts (its controls are frozen descriptions once drawn) the field cannot
    change itself, and redrawing while the player types could send back an older text over newer
    keystrokes; there ``on_text`` keeps the draft, the verdict is drawn with the field whenever the screen
    is next built, and a refused Save redraws it at once (``redraw_on_refusal``).
    """
    labelled = text_field(label, sizes, value=value, keyboard_type=ft.KeyboardType.NUMBER, text_size=sizes.title,
                          width=width, autofocus=autofocus)
    box = labelled.box
    if message is None:
        box.error = whole_number(value, low, high)[1]

    def typed(event: object = None) -> None:
        # The field on the page (the event's): after a redraw drawn the same, ``box`` is a copy (``changed_value``)
        live = getattr(event, "control", None) or box
        text = live.value or ""
        problem = whole_number(text, low, high)[1]
        if on_text is not None:
            on_text(text)
        if message is not None:
            message.say(problem)
        elif problem != live.error and not hasattr(live, "_frozen"):
            live.error = problem
            live.update()

    box.on_change = typed  # also makes the client send every keystroke, so Save sees the typed value
    return labelled


def changed_value(app: PageApp, action: Callable[[str], object]) -> Callable[[object], None]:
    """An ``on_change`` handler that hands ``action`` the value of the control that changed.

    Read the value from the event, never from the control a screen built: a redraw drawn the same leaves the
    control on the page and gives it the new build's handlers (``slots.transplant``), so the built one is a copy
    that never sees the typing - a handler reading it keeps an old text and a later redraw shows that old text
    (her hex number vanished after a tap on "+"; a typed game name was saved as the default)."""

    def run(event: object = None) -> None:
        control = getattr(event, "control", None)
        value = getattr(control, "value", None)
        if value is None:
            value = getattr(event, "data", None)
        app.answers.handler(lambda: action("" if value is None else str(value)))(event)

    return run


def redraw_on_refusal(redraw: Callable[[], object], build: Callable[[], T]) -> T:
    """``build()``; when it refuses (a GameError), redraw first - so the fields show their verdicts
    beside themselves - then let the refusal go on to the snackbar."""
    try:
        return build()
    except GameError:
        redraw()
        raise


def show_field_error(box: ft.TextField, message: str | None) -> None:
    """Put ``message`` under ``box`` (None clears it)."""
    box.error = message
    box.update()


class FieldMessage:
    """A message under a dialog's fields, announced when it appears; hidden while there is none."""

    def __init__(self, sizes: Sizes, identifier: str) -> None:
        self.text = ft.Text("", size=sizes.body, color=ft.Colors.ERROR)
        self.control = ft.Semantics(identifier=identifier, live_region=True, container=True, visible=False,
                                    content=self.text)

    def show(self, message: str) -> None:
        self.text.value = message
        self.control.visible = True
        self.control.update()

    def clear(self) -> None:
        if self.control.visible:
            self.control.visible = False
            self.control.update()

    def say(self, message: str | None) -> None:
        """Show ``message``, or clear the line when it is None."""
        if message is None:
            self.clear()
        elif message != self.text.value or not self.control.visible:
            self.show(message)
