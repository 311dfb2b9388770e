"""Slumber, battles, the cancel, and every way the game ends."""

from __future__ import annotations

import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.commands import AnswerExpand, CancelReaction, EnterCard, ScoreSlumber
from companion.core.broodmother.meadow_commands import AddHex, CentipedeWon, DestroyBroodmother, SetSites
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.errors import CommandError
from companion.core.session import Session

from .helpers import brood, lines, make_session, run


def to_slumber(s: Session) -> None:
    for _ in range(5):
        s.execute(NextPhase())
    assert s.state["phase"] == "slumber"


def slumber_board(s: Session) -> None:
    """2 centipedes (hex 5 and the tunnel via correction), 3 inner hexes with a nymph, 1 outer."""
    run(s, AddHex(1, "inner", 0, 1), AddHex(2, "inner", 0, 2), AddHex(5, "inner", 0, 1, centipede=True),
        AddHex(8, "outer", 0, 3), AddHex(9, "inner", 2, 0, centipede=True))


@pytest.mark.parametrize(("mode", "ants", "total"), [("solo", 1, 5), ("coop", 2, 3)])
def test_slumber_solo_counts_each_inner_hex_coop_every_two(mode: str, ants: int, total: int) -> None:
    s = make_session(mode, ants)
    slumber_board(s)
    with pytest.raises(CommandError, match="Slumber step"):
        s.execute(ScoreSlumber())
    to_slumber(s)
    preview = broodmother_view(s.state, s.content)["slumber"]
    assert (preview["centipedes"], preview["inner_hexes"], preview["total"]) == (2, [1, 2, 5], total)
    s.execute(ScoreSlumber())
    assert sum(brood(s)["cp"]) == total
    with pytest.raises(CommandError, match="already scored"):
        s.execute(ScoreSlumber())


def test_battle_helper_counts_tunnel_nymph_and_other_centipedes() -> None:
    s = make_session(deck="physical")
    run(s, AddHex(3, "inner", 0, 2, centipede=True), AddHex(6, "outer", 0, 1, centipede=True),
        AddHex(17, "outer", 3, 2, nest=True))
    s.execute(EnterCard("colony-goal", 1))  # Invade: a nymph into the Great Tunnel
    battle = broodmother_view(s.state, s.content)["battle"]
    assert battle["broodmother"] == {"in_play": True, "hex": 17, "size_bonus": 3, "extra_cards": 2}
    assert battle["centipedes"] == [{"hex": 3, "size_bonus": 2}, {"hex": 6, "size_bonus": 1}]


def test_a_centipede_winning_a_battle_gives_her_a_point() -> None:
    s = make_session()
    s.execute(CentipedeWon())
    assert sum(brood(s)["cp"]) == 1


# -- the end -----------------------------------------------------------------------------------
def test_ants_lose_when_centipedes_exceed_the_threshold() -> None:
    s = make_session()  # solo threshold 7
    run(s, *(AddHex(n, "outer", 0, 0, centipede=True) for n in range(1, 8)))
    assert s.state["ended"] is None
    s.execute(AddHex(8, "outer", 0, 0, centipede=True))
    assert s.state["ended"]["code"] == "centipede-threshold" and s.state["ended"]["winners"] == ["broodmother"]
    with pytest.raises(CommandError, match="game is over"):
        s.execute(SetSites(1, 2))


def test_ants_lose_when_her_lead_reaches_the_cp_threshold() -> None:
    s = make_session("coop", 2)  # threshold 16
    run(s, AdjustScore("p1", 1), AdjustScore("p2", 3))
    for _ in range(18):
        s.execute(CentipedeWon())
    assert s.state["ended"] is None  # 18 - 3 = 15
    s.execute(CentipedeWon())
    assert s.state["ended"]["code"] == "cp-threshold"


def test_ants_win_when_she_is_destroyed() -> None:
    s = make_session("coop", 3)
    with pytest.raises(CommandError, match="not been found"):
        s.execute(DestroyBroodmother())
    run(s, AddHex(12, "outer", 1, nest=True), DestroyBroodmother())
    assert s.state["ended"]["code"] == "broodmother-destroyed"
    assert s.state["ended"]["winners"] == ["p1", "p2", "p3"]


def test_she_wins_if_she_survives_the_last_round() -> None:
    s = make_session()
    for _ in range(3):
        s.execute(NextRound())
    s.execute(FinishGame())
    assert s.state["ended"]["code"] == "broodmother-survived"


# -- Initiative Tokens -------------------------------------------------------------------------
def test_cancel_undoes_the_reaction_but_keeps_the_card_revealed() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("evolution", 2))
    s.execute(CancelReaction())
    b = brood(s)
    assert sum(b["cp"]) == 0 and b["deck"]["plot"] == [] and b["deck"]["discard"] == ["evolution-2-1"]
    assert b["initiative"] == 1 and b["turn"]["cancelled"] is True
    assert lines(s)[0] == "Spend 1 Initiative Token (1 left); her card goes to her discard pile."
    with pytest.raises(CommandError, match="no reaction of hers"):
        s.execute(CancelReaction())


def test_cancel_an_expand_before_answering() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("colony-goal", 1))
    s.execute(CancelReaction())
    assert brood(s)["pending"] == [] and brood(s)["deck"]["discard"] == ["colony-goal-1-1"]


def test_cancel_after_the_answer_takes_back_the_hex() -> None:
    s = make_session(deck="physical")
    s.execute(EnterCard("colony-goal", 1))
    s.execute(AnswerExpand(number=9, sites=2))
    s.execute(CancelReaction())
    assert brood(s)["hexes"] == []
    assert "Take back if already done: Hex 9: place it in the Inner Meadow with 1 nymph." in lines(s)


def test_cancel_is_too_late_after_another_change() -> None:
    s = make_session(deck="physical")
    s.execute(AddHex(4, "inner", 2))
    s.execute(EnterCard("evolution", 1))
    s.execute(SetSites(4, 1))
    with pytest.raises(CommandError, match="Too late"):
        s.execute(CancelReaction())
    s.execute(EnterCard("evolution", 1))
    s.execute(AdjustScore("p1", 1))
    with pytest.raises(CommandError, match="Too late"):
        s.execute(CancelReaction())


def test_cancel_needs_a_token() -> None:
    s = make_session("coop", 2, deck="physical", difficulty="difficult")
    s.execute(EnterCard("evolution", 1))
    with pytest.raises(CommandError, match="no Initiative Token"):
        s.execute(CancelReaction())


def test_cancel_can_save_the_game_her_card_had_won() -> None:
    s = make_session(deck="physical")
    for _ in range(11):
        s.execute(CentipedeWon())
    s.execute(EnterCard("evolution", 1))
    assert s.state["ended"]["code"] == "cp-threshold"
    s.execute(CancelReaction())
    assert s.state["ended"] is None and sum(brood(s)["cp"]) == 11


def test_asymmetric_game_has_no_initiative_cancel() -> None:
    s = make_session("asymmetric", 2, deck="physical")
    s.execute(EnterCard("evolution", 1))
    with pytest.raises(CommandError, match="asymmetric"):
        s.execute(CancelReaction())
