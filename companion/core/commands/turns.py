"""Rounds and phases: next phase, next round, finishing the game and ending it early."""

from __future__ import annotations

from companion.core.commands.base import Command
from companion.core.commands.phase_hooks import hold_reason, leave_phase, leave_preview, with_notes
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.hooks import active_hooks
from companion.core.i18n import Msg, msg
from companion.core.outcome import EARLY_WINNERS, LEADERS_WIN, NO_WINNER, end_early, finish_by_score
from companion.core.state import State, game_def, is_last_phase


def _phase_label(state: State, content: Content, phase_id: str) -> str:
    return game_def(state, content).phase(phase_id).label


class NextPhase(Command, name="next_phase"):
    """Move to the next phase or Queen Phase step; after the last one, to the next round."""

    def verify(self, state: State, content: Content) -> None:
        if is_last_phase(state, content) and state["round"] >= state["rounds"]:
            raise CommandError(msg("This is the last phase of the last round: finish the game instead (Finish "
                                   "the game in the app; `companion game finish ID` in the terminal)."))
        if reason := hold_reason(state, content, "phase"):
            raise CommandError(reason)

    def apply(self, state: State, content: Content) -> None:
        leave_phase(state, content, "phase")
        phases = game_def(state, content).phases
        index = game_def(state, content).phase_index(state["phase"])
        if index + 1 < len(phases):
            state["phase"] = phases[index + 1].id
        else:
            state["round"] += 1
            state["phase"] = phases[0].id

    def describe(self, state: State, content: Content) -> str | Msg:
        phases = game_def(state, content).phases
        index = game_def(state, content).phase_index(state["phase"])
        if index + 1 < len(phases):
            label: Msg = msg("Next: {phase}", phase=phases[index + 1].message())
        else:
            label = msg("Round {round}: {phase}", round=state["round"] + 1, phase=phases[0].message())
        return with_notes(label, leave_preview(state, content, "phase"))


class NextRound(Command, name="next_round"):
    """Skip the rest of this round and start the next one at its first phase."""

    def verify(self, state: State, content: Content) -> None:
        if state["round"] >= state["rounds"]:
            raise CommandError(msg("Round {round} is the last round: finish the game instead (Finish the game "
                                   "in the app; `companion game finish ID` in the terminal).", round=state["round"]))
        if reason := hold_reason(state, content, "round"):
            raise CommandError(reason)

    def apply(self, state: State, content: Content) -> None:
        leave_phase(state, content, "round")
        state["round"] += 1
        state["phase"] = game_def(state, content).phases[0].id

    def describe(self, state: State, content: Content) -> str | Msg:
        return with_notes(msg("Start round {round}", round=state["round"] + 1), leave_preview(state, content, "round"))


class FinishGame(Command, name="finish_game"):
    """End the game after the last round: a module may settle it (the Broodmother), else the highest total wins."""

    def verify(self, state: State, content: Content) -> None:
        if state["round"] < state["rounds"]:
            raise CommandError(msg("Round {round} of {rounds} is still to play; finish after the last round, or "
                                   "end the game now (End early in the app; `companion game end-early ID` in the "
                                   "terminal).",
                                   round=state["round"], rounds=state["rounds"]))
        if reason := hold_reason(state, content, "game"):
            raise CommandError(reason)

    def apply(self, state: State, content: Content) -> None:
        leave_phase(state, content, "game")
        for hooks in active_hooks(state):
            hooks.final_points(state, content)
        for hooks in active_hooks(state):
            if (outcome := hooks.finish(state, content)) is not None:
                state["ended"] = outcome
                return
        state["ended"] = finish_by_score(state)

    def describe(self, state: State, content: Content) -> str | Msg:
        return with_notes(msg("Finish the game"), leave_preview(state, content, "game"))


class EndEarly(Command, name="end_early"):
    """End the game now, before its last round is done (time is up, a colony is lost): the standings as they are,
    saved as ended early. Allowed at any moment of an unfinished game (the one game-over gate refuses it after the
    end); Undo takes it back like any step. A game area may say who, if anyone, won (``ModuleHooks.ended_early``:
    against the Broodmother nobody does); otherwise the table's reading decides (``winners``, the setting "An
    early end counts"): the leaders, or no winner."""

    winners: str = LEADERS_WIN

    def verify(self, state: State, content: Content) -> None:
        if self.winners not in EARLY_WINNERS:
            raise CommandError(msg("An early end counts the leaders as winners ({leaders}) or no winner ({none}).",
                                   leaders=LEADERS_WIN, none=NO_WINNER))

    def apply(self, state: State, content: Content) -> None:
        for hooks in active_hooks(state):
            if (outcome := hooks.ended_early(state, content)) is not None:
                state["ended"] = outcome
                return
        state["ended"] = end_early(state, self.winners)

    def describe(self, state: State, content: Content) -> str | Msg:
        return msg("End the game early") if self.winners == LEADERS_WIN else msg("End the game early, with no winner")
