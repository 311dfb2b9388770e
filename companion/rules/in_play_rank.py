"""How a game in play ranks its own rules first: the score an entry gains when its book or heading is in play.

Kept apart from the search itself (``companion.rules.search``) and from how a game's books and headings are found
(``companion.rules.in_play``): the search only needs the bonus, the game only needs to say what it has.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.rules.model import Entry

IN_PLAY_BOOK_BONUS = 12.0  # added to the score (0-100) of an entry from a book in play
IN_PLAY_SECTION_BONUS = 8.0  # and this much more when its section is a module, variant or mode in play


@dataclass(frozen=True)
class InPlay:
    """What a game has in play, so that its rules rank first: book names and rulebook headings.

    ``left_out`` are the headings of game areas this game does not have (a module not chosen, the
    Broodmother in a competitive game): their entries get no bonus even though their book is in play,
    so a Minions game's search and "?" lists do not lead with the Seasons or her Difficulty Chart.
    """

    books: frozenset[str] = frozenset()
    sections: frozenset[str] = frozenset()
    left_out: frozenset[str] = frozenset()

    def bonus(self, entry: Entry) -> float:
        """Score points added to ``entry``: none when neither its book nor its section is in play."""
        section = IN_PLAY_SECTION_BONUS if entry.section in self.sections else 0.0
        if entry.book not in self.books or (entry.section in self.left_out and not section):
            return section
        return IN_PLAY_BOOK_BONUS + section

    def first(self, entries: Sequence[Entry]) -> list[Entry]:
        """``entries`` with those of what is in play first (a stable sort: each group keeps its order)."""
        return sorted(entries, key=lambda entry: -self.bonus(entry))
