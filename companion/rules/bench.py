"""Speed and quality of the rules search, measured on the real corpus and the player query set.

The query set lives with the tests (``tests/rules/queries.json``); an installed wheel
has no tests, so there the report says ``queries: 0`` and leaves the quality null.
"""

from __future__ import annotations

import difflib
import json
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.rules.corpus import Corpus, load_corpus
from companion.rules.search import SearchIndex

QUERIES_FILE = Path(__file__).resolve().parents[2] / "tests" / "rules" / "queries.json"
PASSES = 5
SCALED_SIZE = 10_000


def load_queries(path: Path | None = None) -> list[dict[str, Any]]:
    """The player questions with the ids that answer them; [] when the file is absent."""
    path = path or QUERIES_FILE
    if not path.is_file():
        return []
    return list(json.loads(path.read_text(encoding="utf-8")))


def percentile(samples: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in 0-1) of a non-empty sample."""
    ordered = sorted(samples)
    return ordered[max(math.ceil(share * len(ordered)) - 1, 0)]


def replicate(corpus: Corpus, size: int) -> Corpus:
    """The corpus repeated up to ``size`` entries, copies renamed ``<id>-copy<n>``."""
    entries = [
        entry if n == 0 else replace(entry, id=f"{entry.id}-copy{n}")
        for n in range(math.ceil(size / max(len(corpus), 1)))
        for entry in corpus.entries
    ]
    return Corpus(tuple(entries[:size]), corpus.book_list)


def time_queries(run: Callable[[dict[str, Any]], object], queries: list[dict[str, Any]], passes: int) -> list[float]:
    """Milliseconds per call of ``run`` on each query, ``passes`` times over, after one warm-up pass."""
    for query in queries:
        run(query)
    samples = []
    for _ in range(passes):
        for query in queries:
            start = time.perf_counter()
            run(query)
            samples.append((time.perf_counter() - start) * 1000)
    return samples


def quality(index: SearchIndex, queries: list[dict[str, Any]]) -> tuple[float, float]:
    """The share of queries whose first hit, and whose first three hits, include an expected id."""
    top1 = top3 = 0
    for query in queries:
        ids = [hit.id for hit in index.search(query["q"], lang=query["lang"], limit=3)]
        top1 += bool(ids[:1] and ids[0] in query["expect"])
        top3 += any(found in query["expect"] for found in ids)
    return top1 / len(queries), top3 / len(queries)


def bench_search(passes: int = PASSES, queries_file: Path | None = None) -> dict[str, Any]:
    """Search latency, a difflib baseline over the same texts, top-1/top-3 accuracy, and 10k-entry latency."""
    corpus = load_corpus()
    index = SearchIndex(corpus)
    queries = load_queries(queries_file)
    report: dict[str, Any] = {"entries": len(corpus), "queries": len(queries)}
    if not queries:
        keys = ("p50_ms", "p99_ms", "baseline_p50_ms", "top1", "top3", "scaled_10k_p99_ms")
        return report | dict.fromkeys(keys)

    def run(query: dict[str, Any]) -> object:
        return index.search(query["q"], lang=query["lang"])

    samples = time_queries(run, queries, passes)
    texts = [f"{entry.title} {entry.body}" for entry in corpus]
    baseline = time_queries(lambda query: difflib.get_close_matches(query["q"], texts), queries, 1)
    top1, top3 = quality(index, queries)
    scaled = SearchIndex(replicate(corpus, SCALED_SIZE))
    scaled_samples = time_queries(lambda query: scaled.search(query["q"], lang=query["lang"]), queries, 1)
    return report | {
        "p50_ms": round(percentile(samples, 0.5), 3),
        "p99_ms": round(percentile(samples, 0.99), 3),
        "baseline_p50_ms": round(percentile(baseline, 0.5), 3),
        "top1": round(top1, 3),
        "top3": round(top3, 3),
        "scaled_10k_p99_ms": round(percentile(scaled_samples, 0.99), 3),
    }
