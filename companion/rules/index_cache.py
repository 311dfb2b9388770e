"""The built search index kept on disk, so that a cold ``companion rules search`` skips the build.

The file lives in the user cache folder (``COMPANION_CACHE`` overrides the folder) and holds:
a magic line, the key (a SHA-256 of the package version, the index format, the code that builds the
index and the corpus content itself), a SHA-256 of the payload, then the payload: the index as plain
lists and dicts in ``marshal`` form (which, unlike pickle, cannot run code when read).

Nothing in it is trusted blindly: a file with another key (a changed corpus or version), a wrong
checksum (a damaged file), an unreadable payload or one whose shape or numbers do not fit the corpus
is ignored, and the index is built and the file rewritten atomically (temp file, fsync, rename).
A cache that cannot be written (read-only folder, full disk) only costs the build next time.

The payload also holds the corpus itself (its books and entries as tuples), so that ``default_index`` - the game
corpus's index, once per process: the one way the app and the terminal reach it - keys the file by the corpus
files' bytes (``files_key``) and, on a hit, rebuilds the checked corpus from the file without reading, parsing
or validating the entry files, or importing the validation (``corpus.py``): those bytes were checked by
``load_corpus`` before the file was written. ``cached_index`` keys by a corpus already in hand (``corpus_key``).
``companion.rules.search`` holds the index itself and needs nothing from here.
"""

from __future__ import annotations

import hashlib
import marshal
import math
import os
from collections.abc import Callable
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion.rules.model import LANGS, SAME_RULES_FILE, Book, Corpus, Entry, entry_files, unit_rule_files
from companion.rules.packed import Fields, Postings, Stems
from companion.rules.search import PlainLangIndex, SearchIndex

if TYPE_CHECKING:
    from companion.core.schema import Json

MAGIC = b"march-of-the-ants-companion rules index 2\n"
FORMAT = 2  # bump when the plain layout changes
FILE_NAME = "rules-index.bin"
_DIGEST = 32
_BUILDERS = ("search.py", "text.py", "model.py", "corpus.py")  # the code whose output the cache holds
_ENTRY_TYPES = tuple(field.type for field in fields(Entry))  # annotations as text: "str", "tuple[str, ...]"
_BOOK_TYPES = tuple(field.type for field in fields(Book))
PlainCorpus = tuple[list[object], list[object]]  # the books and the entries, each as one list per field


class CacheInvalid(ValueError):
    """The cache file is not one this corpus and version can use; the message says why."""


def cache_path() -> Path:
    """Where the index cache lives: ``$COMPANION_CACHE/rules-index.bin``, else the user cache folder."""
    folder = os.environ.get("COMPANION_CACHE")
    if not folder:
        from companion.paths import user_cache

        return user_cache() / FILE_NAME
    return Path(folder) / FILE_NAME


def _code_digest() -> hashlib._Hash:
    """A digest started with what every key depends on: the version, the format and the builder code."""
    from companion import __version__

    digest = hashlib.sha256(f"{__version__}\n{FORMAT}\n".encode())
    here = Path(__file__).resolve().parent
    for name in _BUILDERS:
        digest.update((here / name).read_bytes())
    return digest


def corpus_key(corpus: Corpus) -> bytes:
    """A digest of everything the built index depends on: version, format, builder code, corpus content."""
    digest = _code_digest()
    digest.update(repr((corpus.entries, corpus.book_list)).encode())
    return digest.digest()


def corpus_files() -> list[tuple[str, Path]]:
    """The files ``load_corpus`` reads, as ``(label, path)``: the books' headings, their entries, the units', and
    the rules several books state (when the folder has that file)."""
    from companion.paths import data_dir

    folder = data_dir() / "rules"
    same = [(SAME_RULES_FILE, folder / SAME_RULES_FILE)] if (folder / SAME_RULES_FILE).is_file() else []
    return [("sections.json", folder / "sections.json"), *entry_files(folder), *unit_rule_files(), *same]


def files_key(files: list[tuple[str, Path]]) -> bytes:
    """A digest of the version, format, builder code and every corpus file's bytes, in load order (OSError if one
    cannot be read): the same bytes load and validate to the same corpus, on this machine or a phone."""
    digest = _code_digest()
    for _, file in files:  # the bytes alone: a unit carrying its data names its file by an absolute path
        content = file.read_bytes()
        digest.update(f"\n{len(content)}\n".encode())
        digest.update(content)
    return digest.digest()


def cached_index(corpus: Corpus, path: Path | None = None) -> SearchIndex:
    """The index for ``corpus``: from the cache file when it is valid for it, else built and cached."""
    path = path or cache_path()
    key = corpus_key(corpus)
    try:
        return SearchIndex.from_plain(corpus, read_cache(path, key, len(corpus))[0])
    except (OSError, CacheInvalid):
        index = SearchIndex(corpus)
        write_cache(path, key, index)
        return index


def snapshot_index(path: Path | None = None) -> SearchIndex:
    """The game corpus's index and the corpus itself from the cache file when the corpus files are the ones it
    was written for; else the corpus loaded (and validated), the index built and the file rewritten."""
    path = path or cache_path()
    try:
        key = files_key(corpus_files())
        plain, books, entries = read_snapshot(path, key)
        return SearchIndex.from_plain(Corpus(entries, books), plain)
    except (OSError, CacheInvalid):
        pass
    from companion.rules.corpus import load_corpus

    corpus = load_corpus()  # the files' faults raise here, naming the file
    index = SearchIndex(corpus)
    write_cache(path, files_key(corpus_files()), index)
    return index


def read_snapshot(path: Path, key: bytes) -> tuple[dict[str, PlainLangIndex], tuple[Book, ...], tuple[Entry, ...]]:
    """The plain index, books and entries in ``path``, each checked; CacheInvalid (or OSError) otherwise."""
    plain, (books, entries) = read_cache(path, key, None)
    _require(_columns_fit(books, _BOOK_TYPES) and _columns_fit(entries, _ENTRY_TYPES), "corpus", "books and entries")
    made = tuple(Entry(*values) for values in zip(*entries, strict=True))  # each value's type checked above
    check_plain(plain, len(made))
    return plain, tuple(Book(*values) for values in zip(*books, strict=True)), made


def _columns_fit(columns: list[object], kinds: tuple[object, ...]) -> bool:
    """One list per field, all of one length, each value of its field's type."""
    return (len(columns) == len(kinds) and all(type(column) is list for column in columns)
            and len({len(column) for column in columns}) <= 1  # type: ignore[arg-type]
            and all(all(_fits(value, kind) for value in column)  # type: ignore[attr-defined]
                    for column, kind in zip(columns, kinds, strict=True)))


def _columns(items: tuple[Book, ...] | tuple[Entry, ...]) -> list[list[object]]:
    """The books' or entries' values, one list per field in field order (what ``read_snapshot`` rebuilds them
    from; a column of one type is checked faster than a row of many)."""
    kind = Book if items and isinstance(items[0], Book) else Entry
    return [[getattr(item, field.name) for item in items] for field in fields(kind)]


def _fits(value: object, kind: object) -> bool:
    """A value read back fits its Entry field: a str, a tuple of str, a bool, or (the Spanish) str or None."""
    if kind == "str":
        return type(value) is str
    if kind == "tuple[str, ...]":
        return type(value) is tuple and all(type(item) is str for item in value)
    if kind == "bool":
        return type(value) is bool
    return value is None or type(value) is str


def read_cache(path: Path, key: bytes, entries: int | None) -> tuple[dict[str, PlainLangIndex], PlainCorpus]:
    """The plain index in ``path`` and its corpus as tuples; CacheInvalid (or OSError) when it cannot be used.
    With ``entries`` (a corpus in hand) the index is checked against that many entries, and the corpus is not."""
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
        plain, books, entries_read = marshal.loads(payload)
    except (EOFError, ValueError, TypeError) as exc:
        raise CacheInvalid(f"unreadable payload ({exc})") from exc
    if not isinstance(books, list) or not isinstance(entries_read, list):
        raise CacheInvalid("expected the corpus's books and entries")
    if entries is None:
        return plain, (books, entries_read)
    return check_plain(plain, entries), (books, entries_read)


def write_cache(path: Path, key: bytes, index: SearchIndex) -> bool:
    """Write the index and its corpus atomically; False (and no file change) when the folder cannot be written."""
    corpus = index.corpus
    payload = marshal.dumps((index.to_plain(), _columns(corpus.book_list), _columns(corpus.entries)))
    blob = MAGIC + key + hashlib.sha256(payload).digest() + payload
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        import tempfile  # only when writing: a cold search that reads the cache does not pay for it

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
    _require(_packed_fits(lambda: Postings.from_plain(postings).fits(len(vocab), entries), postings, 3), lang,
             "postings")
    _require(_packed_fits(lambda: Stems.from_plain(stems, vocab).fits(), stems, 3)
             and _is_list_of(stems[0], str), lang, "stems")
    _require(_packed_fits(lambda: Fields.from_plain(fields, vocab).fits(entries), fields, 4), lang, "fields")


def _packed_fits(fits: Callable[[], bool], plain: object, parts: int) -> bool:
    """``plain`` is a tuple of ``parts`` parts that unpack (``fits`` reads them) into numbers that fit the corpus:
    every number of every pair is checked, in C (``min``/``max`` over the arrays)."""
    if type(plain) is not tuple or len(plain) != parts:
        return False
    try:
        return fits()
    except (ValueError, TypeError, IndexError):
        return False


def _is_list_of(value: object, kind: type) -> bool:
    return isinstance(value, list) and all(type(item) is kind for item in value)


def _require(ok: bool, lang: str, part: str) -> None:
    if not ok:
        raise CacheInvalid(f"{lang}: the {part} do not fit this corpus")


@cache
def default_index() -> SearchIndex:
    """The index over the game's corpus, once per process: read with the corpus from the disk cache when it
    was written for these corpus files and this version, else built (and the cache rewritten)."""
    return snapshot_index()
