"""The search index cache on disk: a hit gives the same index, a changed corpus or a damaged file rebuilds."""

from __future__ import annotations

import marshal
from dataclasses import replace
from pathlib import Path

import pytest

from companion.rules import index_cache
from companion.rules.corpus import Corpus
from companion.rules.index_cache import MAGIC, CacheInvalid, cached_index, corpus_key, read_cache
from companion.rules.search import SearchIndex

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
        plain = marshal.loads(blob[head:])
        vocab, idf, postings, stems, fields, default = plain["en"]
        postings[0] = [(10_000, 1.0)]
        plain["en"] = (vocab, idf, postings, stems, fields, default)
        payload = marshal.dumps(plain)
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


SPOILED = {
    "a posting's entry number past the corpus": lambda p, f: p[0].append((10_000, 1.0)),
    "a negative entry number": lambda p, f: p[0].append((-1, 1.0)),
    "an entry number that is a bool": lambda p, f: p[0].append((True, 1.0)),
    "a weight that is an int": lambda p, f: p[0].append((0, 1)),
    "a pair that is a list": lambda p, f: p[0].append([0, 1.0]),
    "a triple": lambda p, f: p[0].append((0, 1.0, 2.0)),
    "a postings list that is a tuple": lambda p, f: p.__setitem__(0, tuple(p[0])),
    "a field of unknown words": lambda p, f: f[0].append((("zzz-not-a-word",), 1.0)),
    "a field's words in a list": lambda p, f: f[0].append((["ant"], 1.0)),
}


@pytest.mark.parametrize("spoil", list(SPOILED))
def test_every_pair_is_checked(spoil: str, fixture_corpus: Corpus) -> None:
    """The shape check looks at every pair of the postings and the fields, not a sample."""
    plain = SearchIndex(fixture_corpus).to_plain()
    assert index_cache.check_plain(marshal.loads(marshal.dumps(plain)), len(fixture_corpus))
    SPOILED[spoil](plain["en"][2], plain["en"][4])  # the postings and the fields
    with pytest.raises(CacheInvalid):
        index_cache.check_plain(plain, len(fixture_corpus))
