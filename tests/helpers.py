"""Small builders shared by tests."""

from __future__ import annotations

from companion.core.setup import PlayerSpec


def four_players() -> tuple[PlayerSpec, ...]:
    return (PlayerSpec("Ana", "red"), PlayerSpec("Bo", "blue"), PlayerSpec("Cy", "black"), PlayerSpec("Di", "yellow"))
