"""A text longer than one data-channel message, sent as numbered parts and joined again on the other side.

Browsers' data channels carry at most 256 KiB a message (``link.LONGEST_TEXT``), and a game saved over a long
evening may be longer. ``send`` cuts such a text into parts of ``PART_CHARS`` characters (at most 4 bytes each in
UTF-8, so a part always fits), each led by ``part:<message>:<index>:<count>:``; a text that fits goes as it is
(a message is JSON, so it never starts with ``part:``). ``Joiner`` is the receiving side's: parts are taken in
order and only the last returns the whole text, which is then read with the same checks as any message (size,
JSON, shape). A part out of order or of another message, a count larger than the reader's cap allows, or parts
adding up to more than the cap are a ``BadMessage``: what was gathered is dropped and nothing else happens.
"""

from __future__ import annotations

from itertools import count

from companion.core.i18n import msg
from companion.table.link import LONGEST_TEXT, Link
from companion.table.protocol import BadMessage

MARK = "part:"
PART_CHARS = (LONGEST_TEXT - 64) // 4  # characters a part carries: 4 UTF-8 bytes at most each, and its header
_numbers = count(1)


class _More:
    """What ``Joiner.take`` returns for a part with more to come (any text, even None, may be a whole message)."""


MORE = _More()


def split(text: str) -> list[str]:
    """``text`` as the messages a link carries: itself if it fits, else its numbered parts."""
    if len(text.encode("utf-8")) <= LONGEST_TEXT and not text.startswith(MARK):
        return [text]
    size = PART_CHARS
    pieces = [text[start:start + size] for start in range(0, len(text), size)] or [""]
    number = next(_numbers)
    return [f"{MARK}{number}:{index}:{len(pieces)}:{piece}" for index, piece in enumerate(pieces)]


def send(link: Link, text: str) -> None:
    """``text`` sent on ``link`` whole, or in parts when one message cannot carry it."""
    for message in split(text):
        link.send(message)


def _unjoinable() -> BadMessage:
    return BadMessage(msg("The message came in parts that do not fit together; nothing was changed."))


def _header(text: str) -> tuple[str, int, int, str]:
    """A part's message number, index, count and text; ``BadMessage`` for a header that is not one of ours."""
    fields = text[len(MARK):].split(":", 3)
    if len(fields) != 4 or not all(f.isascii() and f.isdigit() and len(f) <= 9 for f in fields[:3]):
        raise _unjoinable()
    return fields[0], int(fields[1]), int(fields[2]), fields[3]


class Joiner:
    """The parts of one message at a time, joined in order; ``limit`` is the most bytes the whole may have."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.most_parts = max(64, limit // PART_CHARS + 2)  # a whole cut finer than ours is still taken
        self._message = ""
        self._pieces: list[str] = []
        self._bytes = 0

    @property
    def joining(self) -> bool:
        """True while a message's first parts are held and its last has not come."""
        return bool(self._pieces)

    def take(self, text: object) -> object:
        """The whole text once it is all here (a text that is no part comes back as it is), ``MORE`` while parts
        are still to come; ``BadMessage`` for a part that cannot belong (what was held is dropped)."""
        if not isinstance(text, str) or not text.startswith(MARK):
            self._drop()  # a whole message amid parts: the unfinished one will never be whole
            return text
        try:
            return self._add(*_header(text))
        except BadMessage:
            self._drop()
            raise

    def _add(self, message: str, index: int, total: int, piece: str) -> object:
        if index == 0:
            self._drop()
            self._message = message
        if message != self._message or index != len(self._pieces) or not 0 < total <= self.most_parts \
                or index >= total:
            raise _unjoinable()
        self._bytes += len(piece.encode("utf-8", errors="replace"))
        if self._bytes > self.limit:
            raise BadMessage(msg("The message was larger than {kb} KB; nothing was changed.", kb=self.limit // 1024))
        self._pieces.append(piece)
        if index + 1 < total:
            return MORE
        whole = "".join(self._pieces)
        self._drop()
        return whole

    def _drop(self) -> None:
        self._message, self._pieces, self._bytes = "", [], 0
