"""The search index's lists of numbers packed in flat arrays, so that the index cache stores them as a few byte
strings: read back with a copy and checked with ``min``/``max``, where one small tuple or string per item made
reading and checking the cache a third of a cold ``companion rules search``.

Each structure offers what the search asks of it (a word's postings, a stem's words, an entry's titles and
aliases) and a ``fits`` check that every number in it points inside what it indexes.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence

Field = tuple[tuple[str, ...], float]  # a title or alias as content words, with its weight
PlainRuns = tuple[bytes, bytes]
PlainPostings = tuple[bytes, bytes, bytes]
PlainStems = tuple[list[str], bytes, bytes]
PlainFields = tuple[bytes, bytes, bytes, bytes]


class Runs:
    """Many lists of whole numbers in one array: list ``i`` is ``values[starts[i]:starts[i + 1]]``."""

    __slots__ = ("starts", "values")

    def __init__(self, starts: array[int], values: array[int]) -> None:
        self.starts = starts
        self.values = values

    @classmethod
    def of(cls, lists: Sequence[Sequence[int]]) -> Runs:
        starts = array("i", [0])
        for items in lists:
            starts.append(starts[-1] + len(items))
        return cls(starts, array("i", [item for items in lists for item in items]))

    def __len__(self) -> int:
        return len(self.starts) - 1

    def __getitem__(self, number: int) -> array[int]:
        return self.values[self.starts[number] : self.starts[number + 1]]

    def bounds(self, number: int) -> tuple[int, int]:
        return self.starts[number], self.starts[number + 1]

    def to_plain(self) -> PlainRuns:
        return self.starts.tobytes(), self.values.tobytes()

    @classmethod
    def from_plain(cls, plain: PlainRuns) -> Runs:
        """The inverse of ``to_plain``; ValueError when a part is not a whole number of items."""
        return cls(_ints(plain[0]), _ints(plain[1]))

    def fits(self, count: int, limit: int) -> bool:
        """``count`` runs, in order, covering the values, each value from 0 to ``limit`` - 1."""
        starts, values = self.starts, self.values
        return (len(starts) == count + 1 and starts[0] == 0 and starts[-1] == len(values)
                and starts.tolist() == sorted(starts)  # in order (sorting a sorted list is one pass, in C)
                and (not values or (min(values) >= 0 and max(values) < limit)))


class Postings:
    """Each vocabulary word's (entry number, weight of its best field) pairs."""

    __slots__ = ("entries", "weights")

    def __init__(self, entries: Runs, weights: array[float]) -> None:
        self.entries = entries
        self.weights = weights

    @classmethod
    def of(cls, lists: list[list[tuple[int, float]]]) -> Postings:
        entries = Runs.of([[number for number, _ in pairs] for pairs in lists])
        return cls(entries, array("d", [weight for pairs in lists for _, weight in pairs]))

    def of_word(self, word: int) -> Iterator[tuple[int, float]]:
        """Word number ``word``'s (entry number, weight) pairs."""
        start, end = self.entries.bounds(word)
        return zip(self.entries.values[start:end], self.weights[start:end], strict=True)

    def to_plain(self) -> PlainPostings:
        return (*self.entries.to_plain(), self.weights.tobytes())

    @classmethod
    def from_plain(cls, plain: PlainPostings) -> Postings:
        return cls(Runs.from_plain(plain[:2]), _floats(plain[2]))

    def fits(self, words: int, entries: int) -> bool:
        return self.entries.fits(words, entries) and len(self.weights) == len(self.entries.values)


class Stems:
    """Each stem's vocabulary words ("moult": "moults", "moulting"), the words as their numbers."""

    __slots__ = ("_where", "keys", "vocab", "words")

    def __init__(self, keys: list[str], words: Runs, vocab: list[str]) -> None:
        self.keys = keys
        self._where = dict(zip(keys, range(len(keys)), strict=True))
        self.words = words
        self.vocab = vocab

    @classmethod
    def of(cls, stems: dict[str, list[str]], vocab: list[str]) -> Stems:
        number = {word: n for n, word in enumerate(vocab)}
        return cls(list(stems), Runs.of([[number[word] for word in words] for words in stems.values()]), vocab)

    def get(self, key: str) -> list[str]:
        """The words whose stem is ``key`` ([] for none)."""
        where = self._where.get(key)
        return [] if where is None else [self.vocab[word] for word in self.words[where]]

    def to_plain(self) -> PlainStems:
        return (self.keys, *self.words.to_plain())

    @classmethod
    def from_plain(cls, plain: PlainStems, vocab: list[str]) -> Stems:
        return cls(plain[0], Runs.from_plain(plain[1:]), vocab)

    def fits(self) -> bool:
        return len(self._where) == len(self.keys) and self.words.fits(len(self.keys), len(self.vocab))


class Fields:
    """Each entry's titles and aliases as content words with their weights: entry ``n``'s fields are numbers
    ``entries.bounds(n)``; field ``f`` is the words ``words[f]`` (vocabulary numbers) with ``weights[f]``."""

    __slots__ = ("_made", "entries", "vocab", "weights", "words")

    def __init__(self, entries: Runs, words: Runs, weights: array[float], vocab: list[str]) -> None:
        self.entries = entries
        self.words = words
        self.weights = weights
        self.vocab = vocab
        self._made: dict[int, list[Field]] = {}

    @classmethod
    def of(cls, fields: list[list[Field]], vocab: list[str]) -> Fields:
        number = {word: n for n, word in enumerate(vocab)}
        flat = [field for entry in fields for field in entry]
        entries = Runs.of([range(start, start + len(entry)) for start, entry in zip(_starts(fields), fields,
                                                                                        strict=True)])
        words = Runs.of([[number[word] for word in words] for words, _ in flat])
        return cls(entries, words, array("d", [weight for _, weight in flat]), vocab)

    def __getitem__(self, number: int) -> list[Field]:
        """Entry ``number``'s fields (made once, on first use)."""
        made = self._made.get(number)
        if made is None:
            start, end = self.entries.bounds(number)
            made = self._made[number] = [
                (tuple(self.vocab[word] for word in self.words[field]), self.weights[field])
                for field in range(start, end)
            ]
        return made

    def to_plain(self) -> PlainFields:
        return (self.entries.starts.tobytes(), *self.words.to_plain(), self.weights.tobytes())

    @classmethod
    def from_plain(cls, plain: PlainFields, vocab: list[str]) -> Fields:
        starts = _ints(plain[0])
        entries = Runs(starts, array("i", range(starts[-1] if starts else 0)))
        return cls(entries, Runs.from_plain(plain[1:3]), _floats(plain[3]), vocab)

    def fits(self, entries: int) -> bool:
        fields = len(self.words)
        return (self.entries.fits(entries, max(fields, 1)) and len(self.entries.values) == fields
                and self.words.fits(fields, len(self.vocab)) and len(self.weights) == fields)


def _starts(lists: Sequence[Sequence[object]]) -> list[int]:
    """Where each list begins when they are laid end to end."""
    starts, total = [], 0
    for items in lists:
        starts.append(total)
        total += len(items)
    return starts


def _ints(raw: bytes) -> array[int]:
    """Whole numbers read from their bytes; ValueError when they are not a whole number of items."""
    out = array("i")
    out.frombytes(_bytes(raw))
    return out


def _floats(raw: bytes) -> array[float]:
    """Weights read from their bytes; ValueError when they are not a whole number of items."""
    out = array("d")
    out.frombytes(_bytes(raw))
    return out


def _bytes(raw: object) -> bytes:
    if type(raw) is not bytes:
        raise ValueError("not bytes")
    return raw
