"""The Chambers, Mutations, Seasons and Parasites panels in Spanish and in the pseudo-locale, without a browser.

In ``qps`` every text is marked ``[!...!]``; what is left unmarked may only be data (names, card titles, ids,
numbers). In Spanish the panels say whole sentences with the values in place.
"""

from __future__ import annotations

import re
from typing import Any

import flet as ft
import pytest

from companion.core.chambers.commands import DefineCard, PlayChamber
from companion.core.content import Content
from companion.core.i18n import using
from companion.core.mutations.commands import EnterDealt, KeepMutations, PlayEvolution
from companion.core.parasites.commands import PlayParasite
from companion.core.seasons.commands import EnterSeasons, RevealSeason
from companion.core.session import Session
from tests.module_helpers import session
from tests.ui.test_broodmother_helpers import reachable
from tests.ui.test_module_panels import built, find

DATA = ("Ana", "Bo", "Cy", "Scavenger's Cache", "Brood Hall", "Hunter Head", "Cannibal Ant Abdomen",
        "Incubator Head", "Defensive Shelter", "Old Tunnel")


def _shown(controls: list[Any]) -> list[str]:
    out: list[str] = []
    for root in controls:
        for control, _ in reachable(root):
            if isinstance(control, ft.Text) and isinstance(control.value, str):
                out.append(control.value)
            if isinstance(control, ft.Semantics) and control.label:
                out.append(str(control.label))
    return out


def _unmarked(text: str) -> bool:
    rest = text
    while (shorter := re.sub(r"\[[!?](?:(?!\[[!?]|[!?]\]).)*[!?]\]", "", rest, flags=re.S)) != rest:
        rest = shorter
    for word in DATA:
        rest = rest.replace(word, "")
    rest = re.sub(r"\b[a-z]\d+\b", "", rest)  # card and chamber ids: m1, e2, c1, x1
    return bool(re.search(r"[A-Za-z]{2,}", rest))


def _games(content: Content) -> list[Session]:
    chambers = session(content, 2, modules=("chambers", "old-tunnels"))
    chambers.execute(DefineCard("Brood Hall", 2, "worker", ability="Take 1 ant step."))
    chambers.execute(PlayChamber("p1", "Scavenger's Cache", 3))
    chambers.execute(PlayChamber("p2", "Brood Hall", 1))
    nest = session(content, 2, game="evolved", expansions=("predators-and-prey",), modules=("nest-chambers",))
    mutations = session(content, 2, modules=("mutations",))
    mutations.execute(EnterDealt("p1", ("m1", "m17", "m9", "m18")))
    mutations.execute(EnterDealt("p2", ("m2", "m3", "m10", "m19")))
    mutations.execute(KeepMutations("p1", "m1", "m9"))
    mutations.execute(PlayEvolution("p1", "thorax"))
    seasons = session(content, 2, variants=("seasons",), expansions=("minions",))
    seasons.execute(EnterSeasons(("e2", "e4", "l1", "l3")))
    seasons.execute(RevealSeason())
    parasites = session(content, 3, modules=("parasites",), expansions=("minions",))
    parasites.execute(PlayParasite("Incubator Head", "p1", "p2"))
    return [chambers, nest, mutations, seasons, parasites]


@pytest.mark.parametrize("which", ["chambers", "nest-chambers", "mutations", "seasons", "parasites"])
def test_every_text_of_the_panel_comes_from_the_catalogue(content: Content, which: str) -> None:
    game = _games(content)[["chambers", "nest-chambers", "mutations", "seasons", "parasites"].index(which)]
    panel = "chambers" if which == "nest-chambers" else which
    with using("qps"):
        texts = _shown(built(game)[panel])
    assert len(texts) > 5
    assert [t for t in texts if _unmarked(t)] == []


def test_the_chambers_panel_in_spanish(content: Content) -> None:
    game = _games(content)[0]
    with using("es"):
        panel = built(game)["chambers"]
        assert find(panel, "chambers-c1").label == "Scavenger's Cache · 3 de 3 huevos · Fase de Reina"
        assert find(panel, "chambers-c1-status").label == \
            "Scavenger's Cache se activa en la Fase de Reina; ahora es Fase de Obrera."
        assert find(panel, "chambers-p1").label == "Ana: 3 huevos en Cámaras"
        assert find(panel, "chambers-p2").label == "Bo: 1 huevo en Cámaras"
        assert find(panel, "chambers-now").label == "Puede activarse ahora: ninguna"


def test_the_mutations_panel_in_spanish(content: Content) -> None:
    game = _games(content)[2]
    with using("es"):
        panel = built(game)["mutations"]
        assert find(panel, "mutations-p1-m1").label == "Hunter Head (Cabeza) · elegida"
        assert find(panel, "mutations-p1-head").label == "Cabeza: Mutación Hunter Head (sin bono de casta)"
        assert find(panel, "mutations-p1-thorax").label == "Tórax: una Evolución"
        assert find(panel, "mutations-p1-abdomen").label == "Abdomen: nada todavía"
        assert find(panel, "mutations-p1-evolve-abdomen").label == "Ana: una Evolución en el abdomen"
        assert find(panel, "mutations-p2-m2").label == "Mutación de cabeza 2 (Cabeza)"
        assert find(panel, "mutations-p1-developed").label == "Todavía no es una hormiga completamente evolucionada."


def test_the_seasons_and_parasites_panels_in_spanish(content: Content) -> None:
    games = _games(content)
    with using("es"):
        seasons = built(games[3])["seasons"]
        assert find(seasons, "seasons-now").label == "En vigor: Estación Temprana 2"
        assert find(seasons, "seasons-round-1").label == "Ronda 1: Estación Temprana 2"
        parasites = built(games[4])["parasites"]
        assert find(parasites, "parasites-x1").label == "Incubator Head: Ana en la cabeza de Bo"
        assert find(parasites, "parasites-x1-destroy").label == "Una Evolución cubre Incubator Head"
