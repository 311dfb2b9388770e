"""The aphid, decree, Eve and checklist panels and the scoring calculators, built without a browser.

Each panel renders the core's view; tapping a button runs the core command it was built
with, so a tap on "Apply to scores" books the points and Undo takes them back.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft

from companion.core.content import Content
from companion.core.decrees.commands import ChooseDecree, SetMeasure
from companion.core.eve.commands import SetEnclave, SetHexes
from companion.core.harvest.commands import AddAphidHex, SetHerd
from companion.core.session import Session
from companion.ui.panels import panels_for
from companion.ui.screens import scoring_calculators as calcs
from tests.scoring_helpers import go_to, run, session
from tests.ui.test_broodmother_helpers import StubApp, check_labels, reachable

OURS = {"aphids", "decrees", "eve", "checklist"}


def game(content: Content) -> Session:
    s = session(content, 3, expansions=("minions", "empires"), modules=("aphids", "queens-decrees"),
                variants=("eve-of-the-antperium",))
    run(s, AddAphidHex("Lichen", 4), SetHerd("h1", "p1", 3), ChooseDecree("adaptive-colony"), SetEnclave("p2"),
        SetHexes("p3", "other", 2))
    return s


def built(s: Session) -> dict[str, list[Any]]:
    app = StubApp()
    out = {}
    for panel, module_id in panels_for(s.state):
        if panel.id in OURS:
            ctx = app.panel_context(s, module_id)
            assert panel.title_for(ctx)
            out[panel.id] = panel.build(ctx)
    return out


def find(controls: list[Any], identifier: str) -> ft.Semantics:
    for root in controls:
        for control, _ in reachable(root):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control
    raise AssertionError(f"no control {identifier!r}")


def semantics(controls: list[Any]) -> Iterator[ft.Semantics]:
    for root in controls:
        for control, _ in reachable(root):
            if isinstance(control, ft.Semantics):
                yield control


def test_the_panels_replace_the_generic_one(content: Content) -> None:
    s = game(content)
    ids = [(p.id, m) for p, m in panels_for(s.state)]
    assert ("aphids", None) in ids and ("decrees", None) in ids and ("eve", None) in ids
    assert all(p != "module" or m not in ("aphids", "queens-decrees") for p, m in ids)


def test_harvest_applied_from_the_panel_and_undone(content: Content) -> None:
    s = game(content)
    panels = built(s)
    assert set(panels) == {"aphids", "decrees", "eve", "checklist"}  # Worker Phase: the Setup Draft Eve brings
    for key in ("aphids", "decrees", "eve"):
        assert check_labels(panels[key]) > 3
    assert find(panels["aphids"], "aphids-apply").on_tap is None
    assert find(panels["aphids"], "aphids-apply-why").label == (
        "Aphid farms pay at Harvest (the first step of the Queen Phase); this is Worker Phase.")
    go_to(s, "harvest")
    panels = built(s)
    assert "checklist" in panels
    apply = find(panels["aphids"], "aphids-apply")
    assert apply.label == "Apply to scores: Harvest: Ana +1 CP, +1 card"
    apply.on_tap(None)  # type: ignore[misc]
    assert s.state["scores"]["p1"][0] == 1 and s.undo_label == "Harvest: Ana +1 CP, +1 card"
    assert find(built(s)["aphids"], "aphids-apply-done")
    s.undo()
    assert s.state["scores"]["p1"][0] == 0


def test_a_stepper_sends_the_herd(content: Content) -> None:
    s = game(content)
    plus = find(built(s)["aphids"], "aphids-h1-p2-sites-plus")
    plus.on_tap(None)  # type: ignore[misc]
    assert s.state["modules_state"]["aphids"]["hexes"][0]["herds"] == {"p1": 3, "p2": 1}
    full = find(built(s)["aphids"], "aphids-h1-p2-sites-plus")
    assert full.on_tap is None  # 4 of 4 sites: the core refuses a fifth aphid


def test_slumber_panels_and_checklist(content: Content) -> None:
    s = game(content)
    go_to(s, "slumber")
    run(s, SetMeasure("p1", 2), SetMeasure("p2", 1), SetMeasure("p3", 0))
    panels = built(s)
    assert find(panels["decrees"], "decree-preview").label == "Ana +1 CP"
    items = {c.label: c.identifier for c in semantics(panels["checklist"])
             if c.identifier and c.identifier.startswith("checklist-")}
    # Modules list their items in registration order, which follows import order in a test run: find by text.
    texts = list(items)
    assert "Apply: Adaptive Colony: Ana +1 CP" in texts
    assert any(t.startswith("Start of Slumber: Bo (Enclave) names head, thorax or abdomen") for t in texts)
    assert len(texts) == 3 and "Apply: Eve of the Antperium: Bo +2 CP; Cy +2 CP" in texts
    find(panels["checklist"], items["Apply: Eve of the Antperium: Bo +2 CP; Cy +2 CP"]).on_tap(None)  # type: ignore[misc]
    assert s.undo_label == "Eve of the Antperium: Bo +2 CP; Cy +2 CP"


def test_calculators_ask_the_core() -> None:
    assert calcs.farm_text(calcs.FarmInputs(aphids=3, herders=1)) == (
        "Single-player farm: each herder takes +1 CP, +1 card")
    assert calcs.farm_text(calcs.FarmInputs(aphids=4, herders=3)) == "Shared farm: each herder takes +1 CP, +1 card"
    assert calcs.decree_text(calcs.DecreeInputs(round=4, measures=[3, 3, 1])) == "tie: Colony 1 +1 CP, Colony 2 +1 CP"
    assert calcs.decree_text(calcs.DecreeInputs(round=4, measures=[0, 0])) == "nobody scores (no colony has any)"
    assert calcs.eve_text(calcs.EveInputs(players=3, enclave=0, adjacent=[1, 2, 0, 0], other=[0, 0, 3, 0])) == \
        "Colony 1 4 CP, Colony 2 4 CP, Colony 3 3 CP"


def test_every_panel_shows_its_interpretations(content: Content) -> None:
    panels = built(game(content))
    for panel_id, prefix in (("aphids", "aphids-interpretation-"), ("decrees", "decree-interpretation-"),
                             ("eve", "eve-interpretation-")):
        shown = [c.label for c in semantics(panels[panel_id]) if (c.identifier or "").startswith(prefix)]
        assert shown and all(text.startswith("Interpretation:") for text in shown), panel_id
    decree = [c.label for c in semantics(panels["decrees"]) if (c.identifier or "").startswith("decree-interp")]
    assert any("the best measure is 0" in text for text in decree)
    assert find(panels["eve"], "eve-reminder-0").label.startswith("Each Homeland is its player's Great Tunnel")


def test_the_panels_read_in_spanish(content: Content) -> None:
    from companion.core.i18n import using

    s = game(content)
    with using("es"):
        panels = built(s)
        assert find(panels["aphids"], "aphids-apply-why").label == (
            "Las granjas de pulgones pagan en la Cosecha (el primer paso de la Fase de Reina); ahora es Fase de "
            "Obrera.")
        assert find(panels["eve"], "eve-interpretation-0").label.startswith("Interpretación: una Tierra Natal")
        go_to(s, "harvest")
        panels = built(s)
        assert find(panels["aphids"], "aphids-apply").label == (
            "Aplicar a las puntuaciones: Cosecha: Ana +1 PC, +1 carta")
        go_to(s, "slumber")
        panels = built(s)
        assert find(panels["decrees"], "decree-name").label == "Colonia Adaptable"
        assert find(panels["eve"], "eve-p3-sum").label == "Cy: 0 (Enclave) + 2 x 0 (junto a él) + 1 x 2 (otros) = 2"
