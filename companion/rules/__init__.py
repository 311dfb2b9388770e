"""Rules lookup: the validated corpus of rule entries and the search over it.

The module-level ``search()`` stays in ``companion.rules.search`` (re-exporting it here
would shadow that submodule).
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
