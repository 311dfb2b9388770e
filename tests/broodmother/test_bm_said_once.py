"""Each rule said once: the view's actions come from the commands, the loss margins from the end check."""

from __future__ import annotations

from companion.core.actions import allowed
from companion.core.broodmother import broodmother_view
from companion.core.broodmother.meadow_commands import AddHex, CentipedeWon, ChaseNymph, DefeatCentipede, DestroyNymph
from companion.core.broodmother.model import has_broodmother
from companion.core.broodmother.scoring import loss_margins
from companion.core.commands.base import end_block
from companion.core.i18n import render
from companion.core.setup import GameSetup, PlayerSpec, new_state

from .helpers import brood, make_session, run


def test_meadow_actions_follow_the_commands_even_after_the_end() -> None:
    s = make_session()
    run(s, AddHex(3, "inner", 0, 2), AddHex(4, "inner", 0, 2, centipede=True))
    acts = broodmother_view(s.state, s.content)["actions"]
    assert [allowed(acts, c) for c in (ChaseNymph(3), ChaseNymph(4), DefeatCentipede(4))] == [True, False, True]
    for _ in range(12):
        s.execute(CentipedeWon())
    assert s.state["ended"]["code"] == "cp-threshold"
    acts = broodmother_view(s.state, s.content)["actions"]
    assert not any(allowed(acts, make(n)) for n in (3, 4) for make in (ChaseNymph, DestroyNymph, DefeatCentipede))


def test_the_end_reason_and_the_view_read_the_same_margins() -> None:
    s = make_session()
    for _ in range(11):
        s.execute(CentipedeWon())
    m = loss_margins(s.state, brood(s))
    end = broodmother_view(s.state, s.content)["end"]
    assert (m["lead"], m["lead_to_spare"], end["cp_lead_before_loss"]) == (11, 0, 1)
    s.execute(CentipedeWon())
    assert render(s.state["ended"]["reason"], "en") == (
        "Her lead over every colony is 12 CP (12 to 0), at least the Colony Point threshold of 12: the Broodmother "
        "wins.")
    assert s.why_not(CentipedeWon()) == render(end_block(CentipedeWon(), s.state))


def test_one_predicate_and_entering_a_card_asked_of_the_command(content: object) -> None:
    from companion.core.broodmother.commands import enter_probe
    from companion.core.commands.turns import NextPhase

    s = make_session(deck="physical")
    assert has_broodmother(s.state) and s.can(enter_probe(s.state, s.content))
    s.execute(NextPhase())  # the Soldier Phase: her card waits, and the session says so (the command's answer)
    assert not s.can(enter_probe(s.state, s.content))
    virtual = make_session()
    assert not virtual.can(enter_probe(virtual.state, virtual.content))  # a virtual deck
    assert not allowed(broodmother_view(s.state, s.content)["actions"], enter_probe(s.state, s.content))
    setup = GameSetup(game="mota", mode="competitive", players=(PlayerSpec("A", "red"), PlayerSpec("B", "blue")))
    state = new_state(setup, s.content)
    assert not has_broodmother(state) and broodmother_view(state, s.content) == {"active": False}


def test_commands_and_views_read_the_sessions_broodmother_content() -> None:
    from dataclasses import replace

    from companion.core.broodmother.commands import DrawCard
    from companion.core.broodmother.content import brood_content, with_brood
    from companion.core.commands.turns import NextPhase
    from companion.core.content import load_content
    from companion.core.session import Session, new_doc

    custom = replace(brood_content(), base_initiative=4, reaction_phases=("worker", "soldier"))
    content = with_brood(load_content(), custom)
    setup = GameSetup(game="mota", mode="solo", players=(PlayerSpec("A", "red"),), expansions=("minions",))
    s = Session(new_doc("g-x", "x", new_state(setup, content, seed=1)), content=content)
    assert brood(s)["initiative"] == 4
    s.execute(NextPhase())
    assert s.state["phase"] == "soldier" and s.can(DrawCard())
    assert broodmother_view(s.state, s.content)["initiative"] == 4


def test_chasing_in_the_great_tunnel_is_refused_by_the_core() -> None:
    import pytest

    from companion.core.broodmother.meadow_commands import ChaseNymph
    from companion.core.errors import CommandError

    s = make_session()
    with pytest.raises(CommandError, match="the Great Tunnel has none"):
        s.execute(ChaseNymph(0))
