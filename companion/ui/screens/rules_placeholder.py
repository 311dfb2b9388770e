"""Stands in for the Rules screen until ``screens/rules.py`` (the rules lookup) claims ``/rules``."""

from __future__ import annotations

import flet as ft

from companion.core.i18n import N_
from companion.ui import widgets
from companion.ui.i18n import tr, trf
from companion.ui.screen import Screen

ROUTE = "/rules"
PLACEHOLDER = True


class RulesPlaceholder(Screen):
    title = N_("Rules")
    identifier = "rules"

    def body(self) -> list[ft.Control]:
        topic = self.params.get("topic")
        lines = [tr("Rules lookup is coming: search the rulebooks and open the entries for each tracker.")]
        if topic:
            lines.append(trf("You asked about: {topic}", topic=topic))
        lines.append(tr("Until then, the command \"companion rules search\" searches them from a terminal."))
        return [widgets.message_text(line, self.sizes, identifier=f"rules-line-{i}")
                for i, line in enumerate(lines)]


SCREEN = RulesPlaceholder
