"""The built search index kept on disk, so that a cold ``companion rules search`` skips the build.

The file lives in the user cache folder (``COMPANION_CACHE`` overrides the folder) and holds:
a magic line, the key (a SHA-256 of the package version, the index format, the code that builds the
index and the corpus content itself), a SHA-256 of the payload, then the payload: the index as plain
lists and dicts in ``marshal`` form (which, unlike pickle, cannot run code when read).

Nothing in it is trusted blindly: a file with another key (a changed corpus or version), a wrong
checksum (a damaged file), an unreadable payload or one whose shape or numbers do not fit the corpus
is ignored, and the index is built and the file rewritten atomically (temp file, fsync, rename).
A cache that cannot be written (read-only folder, full disk) only costs the build next time.

``default_index`` is the game corpus's index, once per process, through this cache: the one way the app and the
terminal reach it (``companion.rules.search`` holds the index itself and needs nothing from here).
"""

from __future__ import annotations

import hashlib
import marshal
import math
import os
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

from companion.core.schema import Json
from companion.rules.corpus import LANGS, Corpus, load_corpus
from companion.rules.search import PlainLangIndex, SearchIndex

MAGIC = b"march-of-the-ants-companion rules index 1\n"
FORMAT = 1  # bump when the plain layout changes
FILE_NAME = "rules-index.bin"
_DIGEST = 32
_BUILDERS = ("search.py", "text.py")  # the code whose output the cache holds


class CacheInvalid(ValueError):
    """The cache file is not one this corpus and version can use; the message says why."""


def cache_path() -> Path:
    """Where the index cache lives: ``$COMPANION_CACHE/rules-index.bin``, else the user cache folder."""
    folder = os.environ.get("COMPANION_CACHE")
    if not folder:
        from companion.paths import user_cache

        return user_cache() / FILE_NAME
    return Path(folder) / FILE_NAME


def corpus_key(corpus: Corpus) -> bytes:
    """A digest of everything the built index depends on: version, format, builder code, corpus content."""
    from companion import __version__

    digest = hashlib.sha256(f"{__version__}\n{FORMAT}\n".encode())
    here = Path(__file__).resolve().parent
    for name in _BUILDERS:
        digest.update((here / name).read_bytes())
    digest.update(repr((corpus.entries, corpus.book_list)).encode())
    return digest.digest()


def cached_index(corpus: Corpus, path: Path | None = None) -> SearchIndex:
    """The index for ``corpus``: from the cache file when it is valid for it, else built and cached."""
    path = path or cache_path()
    key = corpus_key(corpus)
    try:
        return SearchIndex.from_plain(corpus, read_cache(path, key, len(corpus)))
    except (OSError, CacheInvalid):
        index = SearchIndex(corpus)
        write_cache(path, key, index)
        return index


def read_cache(path: Path, key: bytes, entries: int) -> dict[str, PlainLangIndex]:
    """The checked plain index in ``path``; CacheInvalid (or OSError) when it cannot be used."""
    blob = path.read_bytes()
    head = len(MAGIC)
    if not blob.startswith(MAGIC):
        raise CacheInvalid("not a rules index cache")
    if blob[head : head + _DIGEST] != key:
        raise CacheInvalid("built for another corpus or version")
    payload = blob[head + 2 * _DIGEST :]
    if hashlib.sha256(payload).digest() != blob[head + _DIGEST : head + 2 * _DIGEST]:
        raise CacheInvalid("damaged (checksum mismatch)")
    try:
        plain = marshal.loads(payload)
    except (EOFError, ValueError, TypeError) as exc:
        raise CacheInvalid(f"unreadable payload ({exc})") from exc
    return check_plain(plain, entries)


def write_cache(path: Path, key: bytes, index: SearchIndex) -> bool:
    """Write the index atomically; False (and no file change) when the folder cannot be written."""
    payload = marshal.dumps(index.to_plain())
    blob = MAGIC + key + hashlib.sha256(payload).digest() + payload
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temp = tempfile.mkstemp(prefix=".rules-index-", dir=path.parent)
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(blob)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, path)
        except BaseException:
            Path(temp).unlink(missing_ok=True)
            raise
    except OSError:
        return False
    return True


def check_plain(plain: Json, entries: int) -> dict[str, PlainLangIndex]:
    """``plain`` if it has the shape ``SearchIndex.to_plain`` gives for a corpus of ``entries`` entries."""
    if not isinstance(plain, dict) or sorted(plain) != sorted(LANGS):
        raise CacheInvalid("expected one index per language")
    for lang in LANGS:
        _check_lang(plain[lang], entries, lang)
    return plain


def _check_lang(plain: Json, entries: int, lang: str) -> None:
    if not isinstance(plain, tuple) or len(plain) != 6:
        raise CacheInvalid(f"{lang}: expected six parts")
    vocab, idf, postings, stems, fields, default_idf = plain
    _require(_is_list_of(vocab, str) and len(set(vocab)) == len(vocab), lang, "vocabulary")
    _require(_is_list_of(idf, float) and len(idf) == len(vocab) and all(map(math.isfinite, idf)), lang, "idf")
    _require(isinstance(default_idf, float) and math.isfinite(default_idf), lang, "default idf")
    _require(_is_lists_of_pairs(postings, len(vocab), lambda n: type(n) is int and 0 <= n < entries), lang,
             "postings")
    known = set(vocab)
    _require(
        isinstance(stems, dict)
        and all(type(k) is str and _is_list_of(v, str) and known.issuperset(v) for k, v in stems.items()),
        lang,
        "stems",
    )
    _require(_is_lists_of_pairs(fields, entries, lambda words: type(words) is tuple and known.issuperset(words)),
             lang, "fields")


def _is_lists_of_pairs(value: object, length: int, first_fits: Callable[[object], bool]) -> bool:
    """``length`` lists of (x, weight) pairs, each x passing ``first_fits`` and each weight a float: the postings
    (entry number, score) of each word, and the fields (words, weight) of each entry."""
    return isinstance(value, list) and len(value) == length and all(
        isinstance(pairs, list)
        and all(type(pair) is tuple and len(pair) == 2 and first_fits(pair[0]) and type(pair[1]) is float
                for pair in pairs)
        for pairs in value
    )


def _is_list_of(value: object, kind: type) -> bool:
    return isinstance(value, list) and all(type(item) is kind for item in value)


def _require(ok: bool, lang: str, part: str) -> None:
    if not ok:
        raise CacheInvalid(f"{lang}: the {part} do not fit this corpus")


@cache
def default_index() -> SearchIndex:
    """The index over the game's corpus, once per process: read from the disk cache when it is valid
    for this corpus and version, else built (and the cache rewritten)."""
    return cached_index(load_corpus())
