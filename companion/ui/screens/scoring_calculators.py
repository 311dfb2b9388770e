"""Calculators for the Harvest and Slumber scoring, no saved game needed: aphid farm, Queen's Decree, Eve.

Each keeps its inputs on the calculators screen (``screen.models``) and asks the core for the
answer (``farm_reward``, ``decree_points``, ``eve_points``), so the arithmetic is the one the
game screen and ``companion calc`` use. Found with the screens (no ``ROUTE``: not a screen).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

import flet as ft

from companion.core.decrees import decree_points, outcome_text
from companion.core.decrees.content import decrees_content
from companion.core.errors import CommandError
from companion.core.eve import eve_content, eve_points
from companion.core.harvest import farm_reward, harvest_content
from companion.core.points import reward_text
from companion.ui import widgets
from companion.ui.i18n import render, tr, trf
from companion.ui.panels.scoring_controls import choice
from companion.ui.screens.calculators import Calculator, CalculatorsScreen, register_calculator

M = TypeVar("M")
NAMES = ("Colony 1", "Colony 2", "Colony 3", "Colony 4", "Colony 5")


@dataclass
class FarmInputs:
    aphids: int = 2
    herders: int = 1


@dataclass
class DecreeInputs:
    round: int = 1
    measures: list[int] = field(default_factory=lambda: [0, 0, 0])


@dataclass
class EveInputs:
    players: int = 3
    enclave: int = -1  # index of the player holding the Enclave; -1 nobody
    adjacent: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    other: list[int] = field(default_factory=lambda: [0, 0, 0, 0])


def _model(screen: CalculatorsScreen, key: str, make: Callable[[], M]) -> M:
    model: M = screen.models.setdefault(key, make())
    return model


def _change(screen: CalculatorsScreen, change: Callable[[], None]) -> Callable[[object], None]:
    def run() -> None:
        change()
        screen.refresh()

    return screen.app.answers.handler(run)


def _stepper(screen: CalculatorsScreen, label: str, value: int, low: int, high: int, set_to: Callable[[int], None],
             ident: str) -> ft.Control:
    minus = _change(screen, lambda: set_to(value - 1)) if value > low else None
    plus = _change(screen, lambda: set_to(value + 1)) if value < high else None
    return ft.Row([ft.Text(label, size=screen.sizes.body, expand=True),
                   widgets.stepper(label, str(value), minus, plus, screen.sizes, identifier=ident,
                                   minus_label=trf("{label}: one less",
                                                   label=label), plus_label=trf("{label}: one more", label=label))],
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _answer(text: str, screen: CalculatorsScreen, ident: str) -> ft.Control:
    return widgets.labelled(ft.Text(text, size=screen.sizes.title, weight=ft.FontWeight.W_700), text, ident)


def _notes(texts: list[str], screen: CalculatorsScreen) -> list[ft.Control]:
    """The data's interpretations, in the reader's language."""
    return [ft.Text(tr(t), size=screen.sizes.small, color=ft.Colors.ON_SURFACE_VARIANT) for t in texts]


def farm_text(inputs: FarmInputs) -> str:
    try:
        reward = farm_reward(inputs.aphids, inputs.herders)
    except CommandError as exc:
        return str(exc)
    if inputs.herders >= 2:
        return trf("Shared farm: each herder takes {reward}", reward=reward_text(reward, "CP"))
    return trf("Single-player farm: each herder takes {reward}", reward=reward_text(reward, "CP"))


def _farm(screen: CalculatorsScreen) -> list[ft.Control]:
    m = _model(screen, "farm", FarmInputs)

    def aphids(n: int) -> None:
        m.aphids, m.herders = n, max(min(m.herders, n), 1)

    def herders(n: int) -> None:
        m.herders = n

    return [
        _stepper(screen, tr("Herded aphids on the hex's sites"), m.aphids, 1, 4, aphids, "calc-farm-aphids"),
        _stepper(screen, tr("Players herding there"), m.herders, 1, max(m.aphids, 1), herders, "calc-farm-herders"),
        _answer(farm_text(m), screen, "calc-farm-result"),
        *_notes([harvest_content()["interpretations"][0]["text"]], screen),
    ]


def decree_text(inputs: DecreeInputs) -> str:
    measures = {tr(NAMES[i]): v for i, v in enumerate(inputs.measures)}
    try:
        return render(outcome_text(decree_points(inputs.round, measures)))
    except CommandError as exc:
        return str(exc)


def _decree(screen: CalculatorsScreen) -> list[ft.Control]:
    m = _model(screen, "decree", DecreeInputs)

    def set_round(n: int) -> None:
        m.round = n

    def colonies(n: int) -> None:
        m.measures = (m.measures + [0] * 5)[:n]

    def measure(i: int) -> Callable[[int], None]:
        def set_to(n: int) -> None:
            m.measures[i] = n

        return set_to

    rows = [_stepper(screen, tr("Round"), m.round, 1, 4, set_round, "calc-decree-round"),
            _stepper(screen, tr("Colonies"), len(m.measures), 2, 5, colonies, "calc-decree-colonies")]
    rows += [_stepper(screen, tr(NAMES[i]), v, 0, 20, measure(i), f"calc-decree-{i}") for i, v in enumerate(m.measures)]
    rows.append(_answer(decree_text(m), screen, "calc-decree-result"))
    return rows + _notes([i["text"] for i in decrees_content()["interpretations"][:2]], screen)


def eve_text(inputs: EveInputs) -> str:
    names = [tr(NAMES[i]) for i in range(inputs.players)]
    try:
        points = eve_points(names, names[inputs.enclave] if 0 <= inputs.enclave < inputs.players else None,
                            {names[i]: inputs.adjacent[i] for i in range(inputs.players)},
                            {names[i]: inputs.other[i] for i in range(inputs.players)})
    except CommandError as exc:
        return str(exc)
    return ", ".join(trf("{name} {cp} {cp_term}", name=who, cp=n, cp_term=tr("CP")) for who, n in points.items())


def _eve(screen: CalculatorsScreen) -> list[ft.Control]:
    m = _model(screen, "eve", EveInputs)
    ring = eve_content()["adjacent_hexes"]

    def players(n: int) -> None:
        m.players = n
        if m.enclave >= n:
            m.enclave = -1

    def setter(values: list[int], i: int) -> Callable[[int], None]:
        def set_to(n: int) -> None:
            values[i] = n

        return set_to

    def hold(i: int) -> Callable[[object], None]:
        def run() -> None:
            m.enclave = i

        return _change(screen, run)

    rows = [_stepper(screen, tr("Players"), m.players, 3, 4, players, "calc-eve-players")]
    picks = [choice(trf("Enclave: {value}", value=tr(NAMES[i]) if i >= 0 else tr('Nobody')),
                    hold(i) if m.enclave != i else None, screen.sizes, identifier=f"calc-eve-enclave-{i}",
                    text=tr(NAMES[i]) if i >= 0 else tr("Nobody"), selected=m.enclave == i)
             for i in [*range(m.players), -1]]
    rows.append(ft.Text(tr("Who controls the Enclave?"), size=screen.sizes.body))
    rows.append(ft.Row(picks, wrap=True, spacing=8, run_spacing=8))
    for i in range(m.players):
        name = tr(NAMES[i])
        taken = sum(m.adjacent[:m.players]) - m.adjacent[i]
        rows.append(_stepper(screen, trf("{name}: next to the Enclave", name=name), m.adjacent[i], 0, ring - taken,
                             setter(m.adjacent, i), f"calc-eve-{i}-adjacent"))
        rows.append(_stepper(screen, trf("{name}: other hexes", name=name), m.other[i], 0, 30, setter(m.other, i),
                             f"calc-eve-{i}-other"))
    rows.append(_answer(eve_text(m), screen, "calc-eve-result"))
    return rows + _notes([i["text"] for i in eve_content()["interpretations"]], screen)


register_calculator(Calculator("farm", "Aphid farm", _farm, help_topic="aphids"))
register_calculator(Calculator("decree", "Queen's Decree", _decree, help_topic="queens-decrees"))
register_calculator(Calculator("eve", "Eve of the Antperium", _eve, help_topic="eve"))
