"""Read-only views of a session for screens and the CLI: plain data, computed in one place.

Names from the game content (phases, modes, terms, modules) are given in the reader's language
(``companion.core.i18n``: the view is built for one reader, inside their ``using``); ids stay as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from typing_extensions import TypedDict

from companion.core.actions import Actions, action_key, actions
from companion.core.commands.base import Command
from companion.core.commands.scoring import AdjustScore
from companion.core.commands.turns import EndEarly, FinishGame, NextPhase, NextRound
from companion.core.content import Content
from companion.core.end_codes import HER
from companion.core.i18n import Msg, as_data, render
from companion.core.i18n import gettext as _
from companion.core.outcome import EARLY_WINNERS, early_reading, reason_message
from companion.core.schema import Ended, JsonObject, LogEntry
from companion.core.session import Session
from companion.core.state import State, cumulative_scores, game_def, total_score

if TYPE_CHECKING:
    from companion.core.broodmother.shown import HerStanding


class PhaseStep(TypedDict):
    """A phase (or step) of the round in ``game_view``: its label, and whether it is the current one."""

    id: str
    label: str
    current: bool


class PlayerStanding(TypedDict):
    """A player in ``game_view``: total, points by round, running totals so far; the asymmetric Broodmother's
    player has her standing instead of a colony's (``broodmother``)."""

    id: str
    name: str
    colour: str | None
    role: str
    total: int
    by_round: list[int]
    history: list[int]
    broodmother: HerStanding | None


class RivalStanding(TypedDict):
    """A side that scores but is no player at the table (the Broodmother of a solo or co-op game): her Colony
    Points in all and by round, and her running totals so far, booked by her cards and her Slumber."""

    id: str
    name: str
    total: int
    by_round: list[int]
    history: list[int]


class GameView(TypedDict):
    """What ``game_view`` gives the game screen, its panels and ``companion game show``."""

    id: str
    name: str
    game: str
    game_name: str
    mode: str
    mode_name: str
    terms: dict[str, str]
    round: int
    rounds: int
    phase: str
    phase_label: str
    phase_group: str
    phases: list[PhaseStep]
    players: list[PlayerStanding]
    rivals: list[RivalStanding]
    modules: list[str]
    variants: list[str]
    expansions: list[str]
    ended: Ended | None
    #: An early end's reading ("Interpretation: ..."), as stored message data; None for any other game.
    ended_reading: JsonObject | None
    log: list[LogEntry]
    undo_label: str | None
    redo_label: str | None
    #: The round bar's and the standings' actions (``_offered``): allowed now, or the reason not.
    actions: Actions
    #: What each turn command the game takes now will do ("Next: Soldier Phase"), by its action key.
    says: dict[str, str]


#: The round bar's commands that move the game on, labelled with what they will do.
ADVANCING: tuple[Command, ...] = (NextPhase(), NextRound())


def game_view(session: Session) -> GameView:
    """The game screen's data for the game as saved now, in the reader's language (read only)."""
    return _game_view(session, session.state, session.content)


def _game_view(session: Session, state: State, content: Content) -> GameView:
    from companion.core.broodmother.view import her_rival, her_standing

    game = game_def(state, content)
    phase = game.phase(state["phase"])
    her = her_standing(state, content)  # the asymmetric Broodmother's player: her eggs and powers
    players = _standings(state, her)
    acts = actions(_offered(players), state, content)
    return {
        "id": session.id,
        "name": session.doc["name"],
        "game": game.id,
        "game_name": game.name,
        "mode": state["mode"],
        "mode_name": _(content.modes[state["mode"]].name),
        "terms": {key: _(word) for key, word in game.terms.items()},
        "round": state["round"],
        "rounds": state["rounds"],
        "phase": phase.id,
        "phase_label": render(phase.message()),
        "phase_group": phase.phase,
        "phases": [{"id": p.id, "label": render(p.message()), "current": p.id == phase.id} for p in game.phases],
        "players": players,
        "rivals": [rival for rival in (her_rival(state),) if rival is not None],
        "modules": [_(content.modules[m].name) for m in state["modules"]],
        "variants": [_(content.variants[v].name) for v in state["variants"]],
        "expansions": [content.expansions[e].name for e in state["expansions"]],
        "ended": _ended(state),
        "ended_reading": as_data(reading) if (reading := ended_reading(state, content)) else None,
        "log": list(session.doc["log"]),
        "undo_label": session.undo_label,
        "redo_label": session.redo_label,
        "actions": acts,
        "says": {key: render(c.describe(state, content)) for c in ADVANCING if acts[key := action_key(c)] is None},
    }


def _standings(state: State, her: HerStanding | None) -> list[PlayerStanding]:
    """Each player's standing: total, points by round and running totals so far (her player: her standing)."""
    return [
        {
            "id": p["id"], "name": p["name"], "colour": p["colour"], "role": p["role"],
            "total": total_score(state, p["id"]),
            "by_round": list(state["scores"][p["id"]]),
            "history": cumulative_scores(state, p["id"])[: state["round"]],
            "broodmother": her if p["role"] == HER else None,
        }
        for p in state["players"]
    ]


def _offered(players: list[PlayerStanding]) -> list[Command]:
    """What the round bar offers (Next, Next round, Finish, End early by either reading of the table's setting)
    and each colony's standing (one point less and one more; her player's row has no -/+)."""
    out: list[Command] = [*ADVANCING, FinishGame(), *(EndEarly(winners) for winners in EARLY_WINNERS)]
    for p in players:
        if p["broodmother"] is None:
            out += [AdjustScore(p["id"], -1), AdjustScore(p["id"], 1)]
    return out


def ended_reading(state: State, content: Content) -> Msg | None:
    """A game ended early: the reading its result follows ("Interpretation: ..."); None for any other game."""
    return early_reading(state["ended"], against_her=content.modes[state["mode"]].broodmother != "none")


def _ended(state: State) -> Ended | None:
    """How the game ended, its reason as a stored message (an old save's English sentence read back)."""
    ended: Ended | None = state["ended"]
    return {**ended, "reason": as_data(reason_message(ended))} if ended else None
