"""A hit's snippet: the sentences of an entry's body that hold most of the question's words, cut to fit.

A body is parsed once (its words and sentences located) and kept by the search index, so showing a result
costs no re-parsing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.rules.text import word_spans

SNIPPET_MAX = 200
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


@dataclass(frozen=True)
class BodyText:
    """A body with its words and sentences located once, so that a snippet costs no re-parsing."""

    text: str
    words: tuple[tuple[int, int, str], ...]  # (start, end, folded word)
    sentences: tuple[tuple[int, int], ...]  # (start, end) of each sentence

    @classmethod
    def of(cls, text: str) -> BodyText:
        cuts = [(match.start(), match.end()) for match in _SENTENCE_END.finditer(text)]
        starts = [0, *(after for _, after in cuts)]
        ends = [*(before for before, _ in cuts), len(text)]
        return cls(text, tuple(word_spans(text)), tuple(zip(starts, ends, strict=True)))

    def snippet(self, matched: set[str], limit: int = SNIPPET_MAX) -> tuple[str, list[tuple[int, int]]]:
        """The sentences with most matched words, up to ``limit`` characters, and the matched words' spans."""
        start, end = self._window(matched, limit)
        spans = [(a - start, b - start) for a, b, word in self.words if start <= a and b <= end and word in matched]
        cut = end < len(self.text) and end not in {b for _, b in self.sentences}
        return self.text[start:end] + ("…" if cut else ""), spans

    def _window(self, matched: set[str], limit: int) -> tuple[int, int]:
        """Start and end of the snippet: whole sentences around the best one, else the best one cut short."""
        if len(self.text) <= limit:
            return 0, len(self.text)
        counts = [sum(a <= s < b and word in matched for s, _, word in self.words) for a, b in self.sentences]
        first = last = counts.index(max(counts))
        while True:
            if last + 1 < len(self.sentences) and self.sentences[last + 1][1] - self.sentences[first][0] <= limit:
                last += 1
            elif first > 0 and self.sentences[last][1] - self.sentences[first - 1][0] <= limit:
                first -= 1
            else:
                break
        start, end = self.sentences[first][0], self.sentences[last][1]
        if end - start <= limit:
            return start, end
        return start, max((b for a, b, _ in self.words if start < b <= start + limit - 1), default=start + limit - 1)
