"""How much text fits where, estimated on the server (which cannot measure what the browser draws).

Letters are taken generously wide (``GLYPH_EM`` of the type size each), so a text judged to fit does fit:
a title gets one more line than it may need rather than one too few, and a line of short items holds one
item less rather than running over.
"""

from __future__ import annotations

import re

GLYPH_EM = 0.55  # a generous average width of a letter of the app's font, in ems


def text_width(text: str, size: float) -> float:
    """The width ``text`` takes at type ``size`` (px), taken generously."""
    return len(text) * size * GLYPH_EM


def widest_word(text: str, size: float) -> float:
    """The widest piece of ``text`` a line cannot break inside (lines break at spaces and after a hyphen), in px."""
    return max((text_width(piece, size) for piece in re.split(r"\s+|(?<=-)", text)), default=0.0)


def title_lines(text: str, size: float, room: float, most: int = 3) -> int:
    """How many lines a title needs in ``room`` (px), wrapped at spaces (at most ``most``; a longer one ends
    in "...")."""
    lines, used = 1, 0.0
    for word in re.split(r"[ \t\n]+", text.strip()):  # a no-break space keeps "4 Dec" one word
        width = text_width(word, size)
        gap = size * GLYPH_EM if used else 0.0
        if used and used + gap + width > room:
            lines, used = lines + 1, width
        else:
            used += gap + width
    return min(lines, most)


def fitting(items: list[str], size: float, room: float, gap: str = "  ") -> list[str]:
    """The first ``items`` that fit one line of ``room`` px at type ``size``, joined by ``gap`` (maybe none)."""
    shown: list[str] = []
    for item in items:
        if text_width(gap.join([*shown, item]), size) > room:
            break
        shown.append(item)
    return shown
