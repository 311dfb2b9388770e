"""The predator panels, built without a browser: every control labelled, each tap the core's command."""

from __future__ import annotations

from typing import Any

from companion.core.commands.turns import NextPhase
from companion.core.content import Content
from companion.core.predators.alliance_commands import Recruit, SetRevealed
from companion.core.predators.alliances import alliances
from companion.core.predators.commands import SetSpores, Summon
from companion.core.session import Session
from companion.ui.panels import panels_for
from tests.predators.test_alliances import game as pp_game
from tests.predators.test_predators import CORDYCEPS
from tests.predators.test_predators import game as mm_game
from tests.ui.test_broodmother_helpers import StubApp, check_labels
from tests.ui.test_scoring_panels import find


def built(s: Session, panel_id: str) -> list[Any]:
    app = StubApp()
    for panel, module_id in panels_for(s.state):
        if panel.id == panel_id:
            ctx = app.panel_context(s, module_id)
            assert panel.title_for(ctx) == "Predators"
            return panel.build(ctx)
    raise AssertionError(f"no panel {panel_id}")


def tap(controls: list[Any], identifier: str) -> None:
    control = find(controls, identifier)
    assert control.on_tap is not None, identifier
    control.on_tap(None)  # type: ignore[misc]


def test_the_predators_panel_replaces_the_generic_one(content: Content) -> None:
    s = mm_game(content)
    ids = [(p.id, m) for p, m in panels_for(s.state)]
    assert ("predators", None) in ids and ("module", "predators") not in ids
    controls = built(s, "predators")
    assert check_labels(controls) > 5
    tap(controls, "predators-draw")
    assert len(s.state["modules_state"]["predators"]["in_play"]) == 2


def test_health_buttons_and_the_battle_from_the_panel(content: Content) -> None:
    s = mm_game(content)
    for _ in range(12):
        s.execute(NextPhase())
    s.execute(Summon(CORDYCEPS, 12))
    controls = built(s, "predators")
    assert check_labels(controls) > 10
    assert find(controls, "predators-cordyceps-fungus-health").label.startswith("Cordyceps Fungus: 9 Health, Tier 3")
    assert find(controls, "predators-cordyceps-fungus-health-plus").on_tap is not None
    tap(controls, "predators-cordyceps-fungus-health-minus")
    assert s.undo_label == "Cordyceps Fungus takes 1 casualty: Health 9 -> 8, Tier 3 -> 2"
    s.undo()
    s.execute(SetSpores(CORDYCEPS, 3))
    tap(built(s, "predators"), "predators-cordyceps-fungus-battle-p3")
    controls = built(s, "predators")
    assert find(controls, "predators-battle-step").label.startswith("Discard its first card")
    for ferocity in (1, 0, 0):
        tap(built(s, "predators"), f"predators-battle-reveal-{ferocity}")
    controls = built(s, "predators")
    assert find(controls, "predators-battle-cards").label.startswith("3 of 3 cards discarded: 1, 0, 0")
    assert find(controls, "predators-battle-finish").on_tap is not None


def test_the_alliances_panel(content: Content) -> None:
    s = pp_game(content)
    if sorted(alliances(s.state)["available"]) != ["ladybug", "trapdoor-spider"]:
        s.execute(SetRevealed(("trapdoor-spider", "ladybug")))
    controls = built(s, "pp-predators")
    assert check_labels(controls) > 5
    assert find(controls, "pp-card-trapdoor-spider-title").label == "Trapdoor Spider · Strength 2"
    tap(controls, "pp-card-trapdoor-spider-recruit-p1")
    assert s.undo_label == "Red allies with the Trapdoor Spider (Offering: Discard 1 card)"
    controls = built(s, "pp-predators")
    tap(controls, "pp-ally-p1-beaten-p2")
    assert s.undo_label.startswith("Blue defeats Red's Trapdoor Spider: +1 pts, +1 food")
    s.undo()
    s.undo()
    s.execute(Recruit("p2", "ladybug"))
    assert find(built(s, "pp-predators"), "pp-ally-p2-who").label == "Blue: allied with the Ladybug"


def test_the_predator_calculator_asks_the_core() -> None:
    from companion.ui.screens.predator_calculator import PredatorInputs, predator_text

    assert predator_text(PredatorInputs(9)) == "Tier 3 (Health 9-12); a Cordyceps Fungus places 4 spore tokens"
    assert predator_text(PredatorInputs(5)) == "Tier 2 (Health 5-8); a Cordyceps Fungus places 3 spore tokens"
    assert predator_text(PredatorInputs(0)) == "At 0 Health a Predator leaves the game for good."
