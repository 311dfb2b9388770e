"""Her part in the end of a phase: her open question holds the game, her Slumber is scored.

An open question of hers (the hex her Expand revealed, the hex with the most ants for her
Predator, the ants her Strike destroyed) belongs to the card that asked it, so Next waits
for the answer. When the Slumber step ends - Next out of it, a skipped round, or Finish -
her Slumber points for the round are scored from the meadow as it stands, unless the
players already scored them in the step; the sum goes into the label, the log and her
report, and Undo takes it back with the step.
"""

from __future__ import annotations

from companion.core.broodmother.base import close_turn
from companion.core.broodmother.model import bm, has_broodmother, say, start_report
from companion.core.broodmother.scoring import score_slumber, slumber_preview
from companion.core.commands.phase_hooks import PhaseHooks, register_phase_hooks
from companion.core.content import Content
from companion.core.i18n import N_, Msg, msg
from companion.core.state import SLUMBER, State

QUESTION_NAMES = {
    "expand": N_("which hex her Expand revealed"),
    "predator": N_("which hex holds the most ants, for her Predator"),
    "strike": N_("how many ants her Strike destroyed"),
}


def hold(state: State, content: Content, ending: str) -> Msg | None:
    """Her open question holds the game: the reason as a message, rendered where it is read (a view keeps it and
    each phone renders it in its own language)."""
    b = bm(state)
    if not b["pending"]:
        return None
    q = b["pending"][0]
    what = msg(QUESTION_NAMES.get(q["kind"], N_("her open question")))
    asked = q.get("round", state["round"])
    return msg("Answer her open question first: {what} (her card of round {round}). The game moves on once "
               "she has her answer (in the Broodmother panel; `companion solo answer ID` in the terminal).",
               what=what, round=asked)


def _slumber_ends(state: State, ending: str) -> bool:
    return ending != "phase" or state["phase"] == SLUMBER


def leave(state: State, content: Content, ending: str) -> list[str | Msg]:
    b = bm(state)
    close_turn(b)
    if not _slumber_ends(state, ending) or state["round"] in b["slumbers"]:
        return []
    preview = slumber_preview(state, b)
    score_slumber(state, b)
    start_report(b, msg("Slumber of round {round}: the Broodmother scores", round=state["round"]))
    say(b, msg("She gains {sum} Colony Points.", sum=preview["sum_message"]),
        interpretation="slumber-at-step-end")
    # the buttons' labels and the log say her total; the sum with its parts is her report's and her Slumber panel's
    return [msg("her Slumber: +{total} CP", total=preview["total"])]


register_phase_hooks(PhaseHooks(id="broodmother", active=has_broodmother, hold=hold, leave=leave))
