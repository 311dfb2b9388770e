"""Panels kept as drawn: a change of the game that a panel is not drawn from does not draw it again.

Every change rebuilds the game screen from the saved game (``companion.ui.slots``), and most of a rebuild is
making Flet controls that come out the same: Next changes the phase, which the Mutations panel never reads; a
point changes the scores, which the Aphids panel never reads. A panel names the parts of the saved state it
never reads (``Panel.ignores``: "phase", "scores", ...); while everything else it could be drawn from is equal -
the rest of the state, this tab's language, text size, layout and right to play, the panel's fold and title, and
whatever else of the tab the panel says it ``reads`` (a half-filled form) - the screen leaves its drawing on the
page. A saved state is never changed in place, so equal parts mean an equal drawing.

A declaration that is wrong would leave a stale panel on a player's screen, so the test suite holds every panel
to it (``COMPANION_CHECK_KEPT=1``, which the suite sets for the servers it starts too): each build of a panel
records the parts of the game it reads (``companion.core.memo.recording_reads``) and one that reads a part it
ignores, or the game's document (its name, its log), raises ``StaleDrawing``; and a drawing the screen would keep
is drawn again all the same and must come out equal.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from companion.core.memo import MODULES, NotingDict, part_name, recording_reads
from companion.core.state import State

CHECK = os.environ.get("COMPANION_CHECK_KEPT") == "1"
DOCUMENT = "<document>"  # the game's name, log and Undo labels: not part of the state, so never followed
OTHER_MODULES = "modules_state.*"  # in ``Panel.ignores``: every module's part of the state but the panel's own

# What each entry of the game view (``companion.core.views.game_view``) is made of.
VIEW_SOURCES: dict[str, frozenset[str]] = {
    "id": frozenset(), "name": frozenset({DOCUMENT}), "log": frozenset({DOCUMENT}),
    "undo_label": frozenset({DOCUMENT}), "redo_label": frozenset({DOCUMENT}),
    "game": frozenset({"game"}), "game_name": frozenset({"game"}), "terms": frozenset({"game"}),
    "mode": frozenset({"mode"}), "mode_name": frozenset({"mode"}),
    "round": frozenset({"round"}), "rounds": frozenset({"rounds"}),
    "phase": frozenset({"game", "phase"}), "phase_label": frozenset({"game", "phase"}),
    "phase_group": frozenset({"game", "phase"}), "phases": frozenset({"game", "phase"}),
    "players": frozenset({"players", "scores", "round"}),
    "modules": frozenset({"modules"}), "variants": frozenset({"variants"}), "expansions": frozenset({"expansions"}),
    "ended": frozenset({"ended"}),
}


class StaleDrawing(AssertionError):
    """A panel said it never reads a part of the game that its drawing does read (found by a test)."""


def ignored_parts(state: State, ignores: frozenset[str], own: frozenset[str]) -> frozenset[str]:
    """The parts of ``state`` a panel ignores (``OTHER_MODULES`` becomes each module's part but its ``own``)."""
    if OTHER_MODULES not in ignores:
        return ignores
    others = {part_name(module, MODULES) for module in state[MODULES] if module not in own}
    return (ignores - {OTHER_MODULES}) | others


def drawn_from(state: State, ignored: frozenset[str]) -> tuple[tuple[str, Any], ...]:
    """The parts of the saved state a panel is drawn from, all but the ``ignored`` ones (compared, never changed)."""
    parts = [(key, value) for key, value in state.items() if key != MODULES and key not in ignored]
    parts += [(name, value) for module, value in state[MODULES].items()
              if (name := part_name(module, MODULES)) not in ignored]
    return tuple(parts)


class _ReadView(NotingDict):
    """The game view handed to a panel under test: reading an entry notes the parts of the state it comes from."""

    def __init__(self, view: dict[str, Any], reads: set[str]) -> None:
        super().__init__(view)
        self._reads = reads

    def _note(self, key: object) -> None:
        self._reads.update(VIEW_SOURCES.get(key, frozenset({DOCUMENT})) if isinstance(key, str) else {DOCUMENT})

    def _note_all(self) -> None:
        self._reads.add(DOCUMENT)


@contextmanager
def held_to(panel: str, ignored: frozenset[str], view: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Build panel ``panel`` inside the block with the view it yields; under ``CHECK`` a read of a part of the game
    the panel ignores (``ignored_parts``), or of the game's document, raises ``StaleDrawing``."""
    if not CHECK or not ignored:
        yield view
        return
    with recording_reads() as reads:
        yield _ReadView(view, reads)
    wrong = reads & (ignored | {DOCUMENT})
    if wrong:
        raise StaleDrawing(f"panel {panel} reads {', '.join(sorted(wrong))} of the game, which it says it never "
                           "reads: a change to it would leave the panel stale")


def same_drawing(panel: str, unchanged: bool) -> None:
    """Under ``CHECK``: a panel the screen would have kept came out drawn differently."""
    if not unchanged:
        raise StaleDrawing(f"panel {panel} would have been kept as drawn, but its drawing changed: it is drawn "
                           "from something its Panel.ignores or Panel.reads leave out")
