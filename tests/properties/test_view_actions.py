"""For reachable games, every action a view allows is accepted by the session and every one it refuses is refused
with the same reason (issue 35): Hypothesis draws a game (every module of either edition, her three modes,
Antscape), a seed and a few dozen moves the table could make (each active area's own ``moves`` the game takes, and
Next), then checks every view that lists actions (``view_actions.check_view_actions``). The game machine
(``test_game_machine.py``, the whole tier) checks the same after each of its steps.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from companion.core.content import load_content
from tests.properties.view_actions import check_view_actions
from tests.ui.test_panel_actions import GAMES, _game, _moves

CONTENT = load_content()


@settings(max_examples=8, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@example(name="coop", seed=190, steps=3)  # over in three moves: nothing allowed, rightly
@given(name=st.sampled_from(GAMES), seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 40))
def test_every_views_actions_are_the_sessions_answers(name: str, seed: int, steps: int) -> None:
    session = _game(name, CONTENT)
    rng = random.Random(seed)
    for _ in range(steps):
        moves = _moves(session, CONTENT)
        if not moves:
            break
        session.execute(rng.choice(moves))
    ran: list[str] = []
    assert check_view_actions(session, CONTENT, ran.append) > 0
    # at least one view allowed something and the session took it - unless the game is over (her Nest found and
    # her destroyed within three moves of a co-op game), when every view refuses everything
    assert ran or session.state.get("ended"), "no view allowed anything in a game still going"
