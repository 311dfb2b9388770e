"""The Symbiote tokens' refusals, undo labels and bonuses read in Spanish, with plural forms for 1 and 2."""

from __future__ import annotations

import pytest

from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import render
from companion.core.symbiotes.commands import Exchange, ReturnForBattle
from tests.module_helpers import session
from tests.scoring_helpers import go_to


def refusal(s: object, command: object) -> str:
    with pytest.raises(CommandError) as caught:
        s.execute(command)  # type: ignore[attr-defined]
    return render(caught.value.args[0], "es")


def test_a_refusal_and_the_undo_labels_in_spanish(content: Content) -> None:
    s = session(content, 3, variants=("symbiote-tokens",), expansions=("minions",))
    assert refusal(s, Exchange("p1", "p1:head", "p2", "p2:thorax")) == \
        "Las fichas de Simbionte se intercambian en la Inactividad; ahora es Fase de Obrera."
    assert refusal(s, ReturnForBattle("p1", "p2")) == "Ana y Bo no tienen ninguna ficha de Simbionte del otro."
    go_to(s, "slumber")
    s.execute(Exchange("p1", "p1:head", "p2", "p2:thorax"))
    assert render(s.doc["undo"][-1]["label"], "es") == \
        "Simbiontes: Ana da la ficha de cabeza de Ana a Bo a cambio de la ficha de tórax de Bo"
    assert refusal(s, Exchange("p2", "p2:head", "p1", "p1:thorax")) == "Bo y Ana ya intercambiaron en esta Inactividad."
    s.execute(ReturnForBattle("p1", "p2"))
    assert render(s.doc["undo"][-1]["label"], "es") == "Combate: Ana y Bo devuelven 2 fichas de Simbionte"
    s.undo()
    s.execute(Exchange("p1", "p2:thorax", "p3", "p3:abdomen"))  # of the pair's tokens, only Bo's p1:head is left
    s.execute(ReturnForBattle("p1", "p2"))
    assert render(s.doc["undo"][-1]["label"], "es") == "Combate: Ana y Bo devuelven 1 ficha de Simbionte"
