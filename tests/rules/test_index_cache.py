"""The search index cache on disk: a hit gives the same index, a changed corpus or a damaged file rebuilds."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from array import array
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from companion.rules import index_cache
from companion.rules.corpus import Corpus, read_corpus
from companion.rules.index_cache import MAGIC, CacheInvalid, cached_index, corpus_key, read_cache
from companion.rules.model import entry_files
from companion.rules.search import SearchIndex
from tests.rules.helpers import FIXTURES

QUERIES = [("ladybg tie", "en"), ("predator health", "en"), ("provision inicial solitario", "es")]


def answers(index: SearchIndex) -> list[list[dict[str, object]]]:
    return [[hit.to_dict() for hit in index.search(q, lang=lang)] for q, lang in QUERIES]


def count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every SearchIndex built from scratch (not read from the cache) appends to the list."""
    builds: list[int] = []
    original = SearchIndex.__init__

    def counting(self: SearchIndex, corpus: Corpus, langs: object = None) -> None:
        if langs is None:
            builds.append(1)
        original(self, corpus, langs)  # type: ignore[arg-type]

    monkeypatch.setattr(SearchIndex, "__init__", counting)
    return builds


def test_cache_miss_builds_and_writes_then_a_hit_reads_the_same_index(
    fixture_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cache" / "rules-index.bin"
    builds = count_builds(monkeypatch)
    built = cached_index(fixture_corpus, path)
    assert builds == [1] and path.read_bytes().startswith(MAGIC)
    again = cached_index(fixture_corpus, path)
    assert builds == [1]  # read, not built
    assert answers(again) == answers(built) == answers(SearchIndex(fixture_corpus))
    assert [p.name for p in path.parent.iterdir()] == ["rules-index.bin"]  # no temp file left behind


def test_the_real_corpus_round_trips_through_the_cache(real_corpus: Corpus, tmp_path: Path) -> None:
    path = tmp_path / "rules-index.bin"
    built = cached_index(real_corpus, path)
    assert answers(cached_index(real_corpus, path)) == answers(built)


def test_a_changed_corpus_misses_and_rebuilds(
    fixture_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "rules-index.bin"
    cached_index(fixture_corpus, path)
    first = fixture_corpus.entries[0]
    changed = Corpus((replace(first, title=first.title + " moulting"), *fixture_corpus.entries[1:]),
                     fixture_corpus.book_list)
    assert corpus_key(changed) != corpus_key(fixture_corpus)
    with pytest.raises(CacheInvalid, match="another corpus"):
        read_cache(path, corpus_key(changed), len(changed))
    builds = count_builds(monkeypatch)
    index = cached_index(changed, path)
    assert builds == [1]
    assert index.search("moulting")[0].id == first.id
    assert read_cache(path, corpus_key(changed), len(changed))  # the file now holds the new corpus


def test_another_version_misses(fixture_corpus: Corpus, monkeypatch: pytest.MonkeyPatch) -> None:
    key = corpus_key(fixture_corpus)
    monkeypatch.setattr("companion.__version__", "99.0.0")
    assert corpus_key(fixture_corpus) != key


def _damage(path: Path, how: str, key: bytes) -> None:
    blob = path.read_bytes()
    head = len(MAGIC) + 64
    if how == "truncated":
        path.write_bytes(blob[: len(blob) // 2])
    elif how == "flipped":
        path.write_bytes(blob[:-10] + bytes([blob[-10] ^ 0xFF]) + blob[-9:])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "foreign":
        path.write_bytes(b'{"not": "an index"}')
    elif how == "bad shape":  # right magic, key and checksum, but numbers that do not fit the corpus
        plain, books, entries = marshal.loads(blob[head:])
        vocab, idf, (starts, numbers, weights), stems, fields, default = plain["en"]
        numbers = array("i", [10_000]).tobytes() + numbers[4:]
        plain["en"] = (vocab, idf, (starts, numbers, weights), stems, fields, default)
        payload = marshal.dumps((plain, books, entries))
        import hashlib

        path.write_bytes(MAGIC + key + hashlib.sha256(payload).digest() + payload)
    elif how == "directory":
        path.unlink()
        path.mkdir()


@pytest.mark.parametrize("how", ["truncated", "flipped", "empty", "foreign", "bad shape"])
def test_a_damaged_or_foreign_cache_is_ignored_and_rewritten(
    how: str, fixture_corpus: Corpus, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "rules-index.bin"
    key = corpus_key(fixture_corpus)
    expected = answers(cached_index(fixture_corpus, path))
    _damage(path, how, key)
    with pytest.raises(CacheInvalid):
        read_cache(path, key, len(fixture_corpus))
    builds = count_builds(monkeypatch)
    assert answers(cached_index(fixture_corpus, path)) == expected
    assert builds == [1]
    assert read_cache(path, key, len(fixture_corpus))  # rebuilt and rewritten


def test_an_unwritable_cache_only_costs_the_build(fixture_corpus: Corpus, tmp_path: Path) -> None:
    path = tmp_path / "rules-index.bin"
    path.mkdir()  # a folder where the file should be: cannot be read or replaced
    assert answers(cached_index(fixture_corpus, path)) == answers(SearchIndex(fixture_corpus))


def test_cache_path_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPANION_CACHE", str(tmp_path))
    assert index_cache.cache_path() == tmp_path / "rules-index.bin"


def _spoil_postings(at: int, value: int) -> Callable[[list[object]], None]:
    """Put ``value`` at place ``at`` of the (starts, entry numbers, weights) byte strings' numbers."""

    def spoil(parts: list[object]) -> None:
        numbers = array("i")
        numbers.frombytes(parts[2][1])  # type: ignore[index]
        numbers[at] = value
        starts, _, weights = parts[2]  # type: ignore[misc]  # a tuple of three byte strings
        parts[2] = (starts, numbers.tobytes(), weights)

    return spoil


def _replace_part(index: int, part: int, value: object) -> Callable[[list[object]], None]:
    def spoil(parts: list[object]) -> None:
        packed = list(parts[index])  # type: ignore[call-overload]
        packed[part] = value
        parts[index] = tuple(packed)

    return spoil


SPOILED: dict[str, Callable[[list[object]], None]] = {
    "a posting's entry number past the corpus": _spoil_postings(0, 10_000),
    "the last posting's entry number past the corpus": _spoil_postings(-1, 10_000),
    "a negative entry number": _spoil_postings(5, -1),
    "postings bytes cut short": _replace_part(2, 1, b"\x00\x00\x00"),
    "postings as a list": _replace_part(2, 0, [0, 1]),
    "starts out of order": _replace_part(2, 0, array("i", [0, 5, 2]).tobytes()),
    "a stem's word past the vocabulary": _replace_part(3, 2, array("i", [99_999]).tobytes()),
    "a field's word past the vocabulary": _replace_part(4, 2, array("i", [99_999]).tobytes()),
    "a field weight missing": _replace_part(4, 3, b""),
    "stems with a number for a key": _replace_part(3, 0, [1]),
}


@pytest.mark.parametrize("spoil", list(SPOILED))
def test_every_number_is_checked(spoil: str, fixture_corpus: Corpus) -> None:
    """The shape check looks at every number of the packed postings, stems and fields, not a sample."""
    plain = SearchIndex(fixture_corpus).to_plain()
    assert index_cache.check_plain(marshal.loads(marshal.dumps(plain)), len(fixture_corpus))
    parts = list(plain["en"])
    SPOILED[spoil](parts)
    plain["en"] = tuple(parts)  # type: ignore[assignment]
    with pytest.raises(CacheInvalid):
        index_cache.check_plain(plain, len(fixture_corpus))


def _snapshot_files(tmp_path: Path, fixture_folder: Path) -> list[tuple[str, Path]]:
    """A copy of the fixture corpus's files, as ``corpus_files`` lists the game's."""
    folder = tmp_path / "rules"
    folder.mkdir()
    for file in fixture_folder.glob("*.json"):
        (folder / file.name).write_bytes(file.read_bytes())
    return [("sections.json", folder / "sections.json"), *entry_files(folder)]


def test_the_snapshot_holds_the_corpus_and_reads_it_back_without_the_checks(tmp_path: Path) -> None:
    """A cold search reads the corpus itself from the cache: the same entries, books and answers, and the
    validation module is not imported for it (a child process, so that nothing earlier imported it)."""
    cache = tmp_path / "cache"
    probe = (
        "import sys, json\n"
        "from companion.rules.index_cache import default_index\n"
        "index = default_index()\n"
        "print(json.dumps([len(index.corpus), 'companion.rules.corpus' in sys.modules,"
        " [h.id for h in index.search('ladybg tie')[:3]]]))\n"
    )
    env = {**os.environ, "COMPANION_CACHE": str(cache)}
    first = json.loads(subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                                      timeout=120, check=True).stdout)
    again = json.loads(subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                                      timeout=120, check=True).stdout)
    assert first[1] is True and again[1] is False  # built from the validated files, then read from the cache
    assert first[0] == again[0] >= 500 and first[2] == again[2] and first[2][0] == "mm-clar-ladybug"


def test_a_changed_corpus_file_misses_the_snapshot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The snapshot is keyed by the corpus files' bytes: one changed byte in one file reads it no more."""
    files = _snapshot_files(tmp_path, FIXTURES)
    monkeypatch.setattr(index_cache, "corpus_files", lambda: files)
    corpus = read_corpus(files[0][1].parent)
    monkeypatch.setattr("companion.rules.corpus.load_corpus", lambda: corpus)
    path = tmp_path / "rules-index.bin"
    expected = answers(SearchIndex(corpus))
    builds = count_builds(monkeypatch)
    assert answers(index_cache.snapshot_index(path)) == expected and builds == [1]
    assert answers(index_cache.snapshot_index(path)) == expected and builds == [1]  # read, not built
    last = files[-1][1]
    last.write_bytes(last.read_bytes().replace(b'"title": "', b'"title": "Re ', 1))
    with pytest.raises(CacheInvalid, match="another corpus"):
        index_cache.read_snapshot(path, index_cache.files_key(files))
    index_cache.snapshot_index(path)
    assert builds == [1, 1]


@pytest.mark.parametrize("column", [0, 5, 11])
def test_a_snapshot_entry_of_the_wrong_type_is_refused(column: int, fixture_corpus: Corpus, tmp_path: Path) -> None:
    path = tmp_path / "rules-index.bin"
    index_cache.write_cache(path, b"k" * 32, SearchIndex(fixture_corpus))
    head = len(MAGIC) + 64
    plain, books, entries = marshal.loads(path.read_bytes()[head:])
    entries[column][0] = 7  # an id, a body or the interpretation flag that is a number
    payload = marshal.dumps((plain, books, entries))
    import hashlib

    path.write_bytes(MAGIC + b"k" * 32 + hashlib.sha256(payload).digest() + payload)
    with pytest.raises(CacheInvalid, match="books and entries"):
        index_cache.read_snapshot(path, b"k" * 32)
