"""Section headings kept while what they show is the same.

A section drawn again for a change in its body used to draw its heading again too: the title, the "?" and whatever
else sits on that line, built, fingerprinted and compared at every tap. A heading handed back as it was is skipped by
Flet's diff and its fingerprint is worked out once (``companion.ui.fingerprints.seal``). The panels' headings and the
game screen's own sections (the standings, the round bar, the log) keep theirs here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import flet as ft

from companion.ui import kept, widgets
from companion.ui.fingerprints import fingerprint, seal, sealed_still
from companion.ui.theme import Sizes


class Headings:
    """The headings of one screen's sections, each with what it was drawn from (its *inputs*)."""

    def __init__(self) -> None:
        self._kept: dict[str, tuple[Hashable, ft.Control]] = {}

    def get(self, ident: str, inputs: Hashable, draw: Callable[[], ft.Control]) -> ft.Control:
        """Section ``ident``'s heading: the one on the page while ``inputs`` (all it shows, the language and the
        text size among them) are the same, else ``draw()``'s. Under the suite's check it is drawn all the same and
        must come out as the kept one did."""
        found = self._kept.get(ident)
        if found is not None and found[0] == inputs and not kept.CHECK:
            return found[1]
        head = draw()
        if found is not None and found[0] == inputs:
            kept.same_drawing(f"{ident} (heading)", fingerprint(head) == fingerprint(found[1])
                              and sealed_still(found[1]))
            return found[1]
        self._kept[ident] = (inputs, seal(head))
        return head

    def drop(self, ident: str) -> None:
        """Forget section ``ident``'s heading: it left the page, or its slot is drawn afresh."""
        self._kept.pop(ident, None)

    def section(self, title: str, body: list[ft.Control], sizes: Sizes, *, identifier: str, tab: Hashable,
                help_topic: str | None = None, subtitle: str | None = None,
                title_identifier: str | None = None) -> ft.Control:
        """``widgets.section`` with its heading kept while the heading's arguments and ``tab`` (the tab's language,
        text size and the rest: ``TabValue``) are the same."""
        inputs = (title, help_topic, subtitle, title_identifier, tab)
        head = self.get(identifier, inputs, lambda: widgets.section_head(
            title, sizes, help_topic=help_topic, identifier=identifier, subtitle=subtitle,
            title_identifier=title_identifier))
        return widgets.section(title, body, sizes, help_topic=help_topic, identifier=identifier, subtitle=subtitle,
                               title_identifier=title_identifier, head=head)
