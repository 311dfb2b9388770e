"""The game state: plain JSON data, with small readers shared by commands and views.

The state is a dict so that it serialises, diffs and snapshots without ceremony.
Its shape (``STATE_SCHEMA`` 1)::

    {"schema": 1, "game": "mota", "expansions": [...], "modules": [...], "variants": [...],
     "mode": "solo", "options": {...},
     "players": [{"id": "p1", "name": "Ana", "colour": "blue", "role": "ant"}],
     "round": 1, "rounds": 4, "phase": "worker",
     "scores": {"p1": [0, 0, 0, 0]},          # colony points gained in each round
     "rng": 123,                              # the seeded generator's whole state
     "ended": None | {"code", "reason", "winners"},
     "modules_state": {"broodmother": {...}}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from companion.core.errors import CommandError
from companion.core.i18n import msg
from companion.core.schema import GameState, Player

if TYPE_CHECKING:
    from companion.core.content import Content, GameDef, Phase

State = GameState
STATE_SCHEMA: Final = 1
#: The Slumber step's phase id (the round's last step in March of the Ants), where several game areas act.
SLUMBER: Final = "slumber"
#: The Harvest step's phase id (aphid farms pay; the Round Draft's cards are carried over).
HARVEST: Final = "harvest"


def game_def(state: State, content: Content) -> GameDef:
    return content.game(state["game"])


def player(state: State, player_id: str) -> Player:
    for p in state["players"]:
        if p["id"] == player_id:
            return p
    names = ", ".join(f"{p['id']} ({p['name']})" for p in state["players"])
    raise CommandError(msg("No player {id} in this game; players are {names}.", id=repr(player_id), names=names))


def ant_players(state: State) -> list[Player]:
    return [p for p in state["players"] if p["role"] == "ant"]


def total_score(state: State, player_id: str) -> int:
    return sum(state["scores"][player_id])


def cumulative_scores(state: State, player_id: str) -> list[int]:
    """Running total at the end of each round, for the score history."""
    running, out = 0, []
    for gained in state["scores"][player_id]:
        running += gained
        out.append(running)
    return out


def current_phase(state: State, content: Content) -> Phase:
    return game_def(state, content).phase(state["phase"])


def is_last_phase(state: State, content: Content) -> bool:
    phases = game_def(state, content).phases
    return state["phase"] == phases[-1].id


def has(state: State, module_or_variant: str) -> bool:
    return module_or_variant in state["modules"] or module_or_variant in state["variants"]


def leaders(state: State) -> list[str]:
    """Players with the highest total score (several on a tie)."""
    totals = {p["id"]: total_score(state, p["id"]) for p in state["players"]}
    best = max(totals.values())
    return [pid for pid, total in totals.items() if total == best]
