"""Calculators: quick arithmetic at the table, with no game rule inside.

The points tally (``companion.ui.tally``) adds up a player's points from several sources, is kept on
the device and can be sent into a game's scores. More
calculators register with ``register_calculator`` from their own module (in ``panels``'s
spirit: one file each), and appear here as sections: ``scoring_calculators`` adds the
aphid farm, the Queen's Decree and Eve of the Antperium (found with the screens).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core.i18n import N_
from companion.core.registry import the_apps_own
from companion.ui import widgets
from companion.ui.i18n import tr
from companion.ui.screen import Screen
from companion.ui.tally import Tally, tally_controls
from companion.ui.tally import load as load_tally

ROUTE = "/calculators"


@dataclass(frozen=True)
class Calculator:
    id: str
    title: str
    build: Callable[[CalculatorsScreen], list[ft.Control]]
    help_topic: str | None = None  # the rules its "?" opens


_CALCULATORS: dict[str, Calculator] = {}


def register_calculator(calc: Calculator) -> None:
    """Register a calculator: only the app's own (its ``build`` defined in ``companion.``)."""
    if the_apps_own(calc.build):
        _CALCULATORS[calc.id] = calc


register_calculator(Calculator("tally", "Points tally", tally_controls, help_topic="scores"))


class CalculatorsScreen(Screen):
    title = N_("Calculators")
    identifier = "calculators"

    def setup(self) -> None:
        self.tally = Tally()  # read back from this device once shown (``after_show``)
        self.models: dict[str, Any] = {}  # each calculator's inputs on this tab, by calculator id

    def after_show(self) -> None:
        self.app.page.run_task(load_tally, self)

    def body(self) -> list[ft.Control]:
        return [widgets.section(tr(c.title), c.build(self), self.sizes, identifier=f"calc-{c.id}",
                                help_topic=c.help_topic)
                for c in _CALCULATORS.values()]


SCREEN = CalculatorsScreen
