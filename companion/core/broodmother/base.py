"""The shape every Broodmother command shares, and the rules about her open turn.

A ``BroodCommand`` checks that the game has a Broodmother before its own ``check`` and,
when applied, closes her latest turn (an Initiative Token can cancel only the reaction
just revealed, before anything else changes) unless it belongs to that turn itself.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import ClassVar

from companion.core.broodmother.content import BroodContent, brood_of
from companion.core.broodmother.model import Brood, bm, her_player, is_asymmetric, require
from companion.core.commands.base import Command, require_int
from companion.core.content import Content
from companion.core.errors import CommandError
from companion.core.i18n import N_, msg
from companion.core.patch import Op, apply_patch, diff
from companion.core.predators.model import KEY as PREDATORS
from companion.core.schema import JsonObject
from companion.core.state import State

MAX_HEX = 99
MAX_SITES = 9


class BroodCommand(Command):
    """Base of the Broodmother's commands: ``check`` to refuse, ``run`` to change."""

    keeps_turn: ClassVar[bool] = False

    def verify(self, state: State, content: Content) -> None:
        self.check(state, require(state), brood_of(content))

    def apply(self, state: State, content: Content) -> None:
        b = bm(state)
        if not self.keeps_turn:
            close_turn(b)
            self.run(state, b, brood_of(content))
            return
        turn = b["turn"]
        if turn is None or turn["before"] is None:
            self.run(state, b, brood_of(content))
            return
        before = snapshot_before(state, b, turn["before"])
        self.run(state, b, brood_of(content))
        if b["turn"] is turn and turn["before"] is not None:
            turn["before"] = way_back(state, b, before)  # still leads back to before her card

    def check(self, state: State, b: Brood, bc: BroodContent) -> None:
        """Raise CommandError with a reason a player can act on."""

    def run(self, state: State, b: Brood, bc: BroodContent) -> None:
        raise NotImplementedError


def close_turn(b: Brood) -> None:
    turn = b["turn"]
    if turn is not None and turn["cancellable"]:
        turn["cancellable"] = False
        turn["before"] = None


def no_pending(b: Brood) -> None:
    if b["pending"]:
        raise CommandError(msg("Answer her open question first (in the Broodmother panel; `companion solo answer "
                               "ID` in the terminal)."))


def automated(state: State) -> None:
    if is_asymmetric(state):
        raise CommandError(msg("In the asymmetric variant the Broodmother player decides this herself."))


def asymmetric_only(state: State) -> None:
    if not is_asymmetric(state):
        raise CommandError(msg("Only the asymmetric variant has a Broodmother player."))


def hex_number(value: object, what: str = N_("The hex number")) -> int:
    return require_int(value, what, 1, MAX_HEX)


def location(value: object) -> int:
    """A hex number, or 0 for the Great Tunnel."""
    return require_int(value, N_("The place (a hex number, or 0 for the Great Tunnel)"), 0, MAX_HEX)


def snapshot(state: State, b: Mapping[str, object]) -> JsonObject:
    """Her state before a reaction resolves, so a cancel or a redraw can put it back.

    It keeps the predator tracker too (None when the game has none): her level-2 Predator
    is summoned into it.
    """
    saved = {k: copy.deepcopy(v) for k, v in b.items() if k not in ("turn", "report", "history")}
    player = her_player(state)
    scores = list(state["scores"][player["id"]]) if player is not None else None
    return {"brood": saved, "scores": scores, "predators": copy.deepcopy(state["modules_state"].get(PREDATORS))}


def way_back(state: State, b: Mapping[str, object], before: JsonObject) -> list[Op]:
    """The patch from her state now back to ``before`` (a snapshot): what a turn keeps.

    Keeping the whole snapshot would add her whole deck to the save at every draw.
    """
    return diff(snapshot(state, b), before)


def snapshot_before(state: State, b: Brood, back: list[Op] | None) -> JsonObject:
    """The snapshot ``back`` (from ``way_back``; None once her turn is closed) leads to from her state now."""
    changed = msg("Her state changed since she revealed the card; undo those changes first (Undo in the app; "
              "`companion solo undo ID` in the terminal).")
    if back is None:
        raise CommandError(changed)
    try:
        saved: JsonObject = apply_patch(snapshot(state, b), back)
    except (KeyError, IndexError, TypeError) as exc:
        raise CommandError(changed) from exc
    return saved


def restore(state: State, b: Brood, back: list[Op] | None) -> None:
    saved = snapshot_before(state, b, back)
    b.update(saved["brood"])
    player = her_player(state)
    if player is not None and saved["scores"] is not None:
        state["scores"][player["id"]] = list(saved["scores"])
    if "predators" in saved:  # a turn saved before the tracker kept no predators of its own
        if saved["predators"] is None:
            state["modules_state"].pop(PREDATORS, None)
        else:
            state["modules_state"][PREDATORS] = saved["predators"]
