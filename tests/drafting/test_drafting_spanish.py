"""The drafts' refusals, undo labels and steps read in Spanish with their real values and plural forms."""

from __future__ import annotations

import pytest

from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.drafting import drafting_view
from companion.core.drafting.commands import CarryOver
from companion.core.errors import CommandError
from companion.core.i18n import render
from tests.module_helpers import session
from tests.scoring_helpers import go_to


def test_a_refusal_and_the_undo_labels_in_spanish(content: Content) -> None:
    s = session(content, 2, variants=("round-draft",), expansions=("minions",))
    with pytest.raises(CommandError) as caught:
        s.execute(CarryOver("p1", "extra", 1))
    assert render(caught.value.args[0], "es") == "Las cartas se guardan en la Cosecha; ahora es Fase de Obrera."
    go_to(s, "harvest")
    for n, es in ((2, "se queda 2 más"), (1, "se queda 1 más")):
        s.execute(CarryOver("p1", "extra", n))
        assert render(s.doc["undo"][-1]["label"], "es") == \
            f"Selección en cada ronda: Ana {es} en la siguiente selección (lugares de recolección de cartas)"
    for n, es in ((1, "aparta 1 carta"), (2, "aparta 2 cartas")):
        s.execute(CarryOver("p2", "aside", n))
        assert render(s.doc["undo"][-1]["label"], "es") == \
            f"Selección en cada ronda: Bo {es} de granja de pulgones para después de la siguiente selección"
    s.execute(CarryOver("p2", "aside", 0))  # 0 clears the entry; its label is the plural form
    assert render(s.doc["undo"][-1]["label"], "es").startswith("Selección en cada ronda: Bo aparta 0 cartas")
    s.execute(CarryOver("p2", "aside", 2))
    with pytest.raises(CommandError) as caught:
        s.execute(CarryOver("p2", "aside", 2))
    assert render(caught.value.args[0], "es") == "Bo ya tiene 2 anotadas."
    go_to(s, "slumber")
    s.execute(NextPhase())
    [variant] = drafting_view(s.state, s.content)["variants"]
    assert render(variant["now"], "es") == (
        "Selección en cada ronda: reparte 5 cartas a cada colonia (10 en total) y seleccionadlas; cada una se queda 2 "
        "y descarta el resto (se quedan más: Ana 3). Después añade las cartas de granja de pulgones apartadas: Bo 2.")
