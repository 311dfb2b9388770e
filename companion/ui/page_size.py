"""How wide the tab is, and the margins that follow from it: asked by the screens, their bars and the standings
(each lays out by the width), kept apart from ``screen`` so the bars need not import the screen that holds them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.ui.app import PageApp

EDGE = 12  # px around the content
READABLE_WIDTH = 960  # px: the widest the content grows in a desktop window
PHONE_WIDTH = 360.0  # px: the width assumed before the page has said its own


def page_width(app: PageApp) -> float:
    """The tab's width in logical pixels; a phone's before the page has said (a screen built in a test)."""
    try:
        width = app.page.width
    except Exception:  # no page yet (built in a test): a phone's width
        width = None
    return float(width) if isinstance(width, int | float) and width > 0 else PHONE_WIDTH


def side_padding(width: float) -> float:
    """Phones and tablets use the whole width; a wide desktop window keeps lines readable."""
    return EDGE + max(0.0, (width - READABLE_WIDTH) / 2)
