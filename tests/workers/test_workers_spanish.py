"""The workers' refusals and undo labels read in Spanish with their real values (body parts translated too)."""

from __future__ import annotations

import pytest

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.workers.commands import SetEvolved, SetWorkers
from tests.module_helpers import session


def test_a_refusal_and_the_undo_labels_in_spanish(content: Content) -> None:
    s = session(content, 2, expansions=("minions",))
    s.execute(SetWorkers("p1", 2))
    assert render(s.doc["undo"][-1]["label"], "es") == "Ana: Obreras Mayores en juego: 2"
    s.execute(SetEvolved("p1", "thorax"))
    assert render(s.doc["undo"][-1]["label"], "es") == "La parte tórax de Ana tiene una Evolución"
    assert render(s.doc["undo"][-1]["label"], "en") == "Ana's thorax has an Evolution"
    s.execute(SetEvolved("p1", "thorax", False))
    assert render(s.doc["undo"][-1]["label"], "es") == "La parte tórax de Ana ya no tiene una Evolución"
    for command, es in ((SetWorkers("p1", 2), "Ana ya tiene 2 en juego."),
                        (SetEvolved("p1", "head", False), "La parte cabeza de Ana ya está marcada así."),
                        (SetEvolved("p1", "wing"), "La parte del cuerpo es una de head, thorax, abdomen; se recibió "
                                                   "'wing'.")):
        with pytest.raises(CommandError) as caught:
            s.execute(command)
        assert render(caught.value.args[0], "es") == es


def test_the_abilities_of_the_data_read_in_spanish(content: Content) -> None:
    from companion.core.workers import workers_view
    from tests.scoring_helpers import go_to

    s = session(content, 2, expansions=("minions",))
    s.execute(SetWorkers("p1", 1))
    go_to(s, "soldier")
    [now] = workers_view(s.state, s.content)["now"]
    assert render(now, "es").startswith("Ana: Reunir - Al empezar la Fase de Soldado: pon 2 larvas")
