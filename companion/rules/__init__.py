"""Rules lookup: the validated corpus of rule entries and the search over it.

The game corpus's own index is ``companion.rules.index_cache.default_index()`` (built once, kept on disk).
"""

from companion.rules.corpus import KINDS, Book, Corpus, CorpusError, Entry, load_corpus, read_corpus
from companion.rules.search import Hit, SearchIndex
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
]
