"""The Broodmother view: what a screen needs, as plain data, and the docs that list the interpretations."""

from __future__ import annotations

import json
from pathlib import Path

from companion.core.actions import allowed
from companion.core.broodmother import brood_content, broodmother_view
from companion.core.broodmother.commands import CancelReaction, DrawCard, EnterCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.base import command_from_dict
from companion.core.commands.scoring import AdjustScore
from companion.core.i18n import render, using
from companion.core.views import game_view

from .helpers import make_session, run

DOCS = Path(__file__).resolve().parents[2] / "docs" / "broodmother.md"


def test_the_view_is_plain_json() -> None:
    s = make_session()
    view = broodmother_view(s.state, s.content)
    assert json.loads(json.dumps(view)) == view
    assert allowed(view["actions"], DrawCard()) and not allowed(view["actions"], CancelReaction())
    assert not any(key == "commands" or key.startswith("can_") for key in view)  # its actions say it, once
    assert view["end"]["centipedes_before_loss"] == 8 and view["end"]["cp_lead_before_loss"] == 12


def test_predator_question_offers_every_hex_as_a_button() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(9, "outer", 0), AddHex(4, "inner", 0), AdjustScore("p1", 10))
    for ferocity in (1, 2, 3, 4, 1, 2):
        s.execute(EnterCard("evolution", ferocity))
    q = broodmother_view(s.state, s.content)["question"]
    assert q["kind"] == "predator" and q["command"] == "bm_answer_predator"
    assert [b["args"] for b in q["buttons"]] == [{"hex": 4}, {"hex": 9}]
    assert "predator-pool" in [i["id"] for i in broodmother_view(s.state, s.content)["interpretations"]["current"]]


def test_the_ends_readings_are_those_that_apply_less_what_her_card_and_her_question_show() -> None:
    """The end panel lists the readings that apply now that neither her card nor her question shows; a list of its
    own in the view, so the end panel is held to it alone (her every card changes ``current``)."""
    s = make_session(deck="physical")
    run(s, AddHex(9, "outer", 0), AddHex(4, "inner", 0), AdjustScore("p1", 10))
    for ferocity in (1, 2, 3, 4, 1, 2):
        s.execute(EnterCard("evolution", ferocity))
    view = broodmother_view(s.state, s.content)
    readings = view["interpretations"]
    apart = {*(view["report"]["interpretations"] if view["report"] else []), *view["question"]["interpretations"]}
    assert view["question"]["interpretations"], "her question names readings of its own"
    assert readings["at_end"] == [i for i in readings["current"] if i["id"] not in apart]
    assert len(readings["at_end"]) < len(readings["current"])
    assert "cp-threshold-reached" in [i["id"] for i in readings["at_end"]]  # the end's own, always listed


def test_strike_question_buttons_go_up_to_the_ferocity() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(12, "outer", 1, nest=True))
    s.execute(EnterCard("event", 2))
    q = broodmother_view(s.state, s.content)["question"]
    assert [b["args"]["destroyed"] for b in q["buttons"]] == [0, 1, 2]
    assert all(s.can(command_from_dict({"type": q["command"], **b["args"]})) for b in q["buttons"])


def test_strike_question_counts_its_ants_as_each_language_does() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(12, "outer", 1, nest=True))
    s.execute(EnterCard("event", 1))
    with using("en"):
        q = broodmother_view(s.state, s.content)["question"]
        assert q["text"].startswith("Her Strike in hex 12 destroys up to 1 ant. How many ants")
        assert [b["label"] for b in q["buttons"]] == ["None there", "1 destroyed"]
    with using("es"):
        q = broodmother_view(s.state, s.content)["question"]
        assert q["text"].startswith("Su Ataque en el hexágono 12 destruye hasta 1 hormiga. ¿Cuántas")
        assert [b["label"] for b in q["buttons"]] == ["No había ninguna", "1 destruida"]


def test_report_lines_name_the_hex_to_highlight() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(6, "inner", 2))
    s.execute(EnterCard("event", 1))
    report = broodmother_view(s.state, s.content)["report"]
    assert render(report["title"]) == "Her card: Event, Ferocity 1 - Spawn"
    assert report["lines"][-1] == {"text": {"key": "Hex {hex}: place 1 nymph.", "params": {"n": 1, "hex": 6},
                                            "plural": "Hex {hex}: place {n} nymphs.", "count": "n"}, "hex": 6}
    assert render(report["lines"][-1]["text"]) == "Hex 6: place 1 nymph."


def test_her_report_counts_its_draw_so_the_same_card_twice_reads_as_two_draws() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(6, "inner", 2))
    s.execute(EnterCard("event", 1))
    first = broodmother_view(s.state, s.content)
    s.execute(EnterCard("event", 1))  # the same card again
    second = broodmother_view(s.state, s.content)
    assert render(first["report"]["title"]) == render(second["report"]["title"]) == \
        "Her card: Event, Ferocity 1 - Spawn"
    assert (first["report_draw"], second["report_draw"]) == (1, 2)
    s.execute(CancelReaction())  # a report of the table's own, not her card's
    assert broodmother_view(s.state, s.content)["report_draw"] is None
    assert broodmother_view(make_session().state, s.content)["report_draw"] is None


def test_docs_list_every_interpretation_with_its_text() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for interpretation in brood_content().interpretations.values():
        assert f"**{interpretation.id}**" in text
        assert interpretation.text.removeprefix("Interpretation: ") in text


def test_her_points_stand_under_the_colonies_in_solo_and_coop_only() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(6, "inner", 2))
    s.execute(EnterCard("evolution", 4))  # a Plot: she gains 1 Colony Point
    with using("es"):
        rivals = game_view(s)["rivals"]
    assert rivals == [{"id": "broodmother", "name": "La Madre de la Camada", "total": 1, "by_round": [1, 0, 0, 0],
                       "history": [1]}]
    assert game_view(make_session("asymmetric", 2))["rivals"] == []  # her player has her row among the players
