"""Top-1 and top-3 of the rules search on the question sets, with every miss and what came first.

Reads the tuning set (``tests/rules/player_questions.json``), the held-out set written before any
tuning (``tests/rules/held_out_questions.json``), the coverage set
(``coverage_questions.json``: the entries no other set reached; a tuning set), a second held-out set
(``held_out_2_questions.json``, written before the tuning of 2026-12-05; both read to tune since, #34), a
third (``held_out_3_questions.json``, written and committed before the search was run on it, never tuned
against), a fourth and a fifth (``held_out_4_questions.json``, ``held_out_5_questions.json``, the same: the
judges, whose misses are never printed) and the short query set
(``tests/rules/queries.json``), and prints, per set, the share answered first and in the first three,
then each question whose answer was not first: its rank (or "-" past 10) and
the first three ids. Reading the misses is the point: each says which entry lacks the players' words or
which score outweighed the answer.

``--speed`` times instead what a player waits for: the engine on every whole question, and the Rules
screen's search as typed (``RulesModel.search``, the model the screen draws, on every prefix of every
question, as each keystroke asks it) from a Minions game with Aphids and Predators in play.

    .venv/bin/python scripts/bench_search.py [--set held_out] [--json] [--speed]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.rules.bench import load_queries, percentile  # noqa: E402
from companion.rules.corpus import load_corpus  # noqa: E402
from companion.rules.search import InPlay, SearchIndex  # noqa: E402

SETS = {
    "player": ROOT / "tests" / "rules" / "player_questions.json",
    "held_out": ROOT / "tests" / "rules" / "held_out_questions.json",
    "coverage": ROOT / "tests" / "rules" / "coverage_questions.json",
    "held_out_2": ROOT / "tests" / "rules" / "held_out_2_questions.json",
    "held_out_3": ROOT / "tests" / "rules" / "held_out_3_questions.json",
    "held_out_4": ROOT / "tests" / "rules" / "held_out_4_questions.json",
    "held_out_5": ROOT / "tests" / "rules" / "held_out_5_questions.json",
    "table": ROOT / "tests" / "rules" / "table_questions.json",
    "table_2": ROOT / "tests" / "rules" / "table_2_questions.json",
    "table_3": ROOT / "tests" / "rules" / "table_3_questions.json",
    "queries": ROOT / "tests" / "rules" / "queries.json",
}
DEPTH = 10
JUDGES = frozenset({"held_out_4", "held_out_5"})  # the held-out sets still judging: their figures, never their misses


def rank_of(index: SearchIndex, question: dict[str, object]) -> tuple[int | None, list[str]]:
    """The rank (1-based) of the first expected id among the first ``DEPTH`` hits, and those hits' ids."""
    ids = [hit.id for hit in index.search(str(question["q"]), lang=str(question["lang"]), limit=DEPTH)]
    expected = set(question["expect"])  # type: ignore[call-overload]
    found = next((place for place, found_id in enumerate(ids, 1) if found_id in expected), None)
    return found, ids


def measure(index: SearchIndex, name: str) -> dict[str, object]:
    """One set's figures and its misses."""
    questions = load_queries(SETS[name])
    misses = []
    top1 = top3 = 0
    for question in questions:
        place, ids = rank_of(index, question)
        top1 += place == 1
        top3 += place is not None and place <= 3
        if place != 1 and name not in JUDGES:
            misses.append({"q": question["q"], "lang": question["lang"], "expect": question["expect"],
                           "rank": place, "first": ids[:3]})
    count = max(len(questions), 1)
    return {"set": name, "questions": len(questions), "top1": round(top1 / count, 3),
            "top3": round(top3 / count, 3), "misses": misses}


def timed(calls: Sequence[Callable[[], object]], passes: int = 3, warm_up: bool = True) -> dict[str, float]:
    """p50 and p99 of each call's wall and CPU milliseconds, ``passes`` times over (after a warm-up pass if
    asked: a player types each prefix once, so the as-typed figures count each call's first time)."""
    for call in calls if warm_up else calls[:1]:
        call()
    wall, cpu = [], []
    for _ in range(passes):
        for call in calls:
            start, start_cpu = time.perf_counter(), time.process_time()
            call()
            wall.append((time.perf_counter() - start) * 1000)
            cpu.append((time.process_time() - start_cpu) * 1000)
    figures: dict[str, float] = {"calls": len(wall)}
    for name, samples in (("", wall), ("cpu_", cpu)):  # on a loaded machine the CPU time is the steadier
        figures |= {f"{name}p50_ms": round(percentile(samples, 0.5), 3),
                    f"{name}p99_ms": round(percentile(samples, 0.99), 3)}
    return figures


def speed(index: SearchIndex) -> dict[str, object]:
    """The engine on every whole question, and the screen's search on every prefix of each, a game in play."""
    from companion.core.content import load_content
    from companion.rules.in_play import in_play
    from companion.ui.rules_model import RulesModel

    questions = [(str(q["q"]), str(q["lang"])) for name in SETS for q in load_queries(SETS[name])]
    state = {"game": "mota", "expansions": ["minions"], "modules": ["aphids", "predators"], "variants": [],
             "mode": "competitive"}
    playing: InPlay = in_play(state, load_content(), index.corpus)  # type: ignore[arg-type]
    model = RulesModel(index=index)
    whole = [partial(index.search, text, lang=lang) for text, lang in questions]
    typed = [partial(model.search, text[:end], lang, in_play=playing)
             for text, lang in questions for end in range(1, len(text) + 1)]
    return {"questions": len(questions), "engine": timed(whole), "as_typed": timed(typed, passes=1, warm_up=False)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=sorted(SETS), action="append", help="only these sets (default: all)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--speed", action="store_true", help="time the search instead (engine and as typed)")
    args = parser.parse_args()
    index = SearchIndex(load_corpus())
    if args.speed:
        print(json.dumps(speed(index), indent=1))
        return 0
    results = [measure(index, name) for name in args.set or SETS]
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
        return 0
    for result in results:
        print(f"{result['set']}: {result['questions']} questions, top-1 {result['top1']}, top-3 {result['top3']}")
        for miss in result["misses"]:  # type: ignore[attr-defined]
            rank = miss["rank"] or "-"
            print(f"  [{miss['lang']}] {miss['q']!r}: rank {rank}, want {miss['expect'][0]}, got {miss['first']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
