"""Small shared pieces of wording that stay messages: a list of names or messages, joined for reading.

``listing(["Hatchery", msg("Head Mutation {n}", n=2)])`` is a message whose items render in the
reader's language when it is shown (a name a player typed stays as it is).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.i18n import Msg, msg


def listing(items: Sequence[Msg | str]) -> Msg | str:
    """The items joined with commas, as one message ("" for none)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return msg("{first}, {rest}", first=items[0], rest=listing(items[1:]))
