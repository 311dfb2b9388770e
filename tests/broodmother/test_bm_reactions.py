"""Her reactions with concrete boards: Spawn, Expand, Plot, the machinations levels, the Nest, Strike, Invade."""

from __future__ import annotations

import pytest

from companion.core.broodmother.commands import AnswerExpand, AnswerPredator, AnswerStrike, EnterCard
from companion.core.broodmother.meadow_commands import AddHex
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import NextRound
from companion.core.errors import CommandError
from companion.core.session import Session

from .helpers import brood, hex_of, lines, make_session, run


def physical(**options: object) -> Session:
    return make_session(deck="physical", **options)  # type: ignore[arg-type]


def three_full_hexes(session: Session, nymphs: int = 2) -> None:
    """Hexes 3, 5 and 9, each with ``nymphs`` nymphs and no free site."""
    run(session, *(AddHex(n, "inner", 0, nymphs) for n in (3, 5, 9)))


def plots(session: Session, count: int) -> None:
    """Enter ``count`` Evolution cards, cycling through Ferocities 1-4 so the box has enough of each."""
    for index in range(count):
        session.execute(EnterCard("evolution", index % 4 + 1))


# -- Spawn ----------------------------------------------------------------------------------
def test_spawn_round_limit_and_highest_hex_first() -> None:
    s = physical()
    three_full_hexes(s)
    s.execute(EnterCard("event", 2))
    assert [hex_of(s, n)["centipede"] for n in (3, 5, 9)] == [False, False, True]
    assert hex_of(s, 9) == {**hex_of(s, 9), "nymphs": 2, "sites": 0}  # moulted (2 -> 1, site freed) then refilled
    assert lines(s) == ["Hex 9: one nymph moults into a centipede.", "Hex 9: place 1 nymph."]


def test_spawn_in_round_two_moults_two_hexes() -> None:
    s = physical()
    three_full_hexes(s)
    s.execute(NextRound())
    s.execute(EnterCard("event", 2))
    assert [hex_of(s, n)["centipede"] for n in (3, 5, 9)] == [False, True, True]
    assert lines(s)[:2] == ["Hex 9: one nymph moults into a centipede.", "Hex 5: one nymph moults into a centipede."]


def test_spawn_needs_nymphs_at_least_the_ferocity() -> None:
    s = physical()
    run(s, AddHex(4, "inner", 0, 2), AddHex(8, "inner", 0, 1))
    s.execute(EnterCard("event", 2))
    assert hex_of(s, 8)["centipede"] is False and hex_of(s, 4)["centipede"] is True


def test_spawn_skips_hexes_with_a_centipede() -> None:
    s = physical()
    run(s, AddHex(4, "inner", 0, 2), AddHex(8, "inner", 0, 3, centipede=True))
    s.execute(EnterCard("event", 1))
    assert hex_of(s, 4)["centipede"] is True and hex_of(s, 8)["nymphs"] == 3


def test_spawn_places_a_nymph_on_every_hex_with_a_free_site() -> None:
    s = physical()
    run(s, AddHex(2, "outer", 1), AddHex(6, "inner", 3), AddHex(7, "inner", 0))
    s.execute(EnterCard("event", 3))
    assert [(hex_of(s, n)["nymphs"], hex_of(s, n)["sites"]) for n in (2, 6, 7)] == [(1, 0), (1, 2), (0, 0)]
    assert "Hex 6: place 1 nymph." in lines(s) and "Hex 2: place 1 nymph." in lines(s)


def test_spawn_with_nothing_to_do_expands_instead() -> None:
    s = physical()
    run(s, AddHex(2, "outer", 0, 1))
    s.execute(EnterCard("event", 3))
    assert brood(s)["pending"] == [
        {"kind": "expand", "reason": "spawn-fallback", "index": 1, "of": 1, "round": 1, "asked": "1.1"}]
    s.execute(AnswerExpand(number=12, sites=2, zone="inner"))
    assert hex_of(s, 12)["nymphs"] == 1 and hex_of(s, 12)["sites"] == 1
    assert brood(s)["pending"] == []


# -- Expand ---------------------------------------------------------------------------------
def test_expand_asks_for_the_hex_and_places_a_nymph() -> None:
    s = physical()
    s.execute(EnterCard("colony-goal", 2))
    assert brood(s)["pending"][0]["kind"] == "expand"
    with pytest.raises(CommandError, match="open question"):
        s.execute(EnterCard("event", 1))
    s.execute(AnswerExpand(number=14, sites=3, zone="outer"))
    assert hex_of(s, 14) == {"number": 14, "zone": "outer", "sites": 2, "nymphs": 1, "centipede": False,
                             "centipede_hex": False, "nest": False}


def test_expand_on_a_centipede_hex_moults_up_to_the_round_number() -> None:
    s = physical()
    run(s, AddHex(3, "inner", 0, 1), AddHex(20, "inner", 0, 1))
    s.execute(NextRound())
    s.execute(EnterCard("colony-goal", 1))
    s.execute(AnswerExpand(number=11, sites=2, centipede_hex=True))
    # round 2: two moults, highest first: hex 20, then the new hex 11; hex 3 keeps its nymph
    assert [hex_of(s, n)["centipede"] for n in (3, 11, 20)] == [False, True, True]
    assert hex_of(s, 3)["nymphs"] == 1


def test_expand_refuses_a_hex_already_in_play_and_handles_an_empty_deck() -> None:
    s = physical()
    run(s, AddHex(3, "inner", 1))
    s.execute(EnterCard("colony-goal", 1))
    with pytest.raises(CommandError, match="already in the meadow"):
        s.execute(AnswerExpand(number=3, sites=2))
    s.execute(AnswerExpand(deck_empty=True))
    assert len(brood(s)["hexes"]) == 1 and lines(s)[-1] == "The hex deck is empty: this Expand does nothing."


# -- Plot and the machinations track -------------------------------------------------------
def test_plot_gains_a_point_and_fills_the_pile() -> None:
    s = physical()
    plots(s, 2)
    b = brood(s)
    assert sum(b["cp"]) == 2 and len(b["deck"]["plot"]) == 2 and b["machinations"] == 0


def test_level_1_doubles_nymph_placement() -> None:
    s = physical()
    plots(s, 3)
    b = brood(s)
    assert b["machinations"] == 1 and b["deck"]["plot"] == [] and len(b["deck"]["discard"]) == 3
    run(s, AddHex(2, "outer", 3), AddHex(6, "inner", 1))
    s.execute(EnterCard("event", 4))
    assert (hex_of(s, 2)["nymphs"], hex_of(s, 6)["nymphs"]) == (2, 1)  # the second nymph needs a second site
    s.execute(EnterCard("colony-goal", 1))
    s.execute(AnswerExpand(number=30, sites=4))
    assert hex_of(s, 30)["nymphs"] == 2


def test_level_2_summons_a_predator_onto_the_hex_the_players_name() -> None:
    s = physical()
    run(s, AddHex(2, "outer", 3), AddHex(6, "inner", 1), AdjustScore("p1", 10))
    s.execute(NextRound())
    plots(s, 6)
    b = brood(s)
    assert b["machinations"] == 2
    question = b["pending"][0]
    assert question["kind"] == "predator" and question["health"] == 6
    assert question["predator"] in {"ladybug", "praying-mantis", "trapdoor-spider", "cordyceps-fungus"}
    with pytest.raises(CommandError, match="No hex 7"):
        s.execute(AnswerPredator(hex=7))
    s.execute(AnswerPredator(hex=2))
    (summoned,) = s.state["modules_state"]["predators"]["predators"]  # in the predator tracker
    assert (summoned["hex"], summoned["health"], summoned["by"]) == (2, 6, "broodmother")


def test_level_3_expands_three_times() -> None:
    s = physical()
    run(s, AddHex(1, "inner", 0), AdjustScore("p1", 10))
    plots(s, 6)
    s.execute(AnswerPredator(hex=1))
    plots(s, 3)
    b = brood(s)
    assert b["machinations"] == 3
    assert [q["index"] for q in b["pending"]] == [1, 2, 3]
    for number in (21, 22, 23):
        s.execute(AnswerExpand(number=number, sites=2))
    assert [hex_of(s, n)["nymphs"] for n in (21, 22, 23)] == [2, 2, 2]


@pytest.mark.parametrize(("option", "pending"), [("nothing", 0), ("expand-again", 3)])
def test_a_full_pile_at_level_3(option: str, pending: int) -> None:
    s = physical(after_level_3=option)
    run(s, AddHex(1, "inner", 0), AdjustScore("p1", 20))
    plots(s, 6)
    s.execute(AnswerPredator(hex=1))
    plots(s, 3)
    for number in (21, 22, 23):
        s.execute(AnswerExpand(number=number, sites=0))
    plots(s, 3)
    b = brood(s)
    assert b["machinations"] == 3 and sum(b["cp"]) == 12 and len(b["pending"]) == pending


# -- the Nest of Centipedes -----------------------------------------------------------------
def test_expand_finding_the_nest_is_the_reckoning() -> None:
    s = physical()
    plots(s, 2)
    s.execute(EnterCard("colony-goal", 1))
    s.execute(AnswerExpand(number=40, sites=1, nest=True))
    b = brood(s)
    assert b["her"] == {"found": True, "hex": 40, "destroyed": False}
    assert b["deck"]["plot"] == [] and len(b["deck"]["discard"]) == 3
    assert hex_of(s, 40)["nest"] is True
    assert (hex_of(s, 40)["nymphs"], hex_of(s, 40)["centipede"]) == (1, False)  # its nymph stays with her
    assert "Provision for War: take a Royal Decree now." in lines(s)
    s.execute(EnterCard("evolution", 2))  # now a Revel: a point, no plot pile
    assert sum(brood(s)["cp"]) == 3 and brood(s)["deck"]["plot"] == []


def test_ants_finding_the_nest_and_no_decree_in_coop() -> None:
    s = make_session("coop", 2, deck="physical")
    s.execute(AddHex(17, "outer", 2, nest=True))
    assert brood(s)["her"]["hex"] == 17
    assert not any("Royal Decree" in text for text in lines(s))


def nest_game(**options: object) -> Session:
    s = physical(**options)
    s.execute(AddHex(17, "outer", 2, nest=True))
    return s


def test_strike_destroying_ants() -> None:
    s = nest_game()
    s.execute(EnterCard("event", 3))
    assert brood(s)["pending"] == [{"kind": "strike", "ferocity": 3, "hex": 17, "round": 1, "asked": "1.1"}]
    with pytest.raises(CommandError, match="between 0 and 3"):
        s.execute(AnswerStrike(destroyed=4))
    s.execute(AnswerStrike(destroyed=2))
    assert brood(s)["tunnel"] == {"nymph": False, "centipedes": 0}
    assert lines(s)[-1].startswith("Hex 17: destroy 2 ants")


def test_strike_with_no_ants_invades_and_invade_then_moults() -> None:
    s = nest_game()
    s.execute(EnterCard("event", 1))
    s.execute(AnswerStrike(destroyed=0))
    assert brood(s)["tunnel"] == {"nymph": True, "centipedes": 0}
    s.execute(EnterCard("colony-goal", 4))
    assert brood(s)["tunnel"] == {"nymph": False, "centipedes": 1}


@pytest.mark.parametrize(("rule", "tunnel"), [("one", {"nymph": True, "centipedes": 1}),
                                              ("many", {"nymph": False, "centipedes": 2})])
def test_invade_with_a_centipede_already_in_the_tunnel(rule: str, tunnel: dict[str, object]) -> None:
    s = nest_game(tunnel_centipedes=rule)
    for ferocity in (1, 2, 3, 2):  # nymph, moult, nymph, then the rule decides
        s.execute(EnterCard("colony-goal", ferocity))
    assert brood(s)["tunnel"] == tunnel


def test_invade_is_never_doubled() -> None:
    s = physical()
    plots(s, 3)
    s.execute(AddHex(17, "outer", 2, nest=True))
    s.execute(EnterCard("colony-goal", 1))
    assert brood(s)["tunnel"] == {"nymph": True, "centipedes": 0}


def test_empires_solo_reminds_of_chamber_eggs() -> None:
    s = make_session(empires=True, deck="physical")
    s.execute(EnterCard("chamber"))
    assert sum(brood(s)["cp"]) == 1 and len(brood(s)["deck"]["plot"]) == 1
    assert lines(s)[-1].startswith("Empires: you may put 1 egg")
