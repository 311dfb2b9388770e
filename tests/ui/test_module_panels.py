"""The module trackers' panels (chambers, mutations, symbiotes, seasons, drafting, parasites, workers,
tactics, Flooded Spring), built without a browser: every tap is a labelled core command."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.core.chambers.commands import PlayChamber
from companion.core.content import Content
from companion.core.session import Session
from companion.core.units import every_module
from companion.ui.panels import panels_for
from tests.module_helpers import EVERY_MODULE, session
from tests.ui.test_broodmother_helpers import StubApp, check_labels, reachable


def built(s: Session) -> dict[str, list[Any]]:
    app = StubApp()
    out = {}
    for panel, module_id in panels_for(s.state):
        ctx = app.panel_context(s, module_id)
        assert panel.title_for(ctx)
        out[f"{panel.id}:{module_id}" if module_id else panel.id] = panel.build(ctx)
    return out


def find(controls: list[Any], identifier: str) -> ft.Semantics:
    for root in controls:
        for control, _ in reachable(root):
            if isinstance(control, ft.Semantics) and control.identifier == identifier:
                return control
    raise AssertionError(f"no control {identifier!r}")


def tap(controls: list[Any], identifier: str) -> None:
    handler = find(controls, identifier).on_tap
    assert handler is not None, identifier
    handler(None)  # type: ignore[operator]


def test_chambers_panel_sends_eggs_and_activation(content: Content) -> None:
    s = session(content, 2, modules=("chambers", "old-tunnels"))
    s.execute(PlayChamber("p1", "Scavenger's Cache", 2))
    panels = built(s)
    assert "chambers" in panels and check_labels(panels["chambers"]) > 3
    tap(panels["chambers"], "chambers-c1-egg")
    assert s.undo_label == "Ana: an egg into Scavenger's Cache instead of a Reaction (3 of 3)"
    panels = built(s)
    assert find(panels["chambers"], "chambers-c1-status").label == (
        "Scavenger's Cache activates in the Queen Phase; this is Worker Phase.")


def test_mutations_panel_deals(content: Content) -> None:
    s = session(content, 2, modules=("mutations",))
    panels = built(s)
    tap(panels["mutations"], "mutations-deal")
    assert s.undo_label == "Mutations dealt: 4 to each colony"
    panels = built(s)
    assert check_labels(panels["mutations"]) > 3
    tap(panels["mutations"], "mutations-p1-evolve-thorax")
    assert s.undo_label == "Ana plays an Evolution on the thorax"


def test_symbiotes_panel(content: Content) -> None:
    from companion.core.symbiotes.commands import Exchange
    from tests.scoring_helpers import go_to

    s = session(content, 2, variants=("symbiote-tokens",), expansions=("minions",))
    panels = built(s)
    assert find(panels["symbiotes"], "symbiotes-why").label == \
        "Symbiote tokens are exchanged at Slumber; this is Worker Phase."
    go_to(s, "slumber")
    s.execute(Exchange("p1", "p1:head", "p2", "p2:head"))
    panels = built(s)
    assert check_labels(panels["symbiotes"]) >= 1  # the battle that gives both tokens back; no second swap
    assert find(panels["symbiotes"], "symbiotes-why").label == "Ana and Bo already swapped at this Slumber."
    assert find(panels["symbiotes"], "symbiotes-p1-points").label == "At the end: 1 CP"


def test_seasons_panel_builds_and_reveals(content: Content) -> None:
    s = session(content, 2, variants=("seasons",), expansions=("minions",))
    tap(built(s)["seasons"], "seasons-build")
    tap(built(s)["seasons"], "seasons-reveal")
    panels = built(s)
    assert find(panels["seasons"], "seasons-now").label.startswith("In force: Early Season")
    assert s.undo_label.startswith("Round 1: the Season is Early Season")


def test_drafting_panel_counts_carry_overs(content: Content) -> None:
    from tests.scoring_helpers import go_to

    s = session(content, 2, variants=("round-draft",), expansions=("minions",))
    assert find(built(s)["drafting"], "drafting-round-draft").label == "Drafting: Round Draft: deal 5, keep 2"
    go_to(s, "harvest")
    tap(built(s)["drafting"], "drafting-p1-extra-plus")
    assert s.undo_label == "Round Draft: Ana keeps 1 more at the next draft (card collection sites)"


def test_every_module_has_its_own_panel(content: Content) -> None:
    s = session(content, 3, **EVERY_MODULE)  # type: ignore[arg-type]
    ids = [(p.id, m) for p, m in panels_for(s.state)]
    generic = [m for p, m in ids if p == "module"]
    assert generic == []  # every module in play has a panel of its own
    panels = built(s)
    for key in ("chambers", "mutations", "symbiotes", "seasons", "drafting", "parasites", "workers", "tactics",
                "flooded-spring", "aphids", "decrees", "eve"):
        assert key in panels, key
    e = session(content, 3, game="evolved", **every_module(content, "evolved"))  # type: ignore[arg-type]
    e_ids = {p.id for p, _ in panels_for(e.state)}
    assert {"chambers", "workers", "pp-tactics"} <= e_ids
    assert [m for p, m in panels_for(e.state) if p.id == "module"] == []


def test_parasites_workers_and_tactics_panels(content: Content) -> None:
    from companion.core.parasites.commands import PlayParasite
    from tests.scoring_helpers import go_to

    s = session(content, 2, modules=("parasites", "tactics"), expansions=("minions", "empires"))
    s.execute(PlayParasite("Incubator Head", "p1", "p2"))
    go_to(s, "soldier")
    panels = built(s)
    for key in ("parasites", "workers", "tactics"):
        assert check_labels(panels[key]) >= 0
    tap(panels["parasites"], "parasites-x1-cp")
    assert s.undo_label == "Incubator Head: Bo fought no battle, Ana +1 CP"
    assert find(built(s)["tactics"], "tactics-now").label == "Soldier Phase: in each battle, follow these steps."
    tap(built(s)["workers"], "workers-p1-count-plus")
    assert s.undo_label == "Ana: Major Workers in play: 1"
    tap(built(s)["workers"], "workers-p1-head")
    assert s.undo_label == "Ana's head has an Evolution"
