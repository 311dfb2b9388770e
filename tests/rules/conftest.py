"""Shared fixtures: the tiny fixture corpus, a writable copy of it, and the real corpus."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.rules.corpus import Corpus, load_corpus, read_corpus
from companion.rules.search import SearchIndex
from tests.rules.helpers import FIXTURES

Raw = dict[str, Any]


@pytest.fixture(scope="session")
def fixture_corpus() -> Corpus:
    return read_corpus(FIXTURES)


@pytest.fixture(scope="session")
def fixture_index(fixture_corpus: Corpus) -> SearchIndex:
    return SearchIndex(fixture_corpus)


@pytest.fixture(scope="session")
def real_corpus() -> Corpus:
    return load_corpus()


@pytest.fixture(scope="session")
def real_index(real_corpus: Corpus) -> SearchIndex:
    return SearchIndex(real_corpus)


@pytest.fixture
def broken_copy(tmp_path: Path) -> Callable[[Callable[[dict[str, Raw]], None]], Path]:
    """A copy of the fixture folder after ``change`` edits its parsed files (keyed by file name)."""

    def make(change: Callable[[dict[str, Raw]], None]) -> Path:
        files = {path.name: json.loads(path.read_text(encoding="utf-8")) for path in FIXTURES.glob("*.json")}
        change(files)
        for name, content in files.items():
            (tmp_path / name).write_text(json.dumps(content), encoding="utf-8")
        return tmp_path

    return make
