"""Small pieces of sentences that several game areas share, each one a message (never glued English).

>>> listing([]).key, listing(["3", "7"]).render("en"), listing(["3", "7", "9"]).render("en")
('none', '3 and 7', '3, 7 and 9')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, get_args

from companion.core.i18n import N_, Msg, msg

#: A colony's three body parts, by id (Mutations, Parasites, Symbiotes and Workers all name them so).
Part = Literal["head", "thorax", "abdomen"]
PARTS: tuple[Part, ...] = get_args(Part)
PART_NAMES = {"head": N_("head"), "thorax": N_("thorax"), "abdomen": N_("abdomen")}
#: A body part inside a sentence, with its article ("la cabeza", "el tórax").
THE_PART: dict[str, str] = {"head": N_("the head"), "thorax": N_("the thorax"), "abdomen": N_("the abdomen")}


def listing(items: Sequence[object]) -> Msg:
    """Names as one message: "none", "A", "A and B", "A, B and C" (each item a message or a value)."""
    if not items:
        return msg("none")
    if len(items) == 1:
        return msg("{name}", name=items[0])
    head: object = items[0]
    for item in items[1:-1]:
        head = msg("{first}, {next}", first=head, next=item)
    return msg("{rest} and {last}", rest=head, last=items[-1])


def commas(items: Sequence[Msg | str]) -> Msg | str:
    """The items joined with commas, as one message; "" for none (so ``if commas(x):`` asks "any?")."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return msg("{first}, {rest}", first=items[0], rest=commas(items[1:]))


def names_and(names: Sequence[Msg | str]) -> Msg | str:
    """Like ``listing`` but "" for none: ``Ana``; ``Ana and Bo``; ``Ana, Bo and Cy``."""
    return listing(list(names)) if names else ""


def joined(parts: Sequence[Msg | str]) -> Msg | str:
    """``part; part; part`` as one message ("" for none)."""
    if not parts:
        return ""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first}; {rest}", first=part, rest=out)
    return out


def part_name(part: str) -> Msg:
    """A body part (head, thorax, abdomen) as a word in a sentence."""
    return msg(PART_NAMES.get(part, part))


def the_part(part: str) -> Msg:
    """A body part with its article, as a sentence says it ("the thorax")."""
    return msg(THE_PART[part])
