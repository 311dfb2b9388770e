"""Rules lookup: the validated corpus of rule entries and the search over it."""

from companion.rules.corpus import KINDS, Book, Corpus, CorpusError, Entry, load_corpus, read_corpus
from companion.rules.search import Hit, SearchIndex, search
from companion.rules.text import fold

__all__ = [
    "KINDS",
    "Book",
    "Corpus",
    "CorpusError",
    "Entry",
    "Hit",
    "SearchIndex",
    "fold",
    "load_corpus",
    "read_corpus",
    "search",
]
