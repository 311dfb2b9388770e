"""Parts of a panel kept as drawn: a change that touched nothing one part of a panel read leaves that part on the page.

A panel is drawn again whenever anything it read changed (``companion.ui.kept``), yet most of it often comes out the
same: Next changes whether Eve's points may be applied now, not the rows of hexes above the button; her draw changes
her points, not the Difficulty Chart's thresholds. Measured in-process (a 4-player game with every module, 2026-12-07),
Next drew 459 controls again in seven panels and 351 of them came out as they were; her draw 182 in four panels, 92
the same; drawing them and comparing them was about a third of Next's redraw (11.3 ms of CPU, 7.5 with the parts
kept; on the served app a tap's Python fell less, 19-20 -> 17-19 ms: docs/developing.md, "A tap's cost, by part").

So a panel may name such a part (``PanelContext.piece``). It is drawn with a ``GameReader`` of its own, which notes
what the part read, and kept - the same controls, which Flet's diff skips - while none of that changed and the tab's
value is the same; what it read is the panel's too, so the panel itself is still asked again when it changes. Under
``kept.CHECK`` (the test suite) a kept part is drawn afresh all the same and must come out equal.

A part the panel's drawing did not ask for (her meadow's hex opened, drawn by the panel with its actions) has left the
page, and is let go: a control Flet took off the page is never handed back to it.

A part is one control (a column of its controls) with a key of its own: Flet's diff then pairs it with itself
wherever the panel's other parts put it. Unkeyed, a part above it that grew a line would move it, and Flet would pair
it by place with another control and take it off the page. A part holds what the game view says and nothing typed
on this tab (a field, a switch: the browser writes into those, and a draft is not a read the reader sees).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import flet as ft

from companion.ui import kept
from companion.ui.fingerprints import fingerprint, seal, sealed_still
from companion.ui.kept import Drawn, GameReader, Reads, Used

if TYPE_CHECKING:
    from companion.core.session import Session
    from companion.ui.panels import PanelContext

#: The spacing of a panel's body (``widgets.section``), kept inside a part so the panel looks the same.
BODY_SPACING = 10


class Pieces:
    """The parts one panel kept, by name: what each was drawn from and its control."""

    def __init__(self, panel: str) -> None:
        self.panel = panel
        self._kept: dict[str, tuple[Drawn, ft.Control]] = {}
        self._asked: set[str] = set()  # the parts the panel's drawing now asked for

    def draw(self, ctx: PanelContext, panel_reader: GameReader, session: Session, name: str,
             build: Callable[[PanelContext], list[ft.Control]], col: ft.ResponsiveNumber | None = None) -> ft.Control:
        """The part ``name`` as ``build`` draws it (``ctx``: the panel's, read through ``panel_reader``; ``col``: its
        columns in a ``ResponsiveRow``): the control on the page when nothing it read has changed."""
        self._asked.add(name)
        found = self._kept.get(name)
        if found is not None and found[0].still(ctx.tab, session):
            drawn, control = found
            if kept.CHECK:  # the tests draw it all the same: it must come out as it is, and as it was sealed
                fresh, _ = self._built(ctx, session, name, build, col)
                kept.same_drawing(f"{self.panel} ({name})", fingerprint(fresh) == fingerprint(control)
                                  and sealed_still(control))
        else:
            control, drawn = self._built(ctx, session, name, build, col)
            self._kept[name] = (drawn, seal(control))
        merge_reads(panel_reader, drawn)
        return control

    def starting(self) -> None:
        """The panel is being drawn afresh: the parts it asks for from now on are the ones on the page after it."""
        self._asked = set()

    def let_go_unasked(self) -> None:
        """The panel's drawing is done: a part it did not ask for left the page (a hex whose actions were opened), so
        it is let go and drawn afresh when it comes back (Flet is never handed a control it took off the page)."""
        for name in [name for name in self._kept if name not in self._asked]:
            del self._kept[name]

    def _built(self, ctx: PanelContext, session: Session, name: str, build: Callable[[PanelContext], list[ft.Control]],
               col: ft.ResponsiveNumber | None) -> tuple[ft.Control, Drawn]:
        reader = GameReader(session)
        own = replace(ctx, view=reader.view(), _asking=reader)
        # ``col`` set only when asked (a property set is sent; its default is the page's), and given to the
        # constructor: set after it, Flet's diff finds the column dirty and sends it again. In a row of columns the
        # part fills its columns, as a tile does.
        key = f"{self.panel}:{name}"
        column = (ft.Column(build(own), spacing=BODY_SPACING, key=key) if col is None else
                  ft.Column(build(own), spacing=BODY_SPACING, key=key, col=col,
                            horizontal_alignment=ft.CrossAxisAlignment.STRETCH))
        return column, Drawn(ctx.tab, reader, session)


def merge_reads(reader: GameReader, drawn: Drawn) -> None:
    """What a part read, noted as the panel's: the parts of the state it read itself and through answers, and each
    answer's entries it read (their values then, which are the values now: the part is drawn as the game is)."""
    if isinstance(reader.reads, Reads):
        reader.reads.update(drawn.direct)
        reader.reads.through_answer(drawn.reads - drawn.direct)
    else:
        reader.reads.update(drawn.reads)
    for key, used in drawn.used.items():
        mine = reader.used.setdefault(key, Used(used.compute, used.outside))
        mine.parts = mine.parts | used.parts
        mine.entries.update(used.entries)
