"""Rules lookup: the validated corpus of rule entries and the search over it.

The game corpus's own index is ``companion.rules.index_cache.default_index()`` (built once, kept on disk).
The names below are imported when first asked for, so that ``companion rules search`` - which reads the
checked corpus from the index cache - does not import the corpus's validation with the package.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.rules.corpus import KINDS, Book, Corpus, CorpusError, Entry, load_corpus, read_corpus
    from companion.rules.search import Hit, SearchIndex
    from companion.rules.text import fold

_HOMES = {"KINDS": "model", "Book": "model", "Corpus": "model", "Entry": "model", "CorpusError": "corpus",
          "load_corpus": "corpus", "read_corpus": "corpus", "Hit": "model", "SearchIndex": "search", "fold": "text"}

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


def __getattr__(name: str) -> object:
    """One of ``__all__``, from the module that defines it (imported now)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"companion.rules.{home}"), name)
