"""Lists inside messages: names joined with "and", and messages joined with a separator.

Each join is itself a message (``"{first}, {rest}"``, ``"{rest} and {last}"``), so a language
says its own "and" and its own punctuation; the parts stay values or messages. Use the result
as a parameter of a whole sentence, never shown alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.i18n import Msg, msg


def names_and(names: Sequence[str | Msg]) -> str | Msg:
    """``Ana``; ``Ana and Bo``; ``Ana, Bo and Cy`` (names are values, not translated)."""
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    out: str | Msg = msg("{rest} and {last}", rest=names[-2], last=names[-1])
    for name in reversed(names[:-2]):
        out = msg("{first}, {rest}", first=name, rest=out)
    return out


def joined(parts: Sequence[str | Msg]) -> str | Msg:
    """``part; part; part`` as one message (empty: ``""``)."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first}; {rest}", first=part, rest=out)
    return out


def comma_joined(parts: Sequence[str | Msg]) -> str | Msg:
    """``part, part, part`` as one message (empty: ``""``)."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first}, {rest}", first=part, rest=out)
    return out
