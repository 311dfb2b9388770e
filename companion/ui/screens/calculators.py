"""Calculators: quick arithmetic at the table, with no game rule inside.

The points tally adds up a player's end-of-game points from several sources. More
calculators register with ``register_calculator`` from their own module (in ``panels``'s
spirit: one file each), and appear here as sections: ``scoring_calculators`` adds the
aphid farm, the Queen's Decree and Eve of the Antperium (found with the screens).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

import flet as ft

from companion.ui import widgets
from companion.ui.i18n import tr, trf
from companion.ui.models import signed
from companion.ui.screen import Screen
from companion.ui.theme import Sizes

ROUTE = "/calculators"
STEPS = (1, 2, 3, 5, 10)


@dataclass(frozen=True)
class Calculator:
    id: str
    title: str
    build: Callable[[CalculatorsScreen], list[ft.Control]]
    help_topic: str | None = None  # the rules its "?" opens


_CALCULATORS: dict[str, Calculator] = {}


def register_calculator(calc: Calculator) -> None:
    _CALCULATORS[calc.id] = calc


class Tally:
    """A running sum of entered amounts, with the list kept so a slip can be taken back."""

    def __init__(self) -> None:
        self.entries: list[int] = []

    @property
    def total(self) -> int:
        return sum(self.entries)

    def add(self, amount: int) -> None:
        self.entries.append(amount)

    def drop_last(self) -> None:
        if self.entries:
            self.entries.pop()

    def clear(self) -> None:
        self.entries.clear()

    def sum_text(self) -> str:
        if not self.entries:
            return tr("Nothing added yet.")
        return " ".join(signed(e) for e in self.entries) + f" = {self.total}"


def _tally_controls(screen: CalculatorsScreen) -> list[ft.Control]:
    tally, sizes = screen.tally, screen.sizes

    def act(change: Callable[[], None]) -> Callable[[object], None]:
        def run() -> None:
            change()
            screen.refresh()

        return screen.app.handler(run)

    total = widgets.labelled(ft.Text(str(tally.total), size=sizes.score, weight=ft.FontWeight.W_700),
                             trf("Total: {total}", total=tally.total), "tally-total")
    adds = [widgets.tap_button(trf("Add {value}", value=n), act(partial(tally.add, n)), text=f"+{n}",
                               identifier=f"tally-add-{n}", kind="tonal", sizes=sizes) for n in STEPS]
    subs = [widgets.tap_button(trf("Subtract {value}", value=n), act(partial(tally.add, -n)), text=f"-{n}",
                               identifier=f"tally-sub-{n}", kind="outlined", sizes=sizes) for n in (1, 5)]
    edits = [
        widgets.tap_button(tr("Take back the last one"), act(tally.drop_last) if tally.entries else None,
                           icon=ft.Icons.UNDO, identifier="tally-undo", kind="text", sizes=sizes),
        widgets.tap_button(tr("Start again"), act(tally.clear) if tally.entries else None,
                           icon=ft.Icons.CLEAR_ALL, identifier="tally-clear", kind="text", sizes=sizes),
    ]
    return [total, _text(tally.sum_text(), sizes, "tally-sum"),
            ft.Row(adds + subs, wrap=True, spacing=8, run_spacing=8), ft.Row(edits, wrap=True, spacing=8)]


def _text(text: str, sizes: Sizes, ident: str) -> ft.Control:
    return ft.Semantics(identifier=ident, content=ft.Text(text, size=sizes.body))


register_calculator(Calculator("tally", "Points tally", _tally_controls, help_topic="scores"))


class CalculatorsScreen(Screen):
    title = "Calculators"
    identifier = "calculators"

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.tally = Tally()
        self.models: dict[str, Any] = {}  # each calculator's inputs on this tab, by calculator id

    def heading(self) -> str:
        return tr("Calculators")

    def body(self) -> list[ft.Control]:
        return [widgets.section(tr(c.title), c.build(self), self.sizes, identifier=f"calc-{c.id}",
                                help_topic=c.help_topic)
                for c in _CALCULATORS.values()]


SCREEN = CalculatorsScreen
