"""The Predator calculator, no saved game needed: Health from the round, the tier, the Cordyceps' spores.

Asks the core (``starting_health``, ``tier_of``, ``spores_for``), so the numbers are the ones
the game screen and ``companion calc predator`` use. Found with the screens (no ``ROUTE``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

import flet as ft

from companion.core.i18n import N_
from companion.core.predators import spores_for, starting_health, tier_of
from companion.core.predators.content import predators_content
from companion.core.predators.rules import CORDYCEPS, MAX_ROUND, band_text
from companion.ui.i18n import render, tr, trf, trn
from companion.ui.panels.scoring_controls import choice
from companion.ui.screens.calculators import Calculator, CalculatorsScreen, register_calculator
from companion.ui.screens.scoring_calculators import _answer, _change, _model, _notes, _stepper


@dataclass
class PredatorInputs:
    health: int = 9


def predator_text(inputs: PredatorInputs) -> str:
    tier = tier_of(inputs.health)
    if tier == 0:
        return tr("At 0 Health a Predator leaves the game for good.")
    return trn("Tier {tier} ({band}); a Cordyceps Fungus places 1 spore token",
               "Tier {tier} ({band}); a Cordyceps Fungus places {n} spore tokens",
               spores_for(CORDYCEPS, inputs.health) or 0, tier=tier, band=render(band_text(tier)))


def _predator(screen: CalculatorsScreen) -> list[ft.Control]:
    m = _model(screen, "predator", PredatorInputs)

    def summoned(round_number: int) -> None:
        m.health = starting_health(round_number)

    def health(n: int) -> None:
        m.health = n

    picks = [choice(trf("Summoned in round {round}", round=r), _change(screen, partial(summoned, r)), screen.sizes,
                    identifier=f"calc-predator-round-{r}", text=trf("Round {round}", round=r),
                    selected=m.health == starting_health(r)) for r in range(1, MAX_ROUND + 1)]
    rows: list[ft.Control] = [
        ft.Text(tr("Summoned in round:"), size=screen.sizes.body),
        ft.Row(picks, wrap=True, spacing=8, run_spacing=8),
        _stepper(screen, tr("Health"), m.health, 0, predators_content()["max_health"], health, "calc-predator-health"),
        _answer(predator_text(m), screen, "calc-predator-result"),
    ]
    return rows + _notes([tr(predators_content()["interpretations"][0]["text"])], screen)


register_calculator(Calculator("predator", N_("Predator Health"), _predator, help_topic="predators"))
