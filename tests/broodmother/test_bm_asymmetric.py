"""The asymmetric variant: eggs, powers, reactions, the redraw and her end bonus."""

from __future__ import annotations

import pytest

from companion.core.broodmother import broodmother_view
from companion.core.broodmother.asymmetric import GainEgg, MoveNymph, Redraw, UnlockPower, UsePower
from companion.core.broodmother.commands import DrawCard, EnterCard
from companion.core.broodmother.meadow_commands import AddHex, DestroyBroodmother
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import FinishGame, NextPhase, NextRound
from companion.core.errors import CommandError
from companion.core.session import Session

from .helpers import brood, hex_of, lines, make_session, run


def game(**options: object) -> Session:
    return make_session("asymmetric", 2, **options)  # type: ignore[arg-type]


def test_thresholds_come_from_the_ant_colonies_row() -> None:
    b = brood(game())
    assert b["thresholds"] == {"plot": 5, "cp": 16, "centipedes": 8}
    assert b["initiative"] == 0 and b["asym"]["eggs"] == 0


def test_difficulty_is_refused() -> None:
    with pytest.raises(CommandError, match="no difficulty"):
        game(difficulty="easy")


def test_her_points_are_her_players_score() -> None:
    s = game(deck="physical")
    s.execute(EnterCard("evolution", 1))
    assert s.state["scores"]["p3"] == [1, 0, 0, 0] and sum(brood(s)["cp"]) == 0


def test_she_chooses_where_her_spawn_goes() -> None:
    s = game(deck="physical")
    s.execute(AddHex(4, "inner", 2, 2))
    s.execute(EnterCard("event", 1))
    assert hex_of(s, 4)["nymphs"] == 2 and hex_of(s, 4)["centipede"] is False
    assert lines(s)[0].startswith("Spawn: in up to 1 hexes")


def test_eggs_and_powers() -> None:
    s = game()
    with pytest.raises(CommandError, match="Queen Phase"):
        s.execute(UnlockPower("infest"))
    run(s, NextPhase(), NextPhase())  # harvest: a Queen Phase step
    s.execute(UnlockPower("infest"))
    with pytest.raises(CommandError, match="already unlocked a power"):
        s.execute(UnlockPower("advance"))
    for _ in range(4):
        s.execute(GainEgg())
    with pytest.raises(CommandError, match="costs 5 eggs; she has 4"):
        s.execute(UsePower("infest"))
    s.execute(GainEgg())
    s.execute(UsePower("infest"))
    assert brood(s)["asym"]["eggs"] == 0
    assert lines(s) == ["One nymph moults into a centipede; then place as many nymphs as the round number (1) "
                        "wherever you like in the Meadow."]
    powers = {p["id"]: p for p in broodmother_view(s.state, s.content)["asym"]["powers"]}
    assert powers["infest"]["unlocked"] and not powers["advance"]["unlocked"]
    assert "Take 5 steps" in powers["advance"]["text"]


def test_machinate_reveals_her_top_card() -> None:
    s = game(seed=4)
    run(s, NextPhase(), NextPhase(), UnlockPower("machinate"), *(GainEgg() for _ in range(5)))
    with pytest.raises(CommandError, match="Worker Phase"):
        s.execute(UsePower("machinate"))  # her turn comes in the Worker Phase
    s.execute(NextRound())
    top = brood(s)["deck"]["draw"][0]
    s.execute(UsePower("machinate"))
    assert brood(s)["turn"]["card"] == top and brood(s)["deck"]["drawn"] == 1


def test_move_nymph_reaction() -> None:
    s = game()
    run(s, AddHex(4, "inner", 0, 1), AddHex(5, "inner", 1))
    s.execute(MoveNymph(4, 5))
    assert (hex_of(s, 4)["nymphs"], hex_of(s, 5)["nymphs"], hex_of(s, 5)["sites"]) == (0, 1, 0)
    with pytest.raises(CommandError, match="no nymph in hex 4"):
        s.execute(MoveNymph(4, 0))


def test_redraw_spends_two_nymphs_and_replaces_the_card() -> None:
    s = game(seed=9)
    s.execute(AddHex(4, "inner", 0, 2))
    first, second = brood(s)["deck"]["draw"][:2]
    s.execute(DrawCard())
    s.execute(Redraw(4, 4))
    b = brood(s)
    assert first in b["deck"]["discard"] and b["turn"]["card"] == second and hex_of(s, 4)["nymphs"] == 0
    with pytest.raises(CommandError, match="fewer than 2 nymphs"):
        s.execute(Redraw(4, 4))


def test_bonus_when_never_destroyed() -> None:
    s = game()
    run(s, AdjustScore("p1", 5), AdjustScore("p3", 3), *(NextRound() for _ in range(3)), FinishGame())
    assert s.state["ended"]["winners"] == ["p3"] and brood(s)["asym"]["bonus"] == 3
    assert sum(s.state["scores"]["p3"]) == 6


def test_no_bonus_when_destroyed_and_no_sudden_end() -> None:
    s = game()
    run(s, AddHex(9, "outer", 1, nest=True), DestroyBroodmother())
    assert s.state["ended"] is None
    run(s, AdjustScore("p1", 2), AdjustScore("p3", 1), *(NextRound() for _ in range(3)), FinishGame())
    assert s.state["ended"]["winners"] == ["p1"] and brood(s)["asym"]["bonus"] == 0
