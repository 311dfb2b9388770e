"""Speed and quality of the rules search, measured on the real corpus and the player query set.

The query set lives with the tests (``tests/rules/queries.json``); an installed wheel
has no tests, so there the report says ``queries: 0`` and leaves the quality null.
"""

from __future__ import annotations

import difflib
import json
import math
import resource
import subprocess
import sys
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from pathlib import Path

from companion.core.schema import JsonObject
from companion.rules.corpus import Corpus, load_corpus
from companion.rules.search import Hit, SearchIndex

QUERIES_FILE = Path(__file__).resolve().parents[2] / "tests" / "rules" / "queries.json"
PASSES = 5
SCALED_SIZE = 10_000


def load_queries(path: Path | None = None) -> list[JsonObject]:
    """The player questions with the ids that answer them; [] when the file is absent. A set is a list of
    questions, or an object whose "about" says how it was written and whose "questions" are the list."""
    path = path or QUERIES_FILE
    if not path.is_file():
        return []
    loaded = json.loads(path.read_text(encoding="utf-8"))
    return list(loaded["questions"] if isinstance(loaded, dict) else loaded)


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


def time_queries(run: Callable[[JsonObject], object], queries: list[JsonObject], passes: int) -> list[float]:
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


def answers(hit: Hit, expected: Collection[str], strict: bool = False) -> bool:
    """Whether ``hit`` is an expected answer: its entry, or (unless ``strict``) another book's entry stating the
    same rule, which search shows with it (``same-rules.json``): the player read that answer, and its book."""
    return hit.id in expected or (not strict and any(other in expected for other in hit.same_rule))


def quality(index: SearchIndex, queries: list[JsonObject], strict: bool = False) -> tuple[float, float]:
    """The share of queries whose first hit, and whose first three hits, answer them (``answers``)."""
    top1 = top3 = 0
    for query in queries:
        hits = index.search(query["q"], lang=query["lang"], limit=3)
        top1 += bool(hits and answers(hits[0], query["expect"], strict))
        top3 += any(answers(hit, query["expect"], strict) for hit in hits)
    return top1 / len(queries), top3 / len(queries)


def bench_search(passes: int = PASSES, queries_file: Path | None = None) -> JsonObject:
    """Search latency, a difflib baseline over the same texts, top-1/top-3 accuracy, and 10k-entry latency."""
    corpus = load_corpus()
    index = SearchIndex(corpus)
    queries = load_queries(queries_file)
    report: JsonObject = {"entries": len(corpus), "queries": len(queries)}
    if not queries:
        keys = ("p50_ms", "p99_ms", "baseline_p50_ms", "top1", "top3", "scaled_10k_p99_ms", "scaled_10k_peak_rss_mb")
        return report | dict.fromkeys(keys)

    def run(query: JsonObject) -> object:
        return index.search(query["q"], lang=query["lang"])

    samples = time_queries(run, queries, passes)
    texts = [f"{entry.title} {entry.body}" for entry in corpus]
    baseline = time_queries(lambda query: difflib.get_close_matches(query["q"], texts), queries, 1)
    top1, top3 = quality(index, queries)
    scaled = scaled_in_child(queries_file)
    return report | {
        "p50_ms": round(percentile(samples, 0.5), 3),
        "p99_ms": round(percentile(samples, 0.99), 3),
        "baseline_p50_ms": round(percentile(baseline, 0.5), 3),
        "top1": round(top1, 3),
        "top3": round(top3, 3),
        "scaled_10k_p99_ms": scaled["p99_ms"],
        "scaled_10k_peak_rss_mb": scaled["peak_rss_mb"],
    }


def scaled_in_child(queries_file: Path | None) -> dict[str, float]:
    """Time the 10,000-entry index in a child process.

    The replicated index is a stress test, not something the app ever holds; building it
    in the benchmark process itself would make ``memory.peak_rss_mb`` report the stress
    test instead of the app's real working set. Its own peak is reported beside it.
    """
    argv = [sys.executable, "-m", "companion.rules.bench", "--scaled"]
    if queries_file is not None:
        argv.append(str(queries_file))
    done = subprocess.run(argv, capture_output=True, text=True, check=True, timeout=600)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def _scaled_main(queries_file: Path | None) -> None:
    queries = load_queries(queries_file)
    scaled = SearchIndex(replicate(load_corpus(), SCALED_SIZE))
    samples = time_queries(lambda query: scaled.search(query["q"], lang=query["lang"]), queries, 1)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps({"p99_ms": round(percentile(samples, 0.99), 3), "peak_rss_mb": round(peak, 1)}))


if __name__ == "__main__" and sys.argv[1:2] == ["--scaled"]:
    _scaled_main(Path(sys.argv[2]) if len(sys.argv) > 2 else None)
